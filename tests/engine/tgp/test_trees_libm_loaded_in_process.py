"""The game's sinf and cosf (the C library's, for the improved tree placer)
are found without starting a process: ``ctypes.util.find_library`` runs
``ldconfig`` (1 ms at every start of a first frame, and a fork of the
window's process when it holds a large map)."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

SCRIPT = """
import subprocess, sys
started = []
real = subprocess.Popen.__init__
def spy(self, *args, **kwargs):
    started.append(args[0] if args else kwargs.get("args"))
    real(self, *args, **kwargs)
subprocess.Popen.__init__ = spy
from viewer.engine.tgp.openttd15 import trees
assert trees.LIBM_SINF is not None, "no sinf"
print(started)
"""


def test_loading_the_tree_placer_starts_no_process():
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=dict(os.environ, PYTHONPATH=ROOT),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout
