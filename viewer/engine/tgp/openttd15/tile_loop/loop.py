"""RunTileLoop (``landscape.cpp``): each call visits 2^(log x + log y - 8)
tiles, tile 0 first when the tick counter is a multiple of 256, then the
tiles of a Galois LFSR from the current tile on; world generation calls it
0x500 times, adding one to the tick counter after each."""

from __future__ import annotations

import numpy as np

from ...game.tiles import BYTES, TileType
from ...game.world import World
from ..industries.towns import TownIndex
from ..towns.houses import highest_snow_line
from . import industry as industry_loop
from . import kernel as tile_loop_kernel
from . import land, town

LFSR_FEEDBACK = (0xD8F, 0x1296, 0x2496, 0x4357, 0x8679, 0x1030E, 0x206CD, 0x403FE,
                 0x807B8, 0x1004B2, 0x2006A8, 0x4004B2, 0x800B87)
TILE_UPDATE_FREQUENCY = 256
GENERATION_RUNS = 0x500


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


def run_tile_loops(world: World, runs: int = GENERATION_RUNS, compiled: bool = True) -> None:
    """The tile loops of world generation on ``world`` (in place): ``runs``
    RunTileLoop calls, the tick counter counting each.  ``compiled``: by the
    numba kernel (:mod:`.kernel`), which hands what it does not handle back
    to these Python loops (then run from the start)."""
    if compiled and _run_compiled(world, runs):
        return
    ctx = TileLoopContext(world)
    for _ in range(runs):
        ctx.counter = world.tick_counter
        run_tile_loop(ctx, world)
        world.tick_counter += 1


def _run_compiled(world: World, runs: int) -> bool:
    """The tile loops by the kernel; False (and nothing changed) where it
    stopped at a visit it leaves to the Python loops."""
    ctx = TileLoopContext(world)
    m = world.map
    saved = {b: getattr(m, b).copy() for b in BYTES}
    state = world.rng.state.copy()
    towns = ctx.towns.order
    top = max((t.index for t in towns), default=0)
    town_slot = np.full(top + 1, -1, np.int64)
    for i, t in enumerate(towns):
        town_slot[t.index] = i
    radius = np.array([list(t.get("squared_town_zone_radius", [0] * 5)) for t in towns]
                      or np.zeros((0, 5)), np.int64).reshape(-1, 5)
    population = np.array([t.population for t in towns], np.int64)
    start_population = population.copy()
    field = lambda name: np.array([int(t.get(name, 0)) for t in towns], np.int64)  # noqa: E731
    log_sum = m.size_x.bit_length() + m.size_y.bit_length() - 2
    marks = np.zeros((runs, 2), np.int64)
    status, tile, _calls = tile_loop_kernel.tile_loops(
        m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8,
        m.size_x, m.size_y, world.rng.state, ctx.landscape, ctx.snow_line,
        ctx.extra_tree_placement, ctx.town_cargogen_mode, world.tick_counter, runs,
        world.cur_tileloop_tile, LFSR_FEEDBACK[log_sum - 12], town_slot,
        np.array([t.xy for t in towns], np.int64), radius, field("fund_buildings_months"),
        field("road_build_months"), field("flags"), population,
        np.array([tile_loop_kernel.house_flag_bits(hs.building_flags) for hs in ctx.towns.specs],
                 np.int64),
        np.array([hs.population for hs in ctx.towns.specs], np.int64), marks)
    if status != 0:
        for b in BYTES:
            getattr(m, b)[:] = saved[b]
        world.rng.state[:] = state
        return False
    for t, before, after in zip(towns, start_population, population):
        if after != before:
            t.change("population", int(after - before))
    if world.rng.trail is not None:
        world.rng.trail.extend(("RunTileLoop", int(a), int(b)) for a, b in marks)
    world.cur_tileloop_tile = int(tile)
    world.tick_counter += runs
    return True
