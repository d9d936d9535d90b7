"""Run with a Python that lacks the project's packages, ``python -m viewer``
says in one line what to do, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_without(package: str, *args: str) -> subprocess.CompletedProcess:
    code = (f"import sys, runpy; sys.modules[{package!r}] = None; "
            f"sys.argv = ['viewer'] + {list(args)!r}; "
            "runpy.run_module('viewer', run_name='__main__')")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
                               "QT_QPA_PLATFORM": "offscreen"})


@pytest.mark.parametrize(("package", "args", "prog"), [
    # (ports: fairland's and tgp's command lines run their compiled modules, without numba)
    ("numba", ["ports", "-q"], "ports"),
    ("numpy", ["fairland", "-R", "1", "5", "30"], "fairland"),
    ("PySide6", [], "viewer"),
])
def test_a_missing_package_is_said_in_one_line(package, args, prog):
    p = run_without(package, *args)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith(f"{prog}: the Python package {package!r} is not installed")
    assert ".venv/bin/python -m viewer" in lines[0] and "scripts/setup" in lines[0]
