"""OpenTTD 15.2's New Game with TerraGenesis, as the game makes it.

* GenerateLandscape: TGP through FixSlopes and the water pass
  (:mod:`.pipeline`, :mod:`.kernel`), then the map as the game keeps it per
  tile (:mod:`.landscape`), the climate (:mod:`.climate`), CreateRivers
  (:mod:`.rivers`) and the tile loops that end it
  (:mod:`.landscape_tile_loop`), as the timeline steps of
  :mod:`.after_water`.
* The rest of ``_GenerateWorld``, on the game's own map model
  (:mod:`viewer.engine.tgp.game`): each step a function that takes a
  :class:`~viewer.engine.tgp.game.World` and changes it in place as the
  game does, so a step can start from any stage (:mod:`.stages`).
"""
