"""Regressions for issue 13, one test (or a few) per numbered item and per
"other finding": each hostile input ends with status 0, 1 or 2 and one clear
line on standard error, never a traceback."""

from __future__ import annotations

import json
import math
import os
import struct
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

import numpy as np
import pytest
from hostile import check_clean, run_main

REPO = Path(__file__).resolve().parents[2]


def cli(argv, folder):
    run = run_main(argv, folder)
    check_clean(run, argv[0])
    return run


def one_line(run) -> str:
    lines = run.err.strip().splitlines()
    assert lines, run
    return lines[0]


def fake_png(path: Path, w: int, h: int) -> Path:
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                     + chunk(b"IDAT", zlib.compress(b"\0" * 100)) + chunk(b"IEND", b""))
    return path


# 1 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("side", [10000, 20000, 2**31 - 1])
def test_1_huge_png_header_refused_before_decoding(tmp_path, side, recwarn):
    fake_png(tmp_path / "big.png", side, side)
    run = cli(["ports", "--png-heightmap", "big.png", "--seed", "1"], tmp_path)
    assert run.status == 1
    assert one_line(run) == (f"ports: heightmap PNG big.png: too large: {side}x{side} pixels, "
                             f"at most 4097x4097 (16785409 pixels)")
    assert len(run.err.splitlines()) == 1
    assert not [w for w in recwarn if "Decompression" in str(w.message)]


# 2 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("flag,label", [
    ("--pop-median", "Median population"), ("--pop-sigma", "Population sigma"),
    ("--radius", "Desirability radius"), ("--min-distance", "Minimum distance"),
    ("--latitude-north", "Latitude of the north edge"),
    ("--latitude-south", "Latitude of the south edge"), ("--roughness", "Local roughness"),
    ("--building-radius", "Town radius")])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN"])
def test_2_non_finite_numbers_refused_with_the_params_message(tmp_path, flag, label, value):
    run = cli(["ports", "--seed", "1", f"{flag}={value}", "--json", "p.json"], tmp_path)
    assert run.status == 1
    assert one_line(run).startswith(f"ports: {label}: expected a finite number, not ")
    assert not (tmp_path / "p.json").exists()


def test_2_json_is_strict(tmp_path):
    run = cli(["ports", "--seed", "1", "--tgp-size", "64x64", "--json", "p.json", "-q"],
              tmp_path)
    assert run.status == 0

    def refuse(name):
        raise ValueError(name)

    json.loads((tmp_path / "p.json").read_text(), parse_constant=refuse)


# 3 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text,rule,expect", [
    ("1 2\n1\n1\n", "fill-no-touch", "1 2\n1\n1\nsolutions: 1\n"),
    ("1 2\n1\n1\n", "free", "1 2\n1\n1\nsolutions: 1\n"),
    ("1 3\n1\n.\n1\n", "fill", "1 3\n1\n1\n1\nsolutions: 1\n"),
    ("1 1\n.\n", "free", "1 1\n.\nsolutions: 1\n"),
    ("1 1\n.\n", "fill", "solutions: 0\n"),
    ("2 1\n² ²\n", "fill", "2 1\n² ²\nsolutions: 1\n"),
])
def test_3_odd_puzzles_are_solved(tmp_path, text, rule, expect):
    (tmp_path / "p.txt").write_text(text)
    run = cli(["numberlink", "solve", "p.txt", "--rule", rule], tmp_path)
    assert (run.status, run.out) == (0, expect)


def test_3_unicode_digit_header_is_refused(tmp_path):
    (tmp_path / "p.txt").write_text("² 1\n1\n")
    run = cli(["numberlink", "solve", "p.txt"], tmp_path)
    assert run.status == 1 and "p.txt: line 1: expected the size 'W H'" in one_line(run)


# 4 -----------------------------------------------------------------------------------

def test_4_seed_that_is_not_utf8_seeds_with_its_bytes():
    from viewer.engine.numberlink.generator import NUMBERLINK

    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-m", "viewer", "numberlink", "generate",
                           b"--seed", b"\xff", "--size", "5x5"], capture_output=True, env=env,
                          timeout=120)
    assert proc.returncode == 0 and proc.stderr == b""
    from viewer.cli.numberlink import grid_puzzle  # noqa: F401 - same module the CLI uses
    from viewer.formats.numberlink import format_puzzle

    r = NUMBERLINK.generate({"size": (5, 5)}, seed=b"\xff")
    assert proc.stdout.decode() == format_puzzle(r.detail.puzzle)
    assert NUMBERLINK.check_seed("\udcff") == "\udcff"
    from viewer.engine.params import ParamError
    with pytest.raises(ParamError) as exc:
        NUMBERLINK.check_seed("\ud800")
    assert exc.value.param == "seed"


# 5 -----------------------------------------------------------------------------------

def test_5_huge_time_limit_is_no_limit(tmp_path):
    (tmp_path / "p.txt").write_text("1 2\n1\n1\n")
    run = cli(["numberlink", "solve", "p.txt", "--time-limit", "1e10"], tmp_path)
    assert run.status == 0 and run.err == "" and run.out.endswith("solutions: 1\n")


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e400", "x"])
def test_5_bad_time_limit_is_refused(tmp_path, value):
    (tmp_path / "p.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    run = cli(["numberlink", "solve", "p.txt", "--time-limit", value], tmp_path)
    assert run.status == 1 and "--time-limit" in one_line(run)


def test_5_solver_api_takes_inf_as_no_limit():
    from viewer.engine.numberlink.puzzle import Puzzle
    from viewer.engine.numberlink.solver import solve

    p = Puzzle(np.array([[1], [1]]), ("1",))
    assert solve(p, time_limit=math.inf).status == "unique"
    with pytest.raises(ValueError, match="time limit"):
        solve(p, time_limit=math.nan)


# 6 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv,words", [
    (["tgp", "--size", "64x64", "--terrain=--"], "Terrain type"),
    (["tgp", "--size=--"], "map size"),
    (["ports", "--seed=--"], "seed"),
    (["numberlink", "solve", "p.txt", "--rule=--"], "--rule"),
    (["numberlink", "generate", "--count=--"], "--count"),
    (["sweep", "tgp", "--seeds=--", "--out", "x.csv"], "seed"),
])
def test_6_option_equals_dashes_is_the_value_dashes(tmp_path, argv, words):
    (tmp_path / "p.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    run = cli(argv, tmp_path)
    assert run.status == 1 and words in one_line(run) and "'--'" in run.err


@pytest.mark.parametrize("argv", [["tgp", "--size", "64x64", "--seed", "1", "--npz=--", "-q"],
                                  ["ports", "--tgp-size", "64x64", "--seed", "1", "--json=--",
                                   "-q"]])
def test_6_output_named_dashes_is_written(tmp_path, argv):
    run = cli(argv, tmp_path)
    assert run.status == 0 and (tmp_path / "--").stat().st_size > 0


# 7 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv,size", [
    (["tgp", "--size", "1024x1024", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "65536x65536"),
    (["tgp", "--size", "4096x4096", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "262144x262144"),
    (["ports", "--tgp-size", "4096x4096", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "262144x262144"),
])
def test_7_pictures_over_the_memory_limit_are_refused_first(tmp_path, argv, size):
    t0 = time.perf_counter()
    run = cli(argv, tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and f"a {size} pixel picture would need about" in one_line(run)
    assert "the limit is 2 GiB" in run.err and not (tmp_path / "x.png").exists()


def test_7_fairland_png_of_the_largest_world_is_within_the_limit():
    from viewer.engine.protocol import HexTorus
    from viewer.render.picture import check_export, export_scale

    grid = HexTorus(2048, 2048)
    assert export_scale("fairland", grid) == 4      # the export rule keeps within the limit
    check_export(grid, 4)  # 4096x6144: ~1.9 GiB, as measured


# 8 -----------------------------------------------------------------------------------

def test_8_huge_puzzle_file_is_refused_unread(tmp_path):
    side = 2236
    row = " ".join(["."] * side) + "\n"
    (tmp_path / "big.txt").write_text(f"{side} {side}\n" + row * side)
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "big.txt"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and "big.txt: too large for a puzzle file" in one_line(run)


def test_8_puzzle_beyond_the_solvers_limit_is_refused(tmp_path):
    row = " ".join(["."] * 200) + "\n"
    (tmp_path / "wide.txt").write_text("200 130\n" + row * 130)
    run = cli(["numberlink", "solve", "wide.txt"], tmp_path)
    assert run.status == 1 and "at most 128x128" in one_line(run)


# 9 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("data,words", [
    (bytes(range(256)), "not UTF-8"),
    ("generator = \"tgp\"\ntitle = \"Café\"\n".encode("latin-1"), "not UTF-8"),
    (b"generator = \"tgp\"\n[params]\nsize = [inf, 64]\n", "Map size"),
    (b"generator = \"tgp\"\n[params]\nsize = [64.5, 64]\n", "Map size"),
    (b"generator = \"fairland\"\nseed = [1]\n", "seed"),
    (b"generator = \"fairland\"\nseed = 4294967296\n", "seed"),
    (b"generator = \"fairland\"\nseed = true\n", "seed"),
    (b"generator = \"ports\"\n[params]\npop_median = nan\n", "Median population"),
    (b"generator = \"ports\"\n[params]\nradius = inf\n", "Desirability radius"),
    (b"generator = \"fairland\"\n[params]\nsc = 1e30\n", "Continent size"),
    (b"generator = \"fairland\"\n[params]\nmerge = 7\n", "Islands may merge"),
    (b"a = " + b"[" * 3000 + b"]" * 3000, "p.toml"),
    (b"generator = \"tgp\"\nseed = " + b"9" * 5000 + b"\n", "not valid TOML"),
])
def test_9_bad_presets_are_preset_errors(tmp_path, data, words):
    from viewer.formats.presets import PresetError, load_preset

    (tmp_path / "p.toml").write_bytes(data)
    with pytest.raises(PresetError) as exc:
        load_preset(tmp_path / "p.toml")
    assert words in str(exc.value) and "p.toml" in str(exc.value)


def test_9_a_preset_that_loads_generates(tmp_path):
    from viewer import registry
    from viewer.formats.presets import load_preset, save_preset

    (tmp_path / "p.toml").write_text('generator = "fairland"\nseed = 7\n[params]\n'
                                     'world = "64x32"\nnc = 5\nsc = 10\n')
    p = load_preset(tmp_path / "p.toml")
    save_preset(tmp_path / "q.toml", p)
    gen = registry.declaration(p.generator).engine
    assert gen.generate(p.params, seed=load_preset(tmp_path / "q.toml").seed).seed == 7


# 10 ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", ["", None, math.nan, "seed", [1], -1, 2**32, 1.5, True])
@pytest.mark.parametrize("name", ["fairland", "tgp", "ports"])
def test_10_seeds_refused_alike(name, seed):
    from viewer import registry
    from viewer.engine.params import ParamError

    gen = registry.declaration(name).engine
    with pytest.raises(ParamError) as exc:
        gen.check_seed(seed)
    assert exc.value.param == "seed"
    small = {"fairland": {"world": (32, 16)}, "tgp": {"size": (64, 64)},
             "ports": {"tgp_size": (64, 64)}}[name]
    with pytest.raises(ParamError) as again:
        gen.generate(small, seed=seed)
    assert str(again.value) == str(exc.value)


def test_10_hex_and_float_seeds_taken_alike():
    from viewer import registry

    for name in ("fairland", "tgp", "ports"):
        gen = registry.declaration(name).engine
        assert gen.check_seed("0x10") == gen.check_seed(16.0) == 16


@pytest.mark.parametrize("values,param", [
    ({"sc": 10**30}, "sc"), ({"is": 2**63 - 1}, "is"), ({"nc": 2**40}, "ni"),
    ({"di": float("inf")}, "di"), ({"world": (float("inf"), 32)}, "world"),
    ({"world": "9" * 5000}, "world"), ({"merge": "sometimes"}, "merge")])
def test_10_fairland_validate_refuses_what_generate_cannot_take(values, param):
    from viewer.engine.fairland.generator import FAIRLAND
    from viewer.engine.params import ParamError

    with pytest.raises(ParamError) as exc:
        FAIRLAND.validate({"world": (32, 16), **values})
    assert exc.value.param == param


@pytest.mark.parametrize("name", ["fairland", "tgp", "ports", "numberlink"])
def test_10_non_string_keys_refused_by_name(name):
    from viewer import registry
    from viewer.engine.params import ParamError

    with pytest.raises(ParamError, match=r"unknown parameter\(s\): 5"):
        registry.declaration(name).engine.validate({5: 1})


# 11 ----------------------------------------------------------------------------------

STREAM_COMMANDS = [
    ["fairland", "-h"],
    ["fairland", "-R", "1", "--world", "32x16", "2", "20"],
    ["tgp", "--size", "64x64", "--seed", "1"],
    ["ports", "--help"],
    ["numberlink", "generate", "--size", "5x5"],
]


def _viewer(argv, **kw):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "viewer", *argv], env=env, timeout=120, **kw)


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_11_standard_output_full(tmp_path, argv):
    with open("/dev/full", "w") as full:
        proc = _viewer(argv, stdout=full, stderr=subprocess.PIPE, cwd=tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert err == f"{argv[0]}: write error on standard output: No space left on device\n"


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_11_standard_output_closed(tmp_path, argv):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cmd = " ".join([sys.executable, "-m", "viewer", *argv]) + " >&-"
    proc = subprocess.run(["sh", "-c", cmd], env=env, cwd=tmp_path, timeout=120,
                          stderr=subprocess.PIPE)
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert err == f"{argv[0]}: write error on standard output: Bad file descriptor\n"
    # (descriptor 1 is filled with /dev/null: no file the command opens can take it)
    for f in tmp_path.iterdir():
        assert not f.read_bytes().startswith(b"Creating a planet")


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_11_broken_pipe_ends_quietly_as_a_c_tool(tmp_path, argv):
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written
    try:
        proc = _viewer(argv, stdout=w, stderr=subprocess.PIPE, cwd=tmp_path)
    finally:
        os.close(w)
    assert proc.stderr == b""
    assert proc.returncode == -13  # killed by SIGPIPE, like `yes | head -1`


def test_11_in_process_broken_pipe_status(tmp_path, monkeypatch):
    from viewer.cli import main
    from viewer.cli.streams import EXIT_SIGPIPE

    class Broken:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stdout", Broken())
    assert main(["fairland", "-h"]) == EXIT_SIGPIPE


# 12 ----------------------------------------------------------------------------------

def test_12_econfig_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    t0 = time.perf_counter()
    run = cli(["fairland", "-e", "fifo", "5", "30"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and one_line(run) == ("fairland: fifo: not a regular file (a pipe "
                                                 "or a device?)")


def test_12_econfig_device_is_refused(tmp_path):
    run = cli(["fairland", "-e", "/dev/zero", "5", "30"], tmp_path)
    assert run.status == 1 and "/dev/zero: not a regular file" in one_line(run)


@pytest.mark.parametrize("data,words", [
    (bytes(range(256)) * 4, "NUL bytes"),
    (b"%%% garbage %%%\nabout nothing\n", "econfig:1: not a config line 'KEY VALUE'"),
    (b"WORLD_X 64\n!!!\n", "econfig:2: not a config line"),
    (b"WORLD_X " + b"9" * 100 + b"\n", "WORLD_X must be a number"),
    (b"#" * (2**20 + 10), "too large for a config file"),
])
def test_12_garbage_econfig_is_refused(tmp_path, data, words):
    (tmp_path / "econfig").write_bytes(data)
    run = cli(["fairland", "-e", "econfig", "5", "30"], tmp_path)
    assert run.status == 1 and words in one_line(run)


def test_12_empty_and_comment_econfig_mean_the_defaults(tmp_path):
    from viewer.formats.fairland_empire import read_econfig_world

    (tmp_path / "e1").write_text("")
    (tmp_path / "e2").write_text("# nothing set\n\n")
    assert read_econfig_world(tmp_path / "e1") == read_econfig_world(tmp_path / "e2") == (64, 32)


# Other findings ------------------------------------------------------------------------

def test_outputs_all_or_none_fairland(tmp_path):
    run = cli(["fairland", "-R", "1", "--world", "32x16", "-s", "s1", "--xdump", "nodir/x",
               "2", "20"], tmp_path)
    assert run.status == 1 and one_line(run) == ("fairland: cannot write nodir/x: "
                                                 "no such folder")
    assert not (tmp_path / "s1").exists() and run.out == ""


def test_outputs_all_or_none_when_a_late_write_fails(tmp_path, monkeypatch):
    """A failure after the checks (here: the PNG encoder) leaves nothing."""
    import viewer.formats.png as png
    from viewer.formats.atomic import WriteError

    def boom(arr):
        raise WriteError(28, "cannot write x.png: No space left on device")

    monkeypatch.setattr(png, "png_bytes", boom)
    (tmp_path / "old.npz").write_bytes(b"old")
    run = cli(["tgp", "--size", "64x64", "--seed", "1", "--npz", "old.npz", "--png", "x.png"],
              tmp_path)
    assert run.status == 1 and "No space left on device" in run.err
    assert (tmp_path / "old.npz").read_bytes() == b"old" and not (tmp_path / "x.png").exists()


def test_outputs_same_file_twice_refused(tmp_path):
    run = cli(["numberlink", "generate", "--out", "a.txt", "--solution-out", "./a.txt"],
              tmp_path)
    assert run.status == 1 and "the same file" in one_line(run)


def test_symlink_is_written_through(tmp_path):
    (tmp_path / "target.json").write_text("old")
    (tmp_path / "link.json").symlink_to("target.json")
    run = cli(["ports", "--tgp-size", "64x64", "--seed", "1", "--json", "link.json", "-q"],
              tmp_path)
    assert run.status == 0
    assert (tmp_path / "link.json").is_symlink()
    assert json.loads((tmp_path / "target.json").read_text())["generator"] == "ports"


def test_dangling_symlink_creates_its_target(tmp_path):
    from viewer.formats.atomic import write_atomic

    (tmp_path / "link").symlink_to("made.txt")
    write_atomic(tmp_path / "link", "hello")
    assert (tmp_path / "link").is_symlink() and (tmp_path / "made.txt").read_text() == "hello"


def test_devices_are_written_into_not_replaced(tmp_path):
    run = cli(["numberlink", "generate", "--out", "/dev/null"], tmp_path)
    assert run.status == 0 and Path("/dev/null").is_char_device()


def test_messages_have_no_errno_prefix(tmp_path):
    run = cli(["numberlink", "generate", "--out", "nodir/x.txt"], tmp_path)
    assert run.status == 1
    assert one_line(run) == "numberlink: cannot write nodir/x.txt: no such folder"
    from viewer.formats.atomic import WriteError

    assert str(WriteError(13, "cannot write x: Permission denied")) == \
        "cannot write x: Permission denied"


def test_count_is_bounded(tmp_path):
    run = cli(["numberlink", "generate", "--count", "10001"], tmp_path)
    assert run.status == 1 and "--count: must be at most 10000, not 10001" in run.err


def _cancel_latency(gen, values, when) -> float:
    from viewer.engine.protocol import Cancelled, CancelToken

    token = CancelToken()
    done = {}

    def work():
        try:
            gen.generate(values, seed=1, cancel=token)
            done["how"] = "finished"
        except Cancelled:
            done["how"] = "cancelled"
        done["t"] = time.perf_counter()

    th = threading.Thread(target=work)
    th.start()
    t_start = time.perf_counter()
    while not when(token) and th.is_alive() and time.perf_counter() - t_start < 60:
        time.sleep(0.002)
    time.sleep(0.01)
    t0 = time.perf_counter()
    token.cancel()
    th.join(60)
    assert done.get("how") == "cancelled", done
    return done["t"] - t0


@pytest.mark.parametrize("phase", [3, 4])  # elevate, resources: fairland's last phases
def test_cancel_fairland_last_phases(phase):
    from viewer.engine.fairland.generator import FAIRLAND

    values = FAIRLAND.validate({"world": (1024, 512), "nc": 10, "sc": 1000, "ni": 20,
                                "is": 300})
    FAIRLAND.generate({"world": (64, 32)}, seed=1)  # compiled before timing
    assert _cancel_latency(FAIRLAND, values, lambda t: t.flag[1] >= phase) < 0.2


def test_cancel_ports_tgp_phase():
    from viewer.engine.ports.generator import PORTS

    PORTS.generate({"tgp_size": (64, 64)}, seed=1)
    values = PORTS.validate({"tgp_size": (2048, 2048)})
    started = time.perf_counter()
    latency = _cancel_latency(PORTS, values, lambda t: time.perf_counter() - started > 0.15)
    assert latency < 0.2


def test_4_names_that_are_not_utf8_are_written_back_as_bytes(tmp_path):
    """fairland -s NAME prints NAME: bytes that are not UTF-8 come back as
    the same bytes (as the C program prints them), not a UnicodeEncodeError."""
    proc = _viewer(["fairland", "-R", "1", "--world", "32x16", b"-s", b"s\xff", "2", "20"],
                   cwd=tmp_path, capture_output=True)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.endswith(b'can be found in "s\xff".\n')
    assert os.path.exists(os.path.join(os.fsencode(tmp_path), b"s\xff"))


def test_fairland_progress_says_it_is_working(tmp_path):
    run = cli(["fairland", "--progress", "-q", "--world", "512x512", "-R", "1", "5", "30"],
              tmp_path)
    assert run.status == 0
    assert run.err == "fairland: making a 512x512 world, this takes a while...\n"


@pytest.mark.parametrize("prog,argv", [
    ("tgp", ["--size", "64x64", "--seed", "1", "-q", "--progress"]),
    ("ports", ["--tgp-size", "64x64", "--seed", "1", "-q", "--progress"])])
def test_progress_on_request(tmp_path, prog, argv):
    run = cli([prog, *argv], tmp_path)
    assert run.status == 0 and run.err.startswith(f"{prog}: ") and "%)" in run.err


def test_many_seas_on_the_border_stay_quick():
    """A hostile heightmap with thousands of one-corner seas along its border
    (found by fuzzing): the open-sea targets take one pass, not one per sea."""
    from viewer.engine.ports.generator import PORTS
    from viewer.engine.ports.placement import place

    n = 2049
    rel = np.full((n, n), 100.0)
    rel[0, ::2] = rel[-1, ::2] = rel[::2, 0] = rel[::2, -1] = -1.0
    rel[n // 2 - 50: n // 2 + 50, n // 2 - 50: n // 2 + 50] = -5.0  # an inland sea (a lake)
    t0 = time.perf_counter()
    pl = place(rel, PORTS.settings(PORTS.validate({"n_ports": 5})), 1)
    assert time.perf_counter() - t0 < 10
    assert pl.target[0, 0] and pl.is_open.sum() == 4 * (n // 2) and pl.lake_ids.size == 1


def test_characters_the_locale_lacks_are_question_marks(tmp_path):
    (tmp_path / "p.txt").write_text("2 1\n💥 💥\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "viewer", "numberlink", "solve", "p.txt"],
                          cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"2 1\n? ?\nsolutions: 1\n", b"")


def test_sweep_jobs_bounded(tmp_path):
    run = cli(["sweep", "tgp", "--seeds", "1..2", "--out", "t.csv", "--jobs", "100000"],
              tmp_path)
    assert run.status == 1 and "--jobs must be at most 256" in one_line(run)
    assert not (tmp_path / "t.csv").exists()


def test_count_times_squares_bounded(tmp_path):
    run = cli(["numberlink", "generate", "--size", "128x128", "--count", "1025"], tmp_path)
    assert run.status == 1 and "at most 16777216" in one_line(run)


@pytest.mark.parametrize("argv,words", [
    (["fairland", "-R", "1", "5", "9" * 5000], "fairland: size of continents must be > 1"),
    (["sweep", "tgp", "--seeds", "9" * 5000 + "..1", "--out", "x.csv"], "--seeds: '999"),
    (["sweep", "tgp", "--seeds", "1," + "9" * 5000, "--out", "x.csv"], "is not a seed"),
    (["tgp", "--seed", "9" * 5000], "tgp: seed must be a whole number"),
    (["numberlink", "generate", "--count", "9" * 5000], "--count"),
])
def test_numbers_longer_than_pythons_digit_limit(tmp_path, argv, words):
    """Found by the fuzz suite: int() refuses more than 4300 digits."""
    run = cli(argv, tmp_path)
    assert run.status == 1 and words in one_line(run) and len(one_line(run)) < 200


def test_fairland_seed_of_5000_digits_saturates_as_strtoul(tmp_path):
    run = cli(["fairland", "-q", "-R", "9" * 5000, "--world", "32x16", "2", "20"], tmp_path)
    same = cli(["fairland", "-q", "-R", str(2**32 - 1), "--world", "32x16", "2", "20"],
               tmp_path)
    assert run.status == same.status == 0
