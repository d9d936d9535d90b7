"""Hostile files for the readers: Number Link puzzles, PNG heightmaps,
presets and econfigs.  Each ``check_*`` writes the file, reads it and
asserts the reader either returns something usable or raises its own
error with a message naming the file."""

from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path

import numpy as np
import registered
from hostile import HOSTILE_TEXT
from hypothesis import strategies as st

# -- puzzles ----------------------------------------------------------------------

TOKENS = st.sampled_from([".", "1", "2", "3", "a", "b", "²", "٣", "10", "99", "|", " .",
                          "-1", "0", "x" * 30, "\u200b", "é", "9" * 5000, "007"])


@st.composite
def puzzle_texts(draw) -> str:
    kind = draw(st.integers(0, 4))
    if kind == 0:  # plain text, maybe consistent
        w, h = draw(st.integers(1, 6)), draw(st.integers(1, 6))
        head = draw(st.sampled_from([f"{w} {h}", f"{w} {h} 1", f"{w}", "² 1", f"{w}x{h}",
                                     f"-{w} {h}", f"{w} 99999999999"]))
        rows = [" ".join(draw(st.lists(TOKENS, min_size=w, max_size=w))) for _ in range(h)]
        if draw(st.booleans()):
            rows = rows[: draw(st.integers(0, h))]
        return head + "\n" + "\n".join(rows) + draw(st.sampled_from(["\n", "", "\n\nx\n",
                                                                      "\r\n"]))
    if kind == 1:  # the test program's blocks
        w, h = draw(st.integers(1, 5)), draw(st.integers(1, 5))
        cells = st.sampled_from([" .", " 1", " 2", "12", "ab", "²1", "  ", "-1"])
        rows = ["|" + "".join(draw(st.lists(cells, min_size=w, max_size=w))) + " |"
                for _ in range(h)]
        return "\n".join(rows) + "\n" + draw(st.sampled_from(["", "\n", "\n|", "\n| 1 |\n"]))
    if kind == 2:
        return draw(st.text(max_size=200))
    if kind == 3:
        return draw(st.sampled_from(HOSTILE_TEXT))
    # a real small puzzle (with a bridge, or without), then damaged
    base = draw(st.sampled_from(["4 3\n1 . . 2\n. . . .\n1 . . 2\n",
                                 "5 4\n1 . 2 . 3\n4 . + . 4\n. . . . .\n1 . 2 . 3\n"]))
    i = draw(st.integers(0, len(base)))
    return base[:i] + draw(st.sampled_from(["", "x", "\x00", "\n", " ", "²"])) + base[i + 1:]


def check_puzzle_file(folder: Path, data: bytes, rule: str) -> str:
    from viewer.engine.numberlink.solver import solve
    from viewer.formats.numberlink import NumberLinkFormatError, read_puzzle

    path = folder / "puzzle.txt"
    path.write_bytes(data)
    try:
        puzzle = read_puzzle(path)
    except NumberLinkFormatError as exc:
        assert str(path) in str(exc), exc
        return "refused"
    result = solve(puzzle, rule, 2, time_limit=5)
    assert result.status in ("none", "unique", "several", "unknown", "found")
    for sol in result.solutions:
        assert sol.paths.shape == puzzle.cells.shape
    from viewer.engine.numberlink.grade import grade
    from viewer.engine.numberlink.puzzle import check_solution

    g = grade(puzzle, rule, time_limit=5)
    if g.grade in ("easy", "normal", "hard"):        # the deductions found the one solution
        assert result.status == "unique", (g.grade, result.status)
        assert check_solution(puzzle, g.solution, rule) == []
    elif g.grade in ("several", "none"):
        assert result.status == g.grade
    return "solved"


# -- the puzzle sites' formats: URLs, pzprv3, Janko, Flow Free -------------------------

SITE_SAMPLES = [
    "https://puzz.link/p?numlin/7/6/523i1j5l4i2h3m4g1l\n",
    "https://puzz.link/p?arukone/e/4/4/12l3123j\nnumlin/2/1/11\n",
    "pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /1 -1 1 1 /"
    "0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0 /",
    "pzprv3\narukone\n2\n3\ndontpassallcell\nA . A \nB . B \n1 1 \n1 1 \n0 0 0 \n",
    "begin\npuzzle arukone\nrows 2\ncols 3\nproblem\n1 - 1\n2 - 2\nsolution\n1 1 1\n"
    "2 2 2\nend\n",
    "5,0,1,5;18,17,12;21,16,11,6;3,4,9;0,1,2,7,8,13,14,19,24,23,22;20,15,10,5\n"
    "3:2,0,2,2;0,3;1,2,5,4\n",
]
SITE_BITS = ["", "x", "\x00", "\n", " ", "/", ".", "-", "-1", ";", ",", "z", "$", "99999",
             "numlin", "arukone", "v:", "?", "&", "begin", "end", "²", "\u200b"]


@st.composite
def site_texts(draw) -> str:
    """The sites' formats, real and then damaged, or made up."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.sampled_from(SITE_SAMPLES))
    if kind == 1:
        base = draw(st.sampled_from(SITE_SAMPLES))
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(base)))
            base = base[:i] + draw(st.sampled_from(SITE_BITS)) + base[i + draw(st.integers(0, 3)):]
        return base
    if kind == 2:
        head = draw(st.sampled_from(["https://puzz.link/p?numlin/", "pzprv3\nnumlin\n",
                                     "begin\npuzzle arukone\n", "4,0,1,2;", "numlin/",
                                     "https://puzz.link/p?arukone/"]))
        return head + draw(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz./-+=@%*$ \n;,",
                                   max_size=60))
    return draw(st.sampled_from(HOSTILE_TEXT))


def check_site_file(folder: Path, data: bytes) -> str:
    """A file in a site's format: refused in one line naming the file, or
    read into puzzles that every format writes and reads back to the same
    grids; a URL on its own line is read as it is too."""
    from viewer.formats.numberlink import NumberLinkFormatError
    from viewer.formats.numberlink_sources import FORMATS, format_as, read_source

    path = folder / "site.txt"
    path.write_bytes(data)
    try:
        items = read_source(str(path))
    except NumberLinkFormatError as exc:
        text = str(exc)
        assert str(path) in text and "\n" not in text, text
        return "refused"
    for fmt in FORMATS:
        try:
            written = format_as(fmt, items)
        except ValueError as exc:
            assert "\n" not in str(exc)
            continue
        (folder / "again.txt").write_text(written)
        back = read_source(str(folder / "again.txt"))
        assert len(back) == len(items)
        for a, b in zip(back, items):
            assert np.array_equal(a.puzzle.cells, b.puzzle.cells), fmt
    line = data.decode("utf-8", "replace").split("\n", 1)[0]
    from viewer.engine.numberlink.puzzlink import looks_like_url

    if looks_like_url(line) and not os.path.exists(line):
        try:
            read_source(line)
        except NumberLinkFormatError as exc:
            assert str(exc).startswith("puzz.link URL: ") and "\n" not in str(exc)
    return "read"


# -- PNG heightmaps -----------------------------------------------------------------

def _chunk(t: bytes, d: bytes) -> bytes:
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))


def _png(arr: np.ndarray, mode: str | None = None) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(arr, mode).save(buf, format="PNG") if mode else \
        Image.fromarray(arr).save(buf, format="PNG")
    return buf.getvalue()


@st.composite
def png_files(draw) -> bytes:
    kind = draw(st.integers(0, 5))
    if kind == 0:  # a greyscale image, 8 or 16 bits: any terrain, all sea, all land...
        h, w = draw(st.integers(1, 24)), draw(st.integers(1, 24))
        pattern = draw(st.sampled_from(["ramp", "sea", "land", "dots", "checker", "random"]))
        if pattern == "ramp":
            arr = np.arange(h * w).reshape(h, w)
        elif pattern in ("sea", "land"):
            arr = np.full((h, w), 0 if pattern == "sea" else 200)
        elif pattern == "dots":
            arr = np.full((h, w), 200)
            arr[0, ::2] = arr[-1, ::2] = arr[::2, 0] = arr[::2, -1] = 0
        elif pattern == "checker":
            arr = (np.indices((h, w)).sum(axis=0) % 2) * 200
        else:
            arr = np.array(draw(st.lists(st.integers(0, 255), min_size=h * w,
                                         max_size=h * w))).reshape(h, w)
        return _png((arr % 256).astype(np.uint8)) if draw(st.booleans()) else \
            _png((arr * 300).astype(np.uint16))
    if kind == 1:  # colour
        return _png(np.zeros((draw(st.integers(3, 8)), 5, draw(st.sampled_from([3, 4]))),
                             np.uint8))
    if kind == 2:  # a header claiming any size, little or no data
        w = draw(st.sampled_from([0, 1, 3, 4097, 4098, 20000, 2**31 - 1, 2**32 - 1]))
        h = draw(st.sampled_from([0, 3, 10, 20000, 2**31 - 1]))
        depth, colour = draw(st.sampled_from([(8, 0), (16, 0), (8, 2), (1, 0), (8, 3), (3, 9)]))
        ihdr = struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, draw(st.sampled_from([0, 1])))
        idat = zlib.compress(b"\x00" * draw(st.sampled_from([0, 10, 10000])))
        return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat)
                + _chunk(b"IEND", b""))
    good = _png((np.arange(64).reshape(8, 8) * 3).astype(np.uint8))
    if kind == 3:  # truncated
        return good[: draw(st.integers(0, len(good)))]
    if kind == 4:  # bytes flipped
        data = bytearray(good)
        for _ in range(draw(st.integers(1, 6))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    return draw(st.binary(max_size=300))


def check_png_file(folder: Path, data: bytes) -> str:
    from viewer.engine.params import ParamError
    from viewer.engine.ports.sources import read_png_heightmap

    path = folder / "height.png"
    path.write_bytes(data)
    try:
        arr, top = read_png_heightmap(path)
    except ParamError as exc:
        assert str(path) in str(exc) and exc.param == "png_path", exc
        return "refused"
    assert arr.ndim == 2 and top in (255, 65535)
    # ... and the ports are placed on it (or refused with the Param's message)
    from viewer.engine.ports.generator import PORTS

    try:
        values = PORTS.validate({"source": "png", "png_path": str(path), "n_ports": 8,
                                 "grid": 2, "min_distance": 1.0,
                                 "png_sea_level": 16 if top == 255 else 4800})
    except ParamError as exc:
        assert str(exc), exc
        return "refused"
    result = PORTS.generate(values, seed=1, trace=True)
    assert result.layers["ports"].shape == (arr.shape[0] - 1, arr.shape[1] - 1)
    return "read"


# -- presets ---------------------------------------------------------------------

VALUE = st.one_of(st.integers(-3, 100), st.sampled_from([2**63 - 1, -(2**63)]),
                  st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=10),
                  st.booleans(), st.lists(st.integers(-2, 70), max_size=3),
                  st.sampled_from(["64x32", "256x256", "10x8", "inf", "nan"]))


@st.composite
def preset_files(draw) -> bytes:
    import tomli_w

    from viewer import registry

    kind = draw(st.integers(0, 3))
    if kind == 3:
        return draw(st.one_of(st.binary(max_size=200),
                              st.text(max_size=100).map(lambda t: t.encode("latin-1",
                                                                            "replace")),
                              st.just("generator = \"tgp\"\nseed = 1\n[params]\n"
                                      "size = \"64x64\"\n".encode("utf-16")),
                              st.just(b"a = " + b"[" * 5000 + b"]" * 5000),
                              st.just(b"generator = \"tgp\"\nseed = " + b"9" * 5000)))
    name = draw(st.sampled_from([*registered.names(), "nope"]))
    doc: dict = {}
    if draw(st.integers(0, 5)):
        doc["generator"] = name
    if name != "nope":
        gen = registry.declaration(name).engine
        keys = draw(st.lists(st.sampled_from([p.name for p in gen.params] + ["bogus"]),
                             max_size=3, unique=True))
        doc["params"] = {k: draw(VALUE) for k in keys}
    if draw(st.booleans()):
        doc["seed"] = draw(st.one_of(VALUE, st.integers(0, 2**32 - 1)))
    if draw(st.booleans()):
        doc["title"] = draw(VALUE)
    try:
        return tomli_w.dumps(doc).encode("utf-8")
    except (TypeError, ValueError):
        return b"generator = 1\n"


def check_preset_file(folder: Path, data: bytes) -> str:
    from viewer import registry
    from viewer.formats.presets import PresetError, load_preset, save_preset

    path = folder / "p.toml"
    path.write_bytes(data)
    try:
        preset = load_preset(path)
    except PresetError as exc:
        assert str(exc) and "p.toml" in str(exc), exc
        return "refused"
    gen = registry.declaration(preset.generator).engine
    gen.validate(preset.params)  # what loads, the generator takes
    if preset.seed is not None:
        gen.check_seed(preset.seed)
    save_preset(folder / "again.toml", preset)
    again = load_preset(folder / "again.toml")
    assert again.generator == preset.generator and again.seed == preset.seed
    return "loaded"


# -- econfig ----------------------------------------------------------------------

@st.composite
def econfig_files(draw) -> bytes:
    lines = draw(st.lists(st.one_of(
        st.sampled_from(["WORLD_X 64", "WORLD_Y 32", "WORLD_X 0x40", "WORLD_Y \"16\"",
                         "# comment", "", "data \"data\"", "WORLD_X", "WORLD_X sixty",
                         "WORLD_X 99999999999999999999999", "=", "WORLD_X 64 64"]),
        st.text(max_size=30)), max_size=6))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 5)) == 0:
        data += draw(st.binary(max_size=50))
    return data


def check_econfig_file(folder: Path, data: bytes) -> str:
    from viewer.formats.fairland_empire import read_econfig_world

    path = folder / "econfig"
    path.write_bytes(data)
    try:
        wx, wy = read_econfig_world(path)
    except ValueError as exc:
        assert str(path) in str(exc), exc
        return "refused"
    assert isinstance(wx, int) and isinstance(wy, int)
    return "read"


# -- openttd.cfg ---------------------------------------------------------------------

CFG_LINES = st.sampled_from([
    "[game_creation]", "[difficulty]", "[economy]", "[construction]", "[patches]", "[newgrf]",
    "[game_creation", "map_x = 7", "map_x = 13", "map_y = -1", "map_x=99999999999999999999",
    "landscape = tropic", "landscape = 9", "landscape = moon", 'landscape = "arctic',
    "freeform_edges = on", "freeform_edges = maybe", "town_layout = 4", "town_layout = 5",
    "larger_towns = 0", "larger_towns = 4x", "starting_year = 1950", "starting_year = -5",
    "town_name = german", "town_name = english", "number_towns = 4", "custom_town_number =",
    "land_generator = 0", "land_generator = 1", "max_bridge_length = 3", "; comment",
    "# comment", "", "   ", '"map_y" = 6', "map_y\t8", "x", "=", "[]", "²", "\u200b = 1"])


@st.composite
def openttd_cfg_files(draw) -> bytes:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        text = "\n".join(draw(st.lists(CFG_LINES, max_size=12)))
    elif kind == 1:
        text = draw(st.text(max_size=200))
    elif kind == 2:
        text = draw(st.sampled_from(HOSTILE_TEXT))
    else:
        return draw(st.binary(max_size=200))
    return text.encode(draw(st.sampled_from(["utf-8", "latin-1", "utf-16"])), "replace")


def check_openttd_cfg_file(folder: Path, data: bytes) -> str:
    """Read and its values made, or refused in one line naming the file."""
    from viewer.formats.tgp_openttd_cfg import OpenttdCfgError, read_openttd_cfg

    path = folder / "openttd.cfg"
    path.write_bytes(data)
    try:
        values = read_openttd_cfg(path).values()
    except OpenttdCfgError as exc:
        assert "\n" not in str(exc) and "openttd.cfg" in str(exc), exc
        return "refused"
    assert values["openttd"] == "15.2"
    return "read"
