"""The tile loops (viewer.engine.tgp.openttd15.tile_loop) run in parts and
stopped: the 1,280 loops in several calls make the same map and Random()
state as in one (compiled or not), and a set cancel flag stops them before
the next loop, the world stage's parts too."""

from __future__ import annotations

import numpy as np
import pytest

import firstframe as ff
from viewer.engine.tgp.openttd15 import stages
from viewer.engine.tgp.openttd15.tile_loop import run_tile_loops

CASE = "ff-04"                          # the game's defaults at 64x64


def _start():
    if CASE not in ff.case_ids():
        pytest.skip(f"no reference case {CASE}")
    return ff.world(CASE, "startup")


def _state(world):
    return (world.map.copy(), world.rng.words(), world.tick_counter, world.cur_tileloop_tile,
            world.towns)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_loops_in_parts_equal_the_loops_at_once(compiled):
    whole, parts = _start(), _start()
    run_tile_loops(whole, compiled=compiled)
    for runs in (1, 255, 256, 300, 468):                   # 1,280 in all
        run_tile_loops(parts, runs=runs, compiled=compiled)
    assert _state(parts) == _state(whole)
    assert _state(whole)[1:4] == (ff.world(CASE, "world").rng.words(),
                                  ff.stage_record(CASE, "world")["tick_counter"],
                                  ff.stage_record(CASE, "world")["cur_tileloop_tile"])


@pytest.mark.parametrize("compiled", [True, False])
def test_a_set_cancel_flag_stops_the_loops_before_the_next_loop(compiled):
    world = _start()
    before = _state(world)
    run_tile_loops(world, runs=100, compiled=compiled, flag=np.ones(4, np.int64))
    assert _state(world) == before
    flag = np.zeros(4, np.int64)
    run_tile_loops(world, runs=100, compiled=compiled, flag=flag)
    assert world.tick_counter == before[2] + 100


def test_the_world_stage_stops_when_cancelled():
    world = _start()
    before = _state(world)
    stages.run_stage("world", 0, world, np.ones(4, np.int64))
    assert _state(world) == before
    stages.run_stage("world", 0, world, np.zeros(4, np.int64))
    assert world.tick_counter == before[2] + stages.WORLD_RUNS // stages.PARTS["world"]
