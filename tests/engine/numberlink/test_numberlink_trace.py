"""The generation timeline: one step per path added and per extension tried."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.gridgen import GenContext, Recorder, gridgen
from viewer.engine.numberlink.rng import RandomState
from viewer.engine.protocol import Trace


class Counter(Recorder):
    def __init__(self):
        self.added_n = self.tried = self.restarts = 0

    def added(self, ctx, c):
        self.added_n += 1

    def extension(self, ctx, *args):
        self.tried += 1

    def restart(self, ctx, attempt):
        self.restarts += attempt > 0


def test_one_step_per_path_added_and_extension_tried():
    rec = Counter()
    gridgen(10, 8, RandomState("12345"), recorder=rec)
    r = NUMBERLINK.generate({"size": "10x8"}, seed="12345", trace=True)
    t = r.trace
    assert isinstance(t, Trace)
    assert t.n_steps == rec.added_n + rec.tried + rec.restarts + 1   # + label shuffle
    kinds = [e[0] for e in t.events]
    assert kinds.count("add") == rec.added_n and kinds.count("extend") == rec.tried


@settings(max_examples=8)
@given(st.sampled_from(["5x5", "10x8", "8x12"]), st.text(max_size=6))
def test_last_step_is_the_result_and_steps_replay_the_grid(size, seed):
    r = NUMBERLINK.generate({"size": size}, seed=seed, trace=True)
    t = r.trace
    final = t.state_at(t.n_steps)
    for name in ("paths", "puzzle", "length", "boring"):
        assert np.array_equal(final[name], r.layers[name]), name
    assert sorted((m.label, m.x, m.y) for m in t.markers_at(t.n_steps)) == \
        sorted((m.label, m.x, m.y) for m in r.markers)
    assert not t.state_at(0)["paths"].any()
    assert t.phases()[0] == ("attempt 1", 1)
    for k in range(0, t.n_steps + 1, max(1, t.n_steps // 25)):
        t.describe(k)
        state = t.state_at(k)
        assert set(t.meaningful_at(k)) <= set(state)
        assert t.phase_at(k)


def test_failed_extensions_leave_the_grid_and_show_what_was_pushed():
    t = NUMBERLINK.generate({"size": "10x8"}, seed="12345", trace=True).trace
    pushes = [k for k in range(1, t.n_steps + 1) if "pushed" in t.meaningful_at(k)]
    assert pushes
    for k in pushes:
        ev = t.events[k - 1]
        state = t.state_at(k)
        assert state["pushed"].any() and state["rebuild_region"].any()
        assert set(np.unique(state["pushed"])) - {0} <= {i + 1 for i in ev[5]}
        if ev[4] != "extended":
            assert np.array_equal(state["paths"], t.state_at(k - 1)["paths"])
        assert (state["attempt"] == 1).sum() == 1


def test_recording_changes_nothing():
    a = gridgen(12, 8, RandomState("seed2"))
    b = gridgen(12, 8, RandomState("seed2"), recorder=Recorder())
    assert a.solution == b.solution
    ctx = GenContext(4, 4, RandomState("x"))
    assert ctx.bfs([-1] * 16, 0)[0][15] == 6
