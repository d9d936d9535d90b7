"""OpenTTD 15.2's world generation after GenerateLandscape, on the game's own
map model (:mod:`viewer.engine.tgp.game`): each step a function that takes a
:class:`~viewer.engine.tgp.game.World` and changes it in place as the game's
``_GenerateWorld`` does, so a step can start from any stage."""
