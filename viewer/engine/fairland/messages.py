"""What fairland prints on standard output, rebuilt from the kernel's
message log and final state, byte for byte."""

from __future__ import annotations

import functools

import numpy as np

from . import kernel as K
from .layers import NUMLETTER


def header(v: dict, wx: int, wy: int, seed: int) -> str:
    """print_vars() and the banner, up to ``seed is N``."""
    return (
        "Creating a planet with:\n\n"
        f"{v['nc']} continents\n"
        f"continent size: {v['sc']}\n"
        f"number of islands: {v['ni']}\n"
        f"average size of islands: {v['is']}\n"
        f"spike: {v['sp']}%\n"
        f"{v['pm']}% of land is mountain (each continent will have "
        f"{_cdiv(v['pm'] * v['sc'], 100)} mountains)\n"
        f"minimum distance between continents: {v['di']}\n"
        f"minimum distance from islands to continents: {v['id']}\n"
        f"World dimensions: {wx}x{wy}\n"
        "\n        #*# ...fairland rips open a rift in the datumplane... #*#\n\n"
        f"seed is {seed}\n"
    )


def _cdiv(a: int, b: int) -> int:
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_FORMATS = {
    K.MSG_TRY: "\ntry #{0} (out of {1})...\n",
    K.MSG_PLACING: "placing capitals...\n",
    K.MSG_UNSTABLE: "unstable drift\n",
    K.MSG_GROWING_CONT: "growing continents...\n",
    K.MSG_NO_ROOM_CONT: "No room for continents\n",
    K.MSG_ONLY_GREW: "Only managed to grow {0} out of {1} sectors.\n",
    K.MSG_GROWING_ISL: "growing islands:",
    K.MSG_NO_ROOM_ISL: "\nNo room for island #{0}\n",
    K.MSG_ISL_SIZE: " {0}({1})",
    K.MSG_ISL_END: "\n",
    K.MSG_ONLY_ISL: "Only managed to grow {0} out of {1} island sectors.\n",
}


def progress_text(msg: np.ndarray) -> str:
    """The lines fairland prints while placing and growing (all tries)."""
    return "".join(_FORMATS[int(k)].format(int(a), int(b)) for k, a, b, _ in msg)


def text_map(own: np.ndarray, elev: np.ndarray, capx, capy, nc: int, wx: int, wy: int) -> str:
    """fairland's output(): the map, rows from -WORLD_Y/2, each after a newline.

    ``own``/``elev`` are flat, in sector-id order.  Like the C code, a world
    whose WORLD_X/2 is odd indexes with ``(y*WX + x) / 2`` for an x of the
    wrong parity, which lands on the sector to its left; that is kept.
    """
    off, x, y, page, cell_at = _map_geometry(wx, wy)
    c = own[off].astype(np.int64)
    e = elev[off]
    capx = np.asarray(capx, np.int64)
    capy = np.asarray(capy, np.int64)
    continent = (e >= K.LANDMIN) & (e < K.HIGHMIN) & (c < nc)
    ci = np.where(continent, c, 0)  # (a land sector of no island, c = -1, indexes as C's would not)
    capital = continent & ((x == capx[ci]) | (x == (capx[ci] + 2) % wx)) & (y == capy[ci])
    cells = np.where(e < K.LANDMIN, _SEA, np.where(e >= K.HIGHMIN, _MOUNTAIN, np.where(
        c >= nc, _ISLAND, np.where(capital, _LETTERS[c % 62], _LAND))))
    text = page.copy()
    text[cell_at] = cells
    return text.tobytes().decode("ascii")


_SEA, _MOUNTAIN, _ISLAND, _LAND = (np.uint8(ord(ch)) for ch in ".^%#")


@functools.lru_cache(maxsize=8)
def _map_geometry(wx: int, wy: int):
    """What :func:`text_map` reads and writes where, for one world size:
    each printed cell's sector offset, x and y (flat, in print order), the
    page of newlines and spaces the cells go into, and where each goes."""
    ys = np.arange(-(wy // 2), wy // 2) % wy
    sx = -(wx // 2) + (ys % 2)[:, None] + 2 * np.arange(wx // 2)[None, :]
    x = sx % wx
    off = (ys[:, None] * wx + x) // 2
    # each row: a newline, a space on odd rows, then the cells with a space between
    # (fairland prints WORLD_X characters a row: a cell, a space, ...)
    page = bytearray()
    cell_at = np.empty(off.shape, np.int64)
    for i, yy in enumerate(ys.tolist()):
        page += b"\n" + (b" " if yy % 2 else b"")
        cell_at[i] = len(page) + 2 * np.arange(wx // 2)
        page += b" " * wx
    arrays = (off.ravel(), x.ravel(), np.repeat(ys, wx // 2),
              np.frombuffer(bytes(page), np.uint8), cell_at.ravel())
    for a in arrays:
        a.flags.writeable = False
    return arrays


_LETTERS = np.frombuffer(NUMLETTER.encode("ascii"), np.uint8)


