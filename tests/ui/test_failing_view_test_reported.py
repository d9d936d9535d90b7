"""A failing window test is reported as a failure, not as a crash.

A failing test's traceback keeps its map view alive, so pytest-qt closes
the view at the test's teardown (a passing test's view is gone by then):
pyqtgraph's ``close`` resizes the view once more after deleting its items,
and the view must not touch them then.  Before, it refitted its deleted view
box and the test process died with a segmentation fault, the failure's report
lost (with xdist: "node down").  A closed view also drops the work still due
for it in later turns.  A test that fails while a worker's job runs on (a
window test timed out during a kernel's first compile) keeps that worker in
its traceback: the worker must not take its running thread along when it
goes (Qt aborts the process: "QThread: Destroyed while thread is still
running").  Run in a child pytest: a crash there is this
test's failure, not this run's end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAILING = '''
import threading

import numpy as np

from viewer.ui import turns
from viewer.ui.map_view import MapView
from viewer.ui.worker import LatestWins


def shown_view(qtbot):
    """A view on screen with a map just shown (its letters due in a later turn)."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    rgba = np.full((64, 96, 4), 128, np.uint8)
    view.show_map(rgba, (48, 32), 2, hexes=False)
    return view


def test_deliberately_failing(qtbot):
    view = shown_view(qtbot)
    shown = view.rgba.shape
    assert shown == "a deliberate failure"


def test_deliberately_failing_while_a_job_runs(qtbot):
    release = threading.Event()
    later = threading.Timer(3.0, release.set)       # (after this run's report)
    later.daemon = True                             # (the run's end does not wait for it)
    later.start()
    began = threading.Event()
    worker = LatestWins("stuck")
    worker.submit(lambda token: (began.set(), release.wait(10)))    # (deaf to its token)
    began.wait(10)
    worker.shutdown(timeout_ms=50)
    assert worker.is_idle(), "a deliberate failure with the job still running"


def test_closing_a_linked_view(qtbot):
    leader, linked = shown_view(qtbot), shown_view(qtbot)
    linked.link_view(leader)
    assert turns.pending(linked._flush_letters)
    linked.close()
    leader.close()
    assert leader.closed and linked.closed
    assert not turns.pending(linked._flush_letters)
    qtbot.wait(50)                      # (the turns that were due: none for them)
'''


def test_failing_window_tests_are_reported_and_the_run_goes_on(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_failing_view.py").write_text(FAILING)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               PYTHONFAULTHANDLER="1", MAPGEN_SETTINGS=str(tmp_path / "settings.ini"))
    out = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider",
                          "-q", "--rootdir", str(tmp_path), str(tmp_path / "test_failing_view.py")],
                         cwd=tmp_path, env=env, text=True, capture_output=True, timeout=120)
    report = out.stdout + out.stderr
    assert out.returncode == 1, f"exit status {out.returncode} (1: tests failed)\n{report}"
    assert 'assert shown == "a deliberate failure"' in out.stdout, report
    assert "a deliberate failure with the job still running" in out.stdout, report
    assert "2 failed, 1 passed" in out.stdout, report
