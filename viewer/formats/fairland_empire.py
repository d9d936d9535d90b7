"""Empire's files for a fairland world: the newcap script, the sector table
as ``empdump -x`` prints it, the text map, and econfig's world size.

The sector table is what ``empdump -x`` prints after ``files -f`` and
fairland: one row per sector in sector-id order, every column a freshly
made sector has, with the columns fairland sets filled in.  Coordinates are
printed relative to the deity's origin (x in [-WORLD_X/2, WORLD_X/2)).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ..engine.names import shown_name
from ..engine.protocol import Result
from .reading import read_limited

SECT_COLUMNS = (
    "owner xloc yloc des effic mobil off loyal terr0 terr1 terr2 terr3 dterr xdist ydist "
    "avail elev work coastal newdes min gold fert ocontent uran oldown civil milit shell gun "
    "petrol iron dust bar food oil lcm hcm uw rad c_dist m_dist s_dist g_dist p_dist i_dist "
    "d_dist b_dist f_dist o_dist l_dist h_dist u_dist r_dist c_del m_del s_del g_del p_del "
    "i_del d_del b_del f_del o_del l_del h_del u_del r_del mines pstage ptime che che_target "
    "fallout access road rail dfense"
).split()

# Columns between uran (24) and pstage (69), and after pstage, are 0 for
# every sector fairland writes.
_ZEROS_MID = " ".join(["0"] * (SECT_COLUMNS.index("pstage") - SECT_COLUMNS.index("uran") - 1))
_ZEROS_END = " ".join(["0"] * (len(SECT_COLUMNS) - SECT_COLUMNS.index("pstage") - 1))


def _rel(v: np.ndarray, size: int) -> np.ndarray:
    v = v % size
    return np.where(v >= size // 2, v - size, v)


def newcap_script(result: Result) -> str:
    """The script that adds one country per continent and a visitor."""
    lines = []
    caps = result.detail.capitals
    for c, (x, y) in enumerate(caps):
        lines.append(f"add {c + 1} {c + 1} {c + 1} p\n")
        lines.append(f"newcap {c + 1} {x},{y}\n")
    lines.append(f"add {len(caps) + 1} visitor visitor v\n")
    return "".join(lines)


def xdump_sect(result: Result) -> str:
    """The ``config sect`` table of ``empdump -x`` for this world."""
    return "".join(xdump_sect_chunks(result))


XDUMP_BLOCK = 1 << 15
"""Sectors formatted at a time by :func:`xdump_sect_chunks`."""


def xdump_sect_chunks(result: Result) -> Iterator[str]:
    """:func:`xdump_sect` a block of sectors at a time, so that a large
    world's table is never held whole (2048x2048 makes 373 MB of text)."""
    wx, wy = result.grid.width, result.grid.height
    L = {k: np.asarray(a).ravel() for k, a in result.layers.items()}
    yield "config sect\n" + " ".join(SECT_COLUMNS) + "\n"
    total = wx * wy // 2
    for start in range(0, total, XDUMP_BLOCK):
        uid = np.arange(start, min(total, start + XDUMP_BLOCK))
        part = slice(start, start + uid.size)
        y = 2 * uid // wx
        x = 2 * uid % wx + y % 2
        xr, yr = _rel(x, wx), _rel(y, wy)
        des = L["sector_type"][part].astype(np.int64)
        dterr = (L["own"][part].astype(np.int64) + 1) & 0xFF
        cols = (xr, yr, des, dterr, L["elevation"][part], L["coastal"][part], L["iron"][part],
                L["gold"][part], L["fertility"][part], L["oil"][part], L["uranium"][part])
        yield "".join(
            f"0 {xv} {yv} {d} 0 0 0 0 0 0 0 0 {dt} {xv} {yv} 0 {e} 100 {co} {d} "
            f"{mi} {go} {fe} {oi} {ur} {_ZEROS_MID} healthy {_ZEROS_END}\n"
            for xv, yv, d, dt, e, co, mi, go, fe, oi, ur in zip(*(c.tolist() for c in cols)))
    yield "/config\n"


def text_map(result: Result) -> str:
    """fairland's picture of the world, as printed on standard output."""
    return result.detail.map_text.lstrip("\n") + "\n"


def sect_table(text: str) -> str:
    """The ``config sect`` ... ``/config`` part of an xdump text."""
    start = text.index("config sect\n")
    end = text.index("/config\n", start) + len("/config\n")
    return text[start:end]


_ECONFIG_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s+(.*?)\s*$")


ECONFIG_MAX_BYTES = 2**20
"""Larger files are refused unread (empserver's own econfig is about 20 kB)."""


def _read_config_text(name: str) -> str:
    """The text of a config file: a regular file of at most
    ECONFIG_MAX_BYTES (a pipe, a device or a folder is refused unread)."""
    data = read_limited(name, ECONFIG_MAX_BYTES, "config file")
    if b"\0" in data:
        raise ValueError(f"{shown_name(name)}: not a config file (it holds NUL bytes: "
                         f"binary data?)")
    return data.decode("utf-8", errors="replace")


def read_econfig_world(path: str | Path) -> tuple[int, int]:
    """WORLD_X and WORLD_Y from an Empire econfig (defaults 64 and 32).

    Raises ValueError with a message naming the file (and line) when it is
    not a config file (a pipe or device, too large, binary, a line that is
    not ``KEY VALUE``) or a size is not a number; OSError when the file
    cannot be opened.
    """
    name = os.fspath(path)
    size = {"WORLD_X": 64, "WORLD_Y": 32}
    text = _read_config_text(name)
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _ECONFIG_LINE.match(line)
        if not m:
            raise ValueError(f"{shown_name(name)}:{lineno}: not a config line 'KEY VALUE': "
                             f"{line.strip()[:40]!r}")
        if m.group(1) in size:
            value = m.group(2).strip().strip('"')
            try:
                if len(value) > 20:
                    raise ValueError
                size[m.group(1)] = int(value, 0)
            except ValueError:
                raise ValueError(f"{shown_name(name)}:{lineno}: {m.group(1)} must be a number, "
                                 f"not {value[:40]!r}") from None
    return size["WORLD_X"], size["WORLD_Y"]
