"""Engines run side by side in one process without a lock: every pair of
registered generators in two threads (the window's map beside the gallery's
thumbnails, a trace's states, a sweep's batches), under numba's kernels
and the modules compiled ahead of time, each map equal to the same map made
alone.  A short run of ``tests/stress/engines_at_once.py`` (which runs each
pair for minutes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

STRESS = Path(__file__).resolve().parents[1] / "stress" / "engines_at_once.py"


@pytest.mark.slow
def test_every_pair_of_engines_runs_at_once_and_makes_the_maps_made_alone():
    # in a process of its own, with faulthandler on: a crash is a traceback there
    done = subprocess.run([sys.executable, str(STRESS), "0.5", "both"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    lines = done.stdout.splitlines()
    assert len(lines) >= 2 * 10 and all(line.endswith("all maps as made alone") for line in lines)
