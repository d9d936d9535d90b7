"""GenerateIndustries of OpenTTD 15.2 (``industry_cmd.cpp``): the industries
placed as the game places them at world generation.

* :mod:`.specs`: the original industry types (``table/build_industry.h``)
  in our own form: layouts, conflicts, location checks, chances.
* :mod:`.industry`: the :class:`~.industry.Industry` record and its pool.
* :mod:`.generate`: GenerateIndustries: how many of which type, the
  random tiles tried.
* :mod:`.placement`: CreateNewIndustry, its checks in the game's order and
  DoCreateNewIndustry (fields, tiles, production).
* :mod:`.landscape`: clearing tiles and terraforming as placing an
  industry does them (CmdLandscapeClear, CmdTerraformLand).
* :mod:`.fields`: the fields a new farm plants around itself.
* :mod:`.towns`: the towns as industries see them (ClosestTownFromTile,
  ClearTownHouse, on the towns' house table).
"""



def __getattr__(name: str):
    # GenerateIndustries imported when first asked for: the table (.specs)
    # alone imports no numpy (a command's -h lists the sweep metrics by it)
    if name == "generate_industries":
        from .generate import generate_industries

        return generate_industries
    raise AttributeError(name)


__all__ = ["generate_industries"]
