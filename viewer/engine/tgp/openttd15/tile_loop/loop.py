"""RunTileLoop (``landscape.cpp``): each call visits 2^(log x + log y - 8)
tiles, tile 0 first when the tick counter is a multiple of 256, then the
tiles of a Galois LFSR from the current tile on; world generation calls it
0x500 times, adding one to the tick counter after each."""

from __future__ import annotations

import numpy as np

from ....jit import CallSite
from ...game.tiles import BYTES, TileType
from ...game.world import World
from ..industries.towns import TownIndex
from ..towns.houses import highest_snow_line
from . import industry as industry_loop
from . import kernel as K
from . import land, town

LFSR_FEEDBACK = (0xD8F, 0x1296, 0x2496, 0x4357, 0x8679, 0x1030E, 0x206CD, 0x403FE,
                 0x807B8, 0x1004B2, 0x2006A8, 0x4004B2, 0x800B87)
TILE_UPDATE_FREQUENCY = 256
GENERATION_RUNS = 0x500
_TILE_LOOPS = CallSite(K.tile_loops)   # (the same argument types at every call)


class TileLoopContext:
    """What the tile loops read besides the map: settings, the snow line,
    the towns and the tick counter."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.map = world.map
        self.rng = world.rng
        self.landscape = world.landscape
        s = world.setting
        self.snow_line = highest_snow_line(world) if self.landscape == 1 else 0
        self.extra_tree_placement = int(s("construction.extra_tree_placement", 2))
        self.town_cargogen_mode = int(s("economy.town_cargogen_mode", 1))
        self.towns = TownIndex(world)
        self.counter = world.tick_counter


_PROCS = {
    TileType.CLEAR: land.tile_loop_clear,
    TileType.TREES: land.tile_loop_trees,
    TileType.WATER: land.tile_loop_water,
    TileType.VOID: land.tile_loop_water,
    TileType.ROAD: town.tile_loop_road,
    TileType.HOUSE: town.tile_loop_town,
    TileType.TUNNELBRIDGE: town.tile_loop_tunnelbridge,
    TileType.INDUSTRY: industry_loop.tile_loop_industry,
}


def _visit(ctx: TileLoopContext, t: int) -> None:
    proc = _PROCS.get(int(ctx.map.type[t]) >> 4)
    if proc is not None:                      # objects (no HQ yet), stations, rail: nothing
        proc(ctx, t)


def run_tile_loop(ctx: TileLoopContext, world: World) -> None:
    """One ``RunTileLoop``."""
    m = ctx.map
    log_sum = m.size_x.bit_length() + m.size_y.bit_length() - 2
    feedback = LFSR_FEEDBACK[log_sum - 12]
    count = 1 << (log_sum - 8)
    tile = world.cur_tileloop_tile
    ctx.rng.mark("RunTileLoop")
    if ctx.counter % TILE_UPDATE_FREQUENCY == 0:
        _visit(ctx, 0)
        count -= 1
    for _ in range(count):
        _visit(ctx, tile)
        tile = (tile >> 1) ^ (feedback if tile & 1 else 0)
    world.cur_tileloop_tile = tile


def run_tile_loops(world: World, runs: int = GENERATION_RUNS, compiled: bool = True,
                   flag: np.ndarray | None = None, python_visits: list | None = None) -> None:
    """The tile loops of world generation on ``world`` (in place): ``runs``
    RunTileLoop calls, the tick counter counting each.  ``compiled``: by the
    numba kernel (:mod:`.kernel`), which hands each visit it leaves to these
    Python loops over one at a time and goes on after it.  ``flag``: a
    cancel flag; once ``flag[0]`` is set the loops stop before the next run
    (the runs made stay made and counted).  ``python_visits``, a list,
    receives ``(reason, tile)`` for each visit the kernel handed over
    (``kernel.REASONS``)."""
    ctx = TileLoopContext(world)
    if compiled:
        _run_compiled(ctx, world, runs, flag, python_visits)
        return
    for _ in range(runs):
        if flag is not None and flag[0] != 0:
            return
        ctx.counter = world.tick_counter
        run_tile_loop(ctx, world)
        world.tick_counter += 1


def _town_arrays(ctx: TileLoopContext) -> K.TownArrays:
    """The kernel's copy of the towns (see ``kernel.TownArrays``)."""
    towns = ctx.towns.order
    top = max((t.index for t in towns), default=0)
    slot = np.full(top + 1, -1, np.int64)
    for i, t in enumerate(towns):
        slot[t.index] = i
    radius = np.array([list(t.get("squared_town_zone_radius", [0] * 5)) for t in towns]
                      or np.zeros((0, 5)), np.int64).reshape(-1, 5)

    def field(name: str) -> np.ndarray:
        return np.array([int(t.get(name, 0)) for t in towns], np.int64)

    return K.TownArrays(slot, np.array([t.xy for t in towns], np.int64), radius,
                        field("fund_buildings_months"), field("road_build_months"),
                        field("flags"), np.array([t.population for t in towns], np.int64))


_HOUSE_ARRAYS: dict[int, tuple] = {}
# {id of a climate's house table: (the table, its K.HouseArrays)}


def _house_arrays(specs) -> K.HouseArrays:
    """The kernel's arrays of a house table (read only), made once per table."""
    found = _HOUSE_ARRAYS.get(id(specs))
    if found is None or found[0] is not specs:
        found = _HOUSE_ARRAYS[id(specs)] = (specs, K.HouseArrays(
            np.array([K.house_flag_bits(hs.building_flags) for hs in specs], np.int64),
            np.array([hs.population for hs in specs], np.int64)))
    return found[1]


def _give_population(ctx: TileLoopContext, towns: K.TownArrays, before: np.ndarray) -> None:
    """What the kernel added to the towns' population, onto the towns."""
    for t, a, b in zip(ctx.towns.order, before, towns.population):
        if b != a:
            t.change("population", int(b - a))


def _flush_marks(world: World, marks: np.ndarray, done: int, upto: int) -> int:
    """The Randomizer's trail (when kept) gets the entries of runs ``done``
    to ``upto - 1``; the runs flushed so far."""
    if world.rng.trail is not None:
        world.rng.trail.extend(("RunTileLoop", int(a), int(b)) for a, b in marks[done:upto])
    return max(done, upto)


def _run_compiled(ctx: TileLoopContext, world: World, runs: int, flag, python_visits) -> None:
    m = world.map
    log_sum = m.size_x.bit_length() + m.size_y.bit_length() - 2
    cfg = K.LoopSettings(m.size_x, m.size_y, ctx.landscape, ctx.snow_line,
                         ctx.extra_tree_placement, ctx.town_cargogen_mode, world.tick_counter,
                         runs, LFSR_FEEDBACK[log_sum - 12])
    tiles = K.TileBytes(*(getattr(m, b) for b in BYTES))
    houses = _house_arrays(ctx.towns.specs)
    towns = _town_arrays(ctx)
    before = towns.population.copy()
    on_water = land.industries_on_water(world)
    pos = np.zeros(K.POS_SIZE, np.int64)
    pos[K.POS_TILE] = world.cur_tileloop_tile
    marks = np.zeros((runs, 2), np.int64)
    if flag is None:
        flag = np.zeros(1, np.int64)
    flushed = 0
    while True:
        status = _TILE_LOOPS(tiles, cfg, towns, houses, on_water, world.rng.state, pos, marks,
                             flag)
        run = int(pos[K.POS_RUN])
        if status != K.PYTHON_VISIT:
            break
        # the one visit the kernel left: by the Python loop, on the same arrays
        _give_population(ctx, towns, before)
        flushed = _flush_marks(world, marks, flushed, run + 1)
        t = int(pos[K.POS_AT])
        if python_visits is not None:
            python_visits.append((int(pos[K.POS_REASON]), t))
        ctx.counter = world.tick_counter + run
        _visit(ctx, t)
        towns = _town_arrays(ctx)
        before = towns.population.copy()
        on_water = land.industries_on_water(world)
        pos[K.POS_VISIT] += 1
    _give_population(ctx, towns, before)
    _flush_marks(world, marks, flushed, run)
    world.cur_tileloop_tile = int(pos[K.POS_TILE])
    world.tick_counter += run
