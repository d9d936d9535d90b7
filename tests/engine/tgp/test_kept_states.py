"""States kept by their differences: each restored equal to the state kept
(large arrays, small ones, nested objects, shared arrays still shared), a
restored state independent of the others, and a state whose differences
pass the budget not kept."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from viewer.engine.tgp.kept_states import DIFFED_ELEMENTS, KeptStates
from viewer.engine.tgp.pipeline import State

N = DIFFED_ELEMENTS * 2


@dataclass(frozen=True)
class Record:
    index: int
    text: str


class Land:
    def __init__(self):
        self.height = np.zeros(N, np.uint8)
        self.river = np.zeros(N, np.int32)
        self.small = np.zeros(16, np.int64)
        self.records: list[Record] = []


class Rivers:
    def __init__(self, land: Land):
        self.land = land
        self.arrays = (land.height, np.zeros(N, np.uint8))   # shares land.height


def state() -> State:
    st = State(np.zeros((300, 300), np.int16), np.array([1, 2, 0], np.int64))
    st.land = Land()
    st.rivers = Rivers(st.land)
    return st


def change(st: State, i: int) -> None:
    """Step ``i``: a few tiles, a small array, a record, the Randomizer."""
    rng = np.random.default_rng(i)
    tiles = rng.integers(0, N, 50)
    st.land.height[tiles] = i
    st.land.river[tiles[:10]] = 1000 + i
    st.rivers.arrays[1][i] = 7
    st.land.small[i % 16] += i
    st.land.records.append(Record(i, f"step {i}"))
    st.hm[i, i] = i
    st.rng[2] += 1


def snapshot(st: State) -> dict:
    return {"height": st.land.height.copy(), "river": st.land.river.copy(),
            "scratch": st.rivers.arrays[1].copy(), "small": st.land.small.copy(),
            "records": list(st.land.records), "hm": st.hm.copy(), "rng": st.rng.copy()}


def same(st: State, snap: dict) -> None:
    now = snapshot(st)
    for name, value in snap.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_array_equal(now[name], value, err_msg=name)
            assert now[name].shape == value.shape and now[name].dtype == value.dtype
        else:
            assert now[name] == value


def test_every_state_kept_comes_back():
    st = state()
    kept = KeptStates(budget=1 << 30)
    snaps = {}
    for i in range(1, 9):
        change(st, i)
        if i % 2:
            assert kept.keep(i, st)
            snaps[i] = snapshot(st)
    assert kept.steps == [1, 3, 5, 7]
    for step in (3, 7, 1, 5):
        back = kept.restore(step)
        same(back, snaps[step])
        assert back.rivers.land is back.land                    # sharing kept
        assert back.rivers.arrays[0] is back.land.height
        assert back.land.records[0] is snaps[step]["records"][0]   # records shared
    # a restored state is its own: changing it changes no other
    a, b = kept.restore(5), kept.restore(5)
    a.land.height[:] = 99
    a.land.small[:] = 99
    same(b, snaps[5])
    same(kept.restore(5), snaps[5])
    # the differences are small: a few tiles per step, not whole arrays
    assert kept.used < N // 4


def test_a_state_past_the_budget_is_not_kept():
    st = state()
    kept = KeptStates(budget=1000)
    change(st, 1)
    assert kept.keep(1, st)                       # the first is kept whole, always
    first = snapshot(st)
    st.land.height[:] = 5                         # every tile: more than the budget
    assert not kept.keep(2, st)
    assert kept.steps == [1]
    change(st, 3)
    same(kept.restore(1), first)


@pytest.mark.parametrize("dense", [False, True])
def test_an_array_changed_whole_or_replaced(dense):
    st = state()
    kept = KeptStates(budget=1 << 30)
    kept.keep(1, st)
    first = snapshot(st)
    if dense:
        st.land.height[:] = 3                     # most of an array: its old values whole
    else:
        st.land.river = np.ones(N // 2, np.int32)   # another shape
        st.land.height = st.land.height.astype(np.int16)   # another dtype (no longer shared)
    kept.keep(2, st)
    later = snapshot(st)
    same(kept.restore(1), first)
    same(kept.restore(2), later)


@pytest.mark.parametrize("copy_of", ["keep", "restore", "State.copy"])
def test_in_the_window_a_state_s_copies_are_left_out_of_the_collector(monkeypatch, copy_of):
    """A 4096² state holds some 60,000 objects (its towns and industries): in
    the window's process, what keeping, restoring or copying a state makes is
    made without a garbage collection and then left out of the collector
    (a full collection over it held Python's lock for 130-1,030 ms)."""
    import gc

    from viewer import runtime

    kept, st = KeptStates(2**30), state()
    kept.keep(1, st)
    monkeypatch.setattr(runtime, "_role", runtime.WINDOW)
    seen = []
    monkeypatch.setattr(gc, "freeze", lambda: seen.append(gc.isenabled()))
    for i in range(200):
        st.land.records.append(Record(i, f"record {i}"))
    change(st, 2)
    if copy_of == "keep":
        assert kept.keep(2, st)
    elif copy_of == "restore":
        again = kept.restore(1)
        assert again.land.records == []
    else:
        again = st.copy()
        assert again.land.records == st.land.records
    assert seen == [False]                 # frozen once, the collector still off then
    assert gc.isenabled()


def test_a_map_s_timeline_dropped_is_freed_without_the_collector(monkeypatch):
    """The window leaves a timeline's states out of the garbage collector
    (runtime.long_lived): they must hold no reference cycle, or a map
    replaced would never be freed.  A first frame's result, a state the
    timeline rebuilt and the states it kept go when the last reference does."""
    import gc
    import weakref

    from viewer import runtime
    from viewer.engine.tgp.generator import TGP

    monkeypatch.setattr(runtime, "_role", runtime.WINDOW)
    res = TGP.make(TGP.validate({"size": (128, 128)}), 1, trace=True)
    trace = res.trace
    rebuilt = trace._state_at(trace.n_steps - 3)
    assert trace._kept.kept and rebuilt.world is not None
    held = [res.detail.world.map.type, rebuilt.world.map.type, rebuilt.world,
            trace._kept.kept[0].skeleton, trace._kept.kept[-1].skeleton]
    refs = [weakref.ref(x) for x in held]
    was = gc.isenabled()
    gc.disable()
    try:
        del res, trace, rebuilt, held
        assert [r() for r in refs] == [None] * len(refs)
    finally:
        if was:
            gc.enable()
