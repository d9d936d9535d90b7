"""RunTileLoop (``landscape.cpp``): each call visits 2^(log x + log y - 8)
tiles, tile 0 first when the tick counter is a multiple of 256, then the
tiles of a Galois LFSR from the current tile on; world generation calls it
0x500 times, adding one to the tick counter after each."""

from __future__ import annotations

from ...game.tiles import TileType
from ...game.world import World
from ..industries.generate import snow_line_height
from ..industries.towns import TownIndex
from . import industry as industry_loop
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
        self.snow_line = snow_line_height(world) if self.landscape == 1 else 0
        self.extra_tree_placement = int(s("construction.extra_tree_placement", 2))
        self.town_cargogen_mode = int(s("economy.town_cargogen_mode", 1))
        self.towns = TownIndex(world.towns)
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


def run_tile_loops(world: World, runs: int = GENERATION_RUNS) -> None:
    """The tile loops of world generation on ``world`` (in place): ``runs``
    RunTileLoop calls, the tick counter counting each."""
    ctx = TileLoopContext(world)
    for _ in range(runs):
        ctx.counter = world.tick_counter
        run_tile_loop(ctx, world)
        world.tick_counter += 1
