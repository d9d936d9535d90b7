"""Each command imports only what it needs (issue 11): no Qt, pyqtgraph or
PySAT for fairland and TGP, no numba for Number Link's solve or the help."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numba", "PySide6", "pyqtgraph", "pysat", "superqt", "distributed")
PROBE = """
import contextlib, io, json, sys
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main({argv!r})
    except SystemExit:
        pass
print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r}))))
"""


def heavy_imports(argv: list[str], tmp_path) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(argv=argv, heavy=HEAVY)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(("argv", "allowed"), [
    (["--help"], set()),
    (["fairland", "-h"], set()),
    (["fairland", "-q", "-R", "1", "5", "30"], {"numba"}),   # numba only without the AOT module
    (["tgp", "--size", "64x64", "-q"], {"numba"}),
    (["numberlink", "solve", "-h"], set()),
    (["numberlink", "generate", "-h"], set()),
    (["tgp", "-h"], set()),                 # numba at the kernels' first call (issue 20)
    (["ports", "-h"], set()),
    (["sweep", "-h"], set()),
])
def test_a_command_imports_only_what_it_needs(argv, allowed, tmp_path):
    assert heavy_imports(argv, tmp_path) <= allowed


def test_solving_a_puzzle_needs_the_sat_solver_but_not_numba(tmp_path):
    (tmp_path / "p.txt").write_text("4 4\n. . . 1\n. 2 3 .\n. . 1 .\n3 . . 2\n")
    assert heavy_imports(["numberlink", "solve", "p.txt"], tmp_path) <= {"pysat"}
