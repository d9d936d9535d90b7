"""Threads whose job outlives their owner are waited for at exit, within a
bound: a job that never returns cannot hold the process (a closed window, a
test worker, CI) past it."""

from __future__ import annotations

import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

STUCK = """
import threading, time
from PySide6.QtCore import QCoreApplication
from viewer.ui.worker import LatestWins

app = QCoreApplication([])
began = threading.Event()
w = LatestWins("stuck")
w.submit(lambda token: (began.set(), time.sleep(30)))   # deaf to its token
began.wait(10)
w.shutdown(timeout_ms=50)
del w
print("script ended", flush=True)
"""

STOPPED = """
import threading
from PySide6.QtCore import QCoreApplication, QThread
from viewer.ui import threads_at_exit

app = QCoreApplication([])
stop = threading.Event()

class Job(QThread):
    def run(self):
        stop.wait(30)
        print("job stopped", flush=True)

job = Job()
job.setObjectName("a sweep")
threads_at_exit.keep_until_exit(job, stop=stop.set)
job.start()
print("script ended", flush=True)
"""


def _run(script: str, bound_s: str) -> tuple[subprocess.CompletedProcess, float]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=ROOT,
               MAPGEN_EXIT_WAIT_S=bound_s)
    t0 = time.monotonic()
    out = subprocess.run([sys.executable, "-c", script], env=env, text=True,
                         capture_output=True, timeout=60)
    return out, time.monotonic() - t0


def test_a_job_that_never_returns_ends_the_process_at_the_bound_with_one_line():
    out, took = _run(STUCK, "1")
    assert out.returncode == 1, out.stdout + out.stderr
    assert out.stdout == "script ended\n"
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "stuck" in lines[0] and "still running" in lines[0], out.stderr
    assert "QThread: Destroyed" not in out.stderr
    assert took < 25        # the job sleeps 30 s: the process did not wait for it


def test_a_kept_threads_job_is_asked_to_stop_at_exit_and_waited_for():
    out, _took = _run(STOPPED, "20")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == ["script ended", "job stopped"]
    assert out.stderr == ""
