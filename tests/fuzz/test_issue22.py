"""Regressions for issue 22 (hostile files and names), one test or a few per
item: each is answered quickly, in one line, with nothing lost and nothing
left behind."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hostile import check_clean, run_main

from viewer.engine.numberlink.puzzle import Puzzle
from viewer.formats.numberlink import format_puzzle

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def cli(argv, folder):
    run = run_main(argv, folder)
    check_clean(run, argv[0])
    return run


def only_line(run) -> str:
    lines = run.err.strip("\n").splitlines()
    assert len(lines) == 1, run.err
    return lines[0]


def child(args: list[str], cwd: Path, env: dict | None = None, timeout: float = 60,
          **kw) -> subprocess.CompletedProcess:
    """``python -m viewer ARGS`` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "viewer", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})}, **kw)


# 1. The solver's cost is bounded before it starts ------------------------------------

def test_1_the_two_128x128_shapes_are_answered_within_10_s_and_2_gb(tmp_path):
    from bench_solver_limits import adjacent_pairs, random_pairs

    code = ("import resource, runpy, sys\n"
            "sys.argv = ['viewer'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('viewer', run_name='__main__')\n"
            "finally:\n    sys.stderr.write('peak %d\\n' % resource.getrusage("
            "resource.RUSAGE_SELF).ru_maxrss)\n")
    for name, make in (("random", random_pairs), ("adjacent", adjacent_pairs)):
        path = tmp_path / f"{name}.txt"
        path.write_text(format_puzzle(make()))
        assert path.stat().st_size < 4 * 2**20
        for rule in ("fill-no-touch", "free"):
            t0 = time.perf_counter()
            p = subprocess.run([sys.executable, "-c", code, "numberlink", "solve", str(path),
                                "--rule", rule, "--time-limit", "5"], capture_output=True,
                               text=True, timeout=60, cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
            seconds = time.perf_counter() - t0
            err = p.stderr.splitlines()
            peak_mib = int(err.pop().split()[1]) / 1024
            assert seconds < 10 and peak_mib < 2048, (name, rule, seconds, peak_mib)
            assert p.returncode in (0, 1) and len(err) <= 1, (name, rule, p.stderr)
            assert "internal error" not in p.stderr and "memory" not in p.stderr


def test_1_a_puzzle_that_cannot_fit_the_time_limit_is_refused_at_once(tmp_path):
    from bench_solver_limits import random_pairs

    (tmp_path / "big.txt").write_text(format_puzzle(random_pairs()))
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "big.txt", "--time-limit", "1"], tmp_path)
    assert time.perf_counter() - t0 < 3
    assert run.status == 1
    line = only_line(run)
    assert line.startswith("numberlink: big.txt: building the encoding of a 128x128 puzzle "
                           "of 600 paths takes about ")
    assert "more than the time limit of 1 s; try a time limit of at least" in line


def test_1_the_time_limit_covers_building_the_encoding(monkeypatch):
    from bench_solver_limits import random_pairs

    from viewer.engine.numberlink import solver

    monkeypatch.setattr(solver, "CLAUSES_PER_SECOND", 10**12)   # the estimate lets it start
    t0 = time.perf_counter()
    r = solver.solve(random_pairs(), "fill", 2, time_limit=0.3)
    assert time.perf_counter() - t0 < 2.5
    assert r.status == "unknown" and r.timed_out


def test_1_a_puzzle_over_the_memory_budget_is_refused_with_what_to_try(monkeypatch):
    from bench_solver_limits import adjacent_pairs

    from viewer.engine.numberlink import solver

    monkeypatch.setattr(solver, "MEMORY_MAX", 64 * 2**20)
    t0 = time.perf_counter()
    with pytest.raises(solver.SolverLimitError) as err:
        solver.solve(adjacent_pairs(), "fill-no-touch")
    assert time.perf_counter() - t0 < 0.5
    msg = str(err.value)
    assert "\n" not in msg and "more than the solver's 64 MiB" in msg and "try a smaller" in msg


def test_1_the_estimate_bounds_the_encoding_built():
    from bench_solver_limits import adjacent_pairs, random_pairs

    from viewer.engine.numberlink.solver import Encoding, estimate

    for p in (random_pairs(200), adjacent_pairs()):
        for rule, canonical in (("fill-no-touch", False), ("fill", False), ("free", True)):
            enc = Encoding(p, rule, canonical=canonical)
            size = estimate(p.width, p.height, p.npaths, rule, canonical=canonical)
            assert enc.nclauses <= size.clauses <= 1.3 * enc.nclauses, (rule, enc.nclauses)
            assert len(enc.literals) <= 1.3 * size.literals
            assert enc.literals.dtype == np.int32     # the compact store, no lists


# 2. Every writer through one all-or-nothing path ------------------------------------

@pytest.fixture
def toy():
    import toy_generator

    from viewer import registry

    registry.register(toy_generator.DECLARATION, replace=True)
    yield toy_generator
    registry.unregister("toy")


def test_2_generic_command_line_checks_every_target_before_writing_any(toy, tmp_path):
    run = cli(["toy", "--png", "good.png", "--bundle", "nodir/x.npz"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: cannot write nodir/x.npz: no such folder"
    assert not (tmp_path / "good.png").exists()


def test_2_generic_command_line_writes_all_outputs_or_none(toy, tmp_path, monkeypatch):
    from viewer.formats import bundle

    (tmp_path / "good.png").write_bytes(b"old")

    def broken(*args, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bundle.np, "savez_compressed", broken)   # the second output fails
    run = cli(["toy", "--png", "good.png", "--bundle", "b.npz"], tmp_path)
    assert run.status == 1 and "No space left on device" in only_line(run)
    assert (tmp_path / "good.png").read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["good.png"]


@pytest.mark.parametrize("flag", ["--bundle", "--png"])
def test_2_an_empty_output_name_is_refused_as_any_bad_path(toy, tmp_path, flag):
    run = cli(["toy", flag, ""], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: cannot write '': an empty file name"


def test_2_write_bundle_of_an_empty_name_is_the_writers_error():
    from viewer import registry
    from viewer.formats.atomic import WriteError
    from viewer.formats.bundle import write_bundle

    result = registry.declaration("numberlink").engine.generate({"size": (5, 5)}, seed="a")
    with pytest.raises(WriteError, match="^cannot write '': an empty file name$"):
        write_bundle("", result)


def _as_a_user(monkeypatch):
    """os.access as for a user without root (root may write read-only files)."""
    from viewer.formats import atomic

    real = os.access

    def access(path, mode, *a, **kw):
        if mode & os.W_OK and os.path.exists(path) and not os.stat(path).st_mode & 0o222:
            return False
        return real(path, mode, *a, **kw)

    monkeypatch.setattr(atomic.os, "access", access)


SWEEP = ["sweep", "numberlink", "--seeds", "a,b", "--set", "size=5x5", "--jobs", "1", "--quiet"]


def test_2_sweep_refuses_a_read_only_table_as_other_commands_do(tmp_path, monkeypatch):
    _as_a_user(monkeypatch)
    ro = tmp_path / "ro.csv"
    ro.write_text("old\n")
    ro.chmod(0o444)
    run = cli(SWEEP + ["--out", "ro.csv"], tmp_path)
    assert run.status == 1
    assert only_line(run) == ("sweep: cannot write ro.csv: Permission denied (the file is "
                              "read-only)")
    assert ro.read_text() == "old\n" and stat.S_IMODE(ro.stat().st_mode) == 0o444


def test_2_sweep_writes_through_a_symbolic_link(tmp_path):
    (tmp_path / "target.csv").write_text("old\n")
    (tmp_path / "link.csv").symlink_to("target.csv")
    run = cli(SWEEP + ["--out", "link.csv"], tmp_path)
    assert run.status == 0, run.err
    assert (tmp_path / "link.csv").is_symlink()
    assert (tmp_path / "target.csv").read_text().startswith("seed,size,")


def test_2_sigterm_during_a_blocked_write_restores_the_old_file(tmp_path):
    (tmp_path / "good.npz").write_bytes(b"old")
    os.mkfifo(tmp_path / "fifo.png")
    p = subprocess.Popen([sys.executable, "-m", "viewer", "numberlink", "generate", "--size",
                          "5x5", "--seed", "a", "--out", "good.txt", "--png", "fifo.png"],
                         cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    (tmp_path / "good.txt").write_text("old")
    try:
        deadline = time.monotonic() + 60
        # Blocked: the text is in place, the FIFO (no reader) comes last.
        while (tmp_path / "good.txt").read_text() == "old" and time.monotonic() < deadline:
            assert p.poll() is None, p.communicate()
            time.sleep(0.05)
        time.sleep(0.3)
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 128 + 15
    assert err.strip().splitlines() == ["numberlink: terminated; no file changed"]
    assert (tmp_path / "good.txt").read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["fifo.png", "good.npz", "good.txt"]


# 3. Messages stay one line -----------------------------------------------------------

def test_3_a_newline_in_a_preset_key_stays_on_one_line(toy, tmp_path):
    (tmp_path / "k.toml").write_text('generator = "toy"\n[params]\n"a\\nb" = 1\n')
    run = cli(["toy", "--preset", "k.toml"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: k.toml: unknown parameter(s): 'a\\nb'"


@pytest.mark.parametrize("name,shown", [("no\nfolder/x.npz", "'no\\nfolder/x.npz'"),
                                        ("\x1b[2J/x.npz", "'\\x1b[2J/x.npz'")])
def test_3_control_characters_in_a_file_name_are_escaped(tmp_path, name, shown):
    run = cli(["tgp", "--size", "64x64", "--npz", name], tmp_path)
    assert run.status == 1
    assert only_line(run) == f"tgp: cannot write {shown}: no such folder"
    assert "\x1b" not in run.err


def test_3_names_in_reader_messages_are_escaped(tmp_path):
    (tmp_path / "a\nb.txt").write_bytes(b"\0")
    run = cli(["numberlink", "solve", "a\nb.txt"], tmp_path)
    assert only_line(run) == "numberlink: 'a\\nb.txt': not a text file (it holds NUL bytes)"
    (tmp_path / "e\x1b.conf").write_bytes(b"\0")
    run = cli(["fairland", "-e", "e\x1b.conf", "2", "4"], tmp_path)
    assert "\x1b" not in run.err and "'e\\x1b.conf'" in only_line(run)


# 4. Inputs opened once ---------------------------------------------------------------

def _grey_png(path: Path, side: int = 8) -> Path:
    from PIL import Image

    Image.fromarray(np.arange(side * side, dtype=np.uint8).reshape(side, side)).save(path)
    return path


def test_4_a_heightmap_png_is_opened_once_without_blocking(tmp_path, monkeypatch):
    import builtins

    from viewer.engine.ports import sources

    path = str(_grey_png(tmp_path / "h.png"))
    opened = []
    real_open, real_os_open, real_stat = builtins.open, os.open, os.stat

    def spy_open(file, *a, **kw):
        if str(file) == path:
            opened.append(("open", None))
        return real_open(file, *a, **kw)

    def spy_os_open(file, flags, *a, **kw):
        if str(file) == path:
            opened.append(("os.open", flags))
        return real_os_open(file, flags, *a, **kw)

    def spy_stat(file, *a, **kw):
        if str(file) == path:
            opened.append(("stat", None))
        return real_stat(file, *a, **kw)

    sources._cache.clear()
    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    monkeypatch.setattr(os, "stat", spy_stat)
    arr, top = sources.read_png_heightmap(path)
    monkeypatch.undo()
    assert arr.shape == (8, 8) and top == 255
    assert len(opened) == 1 and opened[0][0] == "os.open", opened
    assert opened[0][1] & os.O_NONBLOCK


@pytest.mark.parametrize("reader", ["png.read_png", "tgp_heightmap.read_grey"])
def test_4_the_png_helpers_refuse_a_fifo_and_a_bomb(tmp_path, reader):
    import importlib

    from test_issue13 import fake_png

    module, fn = reader.split(".")
    read = getattr(importlib.import_module(f"viewer.formats.{module}"), fn)
    os.mkfifo(tmp_path / "fifo.png")
    errors = []
    t = threading.Thread(target=lambda: errors.append(_error(read, tmp_path / "fifo.png")),
                         daemon=True)
    t.start()
    t.join(5)
    assert not t.is_alive(), "a FIFO blocked the reader"
    assert errors[0].endswith("fifo.png: not a regular file (a pipe or a device?)")
    msg = _error(read, fake_png(tmp_path / "bomb.png", 30000, 30000))
    assert msg.endswith("bomb.png: too large: 30000x30000 pixels, at most 100000000")


def _error(read, path) -> str:
    try:
        read(path)
    except ValueError as exc:
        assert "\n" not in str(exc)
        return str(exc)
    raise AssertionError("no error")


def test_4_a_plugin_that_cannot_be_imported_is_reported_once_and_the_rest_works(tmp_path):
    p = child(["numberlink", "generate", "--size", "5x5", "--seed", "a"], tmp_path,
              env={"MAPGEN_VIEWER_PLUGINS": "no_such_plugin_22"})
    assert p.returncode == 0, p.stderr
    assert p.stderr.splitlines() == [
        "viewer: plugin 'no_such_plugin_22' (MAPGEN_VIEWER_PLUGINS) not loaded: "
        "ModuleNotFoundError (no module 'no_such_plugin_22')"]
    assert p.stdout.startswith("5 5\n")


# 5. Labels and testmain blocks -------------------------------------------------------

def _long_label_puzzle(n: int) -> str:
    return f"3 1\n{'x' * n} . {'x' * n}\n"


def test_5_a_long_label_is_refused_by_the_reader(tmp_path):
    (tmp_path / "long.txt").write_text(_long_label_puzzle(1_000_000))
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "long.txt", "--png", "p.png"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1
    assert only_line(run) == ("numberlink: long.txt: line 2: a label of 1000000 characters "
                              "('xxxxxxxxxxxx'...); labels are at most 64")
    assert not (tmp_path / "p.png").exists()


def test_5_a_long_label_is_drawn_in_bounded_time():
    from viewer.formats.numberlink import render

    puzzle = Puzzle(np.array([[1, 0, 1]]), ("y" * 200_000,))
    t0 = time.perf_counter()
    img = render(puzzle, cell=32)
    assert time.perf_counter() - t0 < 2 and img.shape == (33, 97, 4)


@pytest.mark.parametrize("text", ["| |\n\n| |\n", "| 1 . |\n| |\n"])
def test_5_testmain_empty_rows_name_the_file_and_the_block(tmp_path, text):
    (tmp_path / "t.txt").write_text(text)
    run = cli(["numberlink", "solve", "t.txt"], tmp_path)
    assert run.status == 1
    line = only_line(run)
    assert line.startswith("numberlink: t.txt: line ") and "(block at line 1)" in line
    assert "a grid row with no squares" in line


def test_5_the_window_open_never_lets_an_exception_escape(qtbot, tmp_path, monkeypatch):
    from viewer.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    try:
        qtbot.waitUntil(lambda: w.result is not None and not w.busy(), timeout=120_000)
        (tmp_path / "p.txt").write_text("3 1\na . a\n")

        def broken(*a, **kw):
            raise ValueError("too many characters in string")

        monkeypatch.setattr(w.workbench, "show", broken)
        try:
            assert w.file_actions.open_file("numberlink", tmp_path / "p.txt") is False
        finally:
            monkeypatch.undo()
        assert "too many characters" in w.file_actions.last_error
        (tmp_path / "long.txt").write_text(_long_label_puzzle(200_000))
        assert w.file_actions.open_file("numberlink", tmp_path / "long.txt") is False
        assert "labels are at most 64" in w.file_actions.last_error
    finally:
        w.shutdown()
