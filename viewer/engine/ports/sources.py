"""Where the heightmap comes from: a TerraGenesis map or a greyscale PNG.

Both give corner heights ``(h+1, w+1)`` for ``h`` x ``w`` cells, a sea
level (a corner is below sea level when its height is less than it) and
the height of one level (the scale of the local terrain's relief):

- TGP: the normalised heightmap (``result.detail.heightmap_corners``,
  16 fixed-point units per height level) of either OpenTTD version
  (``values["openttd"]``: 15.2 or r13671), any size TGP makes, square or
  not; sea level 16, i.e. a corner is sea where its height level is 0.
  A finished OpenTTD 15.2 map (past the water pass: climate, rivers, tile
  loops) gives the game's own corner heights instead, its tile heights
  (TileHeight is the height of a tile's north corner; the last row and
  column of corners repeat the edge), 16 units a level, so the valleys the
  rivers dug are there, and its inland water: the corners of its river
  tiles (rivers, their widening, lakes and wetland water, water class
  River), which are lakes for the ports whatever their height, never a
  port's sea.  A corner no sea tile has is land for the ports at any
  height (low land, shore, the void edge of free-form edges): no port has
  the void for its sea.
- PNG: 8-bit (mode L) or 16-bit greyscale; every pixel is a corner, row 0
  the north edge, and the sea level a grey value.  One level is 16 grey
  values in 8 bits (OpenTTD's heightmap steps), 4096 in 16 bits.
"""

from __future__ import annotations

import os
import struct
import warnings
import zlib
from dataclasses import dataclass

import numpy as np

from ..params import ParamError

PNG_MIN_SIDE = 3          # pixels: two cells each way
PNG_MAX_SIDE = 4097       # pixels: 4096 cells, as TGP's largest map
PNG_MAX_PIXELS = PNG_MAX_SIDE * PNG_MAX_SIDE
"""Images with more pixels are refused from their header, before decoding."""
PNG_MAX_BYTES = 256 * 2**20
"""Larger files are refused unread (a 4097x4097 16-bit PNG is at most ~34 MB)."""
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GREY_MODES = {"L": 255, "I;16": 65535, "I;16B": 65535, "I;16L": 65535, "I": 65535}


@dataclass(frozen=True)
class Heightmap:
    corners: np.ndarray   # (h+1, w+1) heights, row 0 north
    sea_level: float
    unit: float           # one height level
    description: str
    inland: np.ndarray | None = None   # (h+1, w+1) bool: inland water corners, or None

    def relative(self) -> np.ndarray:
        """Corner heights minus the sea level, float64 (sea is negative)."""
        return self.corners.astype(np.float64) - float(self.sea_level)


def tgp_heightmap(values: dict, seed: int, cancel=None) -> Heightmap:
    """The TGP map of ``values`` (its parameters); ``cancel`` (a CancelToken)
    stops it as it stops TGP itself (its phase names are restored after)."""
    from ..tgp.generator import TGP
    from ..tgp.units import HEIGHT_UNIT

    names = cancel.phase_names if cancel is not None else ()
    # r13671's maps as ports have always made them (bundles replay them):
    # TGP right after seeding, not the game's one Random() before it
    values = {"rng_skip": 0, **values} if values.get("openttd") == "r13671" else values
    # 15.2: the terrain (GenerateLandscape's map: heights, sea, rivers and
    # lakes) is all the ports read; the towns and what follows are not made
    if values.get("openttd", "15.2") == "15.2":
        values = {"stop_after": "rivers", **values}
    try:
        res = TGP.generate(values, seed=seed, cancel=cancel)
    finally:
        if cancel is not None:
            cancel.phase_names = names
            cancel.phase = 0
    sx, sy = values["size"]
    version = res.detail.version
    name = f"TerraGenesis {sx}x{sy} seed {seed}" + (" (OpenTTD 15.2)" if version == "15.2"
                                                     else "")
    if version == "15.2" and "river_id" in res.layers:
        corners, inland = finished_corners(res.layers["tile_height"], res.layers["tile_class"])
        return Heightmap(corners, float(HEIGHT_UNIT), float(HEIGHT_UNIT), name, inland)
    return Heightmap(res.detail.heightmap_corners, float(HEIGHT_UNIT), float(HEIGHT_UNIT),
                     name)


RIVER_CLASS = 4
"""A finished 15.2 map's tile class of river and lake water (class River)."""
SEA_CLASS = 1


def off_sea_corners(tile_class: np.ndarray) -> np.ndarray:
    """The corners ``(sy+1, sx+1)`` of a finished 15.2 map that no sea tile
    has: land for the ports whatever their height.  Low land, shore and the
    void of the map's edge (free-form edges: the game's MP_VOID, where no
    ship goes) at level 0 are not the sea; so no port takes the void edge,
    or a strip of shore along it, for its sea."""
    sea = np.asarray(tile_class) == SEA_CLASS
    touched = np.zeros((sea.shape[0] + 1, sea.shape[1] + 1), bool)
    for dy in (0, 1):
        for dx in (0, 1):
            touched[dy:dy + sea.shape[0], dx:dx + sea.shape[1]] |= sea
    return ~touched


def finished_corners(tile_height: np.ndarray, tile_class: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray]:
    """``(corners, inland)`` of a finished 15.2 map: the corner heights
    ``(sy+1, sx+1)`` in fixed point (16 a level; a tile's height is its north
    corner's, the last row and column repeat the edge; a corner of no sea
    tile at least one level: :func:`off_sea_corners`) and the mask of the
    corners of its river tiles (all four corners of each)."""
    from ..tgp.units import HEIGHT_UNIT

    th = np.asarray(tile_height).astype(np.int16) * np.int16(HEIGHT_UNIT)
    tc = np.asarray(tile_class)
    corners = np.pad(th, ((0, 1), (0, 1)), mode="edge")
    dry = off_sea_corners(tc)
    corners[dry] = np.maximum(corners[dry], np.int16(HEIGHT_UNIT))
    river = tc == RIVER_CLASS
    inland = np.zeros(corners.shape, bool)
    for dy in (0, 1):
        for dx in (0, 1):
            inland[dy:dy + river.shape[0], dx:dx + river.shape[1]] |= river
    return corners, inland


def _png_error(path: str, why: str) -> ParamError:
    from ..names import shown_name

    return ParamError(f"heightmap PNG {shown_name(path)}: {why}", "png_path")


_cache: dict[tuple, tuple[np.ndarray, int]] = {}


def _refuse(path: str):
    def refuse(kind: str, st: os.stat_result) -> Exception:
        if kind == "folder":
            return _png_error(path, "is a folder, not a PNG image")
        if kind == "special":
            return _png_error(path, "not a regular file (a pipe or a device?); give a PNG file")
        return _png_error(path, f"too large a file: {st.st_size} bytes, at most "
                          f"{PNG_MAX_BYTES} ({PNG_MAX_BYTES // 2**20} MiB)")
    return refuse


def read_png_heightmap(path: str | os.PathLike) -> tuple[np.ndarray, int]:
    """The grey pixels of a heightmap PNG ``(rows, cols)`` and the largest
    grey value of its mode (255 or 65535), or a ParamError saying why the
    file cannot be used.  The file is opened once, without blocking, and
    what was opened is checked and read (nothing can be swapped in between)."""
    from ..opening import opened_regular

    try:
        path = os.fspath(path)
        with opened_regular(path, PNG_MAX_BYTES, _refuse(path)) as (f, st):
            key = (path, st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)
            if key in _cache:
                return _cache[key]
            data = f.read(PNG_MAX_BYTES + 1)
    except ParamError:
        raise
    except (OSError, TypeError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise _png_error(str(path), f"cannot read it ({why})") from None
    if len(data) > PNG_MAX_BYTES:
        raise _png_error(path, f"too large a file: more than {PNG_MAX_BYTES} bytes")
    arr, top = decode_grey_png(data, path)
    _cache.clear()
    _cache[key] = (arr, top)
    return arr, top


def decode_grey_png(data: bytes, path: str) -> tuple[np.ndarray, int]:
    """The grey pixels of PNG bytes and the top grey value; the size is
    checked from the header before decoding (ParamError naming ``path``)."""
    import io

    from PIL import Image, UnidentifiedImageError

    w, h = _png_header_size(data, path)
    if w < PNG_MIN_SIDE or h < PNG_MIN_SIDE:
        raise _png_error(path, f"too small: {w}x{h} pixels, at least "
                         f"{PNG_MIN_SIDE}x{PNG_MIN_SIDE} needed (each pixel is a corner)")
    if w > PNG_MAX_SIDE or h > PNG_MAX_SIDE:
        raise _png_error(path, f"too large: {w}x{h} pixels, at most "
                         f"{PNG_MAX_SIDE}x{PNG_MAX_SIDE} ({PNG_MAX_PIXELS} pixels)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data), formats=["PNG"])
        with im:
            if im.format != "PNG":
                raise _png_error(path, f"not a PNG image (it is {im.format or 'unknown'})")
            w, h = im.size
            if w < PNG_MIN_SIDE or h < PNG_MIN_SIDE:
                raise _png_error(path, f"too small: {w}x{h} pixels, at least "
                                 f"{PNG_MIN_SIDE}x{PNG_MIN_SIDE} needed (each pixel is a corner)")
            if w > PNG_MAX_SIDE or h > PNG_MAX_SIDE:
                raise _png_error(path, f"too large: {w}x{h} pixels, at most "
                                 f"{PNG_MAX_SIDE}x{PNG_MAX_SIDE}")
            if im.mode not in GREY_MODES:
                raise _png_error(path, f"must be greyscale (8-bit L or 16-bit), not mode "
                                 f"{im.mode}; convert it to greyscale first")
            top = GREY_MODES[im.mode]
            im.load()
            arr = np.asarray(im).astype(np.int32)
    except ParamError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise _png_error(path, f"too large: {exc}") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError,
            MemoryError, struct.error, zlib.error) as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise _png_error(path, f"unreadable ({why})") from None
    if arr.ndim != 2:
        raise _png_error(path, "must be a single-channel greyscale image")
    return arr, top


def _png_header_size(head: bytes, path: str) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk, read without decoding."""
    if head[:8] != _PNG_SIGNATURE:
        raise _png_error(path, "unreadable: not a PNG image (no PNG signature)")
    if len(head) < 24 or head[12:16] != b"IHDR":
        raise _png_error(path, "unreadable: not a PNG image (no IHDR header)")
    w, h = struct.unpack(">II", head[16:24])
    return w, h


def png_heightmap(path: str, sea_level: int) -> Heightmap:
    arr, top = read_png_heightmap(path)
    if sea_level > top:
        raise ParamError(f"sea level {sea_level} is above the brightest grey of this "
                         f"{'8' if top == 255 else '16'}-bit image ({top})", "png_sea_level")
    unit = 16.0 if top == 255 else 4096.0
    h, w = arr.shape
    return Heightmap(arr, float(sea_level), unit,
                     f"{os.path.basename(path)} ({w}x{h} corners, sea below grey {sea_level})")
