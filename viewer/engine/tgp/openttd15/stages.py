"""The steps of ``_GenerateWorld`` after GenerateLandscape, as stages of the
TGP generator: each takes the :class:`~..game.world.World` (the game's tile
bytes, the Randomizer, the towns) and changes it in place.

* ``clear``: GenerateClearTile (:mod:`.clear_tiles`);
* ``towns``: GenerateTowns (``openttd15.towns.founding.generate_towns``),
  imported when first needed: a build without it has no towns stage yet
  (:func:`available` says so);
* ``industries``: GenerateIndustries (:mod:`.industries`);
* ``objects``: GenerateObjects, lighthouses and transmitters (:mod:`.objects`);
* ``trees``: GenerateTrees (:mod:`.trees`);
* ``startup``: StartupCompanies, StartupEngines, StartupDisasters (their
  Random() draws, :mod:`.startup`);
* ``world``: the 1,280 tile loops before the first tick (:mod:`.tile_loop`):
  the map the game shows on its first frame.

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

STAGES = ("clear", "towns", "industries", "objects", "trees", "startup", "world")
"""The stages made here, in the game's order."""

DESCRIPTIONS = {
    "clear": "GenerateClearTile: rough land on random clear tiles, rocky patches "
             "wandering from others",
    "towns": "GenerateTowns: towns founded (names, places, cities) and grown (roads, "
             "bridges, tunnels, houses)",
    "industries": "GenerateIndustries: the mandatory industries, then the probability "
                  "draws, each tried on random tiles with its layouts",
    "objects": "GenerateObjects: transmitters on hills, lighthouses on the coast",
    "trees": "GenerateTrees: tree groups, then trees scattered (rainforest and desert rules)",
    "startup": "StartupEngines and StartupDisasters: two Random() draws, no tile changed",
    "world": "RunTileLoop x 1280: grass grown, snow and desert settled, houses built on; "
             "the first frame of the game",
}


def _generate_industries(world: World) -> Any:
    from .industries import generate_industries

    return generate_industries(world)


def _generate_objects(world: World) -> Any:
    from .objects import generate_objects

    return generate_objects(world)


def _generate_trees(world: World) -> Any:
    from .trees import generate_trees

    return generate_trees(world)


def _startup(world: World) -> Any:
    from .startup import startup

    return startup(world)


def _tile_loops(world: World) -> Any:
    from .tile_loop import run_tile_loops

    return run_tile_loops(world)


_LATER = {"industries": _generate_industries, "objects": _generate_objects,
          "trees": _generate_trees, "startup": _startup, "world": _tile_loops}


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
    return _LATER[name]


TILE_LOOP_PARTS = 5
"""The timeline shows the 1,280 tile loops in this many steps of 256 each."""


def parts(name: str) -> int:
    """How many timeline steps stage ``name`` takes (each :func:`run_part`)."""
    return TILE_LOOP_PARTS if name == "world" else 1


def part_label(name: str, part: int) -> str:
    """One line for part ``part`` of stage ``name`` on the timeline."""
    if name != "world":
        return DESCRIPTIONS[name]
    from .tile_loop.loop import GENERATION_RUNS

    per = GENERATION_RUNS // TILE_LOOP_PARTS
    last = "; the first frame of the game" if part == TILE_LOOP_PARTS - 1 else ""
    return (f"tile loops {part * per + 1}..{(part + 1) * per} of {GENERATION_RUNS} "
            f"(RunTileLoop: grass grown, snow and desert settled, houses built on){last}")


class _Stopped(Exception):
    """A stage stopped part way (the cancel flag was set)."""


def _towns_until_cancelled(world: World, flag) -> Any:
    """GenerateTowns, looking at the cancel flag after each town (the map
    is thrown away when it stops)."""
    generate_towns = _towns_function()

    def look(_town, _event) -> None:
        if flag[0] != 0:
            raise _Stopped

    try:
        return generate_towns(world, on_town=look)
    except _Stopped:
        return None


TILE_LOOP_CHUNK_TILES = 16 * 256
"""The tile loops run a few at a time between looks at the cancel flag: as
many as visit about this many tiles (16 loops at 256², 1 from 1024²; each
loop visits a 256th of the map)."""


def tile_loop_chunk(world: World) -> int:
    return max(1, TILE_LOOP_CHUNK_TILES * 256 // world.map.size)


def run_part(name: str, part: int, world: World, flag=None) -> Any:
    """Part ``part`` of stage ``name`` on ``world`` (the whole stage when it
    has one part): the tile loops go a fifth at a time, the game's order
    kept (the tick counter and the loop's tile are the World's), and stop
    early when ``flag[0]`` (a cancel token's) is set: the map is thrown
    away then."""
    if name == "towns" and flag is not None:
        return _towns_until_cancelled(world, flag)
    if name == "industries" and flag is not None:
        from .industries import generate_industries

        return generate_industries(world, stop=lambda: flag[0] != 0)
    if name != "world":
        return stage_function(name)(world)
    from .tile_loop import run_tile_loops
    from .tile_loop.loop import GENERATION_RUNS

    left = GENERATION_RUNS // TILE_LOOP_PARTS
    while left > 0:
        if flag is not None and flag[0] != 0:
            return None
        n = min(tile_loop_chunk(world), left)
        run_tile_loops(world, n)
        left -= n
    return None


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
    from ..landscape import game_map
    from ..game_settings import world_settings

    settings = world_settings(values)
    if found and found.get("snow_line_height") is not None:
        settings["game_creation.snow_line_height"] = int(found["snow_line_height"])
    return World(map=game_map(land), rng=Randomizer(state=rng_state), settings=settings,
                 cur_tileloop_tile=int(land.loop_tile), stage="landscape")


def town_records(world: World) -> list[dict[str, Any]]:
    """The World's towns as ``openttd-firstframe``'s manifest holds them
    (``index``, ``xy``, ``name`` ...), in the pool's order."""
    return _manifest_records(world.towns)


def industry_records(world: World) -> list[dict[str, Any]]:
    """The World's industries as ``openttd-firstframe``'s manifest holds
    them (``index``, ``type``, ``tile``, ``w``, ``h``, ``town`` ...), in the
    pool's order."""
    return _manifest_records(world.industries)


def _manifest_records(pool) -> list[dict[str, Any]]:
    """A pool's live records as the manifest holds them."""
    return [r.manifest_fields() if hasattr(r, "manifest_fields") else dict(r)
            for r in pool if r is not None]
