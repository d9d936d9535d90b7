"""The tile loop and the climate passes on hand-made maps: the game's visit
order (tile 0 on every run, the others in its Galois LFSR order, carried
over between calls), grass growth, snow coming and going with the snow
line, desert ground at the zone's edge and inside, sea flooding level-0
land, and the coverage search (the reference cases are in
``test_tgp_rivers_reference.py``)."""

from __future__ import annotations

import numpy as np

from viewer.engine.tgp.openttd15 import climate
from viewer.engine.tgp.kernel import CLEAR, VOID, WATER
from viewer.engine.tgp.openttd15.landscape import DESERT, DESERT_ZONE, GRASS, RAINFOREST, SEA, SHORE
from viewer.engine.tgp.openttd15.landscape import from_water_pass
from viewer.engine.tgp.openttd15.landscape_tile_loop import LFSR_FEEDBACK, run_tile_loop


def flat_land(sx=64, sy=64, height=3):
    """A map of clear grass at ``height``, void last row and column."""
    th = np.full((sy, sx), height, np.uint8)
    tc = np.full((sy, sx), CLEAR, np.uint8)
    tc[-1, :] = tc[:, -1] = VOID
    return from_water_pass(th, tc, np.zeros((sy, sx), np.uint8))


def lfsr_tiles(start, count, log_sum):
    fb = LFSR_FEEDBACK[log_sum - 12]
    out, t = [], start
    for _ in range(count):
        out.append(t)
        t = (t >> 1) ^ (fb if t & 1 else 0)
    return out, t


def test_visit_order_tile_zero_every_run_the_rest_by_the_lfsr():
    land = flat_land(64, 128)
    land.density[:] = 0                       # grass that grows one step per 8 visits
    runs, per_run = 40, 1 << (6 + 7 - 8)
    run_tile_loop(land, 0, 0, runs)
    visited, after = lfsr_tiles(1, runs * (per_run - 1), 13)
    assert land.loop_tile == after
    visits = np.zeros(land.kind.size, np.int64)
    np.add.at(visits, visited, 1)
    visits[0] += runs
    clear = land.kind == CLEAR
    # each visit adds one to the 3-bit counter; the eighth makes it 0 and adds density
    np.testing.assert_array_equal(land.counter[clear], visits[clear] % 8)
    np.testing.assert_array_equal(land.density[clear], np.minimum(visits[clear] // 8, 3))
    # the next call goes on where this one stopped
    again = land.copy()
    run_tile_loop(again, 0, 0, 1)
    assert again.loop_tile == lfsr_tiles(after, per_run - 1, 13)[1]
    assert int(land.rng[2]) == 0              # clear land draws no random number


def test_snow_follows_the_snow_line_one_density_step_per_visit():
    land = flat_land(64, 64, height=6)
    land.grid("height")[:, 32:] = 2           # the east half below the line
    grid = land.grid("snow")
    run_tile_loop(land, 1, 4, 256 * 8)        # every tile visited 7 or 8 times
    dens = land.grid("density")
    assert grid[:-1, :31].all() and (dens[:-1, :31] == 3).all()  # k = 6 - 4 + 1 = 3
    assert not grid[:, 33:].any()
    # the line rises above the tiles: density down to 0, then no snow, density 3
    run_tile_loop(land, 1, 10, 256 * 8)
    assert not grid.any() and (dens[land.grid("kind") == CLEAR] == 3).all()


def test_desert_ground_inside_the_zone_and_at_its_edge():
    land = flat_land(64, 64)
    zone = land.grid("tropic")
    zone[10:30, 10:30] = DESERT_ZONE
    run_tile_loop(land, 2, 0, 256 * 4)
    ground, dens = land.grid("ground"), land.grid("density")
    assert (ground[10:30, 10:30] == DESERT).all()
    assert (dens[11:29, 11:29] == 3).all()
    edge = np.zeros((64, 64), bool)
    edge[10:30, 10:30] = True
    edge[11:29, 11:29] = False
    assert (dens[edge] == 1).all()
    assert (ground[~(zone == DESERT_ZONE)] == GRASS).all()
    # a zone taken away: back to grass at density 3
    zone[:] = RAINFOREST
    run_tile_loop(land, 2, 0, 256 * 4)
    assert (ground[:-1, :-1] == GRASS).all() and (dens[:-1, :-1] == 3).all()


def test_sea_floods_level_0_land_flat_to_sea_sloped_to_shore():
    land = flat_land(64, 64, height=0)
    kind, height = land.grid("kind"), land.grid("height")
    height[:, 40:] = 1                       # east: land, its first column sloped to 0
    kind[:, :10] = WATER
    run_tile_loop(land, 0, 0, 256 * 30)
    assert (kind[:-1, :39] == SEA).all()      # the level-0 plain, flooded tile by tile
    assert (kind[:-1, 39] == SHORE).all()     # one corner (or two) at 1
    assert (kind[:-1, 40:-1] == CLEAR).all()  # lowest corner 1: never


def test_desert_and_rainforest_zones_over_the_neighbourhood():
    assert len(climate.NEIGHBOURHOOD) == 149 == len(set(climate.NEIGHBOURHOOD))
    land = flat_land(64, 64, height=2)
    land.grid("height")[30, 30] = 9           # one high tile keeps the desert 5-6 away
    land.grid("kind")[5, 50] = WATER
    climate.make_desert(land, 5)
    zone = land.grid("tropic")
    near = np.zeros((64, 64), bool)
    for dx, dy in climate.NEIGHBOURHOOD:
        for x, y in ((30, 30), (50, 5)):
            if 0 <= y - dy < 64 and 0 <= x - dx < 64:
                near[y - dy, x - dx] = True
    valid = land.grid("kind") != VOID
    np.testing.assert_array_equal(zone == DESERT_ZONE, ~near & valid)
    land.grid("ground")[20, 20] = DESERT
    zone[:] = 0
    climate.make_rainforest(land)
    forest = np.ones((64, 64), bool)
    for dx, dy in climate.NEIGHBOURHOOD:
        forest[20 - dy, 20 - dx] = False
    np.testing.assert_array_equal(zone == RAINFOREST, forest & valid)


def test_coverage_line_search():
    """Land: 2048 tiles above 0, half of them at 5, half at 3.  From 255 down,
    the closest count wins; a tie keeps the higher line."""
    land = flat_land(64, 64, height=0)
    h = land.grid("height")
    h[:16] = 5
    h[16:32] = 3
    assert climate.snow_line_height(land, 50) == 5     # exactly the tiles at 5
    assert climate.snow_line_height(land, 30) == 5
    assert climate.snow_line_height(land, 75) == 5     # 512 over, 512 under: a tie
    assert climate.snow_line_height(land, 100) == 3
    assert climate.snow_line_height(land, 25) == 255   # 512 from nothing and from 5
    assert climate.snow_line_height(land, 0) == 255
    h[:32] = 1
    assert climate.snow_line_height(land, 100) == 2    # never below 2
