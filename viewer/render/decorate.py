"""What an exported picture has beyond the map: marker letters drawn in
(as the window labels them) and the legend in a strip below.  Pillow, no Qt."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ..engine.protocol import Marker
from .colormaps import Legend
from .hexraster import hex_center

__all__ = ["with_letters", "with_legend", "legend_unit", "marker_center"]

INK = (235, 235, 235, 255)
PAPER = (30, 30, 34, 255)
BOX = (0, 0, 0, 170)


@lru_cache(maxsize=8)
def _font(size: int):
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def marker_center(m: Marker, scale: float, square: bool) -> tuple[float, float]:
    """Where a marker's label goes, in image pixels (a capital is two sectors
    wide, x and x+2: its letter sits between them, as on screen)."""
    if square:
        return (m.x + 0.5) * scale, (m.y + 0.5) * scale
    cx, cy = hex_center(m.x, m.y, scale)
    if m.kind == "capital":
        cx += scale / 2
    return cx, cy


def with_letters(img: np.ndarray, markers: Sequence[Marker], scale: float,
                 square: bool = False) -> np.ndarray:
    """``img`` with each marker's label on a dark box, at a readable size
    whatever the scale (on a torus a label at an edge shows on both sides)."""
    from PIL import Image, ImageDraw

    if not markers:
        return img
    size = max(11, int(round(scale * 1.3)))
    font = _font(size)
    base = Image.fromarray(np.ascontiguousarray(img), "RGBA")
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    w, h = base.size
    shifts = [(0, 0)] if square else [(dx, dy) for dx in (-w, 0, w) for dy in (-h, 0, h)]
    for m in markers:
        cx, cy = marker_center(m, scale, square)
        left, top, right, bottom = draw.textbbox((0, 0), m.label, font=font, anchor="mm")
        pad = max(2, size // 5)
        for dx, dy in shifts:
            x, y = cx + dx, cy + dy
            if not (-size <= x <= w + size and -size <= y <= h + size):
                continue
            draw.rectangle((x + left - pad, y + top - pad, x + right + pad, y + bottom + pad),
                           fill=BOX)
            draw.text((x, y), m.label, font=font, fill=INK, anchor="mm")
    return np.asarray(Image.alpha_composite(base, layer))


def _wrapped(text: str, room: int, text_w) -> list[str]:
    """``text`` in lines of at most ``room`` pixels, broken between words
    (a word longer than a line stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_w(lines[-1] + " " + word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def legend_unit(width: int) -> float:
    """How much larger than its base size (13 px text) the legend is drawn
    under a picture ``width`` pixels wide: 1 up to 1024 pixels, then in
    step with the width, so that the words keep their size relative to the
    map in a large export (a 4096-pixel map's legend is read at the same
    zoom as the map)."""
    return max(1.0, width / 1024)


def with_legend(img: np.ndarray, legend: Legend) -> np.ndarray:
    """``img`` with ``legend`` in a strip below, as wide as the picture: the
    title (wrapped), a colour bar with its range (the range on a line of its
    own above a narrow bar), and the swatches, wrapped to the picture's
    width, at a size in proportion to the picture (:func:`legend_unit`)."""
    from PIL import Image, ImageDraw

    h, w = img.shape[:2]
    width = w
    k = legend_unit(width)

    def px(n: float) -> int:
        return int(round(n * k))

    font = _font(px(13))
    line = px(18)
    pad = px(8)
    box, gap, after = px(16), px(4), px(14)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))

    def text_w(t: str) -> int:
        return int(probe.textlength(t, font=font))

    # lay the swatches out in rows first, to know the strip's height
    rows: list[list[tuple[str, tuple]]] = [[]]
    x = pad
    for label, colour in legend.entries:
        item = box + gap + text_w(label) + after
        if rows[-1] and x + item > width - pad:
            rows.append([])
            x = pad
        rows[-1].append((label, colour))
        x += item
    n_rows = len(rows) if legend.entries else 0
    title = _wrapped(legend.title, width - 2 * pad, text_w)
    lo, hi = f"{legend.vmin:g}", f"{legend.vmax:g}"
    # the range beside the bar when there is room for a bar of 48 units
    beside = text_w(lo) + text_w(hi) + px(12) + px(48) <= width - 2 * pad
    bar_h = (line + gap) * (1 if beside else 2) if legend.lut is not None else 0
    strip_h = pad + len(title) * line + bar_h + n_rows * line + pad
    out = Image.new("RGBA", (width, h + strip_h), PAPER)
    out.paste(Image.fromarray(np.ascontiguousarray(img), "RGBA"), (0, 0))
    draw = ImageDraw.Draw(out)
    y = h + pad
    for text in title:
        draw.text((pad, y), text, font=font, fill=INK)
        y += line
    if legend.lut is not None:
        if beside:
            x0 = pad + text_w(lo) + px(6)
            x1 = width - pad - text_w(hi) - px(6)
            draw.text((pad, y), lo, font=font, fill=INK)
            draw.text((x1 + px(6), y), hi, font=font, fill=INK)
        else:                    # the range above, the bar across the whole width
            draw.text((pad, y), lo, font=font, fill=INK)
            draw.text((max(pad, width - pad - text_w(hi)), y), hi, font=font, fill=INK)
            y += line + gap
            x0, x1 = pad, width - pad
        if x1 > x0:
            lut = np.asarray(legend.lut, np.uint8)
            t = np.linspace(0, len(lut) - 1, x1 - x0).round().astype(int)
            bar = np.repeat(lut[t][None, :, :], line - px(6), axis=0)
            out.paste(Image.fromarray(np.ascontiguousarray(bar), "RGBA"), (x0, y + px(3)))
        y += line + gap
    for row in rows if legend.entries else []:
        x = pad
        for label, colour in row:
            draw.rectangle((x, y + px(2), x + box - 1, y + box - 1), fill=tuple(colour),
                           outline=(120, 120, 120, 255))
            draw.text((x + box + gap, y), label, font=font, fill=INK)
            x += box + gap + text_w(label) + after
        y += line
    return np.asarray(out)
