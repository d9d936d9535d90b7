"""The compiled generator (kernel.py) is path.c's loop call for call: the same
grids as the readable port and the RNG left in the same state; it stops
when cancelled and reports how far it got."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.numberlink.gridgen import Stuck, gridgen
from viewer.engine.numberlink.rng import RandomState
from viewer.engine.protocol import Cancelled, CancelToken

sizes = st.tuples(st.integers(3, 14), st.integers(3, 14)).filter(lambda s: s[0] * s[1] >= 12)


@settings(max_examples=60, deadline=None)
@given(sizes, st.text(max_size=10), st.sampled_from([0, 0, 0, 25, 100]), st.integers(1, 3))
def test_compiled_and_readable_ports_make_the_same_grids(size, seed, share, count):
    w, h = size
    a, b = RandomState(seed), RandomState(seed)
    for _ in range(count):
        ga = gridgen(w, h, a, compiled=True, extend_share=share)
        gb = gridgen(w, h, b, compiled=False, extend_share=share)
        assert ga == gb
        assert a.to_array().tolist() == b.to_array().tolist()
    assert a.upto(1000) == b.upto(1000)


def test_rng_state_round_trips_through_the_kernel_array():
    rs = RandomState("round trip")
    for _ in range(7):
        rs.upto(50)
    twin = RandomState("other")
    twin.load_array(rs.to_array())
    assert [rs.upto(977) for _ in range(40)] == [twin.upto(977) for _ in range(40)]


def test_a_grid_that_cannot_be_made_is_stuck_after_the_restart_cap():
    with pytest.raises(Stuck):
        gridgen(3, 3, RandomState("x"), max_restarts=20)


def test_cancel_stops_a_long_run_quickly():
    token = CancelToken()
    errors: list[BaseException] = []

    def run():
        try:
            gridgen(64, 64, RandomState("long"), flag=token.flag, check=token.check)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            errors.append(exc)

    gridgen(10, 8, RandomState("warm"))
    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(0.5)
    assert worker.is_alive()
    t = time.perf_counter()
    token.cancel()
    worker.join(5)
    assert not worker.is_alive()
    assert time.perf_counter() - t < 0.5
    assert len(errors) == 1 and isinstance(errors[0], Cancelled)


def test_watch_sees_restarts_and_squares_covered():
    seen: list[np.ndarray] = []
    g = gridgen(40, 40, RandomState("12345"), watch=lambda stat: seen.append(stat.copy()))
    assert g.restarts > 0
    assert seen, "a run of a second or more is watched"
    assert all(0 <= s[1] <= 1600 and s[1] <= s[3] for s in seen)
    assert max(s[0] for s in seen) <= g.restarts
    assert max(s[3] for s in seen) > 800
