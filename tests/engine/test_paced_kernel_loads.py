"""A thread within ``paced_loads.paced(wait)`` calls ``wait()`` before each
kernel it loads, holding none of numba's locks meanwhile
(viewer/engine/paced_loads.py: the window's warm-up beside its runs)."""

from __future__ import annotations

import threading
import time

import pytest

numba = pytest.importorskip("numba")

from viewer.engine import paced_loads  # noqa: E402


def _kernels():
    """Three new kernels (numba compiles each on its first call): ``c``
    calls ``a``."""
    @numba.njit
    def a(x):
        return x + 1

    @numba.njit
    def b(x):
        return x * 2

    @numba.njit
    def c(x):
        return a(x) - 1

    return a, b, c


def test_each_kernel_loaded_in_a_paced_thread_comes_after_its_own_wait():
    a, b, c = _kernels()
    loaded_at_each_wait = []

    def wait():
        loaded_at_each_wait.append(sum(len(k.overloads) for k in (a, b, c)))

    def run():
        with paced_loads.paced(wait):
            assert (a(1), b(1), c(1)) == (2, 2, 1)
            assert (a(2), b(2), c(2)) == (3, 4, 2)   # loaded already: no wait

    t = threading.Thread(target=run)
    t.start()
    t.join()
    # one wait a kernel, each before its own load (c's call of a loaded with it)
    assert loaded_at_each_wait == [0, 1, 2]
    assert [len(k.overloads) for k in (a, b, c)] == [1, 1, 1]


def test_a_paced_thread_waiting_holds_off_its_load_but_no_other_threads():
    a, b, c = _kernels()
    go = threading.Event()
    waiting = threading.Event()

    def wait():
        waiting.set()
        assert go.wait(60)

    def warm_up():
        with paced_loads.paced(wait):
            a(1)

    t = threading.Thread(target=warm_up)
    t.start()
    assert waiting.wait(60)
    time.sleep(0.05)
    assert len(a.overloads) == 0            # not loaded while its wait lasts
    assert b(1) == 2                        # another thread loads meanwhile, unpaced
    go.set()
    t.join(60)
    assert not t.is_alive() and len(a.overloads) == 1


def test_loads_after_the_block_are_not_paced():
    a, b, c = _kernels()
    waits = []
    with paced_loads.paced(lambda: waits.append(1)):
        a(1)
    b(1)
    assert waits == [1]


def test_until_quiet_returns_once_busy_has_been_false_for_a_while_since_it_was_true():
    answers = iter([True, True, False, True] + [False] * 1000)
    asked = []

    def busy():
        asked.append(time.perf_counter())
        return next(answers)

    paced_loads.UntilQuiet(busy, quiet_s=0.03, poll_s=0.005)()
    # the False after the first two Trues was not enough: a True came after it
    assert len(asked) >= 4 + 0.03 / 0.005 - 1
    assert asked[-1] - asked[3] >= 0.03


def test_until_quiet_counts_from_its_making_and_then_lets_loads_follow_at_once():
    wait = paced_loads.UntilQuiet(lambda: False, quiet_s=0.05, poll_s=0.005)
    t0 = time.perf_counter()
    wait()
    t1 = time.perf_counter()
    wait()
    t2 = time.perf_counter()
    assert t1 - t0 >= 0.04            # (made just before t0)
    assert t2 - t1 < 0.04             # nothing under way since: no pause


def test_until_quiet_takes_an_error_for_nothing_under_way():
    def gone():
        raise RuntimeError("Internal C++ object already deleted.")

    t0 = time.perf_counter()
    paced_loads.UntilQuiet(gone, quiet_s=0.01, poll_s=0.002)()
    assert time.perf_counter() - t0 < 5
