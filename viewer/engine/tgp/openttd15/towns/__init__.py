"""GenerateTowns of OpenTTD 15.2 (``town_cmd.cpp``): towns founded and grown
as the game does at world generation.

* :mod:`.town`: the :class:`~.town.Town` record (the game's ``Town`` and
  ``TownCache`` fields the generation reads or writes) and the town pool.
* :mod:`.names`: English (Original) town names: the name parts drawn from
  one Random(), the rendered name, the uniqueness check.
* :mod:`.founding`: GenerateTowns, CreateRandomTown, the placement checks
  (TownCanBePlacedHere, AlignTileToGrid, FindNearestGoodCoastalTownSpot),
  DoCreateTown, UpdateTownRadius, the growth rate and max pass, deleting a
  town that could not grow.
* :mod:`.growth`: GrowTown, GrowTownAtRoad, GrowTownInTile, the road layouts,
  roads, bridges and tunnels, terraforming (``road_cmd``, ``tunnelbridge_cmd``,
  ``terraform_cmd`` as far as towns use them).
* :mod:`.houses`: the house specs (``table/town_land.h``), TryBuildTownHouse,
  BuildTownHouse, the house checks, construction stages, population.
"""
