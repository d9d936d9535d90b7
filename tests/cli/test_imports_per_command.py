"""Each command imports only what it needs: no Qt, pyqtgraph or
PySAT for fairland and TGP, no numba for Number Link's solve or the help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# (this checkout's viewer, whatever an editable install points at)
ENV = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))

HEAVY = ("numba", "PySide6", "pyqtgraph", "pysat", "distributed")
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
                         capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=300)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(("argv", "allowed"), [
    (["--help"], set()),
    (["fairland", "-h"], set()),
    (["fairland", "-q", "-R", "1", "5", "30"], {"numba"}),   # numba only without the AOT module
    (["tgp", "--size", "64x64", "-q"], {"numba"}),
    (["numberlink", "solve", "-h"], set()),
    (["numberlink", "generate", "-h"], set()),
    (["tgp", "-h"], set()),                 # numba at the kernels' first call
    (["ports", "-h"], set()),
    (["sweep", "-h"], set()),
])
def test_a_command_imports_only_what_it_needs(argv, allowed, tmp_path):
    assert heavy_imports(argv, tmp_path) <= allowed


def test_solving_a_puzzle_needs_the_sat_solver_but_not_numba(tmp_path):
    (tmp_path / "p.txt").write_text("4 4\n. . . 1\n. 2 3 .\n. . 1 .\n3 . . 2\n")
    assert heavy_imports(["numberlink", "solve", "p.txt"], tmp_path) <= {"pysat"}


MODULES = """
import contextlib, io, json, sys
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main({argv!r})
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def imported(argv: list[str], tmp_path) -> set[str]:
    """Every module a command imported (run in a fresh interpreter)."""
    out = subprocess.run([sys.executable, "-c", MODULES.format(argv=argv)],
                         capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=300)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


HELPS = """
import contextlib, io, json, re, sys
from viewer import registry
from viewer.cli import GENERIC_COMMANDS, main
def help_of(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(argv)
        except SystemExit:
            pass
    return out.getvalue()
commands = [[c] for c in [*registry.names(), *GENERIC_COMMANDS]]
for cmd in list(commands):   # a command's subcommands, as its usage line lists them
    found = re.search(r"{{([a-z,-]+)}}", help_of(cmd + ["-h"]).split("\\n")[0])
    commands += [cmd + [sub] for sub in (found.group(1).split(",") if found else ())]
print(json.dumps(commands))
"""


def every_command() -> list[list[str]]:
    """Every command and subcommand of the command line: the registry's
    generators and the generic commands, and the subcommands each one's
    usage lists (run in a fresh interpreter)."""
    out = subprocess.run([sys.executable, "-c", HELPS.format()], capture_output=True,
                         text=True, cwd=ROOT, env=ENV, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_command_and_subcommand_is_found():
    """(So that the test below checks them all: the four generators, sweep,
    replay and Number Link's subcommands at least.)"""
    found = every_command()
    assert {"fairland", "tgp", "ports", "sweep", "replay"} <= {c[0] for c in found}
    assert {("numberlink", "generate"), ("numberlink", "solve")} <= {tuple(c) for c in found}


@pytest.mark.parametrize("argv", [["--help"]] + [[*c, "-h"] for c in every_command()],
                         ids=" ".join)
def test_the_help_imports_no_numpy(argv, tmp_path):
    """help is text; numpy (and the kernels, the declarations'
    engines beyond their Params) is for making maps."""
    mods = imported(argv, tmp_path)
    assert "numpy" not in mods, f"{' '.join(argv)} imported numpy"
    assert "viewer.cli" in mods                      # (the probe ran the command line)


def test_a_fairland_run_imports_only_what_it_uses(tmp_path):
    """fairland -q writes the newcap script: no picture, bundle, trace,
    sweep, numba or Qt, and the compiled kernels rather than numba's."""
    mods = imported(["fairland", "-q", "-R", "1", "5", "30"], tmp_path)
    assert "viewer.engine.fairland.generator" in mods      # (the probe ran fairland)
    unused = ("viewer.render", "viewer.formats.png", "viewer.formats.bundle",
              "viewer.engine.fairland.trace", "viewer.sweep", "viewer.ui", "PySide6",
              "numba", "llvmlite", "pyqtgraph")
    from viewer.engine.fairland import aot

    if aot.load() is None:      # a checkout without scripts/setup: numba's kernels
        unused = unused[:-3]
    assert not {m for m in mods if m.split(".")[0] in unused or m.startswith(unused)}


def test_a_first_frame_tgp_run_imports_no_numba(tmp_path):
    """The game's first frame (towns, industries, objects, trees, tile
    loops) at the bench's size runs the compiled kernels, not numba's."""
    from viewer.engine.tgp import aot

    if aot.load() is None:
        pytest.skip("TGP's compiled module is not built (scripts/setup, python -m "
                    "viewer.engine.tgp.aot)")
    argv = ["tgp", "--size", "256x256", "--stop-after", "world", "-q"]
    assert "numba" not in heavy_imports(argv, tmp_path), f"{' '.join(argv)} imported numba"


def test_a_tgp_run_without_a_picture_imports_no_renderer_and_no_toml(tmp_path):
    """tgp -q makes a map and writes nothing: no renderer or colour maps
    (those are for --png), no PNG writer, no TOML (that is for presets)."""
    mods = imported(["tgp", "--size", "64x64", "-q"], tmp_path)
    assert "viewer.engine.tgp.generator" in mods           # (the probe ran tgp)
    unused = ("viewer.render", "colorcet", "viewer.formats.png", "tomllib", "tomli_w")
    assert not {m for m in mods if m.split(".")[0] in unused or m.startswith(unused)}


@pytest.mark.parametrize("argv", [
    ["fairland", "-h"],
    ["fairland", "-q", "-R", "1", "5", "30"],
    ["numberlink", "solve", "p.txt"],
], ids=" ".join)
def test_a_built_in_generator_s_command_reads_no_entry_points(argv, tmp_path):
    """The installed packages' entry points (importlib.metadata, and a scan of
    every package's metadata) are read for a name that is not a built-in
    generator's only."""
    (tmp_path / "p.txt").write_text("4 4\n. . . 1\n. 2 3 .\n. . 1 .\n3 . . 2\n")
    mods = imported(argv, tmp_path)
    assert f"viewer.cli.{argv[0]}" in mods or "viewer.cli.generic" in mods
    assert "importlib.metadata" not in mods


def test_the_help_lists_the_generators_of_entry_points(tmp_path):
    """(The other side of the test above: --help reads them, to list them.)"""
    assert "importlib.metadata" in imported(["--help"], tmp_path)


def test_a_help_imports_no_ctypes(tmp_path):
    """The process set-up of every command (viewer.runtime) loads ctypes only
    for what needs it (the window's memory and reference tweaks)."""
    assert "ctypes" not in imported(["fairland", "-h"], tmp_path)
