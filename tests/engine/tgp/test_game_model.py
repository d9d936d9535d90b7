"""The game's map model (viewer.engine.tgp.game): the Randomizer against the
reference's recorded stream, the map bytes round trip, the slope rule."""

from __future__ import annotations

import numpy as np
import pytest

import firstframe as ff
from viewer.engine.tgp.game import GameMap, Randomizer
from viewer.engine.tgp.game.tiles import SLOPE_N, SLOPE_STEEP, SLOPE_W, slope_given_height


def test_the_randomizer_steps_as_the_kernels_do():
    from viewer.engine.tgp.kernel import _next
    r = Randomizer.seeded(726922542)
    s0 = s1 = 726922542
    for _ in range(50):
        s0, s1, out = _next(s0, s1)
        assert r.next() == out
    assert r.words() == (s0, s1) and r.calls == 50


def test_random_range_scales_to_its_limit():
    r = Randomizer(1, 2)
    draws = [r.next_range(7) for _ in range(2000)]
    assert set(draws) == set(range(7))


@pytest.mark.parametrize("case_id", ff.case_ids()[:3] or ["none"])
def test_a_stage_loads_as_the_game_keeps_it(case_id):
    world = ff.world(case_id, "towns")
    back = GameMap.from_grids(world.map.grids())
    assert back == world.map
    assert ff.first_difference(back, world.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "towns")["random_state"])
    # the last row and column are void (MP_VOID = 7) on every map the game makes
    assert all(world.map.get_tile_type(world.map.tile_xy(world.map.max_x, y)) == 7
               for y in range(world.map.size_y))


def test_slope_marks_raised_corners_and_steepness():
    assert slope_given_height(1, 1, 0, 0) == (SLOPE_N | SLOPE_W, 0)
    slope, z = slope_given_height(2, 1, 1, 0)
    assert slope & SLOPE_STEEP and z == 0
    m = GameMap.empty(4, 4)
    m.height[:] = np.arange(16) // 4  # rising southwards: every tile's S/E corners higher
    assert m.get_tile_slope_z(m.tile_xy(1, 1))[1] == 1
