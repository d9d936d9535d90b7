"""The worker runs the newest request: one in flight, one waiting, stale
results never delivered."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from viewer import runtime
from viewer.runtime import BACKGROUND_NICE
from viewer.engine.protocol import Cancelled
from viewer.ui.worker import LatestWins


@pytest.fixture
def worker(qtbot):
    w = LatestWins("test")
    yield w
    w.shutdown()


def slow_job(value, seconds=0.05, threads=None):
    def job(token):
        if threads is not None:
            threads.add(threading.get_ident())
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            token.check()
            time.sleep(0.002)
        return value
    return job


def test_one_request_runs_off_the_gui_thread(qtbot, worker):
    threads: set[int] = set()
    with qtbot.waitSignal(worker.finished, timeout=5000) as sig:
        job_id = worker.submit(slow_job("map", 0.01, threads))
    assert sig.args[0] == job_id and sig.args[1] == "map"
    assert threading.get_ident() not in threads
    assert worker.is_idle()


def test_only_the_newest_of_many_requests_is_delivered(qtbot, worker):
    delivered = []
    worker.finished.connect(lambda i, v, s: delivered.append(v))
    cancelled = []
    worker.cancelled.connect(cancelled.append)
    for k in range(50):
        worker.submit(slow_job(k, 0.02))
        assert worker.waiting is None or worker.running is not None
    qtbot.waitUntil(worker.is_idle, timeout=10_000)
    assert delivered == [49]
    assert cancelled == []            # superseded runs are dropped silently
    assert worker.dropped == 49


def test_a_running_job_is_cancelled_when_superseded(qtbot, worker):
    tokens = []
    worker.started.connect(lambda i, tok: tokens.append(tok))
    worker.submit(slow_job("old", 5.0))
    qtbot.waitUntil(lambda: worker.running is not None and len(tokens) == 1)
    t0 = time.perf_counter()
    with qtbot.waitSignal(worker.finished, timeout=5000) as sig:
        worker.submit(slow_job("new", 0.01))
    assert sig.args[1] == "new"
    assert tokens[0].cancelled
    assert time.perf_counter() - t0 < 2.0    # the 5 s job stopped early


def test_errors_come_back_as_values(qtbot, worker):
    def bad(token):
        raise ValueError("no map today")
    with qtbot.waitSignal(worker.failed, timeout=5000) as sig:
        worker.submit(bad)
    assert isinstance(sig.args[1], ValueError) and "no map today" in str(sig.args[1])


def test_cancel_reports_cancellation_of_the_newest(qtbot, worker):
    def job(token):
        while True:
            token.check()
            time.sleep(0.002)
    with qtbot.waitSignal(worker.cancelled, timeout=5000):
        worker.submit(job)
        qtbot.waitUntil(lambda: worker.running is not None)
        worker.cancel()
    assert worker.is_idle()


def test_cancelled_is_what_engines_raise():
    # the worker recognises the engine's own exception type
    from viewer.engine.protocol import CancelToken
    tok = CancelToken()
    tok.cancel()
    with pytest.raises(Cancelled):
        tok.check()


def test_with_finish_running_the_running_job_ends_and_only_the_newest_waits(qtbot):
    # mapgen4's policy for maps: a dragged slider's running map finishes and
    # is delivered (superseded), the requests between are dropped, the
    # newest runs after it
    w = LatestWins("drag", finish_running=True)
    try:
        superseded, finished = [], []
        w.superseded.connect(lambda i, v, s: superseded.append(v))
        w.finished.connect(lambda i, v, s: finished.append(v))
        w.submit(slow_job("first", 0.2))
        qtbot.waitUntil(lambda: w.running is not None)
        for k in range(10):
            w.submit(slow_job(k, 0.01))
        qtbot.waitUntil(w.is_idle, timeout=5000)
        assert superseded == ["first"] and finished == [9]
        assert w.dropped == 9
    finally:
        w.shutdown()


def test_with_finish_running_cancel_still_stops_everything(qtbot):
    w = LatestWins("drag", finish_running=True)
    try:
        got = []
        for sig in (w.superseded, w.finished):
            sig.connect(lambda i, v, s: got.append(v))
        w.submit(slow_job("long", 5.0))
        qtbot.waitUntil(lambda: w.running is not None)
        w.submit(slow_job("next", 0.01))
        t0 = time.perf_counter()
        w.cancel()
        qtbot.waitUntil(w.is_idle, timeout=5000)
        assert time.perf_counter() - t0 < 2.0 and got == []
    finally:
        w.shutdown()


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="only Linux gives each thread its own nice level")
def test_jobs_run_below_the_gui_threads_priority(qtbot, monkeypatch):
    """In the window's process, so the GUI thread gets a core the moment it
    wakes (viewer.runtime)."""
    monkeypatch.setattr(runtime, "_role", runtime.WINDOW)
    worker = LatestWins("test")
    gui = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    try:
        with qtbot.waitSignal(worker.finished, timeout=5000) as sig:
            worker.submit(lambda token: os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
    finally:
        worker.shutdown()
    assert sig.args[1] == min(19, gui + BACKGROUND_NICE)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == gui


OUTLIVED = """
import threading
from PySide6.QtCore import QCoreApplication
from viewer.ui.worker import LatestWins

app = QCoreApplication([])
release = threading.Event()
late = threading.Timer(1.5, release.set)
late.daemon = True                      # (the end of the script does not wait for it)
late.start()
began = threading.Event()
w = LatestWins("deaf")
w.submit(lambda token: (began.set(), release.wait(10), print("job returned", flush=True)))
began.wait(10)
w.shutdown(timeout_ms=50)               # the job deaf to its token, as a kernel's compile
print("shut down", w.running is not None, flush=True)
del w
"""


def test_a_worker_shut_down_while_its_job_runs_lets_the_process_end_normally():
    """A job that cannot stop at once (a kernel's first compile) outlives its
    worker's shutdown: the process ends once it returns, not with Qt's abort
    ("QThread: Destroyed while thread is still running") when the worker
    goes (its window closed, a failing test's traceback dropped) or at exit."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=root)
    out = subprocess.run([sys.executable, "-c", OUTLIVED], env=env, text=True,
                         capture_output=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.split("\n")[:2] == ["shut down True", "job returned"]
