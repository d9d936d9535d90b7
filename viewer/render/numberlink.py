"""Number Link pictures.  No Qt.

:func:`picture` draws a grid of light squares, each path as a thick
coloured line between square centres, and each end as a disc in its path's
colour with its label.  On top it can draw what the generator was doing
(the debug layers of a trace step) and where a second solution differs from
the first:

* ``attempt``: the end being extended (orange frame) and the square it
  tries (magenta frame);
* ``pushed``: the old routes of the paths an extension pushed, as thin
  dashed dark lines;
* ``region``: the squares a cut path may be rebuilt in, hatched;
* ``off`` (a step of "Solve step by step"): each link ruled out so far as
  a small dark × on the side of the squares it would have crossed;
* ``second`` and ``diff``: the squares where a second solution differs are
  tinted red and the region they form is outlined in red; there the second
  solution's lines are drawn over the first's (thinner, outlined in black),
  over the puzzle alone too (the first's lines there only).

The picture of a ``w`` x ``h`` grid at ``cell`` pixels per square is
``(h * cell + 1, w * cell + 1, 4)`` RGBA: square ``(x, y)`` spans pixels
``x * cell .. (x + 1) * cell`` with the grid lines on the multiples of
``cell``.  :mod:`viewer.formats.numberlink` writes its PNGs with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

import numpy as np

from ..engine.protocol import LayerInfo
from .colormaps import RGBA, Legend, colorize, distinct_colors
from .picture import Renderer, Toggle

# -- Number Link --------------------------------------------------------------
#
# Each path has one colour everywhere: its line, its end discs, the light tint
# of its squares and its swatch in the legend.  The debug layers name paths
# too (a pushed path, the path a rebuild region belongs to), so they share it.

NL_EMPTY: RGBA = (255, 255, 255, 255)
NL_END: RGBA = (255, 140, 0, 255)           # the end being extended
NL_TARGET: RGBA = (220, 0, 120, 255)        # the square it tries
NL_GHOST: RGBA = (30, 30, 34, 255)          # a pushed path's old route
NL_REGION: RGBA = (70, 80, 120, 255)        # hatching of a rebuild region
NL_DIFF: RGBA = (230, 20, 60, 255)          # a square where a second solution differs
NL_OFF: RGBA = (60, 60, 70, 255)            # the × of a link ruled out


def path_palette(n: int) -> np.ndarray:
    """``n`` RGB colours that are easy to tell apart (uint8, shape ``(n, 3)``);
    path ``k`` (1-based) has colour ``k - 1``, whatever ``n`` is."""
    return distinct_colors(n)[:, :3].copy()


def color_paths(values: np.ndarray) -> np.ndarray:
    """Path numbers to their colours; 0 (no path) white."""
    v = np.asarray(values).astype(np.int64)
    top = int(v.max()) if v.size else 0
    pal = np.empty((top + 1, 4), np.uint8)
    pal[0] = NL_EMPTY
    pal[1:, :3] = path_palette(top)
    pal[1:, 3] = 255
    return pal[np.clip(v, 0, top)]


def color_attempt(values: np.ndarray) -> np.ndarray:
    pal = np.array([NL_EMPTY, NL_END, NL_TARGET], np.uint8)
    return pal[np.clip(np.asarray(values).astype(np.int64), 0, 2)]


NUMBERLINK_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "paths": color_paths,
    "puzzle": color_paths,
    "pushed": color_paths,
    "rebuild_region": color_paths,
    "attempt": color_attempt,
    "deduction": color_attempt,
}

NL_OVERLAY_KEYS: list[tuple[str, RGBA]] = [
    ("end extended", NL_END), ("square tried", NL_TARGET),
    ("pushed path's old route", NL_GHOST),
    ("rebuild region", NL_REGION),
    ("second solution differs", NL_DIFF),
    ("link ruled out (×)", NL_OFF),
]


def numberlink_legend(name: str, values: np.ndarray, info: LayerInfo | None,
                      labels: Sequence[str] | None = None) -> Legend | None:
    """Path colours for the path layers, named by ``labels`` (path ``k`` is
    ``labels[k - 1]``; default its number), with the overlays' colours."""
    if name not in NUMBERLINK_COLORS:
        return None
    v = np.asarray(values)
    present = sorted(int(i) for i in np.unique(v) if int(i) > 0)
    pal = color_paths(np.array(present or [0]))

    def text(k: int) -> str:
        return labels[k - 1] if labels is not None and 0 < k <= len(labels) else str(k)

    most = 60
    entries = [(text(k), tuple(int(c) for c in pal[i])) for i, k in enumerate(present[:most])]
    if len(present) > most:
        entries.append((f"... {len(present) - most} more", NL_EMPTY))
    if name in ("attempt", "deduction"):
        entries = []
    title = (info.description if info is not None else name)
    return Legend(title, entries + list(NL_OVERLAY_KEYS))


__all__ = ["picture", "layer_tint", "lighten", "links_of", "step_links", "step_off_links",
           "GRID_LINE"]

GRID_LINE = (200, 200, 200)
NL_BRIDGE = (140, 140, 140)                   # a bridge square in the puzzle alone
INK_DARK = np.array([0, 0, 0], np.float32)
INK_LIGHT = np.array([255, 255, 255], np.float32)


def links_of(paths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(right, down)``: side-by-side squares of one path are linked (the
    fill-no-touch reading, exact for the generator's grids)."""
    p = np.asarray(paths)
    right = (p[:, :-1] == p[:, 1:]) & (p[:, :-1] > 0)
    down = (p[:-1, :] == p[1:, :]) & (p[:-1, :] > 0)
    return right, down


def step_links(links: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(right, down)`` of a solve step's ``links`` layer (bits 1 and 2: on)."""
    v = np.asarray(links)
    return (v[:, :-1] & 1) > 0, (v[:-1, :] & 2) > 0


def step_off_links(links: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(right, down)`` of the links a solve step has ruled out (bits 4 and 8)."""
    v = np.asarray(links)
    return (v[:, :-1] & 4) > 0, (v[:-1, :] & 8) > 0


def _crosses(h: int, w: int, cell: int, off: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Pixels of a small × centred on the side between the squares of each
    link ruled out (``off`` is ``(right, down)``), ``(h*cell, w*cell)``."""
    out = np.zeros((h * cell, w * cell), bool)
    arm = max(2, int(round(cell * 0.14)))
    pen = max(0.5, cell / 28)
    d = np.arange(-arm, arm + 1)
    dy, dx = np.meshgrid(d, d, indexing="ij")
    patch = (np.abs(dx - dy) <= pen) | (np.abs(dx + dy) <= pen)
    right, down = (np.asarray(a, bool) for a in off)
    centres = [((y * cell + cell // 2), (x + 1) * cell) for y, x in zip(*np.nonzero(right))]
    centres += [((y + 1) * cell, (x * cell + cell // 2)) for y, x in zip(*np.nonzero(down))]
    for cy, cx in centres:
        y0, x0 = cy - arm, cx - arm
        ys, xs = slice(max(0, y0), min(h * cell, cy + arm + 1)), \
            slice(max(0, x0), min(w * cell, cx + arm + 1))
        out[ys, xs] |= patch[ys.start - y0:ys.stop - y0, xs.start - x0:xs.stop - x0]
    return out


def lighten(rgba: np.ndarray, amount: float) -> np.ndarray:
    """``rgba`` mixed toward white by ``amount`` (0 unchanged, 1 white)."""
    out = np.array(rgba, np.float32, copy=True)
    out[..., :3] += (255.0 - out[..., :3]) * amount
    return np.round(out).astype(np.uint8)


def layer_tint(layers: Mapping[str, np.ndarray], name: str, info: LayerInfo | None,
               show_paths: bool = True) -> np.ndarray | None:
    """The light colour of each square for layer ``name`` (None: plain white).

    ``paths`` tints each square with its path's colour in the solution view
    and not at all in the puzzle view; ``puzzle`` never tints; any other
    layer shows its own colours, lightened so that the lines stay readable."""
    if name == "puzzle" or name not in layers or (name == "paths" and not show_paths):
        return None
    values = np.asarray(layers[name])
    fn = NUMBERLINK_COLORS.get(name)
    rgba = fn(values) if fn is not None else colorize(values, info, name)
    if name == "paths":
        return lighten(rgba, 0.72)
    out = lighten(rgba, 0.45)
    if name in ("pushed", "rebuild_region", "attempt", "deduction"):
        out[values == 0] = (255, 255, 255, 255)
    return out


@lru_cache(maxsize=512)
def _text_mask(text: str, size: int) -> np.ndarray:
    from PIL import Image, ImageDraw, ImageFont

    try:
        font = ImageFont.load_default(size=max(6, size))
    except TypeError:  # Pillow < 10.1
        font = ImageFont.load_default()
    left, top, right, bottom = font.getbbox(text)
    img = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(img).text((-left, -top), text, fill=255, font=font)
    return np.asarray(img)


LABEL_DRAWN_CHARS = 24
"""A label is drawn from at most this many characters: no more fit in a
disc even at the smallest size, and drawing stays quick whatever its length."""


def _label_mask(text: str, cell: int) -> np.ndarray:
    """The label as an alpha mask that fits inside an end's disc."""
    text = text[:LABEL_DRAWN_CHARS]
    size = max(6, int(cell * 0.5))
    mask = _text_mask(text, size)
    room = max(4, int(cell * 0.62))
    while mask.shape[1] > room and size > 6:
        size -= 1
        mask = _text_mask(text, size)
    return mask[:cell - 2, :cell - 2]


@lru_cache(maxsize=64)
def _disc(cell: int) -> tuple[np.ndarray, np.ndarray]:
    """Anti-aliased alpha of an end's disc and of its dark rim, ``(cell-1, cell-1)``."""
    n = cell - 1
    c = (n - 1) / 2
    yy, xx = np.mgrid[0:n, 0:n]
    d = np.sqrt((yy - c) ** 2 + (xx - c) ** 2)
    r = cell * 0.38
    fill = np.clip(r + 0.5 - d, 0.0, 1.0).astype(np.float32)
    rim_w = max(1.0, cell / 24)
    rim = (np.clip(r + 0.5 - d, 0, 1) * np.clip(d - (r - rim_w) + 0.5, 0, 1)).astype(np.float32)
    return fill, rim


def _band(cell: int, thick: int) -> tuple[int, int]:
    half = cell // 2
    lo = half - thick // 2
    return lo, lo + thick


def _draw_bridges(body, paths, right, down, bridges, cross, cell, thick, pal) -> None:
    """The two crossings of each bridge square: down under across."""
    h, w = paths.shape
    b = np.asarray(bridges, bool)
    cross = np.zeros_like(paths) if cross is None else np.asarray(cross)
    none_r = np.zeros_like(right)
    none_d = np.zeros_like(down)
    vpaths = np.where(b, cross, paths)
    lab_v = _line_labels(vpaths, none_r, down, cell, thick)
    lab_h = _line_labels(np.where(b, paths, 0), right, none_d, cell, thick)
    rim = _line_labels(np.where(b, paths, 0), right, none_d, cell,
                       thick + 2 * max(1, cell // 16))
    px = _full(b, cell)
    body[px] = (255, 255, 255)
    m = px & (lab_v > 0)
    body[m] = pal[lab_v[m]]
    body[px & (rim > 0)] = (255, 255, 255)
    m = px & (lab_h > 0)
    body[m] = pal[lab_h[m]]


def _line_labels(paths: np.ndarray, right: np.ndarray, down: np.ndarray, cell: int,
                 thick: int) -> np.ndarray:
    """``(h*cell, w*cell)`` int32: the path whose line covers each pixel, 0 none."""
    h, w = paths.shape
    lo, hi = _band(cell, thick)
    off = np.arange(cell)
    band = (off >= lo) & (off < hi)
    after = off >= lo             # from the centre band to the square's far edge
    before = off < hi             # from the square's near edge to the centre band
    r_out = np.zeros((h, w), bool)
    r_out[:, :-1] = right
    r_in = np.zeros((h, w), bool)
    r_in[:, 1:] = right
    d_out = np.zeros((h, w), bool)
    d_out[:-1, :] = down
    d_in = np.zeros((h, w), bool)
    d_in[1:, :] = down
    on = paths > 0
    # per square, a (cell, cell) pattern: 4-d array (h, cell, w, cell)
    by = band[None, :, None, None]
    bx = band[None, None, None, :]
    mask = (on[:, None, :, None] & by & bx)
    mask |= r_out[:, None, :, None] & by & after[None, None, None, :]
    mask |= r_in[:, None, :, None] & by & before[None, None, None, :]
    mask |= d_out[:, None, :, None] & bx & after[None, :, None, None]
    mask |= d_in[:, None, :, None] & bx & before[None, :, None, None]
    out = np.where(mask, paths[:, None, :, None], 0).astype(np.int32)
    return out.reshape(h * cell, w * cell)


def _full(cells: np.ndarray, cell: int) -> np.ndarray:
    """A per-square array at pixel resolution ``(h*cell, w*cell)``."""
    return np.repeat(np.repeat(np.asarray(cells), cell, axis=0), cell, axis=1)


def _blend(img: np.ndarray, mask: np.ndarray, colour, alpha: float | np.ndarray) -> None:
    """Mix ``colour`` into the pixels of ``img`` (float32 RGB) under ``mask``."""
    a = alpha if np.isscalar(alpha) else np.asarray(alpha)[mask][:, None]
    col = np.asarray(colour[:3], np.float32)
    img[mask] = img[mask] * (1 - a) + col * a


def _frames(h: int, w: int, cell: int, which: np.ndarray, width: int) -> np.ndarray:
    """Pixels of an inset frame ``width`` wide in every square of ``which``."""
    off = np.arange(cell)
    ring = ((off >= 1) & (off <= width)) | ((off >= cell - width) & (off < cell))
    inner = (off >= 1)
    sq = (ring[:, None] & inner[None, :]) | (inner[:, None] & ring[None, :])
    m = np.asarray(which, bool)[:, None, :, None] & sq[None, :, None, :]
    return m.reshape(h * cell, w * cell)


def _outline(h: int, w: int, cell: int, which: np.ndarray, width: int) -> np.ndarray:
    """Pixels along the border of the region ``which``: an inset bar ``width``
    wide on each side of a square of ``which`` whose neighbour is not in it."""
    m = np.asarray(which, bool)
    pad = np.pad(m, 1)
    sides = {
        "top": m & ~pad[:-2, 1:-1], "bottom": m & ~pad[2:, 1:-1],
        "left": m & ~pad[1:-1, :-2], "right": m & ~pad[1:-1, 2:],
    }
    off = np.arange(cell)
    near = (off >= 1) & (off <= width)
    far = off >= cell - width
    every = off >= 1
    out = np.zeros((h, cell, w, cell), bool)
    out |= sides["top"][:, None, :, None] & near[None, :, None, None] & every[None, None, None, :]
    out |= (sides["bottom"][:, None, :, None] & far[None, :, None, None]
            & every[None, None, None, :])
    out |= sides["left"][:, None, :, None] & every[None, :, None, None] & near[None, None, None, :]
    out |= (sides["right"][:, None, :, None] & every[None, :, None, None]
            & far[None, None, None, :])
    return out.reshape(h * cell, w * cell)


def picture(paths: np.ndarray | None, ends: np.ndarray, cell: int = 32, *,
            labels: Sequence[str] | None = None,
            links: tuple[np.ndarray, np.ndarray] | None = None,
            show_paths: bool = True, tint: np.ndarray | None = None,
            pushed: np.ndarray | None = None, region: np.ndarray | None = None,
            attempt: np.ndarray | None = None,
            second: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
            diff: np.ndarray | None = None, bridges: np.ndarray | None = None,
            cross: np.ndarray | None = None,
            off: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """The grid as RGBA (see the module docstring).

    ``paths[y, x]`` is the path through each square (0 none) and ``ends``
    the puzzle (0 blank, ``k`` an end of path ``k``); ``labels[k - 1]`` is
    path ``k``'s text (default its number).  ``links`` is ``(right, down)``
    (default: side-by-side squares of one path).  ``tint`` colours the
    squares (``(h, w, 3 or 4)``).  ``second`` is another solution's
    ``(paths, right, down)``, drawn where ``diff`` is true.  ``bridges``
    marks the bridge squares: the path down one (``cross``) is drawn under
    the path across it, which has a white rim there; in the puzzle alone a
    bridge is a grey cross.  ``off`` is ``(right, down)`` of the links ruled
    out, each drawn as a small × on the side it would cross."""
    ends = np.asarray(ends)
    h, w = ends.shape
    cell = max(4, int(cell))
    H, W = h * cell, w * cell
    img = np.full((H + 1, W + 1, 3), 255.0, np.float32)
    body = img[:H, :W]
    if tint is not None:
        body[...] = _full(np.asarray(tint)[..., :3].astype(np.float32), cell)
    if region is not None and np.any(region):
        stripe = max(2, cell // 6)
        yy, xx = np.mgrid[0:H, 0:W]
        hatch = ((yy + xx) // stripe) % 2 == 0
        _blend(body, hatch & _full(np.asarray(region) > 0, cell), NL_REGION, 0.35)
    diff_px = _full(np.asarray(diff, bool), cell) if diff is not None else None
    if diff_px is not None and second is not None:
        _blend(body, diff_px, NL_DIFF, 0.16)
    img[::cell, :, :] = GRID_LINE
    img[:, ::cell, :] = GRID_LINE
    ncol = int(max(ends.max(initial=0), 0 if paths is None else np.max(paths, initial=0)))
    if second is not None:
        ncol = max(ncol, int(np.max(second[0], initial=0)))
    pal = np.zeros((ncol + 1, 3), np.float32)
    pal[1:] = path_palette(ncol)
    thick = max(2, int(round(cell * 0.3)))
    if show_paths and paths is not None and np.any(paths):
        p = np.asarray(paths)
        right, down = links if links is not None else links_of(p)
        lab = _line_labels(p, right, down, cell, thick)
        m = lab > 0
        body[m] = pal[lab[m]]
        if bridges is not None and np.any(bridges):
            _draw_bridges(body, p, right, down, bridges, cross, cell, thick, pal)
    elif bridges is not None and np.any(bridges):
        b = np.asarray(bridges, bool)
        bx = _full(b, cell)
        yy, xx = np.mgrid[0:H, 0:W]
        centre = cell // 2
        arm = cell // 3
        near = (np.abs(yy % cell - centre) <= arm) & (np.abs(xx % cell - centre) <= arm)
        thin = max(1, cell // 12)
        plus = (np.abs(yy % cell - centre) < thin) | (np.abs(xx % cell - centre) < thin)
        mark = bx & near & plus
        body[mark] = NL_BRIDGE
        if diff_px is not None and second is not None:
            _blend(body, mark & diff_px, (255, 255, 255), 0.12)
    if pushed is not None and np.any(pushed):
        ghost = np.asarray(pushed)
        lab = _line_labels(ghost, *links_of(ghost), cell, max(1, cell // 10))
        yy, xx = np.mgrid[0:H, 0:W]
        dash = ((yy + xx) // max(2, cell // 5)) % 2 == 0
        body[(lab > 0) & dash] = NL_GHOST[:3]
    if second is not None and diff_px is not None and np.any(diff_px):
        if not show_paths and paths is not None:
            # the puzzle alone: the first solution only where the second differs
            p = np.asarray(paths)
            right, down = links if links is not None else links_of(p)
            lab = _line_labels(p, right, down, cell, thick)
            m = (lab > 0) & diff_px
            body[m] = pal[lab[m]]
        sp, sr, sd = second
        t2 = max(2, int(round(thick * 0.45)))
        edge = max(1, cell // 24)
        outline = _line_labels(np.asarray(sp), sr, sd, cell, t2 + 2 * edge)
        inner = _line_labels(np.asarray(sp), sr, sd, cell, t2)
        body[(outline > 0) & diff_px] = (0, 0, 0)
        m = (inner > 0) & diff_px
        body[m] = pal[inner[m]]
        body[_outline(h, w, cell, diff, max(2, cell // 14))] = NL_DIFF[:3]
    # ends: a disc in the path's colour, a dark rim, the label
    fill, rim = _disc(cell)
    texts = labels if labels is not None else [str(k) for k in range(1, ncol + 1)]
    for y, x in zip(*np.nonzero(ends)):
        k = int(ends[y, x])
        col = pal[k]
        tile = img[y * cell + 1:(y + 1) * cell, x * cell + 1:(x + 1) * cell]
        tile[:] = tile * (1 - fill[..., None]) + col * fill[..., None]
        tile[:] = tile * (1 - rim[..., None] * 0.6) + INK_DARK * (rim[..., None] * 0.6)
        dark = float(col @ np.array([0.299, 0.587, 0.114], np.float32)) < 140
        ink = INK_LIGHT if dark else INK_DARK
        text = texts[k - 1] if 0 < k <= len(texts) else str(k)
        mask = _label_mask(text, cell).astype(np.float32) / 255.0
        mh, mw = mask.shape
        oy, ox = (tile.shape[0] - mh) // 2, (tile.shape[1] - mw) // 2
        region_px = tile[oy:oy + mh, ox:ox + mw]
        region_px[:] = region_px * (1 - mask[..., None]) + ink * mask[..., None]
    if attempt is not None and np.any(attempt):
        a = np.asarray(attempt)
        fw = max(2, cell // 9)
        body[_frames(h, w, cell, a == 1, fw)] = NL_END[:3]
        body[_frames(h, w, cell, a == 2, fw)] = NL_TARGET[:3]
    if off is not None:
        body[_crosses(h, w, cell, off)] = NL_OFF[:3]
    out = np.empty((H + 1, W + 1, 4), np.uint8)
    out[..., :3] = np.clip(np.round(img), 0, 255)
    out[..., 3] = 255
    return out


# -- the workbench's renderer ------------------------------------------------------

def numberlink_scale(width: int, height: int) -> int:
    """Pixels per square on screen: about 800 pixels across, 8..96."""
    return max(8, min(96, 800 // max(1, width, height)))


class NumberLinkRenderer(Renderer):
    """The grid with its paths and labelled ends (no letters over it); at
    the final step the puzzle's labels, the solution's links and, given in
    the options as ``second`` ``(paths, right, down)`` and ``diff``, a second
    solution where it differs."""

    toggles = (Toggle("show_solution", "Show &solution", True, "Ctrl+Shift+S",
                      "the puzzle's paths drawn (off: the puzzle alone)"),)
    default_layer = "paths"
    letters = False

    def screen_scale(self, state):
        g = state.result.grid
        return numberlink_scale(g.width, g.height), 1

    def export_scale(self, grid):
        return 32

    def draw(self, state, layer, options, scale, stride=1):
        r = state.result
        layers = state.layers
        ok = state.ok
        final = state.final
        puzzle = r.detail.get("puzzle")
        sol = r.detail.get("solution") if final else None
        solving = ok("links")          # a step of "Solve step by step"
        labels = puzzle.labels if (final or solving) and puzzle is not None else None
        paths = layers.get("paths")
        if sol is not None:
            links = (sol.right, sol.down)
        elif solving:
            links = step_links(layers["links"])
        else:
            links = links_of(paths) if paths is not None else None
        show = bool(options.get("show_solution", True))
        # a second solution shows where it differs, over the puzzle alone too
        second = options.get("second") if final else None
        return picture(
            paths if ok("paths") else None, layers["puzzle"], scale, labels=labels, links=links,
            show_paths=show,
            tint=layer_tint(layers, layer, r.layer_info.get(layer), show) if ok(layer) else None,
            pushed=layers["pushed"] if ok("pushed") else None,
            region=layers["rebuild_region"] if ok("rebuild_region") else None,
            attempt=layers["attempt"] if ok("attempt") else (
                layers["deduction"] if ok("deduction") and not final else None),
            second=second, diff=options.get("diff") if second is not None else None,
            bridges=puzzle.bridges if puzzle is not None else None,
            cross=sol.cross if sol is not None else layers.get("cross"),
            off=step_off_links(layers["links"]) if solving and not final else None)

    def legend(self, state, layer, options):
        from .colormaps import generic_legend

        r = state.result
        layers = state.layers
        puzzle = r.detail.get("puzzle")
        solving = state.ok("links")
        labels = puzzle.labels if (state.final or solving) and puzzle is not None else None
        info = r.layer_info.get(layer)
        legend = (numberlink_legend(layer, layers[layer], info, labels)
                  or generic_legend(layer, layers[layer], info))
        drawn = set()
        for name, colours in (("attempt", (NL_END, NL_TARGET)), ("pushed", (NL_GHOST,)),
                              ("rebuild_region", (NL_REGION,))):
            if state.ok(name) and layers[name].any():
                drawn.update(colours)
        if state.final and options.get("second"):
            drawn.add(NL_DIFF)
        if layer == "attempt":
            drawn.update((NL_END, NL_TARGET))
        overlay = {c for _, c in NL_OVERLAY_KEYS}
        if solving and state.ok("deduction") and layers["deduction"].any() and not state.final:
            drawn.update((NL_END, NL_TARGET))
            names = {NL_END: "squares the step reasoned about", NL_TARGET: "squares it fixed"}
            legend.entries = [(names.get(c, t), c) for t, c in legend.entries]
        if solving and not state.final and (np.asarray(layers["links"]) & 12).any():
            drawn.add(NL_OFF)
        legend.entries = [(t, c) for t, c in legend.entries if c not in overlay or c in drawn]
        return legend


RENDERER = NumberLinkRenderer()
