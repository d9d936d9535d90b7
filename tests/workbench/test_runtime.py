"""What changes the process (viewer.runtime): applied by the entry points
only.  In the window's process the threads and processes that work for it
run below the GUI's priority, so the GUI thread gets a core when it wakes;
elsewhere (a command, a test) nothing is lowered; the window's process keeps
the memory it frees; the heap is frozen after a generator's first map."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from viewer import runtime
from viewer.sweep import LocalPool
from viewer.workbench.runs import ThreadRunner

linux_threads = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                   reason="only Linux gives each thread its own nice level")


def thread_nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@pytest.fixture(autouse=True)
def window_process(monkeypatch):
    """As in the window's process (runtime.configure_window's role) without
    its other tweaks."""
    monkeypatch.setattr(runtime, "_role", runtime.WINDOW)


def expected() -> int:
    return min(runtime.MAX_NICE, runtime.main_nice() + runtime.BACKGROUND_NICE)


@linux_threads
def test_a_runner_job_runs_below_the_main_thread_which_keeps_its_priority():
    main_before = runtime.main_nice()
    seen: list[int] = []
    runner = ThreadRunner("test")
    try:
        runner.submit(lambda token: seen.append(thread_nice()), lambda outcome: None)
        assert runner.wait_idle(10)
    finally:
        runner.shutdown()
    assert seen == [expected()]
    assert expected() > main_before                 # lower than the GUI's...
    assert runtime.main_nice() == main_before    # ...which is left as it was


@linux_threads
def test_a_background_thread_never_gets_a_higher_priority_than_it_had():
    seen: list[tuple[int | None, int]] = []

    def run() -> None:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), runtime.MAX_NICE)
        seen.append((runtime.lower(threading.get_native_id(), runtime.main_nice()),
                     thread_nice()))

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert seen == [(runtime.MAX_NICE, runtime.MAX_NICE)]


@linux_threads
def test_the_offset_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("MAPGEN_BACKGROUND_NICE", "0")
    seen: list[int] = []
    runtime.background_thread(lambda: seen.append(thread_nice()), "test").join()
    assert seen == [runtime.main_nice()]


@linux_threads
def test_a_background_thread_carries_its_name_where_the_system_shows_it():
    """(``top -H``, ``ps -L``, ``perf`` name it, as they name Qt's threads.)"""
    seen: list[str] = []

    def run() -> None:
        with open(f"/proc/self/task/{threading.get_native_id()}/comm") as f:
            seen.append(f.read().rstrip("\n"))

    runtime.background_thread(run, "keep the map's picture").join()
    assert seen == ["keep the map's "]


def test_the_main_thread_is_never_lowered():
    before = runtime.main_nice()
    assert runtime.as_background() is None
    assert runtime.main_nice() == before


def test_a_sweep_pool_process_runs_below_the_program_that_started_it():
    with LocalPool(1) as pool:
        nice = pool._pool.submit(os.getpriority, os.PRIO_PROCESS, 0).result(timeout=120)
    assert nice == expected()


MAPPED_APART = """
import ctypes
import numpy as np

class Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                "usmblks", "fsmblks", "uordblks", "fordblks",
                                                "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Mallinfo2

def mapped_apart():
    before = libc.mallinfo2().hblks
    a = np.ones(64 << 20, np.uint8)             # 64 MB: glibc maps it by itself...
    mapped = libc.mallinfo2().hblks - before
    del a
    return mapped
"""
"""How many blocks a 64 MB array takes that glibc maps apart from its heap."""

KEPT = MAPPED_APART + """
import threading
from viewer.runtime import keep_memory
kept = keep_memory()
in_thread = []
worker = threading.Thread(target=lambda: in_thread.append(mapped_apart()))
worker.start()
worker.join()
print(kept, mapped_apart(), libc.prctl(42, 0, 0, 0, 0), *in_thread)  # PR_GET_THP_DISABLE
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc, Linux's prctl")
@pytest.mark.parametrize("env, kept", [({}, True), ({"MAPGEN_KEEP_MEMORY": "0"}, False)])
def test_the_window_process_keeps_the_memory_it_frees(env, kept):
    """...unless kept: a large array comes from the heap that freed memory
    stays in (and no huge pages), on the main thread and on a worker's (a
    thread's own malloc arena maps each array of 64 MB apart, whatever the
    limits: one arena); turned off, glibc maps it apart.  (A process's huge
    pages setting is inherited: this one's may be off already, after a
    window.)"""
    import subprocess
    out = subprocess.run([sys.executable, "-c", KEPT], capture_output=True, text=True,
                         env={**os.environ, **env}, timeout=120, check=True).stdout.split()
    assert out[:2] == (["True", "0"] if kept else ["False", "1"]), out
    assert out[3] == ("0" if kept else "1"), out
    if kept:
        assert out[2] == "1", out


COMMAND_MAPS = MAPPED_APART + """
import contextlib, io, os, tempfile
from viewer import cli
os.chdir(tempfile.mkdtemp())
seen = []
for _ in range(2):
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["fairland", "-q", "--world", "16x8", "-s", "ncs", "-R", "1", "2", "5"]) == 0
    seen.append(mapped_apart())
print(*seen)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
@pytest.mark.parametrize("env, kept", [({}, True), ({"MAPGEN_KEEP_MEMORY": "0"}, False)])
def test_a_command_process_keeps_its_memory_from_its_second_map_on(env, kept):
    """...unless turned off: after one map a large array is still mapped
    apart (a single command's allocator is left alone), after the second
    it comes from the heap that freed memory stays in."""
    import subprocess
    out = subprocess.run([sys.executable, "-c", COMMAND_MAPS], capture_output=True, text=True,
                         env={**os.environ, **env}, timeout=120, check=True).stdout.split()
    assert out == (["1", "0"] if kept else ["1", "1"]), out


def test_outside_the_window_nothing_is_lowered_or_frozen(monkeypatch):
    monkeypatch.setattr(runtime, "_role", None)
    seen = []
    runtime.background_thread(lambda: seen.append(thread_nice()), "test").join()
    assert seen == [runtime.main_nice()]
    assert runtime.worker_nice() == runtime.main_nice()
    assert runtime.freeze_heap() is False
    monkeypatch.setattr(runtime, "_role", runtime.COMMAND)
    assert runtime.freeze_heap() is False


def test_the_heap_is_frozen_once_per_generator_in_the_window(monkeypatch):
    import gc
    monkeypatch.setattr(runtime, "_frozen_after", set())
    before = gc.get_freeze_count()
    garbage = [[] for _ in range(1000)]
    assert runtime.first_map_shown("fairland") is True
    assert gc.get_freeze_count() >= before + 1000
    assert runtime.first_map_shown("fairland") is False
    monkeypatch.setenv("MAPGEN_FREEZE_HEAP", "0")
    assert runtime.first_map_shown("tgp") is False
    del garbage


def test_what_a_long_lived_block_makes_is_left_out_of_the_collector_in_the_window():
    import gc
    assert gc.isenabled()
    before = gc.get_freeze_count()
    with runtime.long_lived():
        assert not gc.isenabled()                  # no collection while it is made
        with runtime.long_lived():                 # (nested: frozen once, at the end)
            kept = [[] for _ in range(1000)]
        assert not gc.isenabled()
        assert gc.get_freeze_count() == before
    assert gc.isenabled()
    assert gc.get_freeze_count() >= before + 1000
    del kept


def test_a_long_lived_block_leaves_a_collector_switched_off_off():
    import gc
    gc.disable()
    try:
        with runtime.long_lived():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_outside_the_window_a_long_lived_block_changes_nothing(monkeypatch):
    import gc
    for role, env in ((None, None), (runtime.COMMAND, None), (runtime.WINDOW, "0")):
        monkeypatch.setattr(runtime, "_role", role)
        if env is not None:
            monkeypatch.setenv("MAPGEN_FREEZE_HEAP", env)
        before = gc.get_freeze_count()
        with runtime.long_lived():
            assert gc.isenabled()
            made = [[] for _ in range(1000)]
        assert gc.get_freeze_count() == before
        del made


ENTRY = """
import ctypes, sys
ctypes.CDLL(None).prctl(41, 0, 0, 0, 0)     # huge pages as a fresh process has them (a
from viewer import runtime                  # test process that kept memory passes its off on)
{call}
print(runtime.role(), runtime._kept, ctypes.CDLL(None).prctl(42, 0, 0, 0, 0),
      sys.getswitchinterval(), runtime._guarded)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc, Linux's prctl")
@pytest.mark.parametrize("call, out", [
    ("", "None None 0 0.005"),                                  # an import changes nothing
    ("runtime.configure_command()", "command None 0 0.005"),
    ("from PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
     "from viewer.ui.main_window import MainWindow\nw = MainWindow(generate=False)\n"
     "w.shutdown()", "None None 0 0.005"),                      # nor does a window built in a test
    ("runtime.configure_window()", "window True 1 0.001"),
])
def test_only_the_entry_points_change_the_process(call, out):
    import subprocess
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("MAPGEN_KEEP_MEMORY", None)
    done = subprocess.run([sys.executable, "-c", ENTRY.format(call=call)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:4] == out.split(), done.stdout


def test_the_window_s_entry_point_configures_its_process(monkeypatch):
    from viewer.ui import app
    called = []
    monkeypatch.setattr(runtime, "configure_window", lambda: called.append("window"))
    monkeypatch.setattr(app, "QApplication", None)              # stop right after it
    with pytest.raises(AttributeError):
        app.main([])
    assert called == ["window"]


def test_a_command_s_entry_point_configures_its_process(monkeypatch, capsys):
    from viewer import cli
    called = []
    monkeypatch.setattr(runtime, "configure_command", lambda: called.append("command"))
    assert cli.main(["--help"]) == 0
    assert called == ["command"]
