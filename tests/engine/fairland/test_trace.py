"""The fairland timeline: steps, phases, and the state rebuilt at any step."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.fairland import kernel as K
from viewer.engine.fairland import trace as trace_mod
from viewer.engine.fairland.generator import FAIRLAND
from viewer.engine.fairland.layers import layers_from_state

PLAIN = {"nc": 5, "sc": 30}
STUNTED = {"nc": 8, "sc": 35, "ni": 24, "is": 20, "sp": 0, "pm": 0, "di": 5, "id": 2}


@pytest.fixture(scope="module")
def plain():
    return FAIRLAND.generate(PLAIN, seed=1, trace=True)


def replay_from_scratch(r, step):
    tr = r.trace
    st = K.new_state(tr.wx, tr.wy, r.params["nc"], r.params["ni"])
    K.replay(tr.conf, st, tr.events, 0, step)
    return layers_from_state(st, tr.wx, tr.wy)


def test_last_step_is_the_result(plain):
    state = plain.trace.state_at(plain.trace.n_steps)
    for name, layer in plain.layers.items():
        assert np.array_equal(state[name], layer), name


def test_checkpointed_states_equal_a_replay_from_the_start(plain, monkeypatch):
    tr = plain.trace
    steps = np.linspace(0, tr.n_steps, 23).astype(int)
    for step in steps:
        want = replay_from_scratch(plain, step)
        got = tr.state_at(int(step))
        for name in want:
            assert np.array_equal(got[name], want[name]), (step, name)


def test_small_checkpoint_budget_gives_same_states(monkeypatch):
    monkeypatch.setattr(trace_mod, "CHECKPOINT_BUDGET", 1)
    monkeypatch.setattr(trace_mod, "MIN_INTERVAL", 7)
    r = FAIRLAND.generate(STUNTED, seed=1, trace=True)
    for step in (0, 1, 50, 777, r.trace.n_steps // 2, r.trace.n_steps - 1):
        want = replay_from_scratch(r, step)
        got = r.trace.state_at(step)
        assert all(np.array_equal(got[n], want[n]) for n in want), step


def test_phases_come_in_fairlands_order(plain):
    names = [name for name, _ in plain.trace.phases()]
    assert names == ["drift", "grow continents", "grow islands", "elevate", "resources"]
    starts = [s for _, s in plain.trace.phases()]
    assert starts == sorted(starts)
    assert plain.trace.phase_at(starts[2] + 3) == "grow islands"
    assert plain.trace.phase_at(0) == "start"


def test_retries_are_named_by_try():
    # the upstream "stunted" case needs three tries
    r = FAIRLAND.generate(STUNTED, seed=1, trace=True)
    names = [n for n, _ in r.trace.phases()]
    assert names[:2] == ["drift (try 1)", "grow continents (try 1)"]
    assert "drift (try 3)" in names and "drift (try 4)" not in names
    assert names[-2:] == ["elevate", "resources"]
    assert r.messages.count("try #") == 2


def test_one_step_moves_one_capital(plain):
    tr = plain.trace
    moves = np.flatnonzero(tr.events[:, 0] == K.EV_CAP_MOVE)
    assert moves.size > 10
    for k in moves[:5]:
        before = tr.markers_at(int(k))
        after = tr.markers_at(int(k) + 1)
        changed = [(a, b) for a, b in zip(before, after) if (a.x, a.y) != (b.x, b.y)]
        assert len(changed) == 1
        c, x, y = tr.events[k, 1:]
        assert (changed[0][1].x, changed[0][1].y) == (x, y)
        assert "drifts" in tr.describe(int(k) + 1)


def test_one_step_adds_one_sector(plain):
    tr = plain.trace
    adds = np.flatnonzero(tr.events[:, 0] == K.EV_ADD)
    for k in adds[[0, 1, 100, -1]]:
        before = tr.state_at(int(k))["own"]
        after = tr.state_at(int(k) + 1)["own"]
        diff = np.argwhere(before != after)
        assert len(diff) == 1
        row, col = diff[0]
        c, x, y = tr.events[k, 1:]
        assert (2 * col + row % 2, row) == (x, y)
        assert after[row, col] == c and before[row, col] == -1


def test_meaningful_layers_follow_the_algorithm(plain):
    tr = plain.trace
    starts = dict(tr.phases())
    assert tr.meaningful_at(0) == frozenset()
    drift = tr.meaningful_at(starts["drift"] + 1)
    assert "xzone" not in drift and "elevation" not in drift and "capitals" in drift
    grow = tr.meaningful_at(starts["grow continents"] + 5)
    assert "xzone" in grow and "closest" not in grow
    islands = tr.meaningful_at(starts["grow islands"] + 5)
    assert {"xzone", "closest", "distance"} <= islands
    assert "iron" not in tr.meaningful_at(starts["elevate"] + 5)
    assert "elevation" in tr.meaningful_at(starts["elevate"] + 5)
    assert set(plain.layers) == tr.meaningful_at(tr.n_steps)


def test_hill_steps_change_only_elevation(plain):
    tr = plain.trace
    hills = np.flatnonzero(tr.events[:, 0] == K.EV_HILL)
    k = int(hills[len(hills) // 2])
    before, after = tr.state_at(k), tr.state_at(k + 1)
    assert not np.array_equal(before["elevation"], after["elevation"])
    for name in ("own", "xzone", "closest", "distance", "coastal"):
        assert np.array_equal(before[name], after[name])
