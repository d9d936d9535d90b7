"""`python -m viewer` with no arguments opens the window and returns when it
closes.  Run in a child process: ending an application's event loop would
leave this test process's Qt unable to run further loops."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from viewer.ui import app
from viewer.ui.main_window import MainWindow

def close_when_drawn():
    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    if wins and wins[0].result is not None and not wins[0].busy():
        print("shown", wins[0].result.generator, wins[0].map_view.rgba.shape, flush=True)
        wins[0].close()
    else:
        QTimer.singleShot(20, close_when_drawn)

qapp = QApplication([])          # main() uses the running application
QTimer.singleShot(20, close_when_drawn)
print("status", app.main([]))
"""


def test_main_opens_the_window_and_returns_its_status(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               MAPGEN_SETTINGS=str(tmp_path / "settings.ini"))
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("shown fairland") and lines[-1] == "status 0"
    assert (tmp_path / "settings.ini").exists()        # closing saved the settings
