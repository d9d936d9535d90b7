"""The steps of ``_GenerateWorld`` after GenerateLandscape, as stages of the
TGP generator: each takes the :class:`~..game.world.World` (the game's tile
bytes, the Randomizer, the towns) and changes it in place.

* ``clear``: GenerateClearTile (:mod:`.clear_tiles`);
* ``towns``: GenerateTowns (``towns.founding.generate_towns``);
* ``industries``: GenerateIndustries (``industries.generate_industries``);
* ``objects``: GenerateObjects, lighthouses and transmitters
  (``objects.generate_objects``);
* ``trees``: GenerateTrees (``trees.generate_trees``);
* ``startup``: StartupCompanies, StartupEngines, StartupDisasters, their
  Random() draws (``startup.startup``);
* ``world``: the 1,280 tile loops with the tick counter
  (``tile_loop.run_tile_loops``): the map of the game's first frame.

Each is imported when first needed: a build without one has no such stage
yet (:func:`available` says so), and the map stops before it.

:func:`world_from_landscape` makes the World the first stage starts from:
the bytes of GenerateLandscape's map, the Randomizer wrapping the same
state array as the pipeline's (one stream), the settings by the game's
names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ..game.randomizer import Randomizer
from ..game.world import World

STAGES = ("clear", "towns", "industries", "objects", "trees", "startup", "world")
"""The stages made here, in the game's order."""

_FUNCTIONS = {
    "clear": ("clear_tiles", "generate_clear_tiles"),
    "towns": ("towns.founding", "generate_towns"),
    "industries": ("industries", "generate_industries"),
    "objects": ("objects", "generate_objects"),
    "trees": ("trees", "generate_trees"),
    "startup": ("startup", "startup"),
    "world": ("tile_loop", "run_tile_loops"),
}
"""Each stage's module (in this package) and function."""

DESCRIPTIONS = {
    "clear": "GenerateClearTile: rough land on random clear tiles, rocky patches "
             "wandering from others",
    "towns": "GenerateTowns: towns founded (names, places, cities) and grown (roads, "
             "bridges, tunnels, houses)",
    "industries": "GenerateIndustries: the mandatory industries, then the probability "
                  "draws, each placed with its layout where the land and the towns allow",
    "objects": "GenerateObjects: lighthouses on the coasts, transmitters on the hills",
    "trees": "GenerateTrees: trees planted by the tree placer (rainforest and desert rules)",
    "startup": "StartupCompanies, StartupEngines, StartupDisasters: their Random() draws",
    "world": "1,280 tile loops with the tick counter: grass grown, snow and desert settled, "
             "houses built further: the game's first frame",
}


def stage_function(name: str) -> Callable[[World], Any] | None:
    """The function of stage ``name``, or None where this build has none yet."""
    module, function = _FUNCTIONS[name]
    try:
        found = importlib.import_module(f"{__package__}.{module}")
    except ImportError:
        return None
    return getattr(found, function, None)


PARTS = {"world": 5}
"""Stages the timeline shows in several steps: the tile loops, 256 at a time
(each a whole pass over the map)."""
WORLD_RUNS = 0x500
"""The RunTileLoop calls of world generation (``GENERATION_RUNS``)."""


def describe(name: str, part: int) -> str:
    """The timeline's words for step ``part`` of stage ``name``."""
    parts = PARTS.get(name, 1)
    if parts == 1:
        return DESCRIPTIONS[name]
    each = WORLD_RUNS // parts
    return (f"tile loops {part * each + 1:,}..{(part + 1) * each:,} of {WORLD_RUNS:,}: grass "
            "grown, snow and desert settled, houses built further"
            + (": the game's first frame" if part + 1 == parts else ""))


def run_stage(name: str, part: int, world: World, flag=None) -> Any:
    """Step ``part`` of stage ``name`` on ``world`` (what the stage's
    function returns; the tile loops: a share of the runs each).  With a
    cancel token's ``flag``, the long stages look at ``flag[0]`` as they go
    (the towns after each town, the industries before each one drawn, the
    trees between groves and random tiles, the tile loops between two loops)
    and end early once it is set: the map is thrown away then."""
    function = stage_function(name)
    if flag is not None and name in ("towns", "industries", "trees", "world"):
        return _until_cancelled(name, function, world, flag)
    if name == "world":
        return function(world, WORLD_RUNS // PARTS["world"])
    return function(world)


class _Stopped(Exception):
    """A stage stopped part way (the cancel flag was set)."""


def _until_cancelled(name: str, function, world: World, flag) -> Any:
    if name == "industries":
        return function(world, stop=lambda: flag[0] != 0)
    if name == "trees":
        return function(world, flag=flag)
    if name == "towns":
        def look(_town, _event) -> None:
            if flag[0] != 0:
                raise _Stopped

        try:
            return function(world, on_town=look)
        except _Stopped:
            return None
    return function(world, WORLD_RUNS // PARTS["world"], flag=flag)   # stops between two loops


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
    found, as the game keeps it in its settings); its trees, the wetlands',
    noted as ``wetland_trees``."""
    import numpy as np

    from ..game.tiles import TileType
    from ..game_settings import world_settings
    from .landscape import game_map

    settings = world_settings(values)
    if found and found.get("snow_line_height") is not None:
        settings["game_creation.snow_line_height"] = int(found["snow_line_height"])
    m = game_map(land)
    return World(map=m, rng=Randomizer(state=rng_state), settings=settings,
                 cur_tileloop_tile=int(land.loop_tile), stage="landscape",
                 wetland_trees=np.flatnonzero((m.type >> 4) == TileType.TREES))


def town_records(world: World) -> list[dict[str, Any]]:
    """The World's towns as ``openttd-firstframe``'s manifest holds them
    (``index``, ``xy``, ``name`` ...), in the pool's order."""
    out = []
    for t in world.towns:
        if t is None:
            continue
        out.append(t.manifest_fields() if hasattr(t, "manifest_fields") else dict(t))
    return out


def industry_records(world: World) -> list[dict[str, Any]]:
    """The World's industries as ``openttd-firstframe``'s manifest holds them."""
    return [i.manifest_fields() if hasattr(i, "manifest_fields") else dict(i)
            for i in world.industries if i is not None]
