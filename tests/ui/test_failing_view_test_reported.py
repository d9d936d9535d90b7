"""A failing test of a map view is reported as a failure, not as a crash.

A failing test's traceback keeps its map view alive, so pytest-qt closes
the view at the test's teardown (a passing test's view is gone by then):
pyqtgraph's ``close`` resizes the view once more after deleting its items,
and the view must not touch them then.  Before, it refitted its deleted view
box and the test process died with a segmentation fault, the failure's report
lost (with xdist: "node down").  A closed view also drops the work still due
for it in later turns.  Run in a child pytest: a crash there is this
test's failure, not this run's end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAILING = '''
import numpy as np

from viewer.ui import turns
from viewer.ui.map_view import MapView


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


def test_a_failing_map_view_test_is_reported_and_the_run_goes_on(tmp_path):
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
    assert "AssertionError" in out.stdout, report
    assert "1 failed, 1 passed" in out.stdout, report
