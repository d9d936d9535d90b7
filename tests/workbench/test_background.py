"""The threads and processes that work for the window run below the GUI's
priority (viewer.background), so the GUI thread gets a core when it wakes."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from viewer import background
from viewer.sweep import LocalPool
from viewer.workbench.runs import ThreadRunner

linux_threads = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                   reason="only Linux gives each thread its own nice level")


def thread_nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def expected() -> int:
    return min(background.MAX_NICE, background.main_nice() + background.BACKGROUND_NICE)


@linux_threads
def test_a_runner_job_runs_below_the_main_thread_which_keeps_its_priority():
    main_before = background.main_nice()
    seen: list[int] = []
    runner = ThreadRunner("test")
    try:
        runner.submit(lambda token: seen.append(thread_nice()), lambda outcome: None)
        assert runner.wait_idle(10)
    finally:
        runner.shutdown()
    assert seen == [expected()]
    assert expected() > main_before                 # lower than the GUI's...
    assert background.main_nice() == main_before    # ...which is left as it was


@linux_threads
def test_a_background_thread_never_gets_a_higher_priority_than_it_had():
    seen: list[tuple[int | None, int]] = []

    def run() -> None:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), background.MAX_NICE)
        seen.append((background.lower(threading.get_native_id(), background.main_nice()),
                     thread_nice()))

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert seen == [(background.MAX_NICE, background.MAX_NICE)]


@linux_threads
def test_the_offset_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("MAPGEN_BACKGROUND_NICE", "0")
    seen: list[int] = []
    background.background_thread(lambda: seen.append(thread_nice()), "test").join()
    assert seen == [background.main_nice()]


def test_the_main_thread_is_never_lowered():
    before = background.main_nice()
    assert background.as_background() is None
    assert background.main_nice() == before


def test_a_sweep_pool_process_runs_below_the_program_that_started_it():
    with LocalPool(1) as pool:
        nice = pool._pool.submit(os.getpriority, os.PRIO_PROCESS, 0).result(timeout=120)
    assert nice == expected()


KEPT = """
import ctypes, sys
import numpy as np
from viewer.background import keep_memory
kept = keep_memory()

class Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                "usmblks", "fsmblks", "uordblks", "fordblks",
                                                "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Mallinfo2
before = libc.mallinfo2().hblks
a = np.ones(64 << 20, np.uint8)                 # 64 MB: glibc maps it by itself...
mapped = libc.mallinfo2().hblks - before
del a
print(kept, mapped, libc.prctl(42, 0, 0, 0, 0))  # PR_GET_THP_DISABLE
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc, Linux's prctl")
@pytest.mark.parametrize("env, kept", [({}, True), ({"MAPGEN_KEEP_MEMORY": "0"}, False)])
def test_the_window_process_keeps_the_memory_it_frees(env, kept):
    """...unless kept: a large array comes from the heap that freed memory
    stays in (and no huge pages); turned off, glibc maps it apart.  (A
    process's huge pages setting is inherited: this one's may be off already,
    after a window.)"""
    import subprocess
    out = subprocess.run([sys.executable, "-c", KEPT], capture_output=True, text=True,
                         env={**os.environ, **env}, timeout=120, check=True).stdout.split()
    assert out[:2] == (["True", "0"] if kept else ["False", "1"]), out
    if kept:
        assert out[2] == "1", out
