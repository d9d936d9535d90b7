"""GenerateTrees looks at the cancel token's flag (``flag[STOP]``) as it
goes: set before the stage, it plants nothing; set during a large map's
trees, the stage ends soon after, part way."""

from __future__ import annotations

import threading
import time

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.protocol import STOP
from viewer.engine.tgp.game import GameMap, World
from viewer.engine.tgp.game.tiles import BYTES
from viewer.engine.tgp.openttd15 import stages
from viewer.engine.tgp.openttd15.trees import generate_trees

CASE = "ff-09"      # 512², the improved placer: groves, then trees at about the same height


def _needs(case_id: str) -> None:
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")


def _tree_tiles(world: World) -> int:
    return int(np.count_nonzero((world.map.type >> 4) == 4))


@pytest.mark.parametrize("compiled", [True, False])
def test_the_trees_plant_nothing_once_cancelled(compiled):
    _needs(CASE)
    world = ff.world(CASE, "objects")
    before = _tree_tiles(world)
    calls = world.rng.calls
    if compiled:
        stages.run_stage("trees", 0, world, flag=np.array([1, 0, 0, 0], np.int64))
    else:
        generate_trees(world, compiled=False, flag=np.array([1, 0, 0, 0], np.int64))
    assert _tree_tiles(world) == before
    assert world.rng.calls == calls + 1          # only the draw of the number of groves
    whole = ff.world(CASE, "objects")
    stages.run_stage("trees", 0, whole, flag=np.zeros(4, np.int64))
    assert ff.first_difference(whole.map, ff.world(CASE, "trees").map) is None
    assert _tree_tiles(whole) > before


def _large_world(tiles: int) -> World:
    """The reference map at ``objects`` repeated ``tiles`` x ``tiles`` times
    (land enough for a long GenerateTrees)."""
    grids = ff.grids(CASE, "objects")
    big = {b: np.tile(grids[b], (tiles, tiles)) for b in BYTES}
    small = ff.world(CASE, "objects")
    return World(map=GameMap.from_grids(big), rng=small.rng, settings=small.settings,
                 stage="objects")


def test_a_large_maps_trees_stop_soon_after_the_cancel():
    """Timed in the worker's own CPU time, not the wall's: on a loaded
    machine the thread may wait for a core after the cancel."""
    _needs(CASE)
    whole = _large_world(4)                      # 2048²
    calls = whole.rng.calls
    started = time.thread_time()
    stages.run_stage("trees", 0, whole, flag=np.zeros(4, np.int64))
    took = time.thread_time() - started
    whole_calls = whole.rng.calls - calls

    world = _large_world(4)
    calls = world.rng.calls
    flag = np.zeros(4, np.int64)
    ended = []

    def run() -> None:
        stages.run_stage("trees", 0, world, flag)
        ended.append(time.thread_time())

    worker = threading.Thread(target=run)
    worker.start()
    clock = time.pthread_getcpuclockid(worker.ident)
    time.sleep(min(0.005, took / 4))
    cancelled = time.clock_gettime(clock)       # the worker's CPU time so far
    flag[STOP] = 1
    worker.join(timeout=60)
    assert not worker.is_alive()
    assert world.rng.calls - calls < whole_calls             # stopped part way
    stopped_after = ended[0] - cancelled
    assert stopped_after < max(0.05, took / 2), (stopped_after, took)
