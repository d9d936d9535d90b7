"""The 1,280 tile loops of world generation
(viewer.engine.tgp.openttd15.tile_loop) against the real game: from the
reference's ``startup`` stage, every tile byte, the Randomizer's state,
the tick counter, the tile loop's place and the towns equal the game's at
``world`` (the map of the game's first frame) in every case, by the
compiled loops (with no visit left to the Python loops) and (in the smaller
cases) by the Python loops they mirror; each RunTileLoop enters with the
game's Random() state."""

from __future__ import annotations

import pytest

import firstframe as ff
from viewer.engine.tgp.openttd15.tile_loop import run_tile_loops


def _cases(python: bool):
    """The cases; by the Python loops, those larger than 256x256 marked
    slow (a second or two each)."""
    out = []
    for cid in ff.case_ids():
        rec = ff.stage_record(cid, "world")
        big = rec["size_x"] * rec["size_y"] > 256 * 256
        out.append(pytest.param(cid, marks=[pytest.mark.slow] if big and python else []))
    return out or ["none"]


def _check(case_id: str, compiled: bool) -> None:
    world = ff.world(case_id, "startup")
    world.rng.trail = []
    handed: list = []
    run_tile_loops(world, compiled=compiled, python_visits=handed)
    assert handed == [], "the compiled loops handed visits to the Python loops"
    rec = ff.stage_record(case_id, "world")
    runs = [e for e in ff.events(case_id) if e[0] == "RunTileLoop"]
    off = next((i for i, (a, b) in enumerate(zip(world.rng.trail, runs))
                if (a[1], a[2]) != (b[1], b[2])), None)
    assert len(world.rng.trail) == len(runs)
    assert off is None, f"RunTileLoop call {off} enters with another Random() state"
    assert ff.first_difference(world.map, ff.world(case_id, "world").map) is None
    assert world.rng.words() == tuple(rec["random_state"])
    assert (world.tick_counter, world.cur_tileloop_tile) == (rec["tick_counter"],
                                                             rec["cur_tileloop_tile"])
    assert world.towns == rec["towns"]                      # houses finished: population


@pytest.mark.parametrize("case_id", _cases(python=False))
def test_the_first_frame_equals_the_games(case_id):
    _check(case_id, compiled=True)


@pytest.mark.parametrize("case_id", _cases(python=True))
def test_the_python_tile_loops_equal_the_games(case_id):
    _check(case_id, compiled=False)
