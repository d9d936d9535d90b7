"""The steps of ``_GenerateWorld`` after GenerateLandscape, as stages of the
TGP generator: each takes the :class:`~..game.world.World` (the game's tile
bytes, the Randomizer, the towns) and changes it in place.

* ``clear``: GenerateClearTile (:mod:`.clear_tiles`);
* ``towns``: GenerateTowns (``openttd15.towns.founding.generate_towns``),
  imported when first needed: a build without it has no towns stage yet
  (:func:`available` says so).

:func:`world_from_landscape` makes the World the first stage starts from:
the bytes of GenerateLandscape's map, the Randomizer wrapping the same
state array as the pipeline's (one stream), the settings by the game's
names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..game.randomizer import Randomizer
from ..game.world import World

STAGES = ("clear", "towns")
"""The stages made here, in the game's order."""

DESCRIPTIONS = {
    "clear": "GenerateClearTile: rough land on random clear tiles, rocky patches "
             "wandering from others",
    "towns": "GenerateTowns: towns founded (names, places, cities) and grown (roads, "
             "bridges, tunnels, houses)",
}


def _generate_clear_tiles(world: World) -> Any:
    from .clear_tiles import generate_clear_tiles

    return generate_clear_tiles(world)


def _towns_function() -> Callable[[World], Any] | None:
    try:
        from .towns.founding import generate_towns
    except ImportError:
        return None
    return generate_towns


def stage_function(name: str) -> Callable[[World], Any] | None:
    """The function of stage ``name``, or None where this build has none yet."""
    if name == "clear":
        return _generate_clear_tiles
    if name == "towns":
        return _towns_function()
    raise KeyError(name)


def available(name: str) -> bool:
    return stage_function(name) is not None


def stages_until(stop_after: str) -> tuple[str, ...]:
    """The stages a map that stops after ``stop_after`` makes (``()`` for a
    step of GenerateLandscape)."""
    if stop_after not in STAGES:
        return ()
    return STAGES[:STAGES.index(stop_after) + 1]


def world_from_landscape(land, values: Mapping[str, Any], rng_state,
                         found: Mapping[str, Any] | None = None) -> World:
    """The World GenerateLandscape leaves: ``land``'s tile bytes, the
    Randomizer on ``rng_state`` (shared, not copied), the settings of
    ``values`` by the game's names (with the snow line GenerateLandscape
    found, as the game keeps it in its settings)."""
    from ..game_settings import world_settings
    from ..landscape import game_map

    settings = world_settings(values)
    if found and found.get("snow_line_height") is not None:
        settings["game_creation.snow_line_height"] = int(found["snow_line_height"])
    return World(map=game_map(land), rng=Randomizer(state=rng_state), settings=settings,
                 cur_tileloop_tile=int(land.loop_tile), stage="landscape")


def town_records(world: World) -> list[dict[str, Any]]:
    """The World's towns as ``openttd-firstframe``'s manifest holds them
    (``index``, ``xy``, ``name`` ...), in the pool's order."""
    out = []
    for t in world.towns:
        if t is None:
            continue
        out.append(t.manifest_fields() if hasattr(t, "manifest_fields") else dict(t))
    return out
