"""Hostile command lines for each command, as hypothesis strategies (shared by
the CI tests and the long profile)."""

from __future__ import annotations

from pathlib import Path

from hostile import HOSTILE_TEXT
import registered
from hypothesis import strategies as st

# Output targets: new, existing (must survive a failure), in a missing or
# unwritable folder, a folder, a symlink, odd names, and what is not a file
# (a named pipe, a device: refused at once, never a hang).
TARGETS = ("out.a", "out.b", "keep.txt", "nodir/x", "ro/x", "sub", "link", "--", "-", "",
           "/dev/null", ".", "keep.txt/x", "out.a", "fifo", "/dev/full", "n\nl.out",
           "x" * 300)

PRESETS = tuple(str(p) for p in sorted((Path(__file__).resolve().parents[2] / "resources"
                                        / "presets").glob("*.toml")))
"""The shipped presets, which every command that takes a preset loads."""
PRESET_INPUTS = PRESETS + ("saved.toml", "keep.txt", "garbage.bin", "fifo", "sub", "nope.toml")

TEXT = st.sampled_from(HOSTILE_TEXT)


def setup_folder(folder: Path) -> None:
    """The files the targets refer to."""
    (folder / "keep.txt").write_text("keep me\n")
    (folder / "keep2.txt").write_text("keep me too\n")
    (folder / "sub").mkdir(exist_ok=True)
    ro = folder / "ro"
    ro.mkdir(exist_ok=True)
    ro.chmod(0o555)
    link = folder / "link"
    if not link.is_symlink():
        link.symlink_to("keep2.txt")


def _opt(flag: str, values: st.SearchStrategy) -> st.SearchStrategy:
    """``[flag, value]``, ``[flag=value]`` or the flag alone."""
    return st.one_of(
        st.tuples(st.just(flag), values).map(list),
        values.map(lambda v: [f"{flag}={v}"]),
        st.just([flag]),
        st.just([f"{flag}=--"]),
    )


def _argv(options: list[st.SearchStrategy], head: list[str] | None = None,
          max_size: int = 5) -> st.SearchStrategy:
    return st.lists(st.one_of(options), max_size=max_size).map(
        lambda parts: list(head or []) + [t for part in parts for t in part])


def _numbers_text(lo: int, hi: int) -> st.SearchStrategy:
    return st.one_of(st.integers(lo, hi).map(str), TEXT)


# -- fairland ----------------------------------------------------------------------

def fairland_argv() -> st.SearchStrategy:
    world = st.one_of(st.sampled_from(["64x32", "32x16", "16x8", "8x4"]), TEXT,
                      st.sampled_from(["7x4", "2050x4", "0x0", "64x33", "99999999999x2"]))
    friendly = st.integers(0, 40).map(str)
    rest = st.lists(st.one_of(friendly, friendly, friendly, TEXT,
                              st.sampled_from(["2147483647", "-2147483648", "99999999999",
                                               "-3", "0"])),
                    max_size=7)
    nc = st.one_of(st.integers(1, 6).map(str), st.integers(1, 6).map(str), TEXT)
    sc = st.one_of(st.integers(2, 30).map(str), st.integers(2, 30).map(str), TEXT,
                   st.just("2147483647"))
    nums = st.tuples(nc, sc, rest).map(lambda t: [t[0], t[1], *t[2]])
    opts = [
        _opt("--world", world), _opt("--xdump", st.sampled_from(TARGETS)),
        _opt("--png", st.sampled_from(TARGETS)), _opt("--layer", st.one_of(TEXT, st.just("own"))),
        st.tuples(st.just("-s"), st.sampled_from(TARGETS)).map(list),
        st.tuples(st.just("-R"), st.one_of(TEXT, st.integers(0, 2**32).map(str))).map(list),
        st.tuples(st.just("-e"), st.sampled_from(["econfig", "garbage.bin", "/dev/zero",
                                                  "fifo", "sub", "nope"])).map(list),
        st.sampled_from([["-q"], ["-i"], ["--ndebug"], ["-h"], ["-v"], ["-x"], ["--"],
                         ["--wor"], ["--ndebug=1"], ["-"], ["-qR"], ["-R"]]),
    ]
    return st.tuples(_argv(opts, max_size=3), nums).map(
        lambda t: ["fairland", "--world", "32x16", "-R", "1", *t[0], *t[1]])


# -- tgp -------------------------------------------------------------------------

def tgp_argv() -> st.SearchStrategy:
    from viewer.engine.tgp.generator import PARAMS

    opts = []
    for p in PARAMS:
        flag = p.cli or "--" + p.name.replace("_", "-")
        if p.name == "size":  # valid sizes only small ones: a run stays quick
            values = st.one_of(st.sampled_from(["64x64", "128x64", "64x128"]), TEXT,
                               st.sampled_from(["65x64", "8192x64", "0x0", "64x64x64"]))
        elif p.kind == "int":
            values = _numbers_text(-2, int(p.maximum or 5) + 2)
        else:
            values = st.one_of(st.sampled_from(list(p.choices)), TEXT)
        opts.append(_opt(flag, values))
    # (the Params above give the 15.2 pipeline's own flags: --rivers, --min-river-length,
    # --river-route-random, --snow-coverage, --desert-coverage, --tree-placer, --stop-after)
    opts += [_opt("--seed", st.one_of(st.integers(0, 2**32).map(str), TEXT,
                                      st.sampled_from(["4294967295", "4294967294"]))),
             _opt("--npz", st.sampled_from(TARGETS)), _opt("--png", st.sampled_from(TARGETS)),
             _opt("--heightmap-png", st.sampled_from(TARGETS)),
             _opt("--console-script", st.sampled_from(TARGETS)),
             _opt("--openttd-cfg", st.sampled_from(TARGETS)),
             _opt("--layer", st.one_of(st.sampled_from(["heightmap", "water", "tropic",
                                                        "snow", "river_id", "ground"]), TEXT)),
             st.sampled_from([["--openttd", "r13671", "--console-script", "out.a"],
                              ["--height-limit", "9", "--console-script", "out.b"],
                              ["--seed", "4294967295", "--console-script", "keep.txt"],
                              ["--stop-after", "water", "--console-script", "out.a"],
                              ["--landscape", "tropic", "--rivers", "lots"],
                              ["--landscape", "arctic", "--snow-coverage", "100"],
                              ["--rivers", "0", "--stop-after", "climate"],
                              ["--stop-after", "clear", "--npz", "out.a"],
                              ["--town-name", "French", "--stop-after", "towns"],
                              ["--stop-after", "world", "--npz", "out.a"],
                              ["--industry-density", "custom", "--custom-industry-number",
                               "300", "--stop-after", "industries", "--npz", "out.b"],
                              ["--tree-placer", "original", "--extra-tree-placement",
                               "no growth", "--stop-after", "trees",
                               "--console-script", "out.a"],
                              ["--starting-year", "1700", "--stop-after", "world"],
                              ["--openttd", "r13671", "--openttd-cfg", "keep.txt"]]),
             _opt("--scale", st.one_of(st.sampled_from(["1", "2", "64", "65", "0"]), TEXT)),
             _opt("--highest-peak", _numbers_text(-1, 300)),
             _opt("--preset", st.sampled_from(PRESET_INPUTS)),
             _opt("--heightmap-format", st.one_of(st.sampled_from(["modern", "r13671"]), TEXT)),
             st.sampled_from([["-q"], ["-h"], ["--bogus"], ["--"], ["-"], ["--size"]])]
    return _argv(opts, head=["tgp", "--size", "64x64", "--seed", "1"])


# -- ports -------------------------------------------------------------------------

def ports_argv() -> st.SearchStrategy:
    from viewer.engine.ports.generator import PARAMS

    opts = []
    for p in PARAMS:
        flag = p.cli or "--" + p.name.replace("_", "-")
        if p.name == "tgp_size":
            values = st.one_of(st.sampled_from(["64x64", "128x64"]), TEXT)
        elif p.name == "png_path":
            values = st.sampled_from(["grey.png", "rgb.png", "bomb.png", "garbage.bin",
                                      "truncated.png", "fifo", "sub", "nope.png", "keep.txt"])
        elif p.kind == "int":
            lo = int(p.minimum) if p.minimum is not None else 0
            hi = min(int(p.maximum), 200) if p.maximum is not None else 200
            values = _numbers_text(lo - 1, hi + 1)
        elif p.kind == "float":
            values = st.one_of(st.floats(float(p.minimum) - 1, float(p.maximum) + 1,
                                         allow_nan=False).map(repr), TEXT)
        elif p.kind == "curve":
            values = st.one_of(st.sampled_from(["0:0.5,30:1,90:0", "0:1,90:1", "0:1",
                                                "90:1,0:1", "0:-1,90:1", "0:1e400,90:1"]),
                               TEXT)
        else:
            values = st.one_of(st.sampled_from(list(p.choices)), TEXT)
        opts.append(_opt(flag, values))
    opts += [_opt("--seed", st.one_of(st.integers(0, 2**32).map(str), TEXT)),
             _opt("--json", st.sampled_from(TARGETS)), _opt("--csv", st.sampled_from(TARGETS)),
             _opt("--png", st.sampled_from(TARGETS)),
             _opt("--scale", st.one_of(st.sampled_from(["1", "2", "64", "65"]), TEXT)),
             st.sampled_from([["-q"], ["-h"], ["--bogus"], ["--"]])]
    return _argv(opts, head=["ports", "--tgp-size", "64x64", "--seed", "1", "--ports", "5"])


# -- numberlink ------------------------------------------------------------------------

URLS = ["https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j",          # short of the grid
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j.",         # a hidden number
        "https://puzz.link/p?arukone/e/4/4/12l3123j",
        "https://puzz.link/p?slither/5/5/1", "http://pzv.jp/p.html?numlin/1/1/g",
        "https://puzz.link/p?numlin/600/600/z"]
PZPRV3 = ("pzprv3\narukone\n4\n4\npassallcell\nA B . . \n. . . . \nC A B C \n. . . . \n"
          "0 1 1 \n1 0 1 \n0 0 0 \n1 1 1 \n1 0 0 1 \n0 1 1 0 \n1 0 0 1 \n")


def numberlink_argv() -> st.SearchStrategy:
    size = st.one_of(st.sampled_from(["5x5", "4x3", "6x4", "3x4"]), TEXT,
                     st.sampled_from(["3x3", "129x5", "2x10", "0x0"]))
    gen_opts = [
        _opt("--size", size), _opt("--seed", TEXT),
        _opt("--count", st.one_of(st.sampled_from(["1", "2", "0", "10001", "-1"]), TEXT)),
        _opt("--mode", st.one_of(st.sampled_from(["faithful", "fast"]), TEXT)),
        _opt("--fast-rounds", _numbers_text(-1, 40)),
        _opt("--rule", st.one_of(st.sampled_from(["fill", "free", "fill-no-touch"]), TEXT)),
        _opt("--extend-share", _numbers_text(-1, 101)),
        _opt("--max-boring", _numbers_text(-1, 101)),
        _opt("--max-tries", st.one_of(st.sampled_from(["1", "3", "0", "100001"]), TEXT)),
        _opt("--format", st.one_of(st.sampled_from(["text", "testmain", "url", "pzprv3",
                                                     "janko", "flow"]), TEXT)),
        _opt("--url-type", st.one_of(st.sampled_from(["numlin", "arukone"]), TEXT)),
        _opt("--out", st.sampled_from(TARGETS)), _opt("--solution-out", st.sampled_from(TARGETS)),
        _opt("--png", st.sampled_from(TARGETS)), _opt("--solution-png", st.sampled_from(TARGETS)),
        st.sampled_from([["--unique"], ["--quality"], ["--progress"], ["-h"], ["--bogus"]]),
        _opt("--difficulty", st.one_of(st.sampled_from(["easy", "normal", "hard", "extreme",
                                                        "any"]), TEXT)),
        _opt("--min-length", st.one_of(st.sampled_from(["0", "3", "30", "-1"]), TEXT)),
        _opt("--max-same-length", _numbers_text(0, 101)),
        _opt("--bridges", st.one_of(st.sampled_from(["0", "1", "2", "9", "51", "-1"]), TEXT)),
        _opt("--svg", st.sampled_from(TARGETS)), _opt("--pdf", st.sampled_from(TARGETS)),
        _opt("--solution-svg", st.sampled_from(TARGETS)),
    ]
    grade_opts = [
        _opt("--rule", st.one_of(st.sampled_from(["fill", "free", "fill-no-touch"]), TEXT)),
        _opt("--time-limit", st.one_of(st.sampled_from(["0", "0.5", "2", "nan", "-1"]), TEXT)),
        st.sampled_from([["--steps"], ["-h"], ["--bogus"]]),
    ]
    book_opts = [
        _opt("--count", st.one_of(st.sampled_from(["1", "2", "0", "1001", "-1"]), TEXT)),
        _opt("--size", st.one_of(st.sampled_from(["5x5", "6x4", "60x60", "3x3"]), TEXT)),
        _opt("--difficulty", st.one_of(st.sampled_from(["easy", "hard", "extreme"]), TEXT)),
        _opt("--seed", TEXT), _opt("--paper", st.one_of(st.sampled_from(["a4", "letter"]), TEXT)),
        _opt("--max-tries", st.one_of(st.sampled_from(["1", "3", "0"]), TEXT)),
        _opt("--bridges", st.one_of(st.sampled_from(["0", "1", "5"]), TEXT)),
        _opt("--pdf", st.sampled_from(TARGETS)), _opt("--svg", st.sampled_from(TARGETS)),
        _opt("--title", TEXT),
    ]
    solve_opts = [
        _opt("--rule", st.one_of(st.sampled_from(["fill", "free", "fill-no-touch"]), TEXT)),
        _opt("--max-solutions", st.one_of(st.sampled_from(["1", "2", "5", "0", "1001"]), TEXT)),
        _opt("--time-limit", st.one_of(st.sampled_from(["0", "0.5", "2", "inf", "nan", "1e10",
                                                        "-1", "1e400"]), TEXT)),
        _opt("--png", st.sampled_from(TARGETS)), st.sampled_from([["--all"], ["-h"]]),
    ]
    puzzles = st.sampled_from(["p_ok.txt", "p_col.txt", "p_one.txt", "p_sup.txt", "p_big.txt",
                               "p_bridge.txt", "p_bridge_edge.txt", "p_bridge_end.txt",
                               "garbage.bin", "fifo", "sub", "nope.txt", "keep.txt", "",
                               "p_url.txt", "p_pzprv3.txt", "p_janko.txt", "p_flow.txt",
                               "p_bad_url.txt", *URLS])
    generate = _argv(gen_opts, head=["numberlink", "generate", "--size", "5x5", "--seed", "s"])
    solve = st.tuples(puzzles, _argv(solve_opts)).map(
        lambda t: ["numberlink", "solve", t[0], *t[1]])
    grade = st.tuples(puzzles, _argv(grade_opts)).map(
        lambda t: ["numberlink", "grade", t[0], *t[1]])
    book = _argv(book_opts, head=["numberlink", "book", "--size", "5x5", "--count", "2",
                                  "--difficulty", "easy"])
    convert_opts = [
        _opt("--to", st.one_of(st.sampled_from(["url", "pzprv3", "janko", "flow", "text",
                                                "testmain"]), TEXT)),
        _opt("-o", st.sampled_from(TARGETS)),
        _opt("--url-type", st.one_of(st.sampled_from(["numlin", "arukone"]), TEXT)),
        _opt("--rule", st.one_of(st.sampled_from(["fill", "free", "fill-no-touch"]), TEXT)),
        _opt("--level", st.one_of(st.sampled_from(["1", "2", "0", "-1"]), TEXT)),
        st.sampled_from([["--solve"], ["-h"], ["--bogus"]]),
    ]
    convert = st.tuples(puzzles, _argv(convert_opts)).map(
        lambda t: ["numberlink", "convert", t[0], *t[1]])
    book_of = st.tuples(puzzles, _argv([_opt("--svg", st.sampled_from(TARGETS)),
                                        _opt("--pdf", st.sampled_from(TARGETS))])).map(
        lambda t: ["numberlink", "book", t[0], *t[1]])
    other = st.sampled_from([["numberlink"], ["numberlink", "bogus"], ["numberlink", "-h"],
                             ["numberlink", "solve"], ["numberlink", "generate", "--size=--"],
                             ["numberlink", "grade"], ["numberlink", "book"],
                             ["numberlink", "convert"]])
    return st.one_of(generate, solve, grade, book, convert, book_of, other)


def setup_inputs(folder: Path) -> None:
    """Input files the command lines name: puzzles, PNGs, econfigs, a FIFO."""
    import os
    import struct
    import zlib

    import numpy as np

    from viewer.formats.png import png_bytes

    setup_folder(folder)
    (folder / "saved.toml").write_text('generator = "tgp"\nseed = 5\n[params]\n'
                                       'openttd = "r13671"\nsize = "64x64"\n'
                                       'custom_terrain = 9\nrivers = 3\nrng_skip = 0\n')
    (folder / "p_ok.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    (folder / "p_col.txt").write_text("1 2\n1\n1\n")
    (folder / "p_one.txt").write_text("1 1\n.\n")
    (folder / "p_sup.txt").write_text("2 1\n² ²\n")
    (folder / "p_big.txt").write_text("200 1\n" + " ".join(["."] * 200) + "\n")
    (folder / "p_bridge.txt").write_text("5 5\nc . a . d\nc . . . d\nb . + . b\n"
                                          ". . . . .\n. . a . .\n")
    (folder / "p_bridge_edge.txt").write_text("3 3\n+ . .\n. a a\n. . .\n")
    (folder / "p_bridge_end.txt").write_text("3 3\na . .\n. + .\n. . a\n")
    (folder / "p_url.txt").write_text(URLS[0] + "\n" + URLS[3] + "\n")
    (folder / "p_bad_url.txt").write_text(URLS[0] + "\n" + URLS[1] + "\n")
    (folder / "p_pzprv3.txt").write_text(PZPRV3)
    (folder / "p_janko.txt").write_text("begin\npuzzle arukone\nsize 3\nproblem\n1 - 2\n"
                                        "- - -\n1 - 2\nend\n")
    (folder / "p_flow.txt").write_text("3:2,0,1,2;0,3;1,2,5,4\n3,0,2,2;0,1,2,5;3,4,7,6\n")
    (folder / "garbage.bin").write_bytes(bytes(range(256)) * 8)
    (folder / "econfig").write_text("WORLD_X 32\nWORLD_Y 16\n")
    grey = (np.arange(33 * 33).reshape(33, 33) % 200).astype(np.uint8)
    (folder / "grey.png").write_bytes(png_bytes(grey))
    rgb = np.zeros((16, 16, 3), np.uint8)
    (folder / "rgb.png").write_bytes(png_bytes(rgb))
    good = png_bytes(grey)
    (folder / "truncated.png").write_bytes(good[: len(good) // 2])

    def chunk(t: bytes, d: bytes) -> bytes:
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))

    ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, 0, 0, 0, 0)
    (folder / "bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                                      + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)


# -- sweep -------------------------------------------------------------------------

def sweep_argv() -> st.SearchStrategy:
    gens = st.sampled_from([*registered.names(), "nope", ""])
    names = st.sampled_from(["world", "nc", "sc", "size", "terrain", "tgp_size", "n_ports",
                             "mode", "bogus", "", "seed", "openttd", "rivers", "rng_skip",
                             "stop_after", "variety"])
    versions = st.sampled_from(["openttd=r13671", "openttd=15.2", "rivers=3", "rng_skip=2",
                                "stop_after=water", "stop_after=climate"])
    small = {"fairland": ["--set", "world=32x16", "--set", "nc=2", "--set", "ni=2",
                          "--set", "sc=10"],
             "tgp": ["--set", "size=64x64"], "numberlink": ["--set", "size=5x5"],
             "ports": ["--set", "tgp_size=64x64", "--set", "n_ports=3"]}
    pair = st.tuples(names, TEXT).map(lambda t: f"{t[0]}={t[1]}")
    opts = [
        _opt("--seeds", st.one_of(st.sampled_from(["1..2", "1", "3,4", "2..1", "0..99999999999",
                                                    "a..b", "1..", ",,", "-1..2"]), TEXT)),
        _opt("--set", st.one_of(pair, versions, TEXT)), _opt("--vary", st.one_of(pair, TEXT)),
        _opt("--preset", st.sampled_from(PRESET_INPUTS)),
        _opt("--out", st.sampled_from(["t.csv", "t.parquet", "t.txt", "nodir/t.csv",
                                       "keep.txt", "sub", "link", "--"])),
        _opt("--top", st.one_of(st.sampled_from(["1", "0", "5"]), TEXT)),
        _opt("--by", st.one_of(st.sampled_from(["seed", "land_share", "bogus"]), TEXT)),
        _opt("--jobs", st.sampled_from(["1", "0", "-1", "x"])),
        st.sampled_from([["-q"], ["--ascending"], ["-h"], ["--bogus"]]),
    ]
    return st.tuples(gens, _argv(opts, max_size=4)).map(
        lambda t: ["sweep", t[0], *small.get(t[0], []), "--seeds", "1..2", "--jobs", "1",
                   "--out", "t.csv", "-q", *t[1]])
