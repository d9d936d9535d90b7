"""Markers (capitals, ports, endpoints) drawn onto a rasterised image: a dot
at the hex centre, and the marker's label beside it when the hexes are big
enough to read it."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..engine.protocol import Marker
from .hexraster import hex_center

DOT = (255, 255, 255, 255)
RING = (0, 0, 0, 255)
LABEL_MIN_SCALE = 10


def draw_markers(img: np.ndarray, markers: Iterable[Marker], scale: int,
                 square: bool = False) -> np.ndarray:
    """``img`` (RGBA, modified in place and returned) with every marker drawn."""
    markers = list(markers)
    if not markers:
        return img
    himg, wimg = img.shape[:2]
    r_out = max(1.0, scale * 0.3)
    r_in = max(0.6, r_out - max(1.0, scale * 0.1))
    yy, xx = np.mgrid[0:himg, 0:wimg]
    for m in markers:
        if square:
            cx, cy = (m.x + 0.5) * scale, (m.y + 0.5) * scale
        else:
            cx, cy = hex_center(m.x, m.y, scale)
        # torus distance, so a marker on the edge is drawn on both sides
        dx = np.abs(xx + 0.5 - cx)
        dx = np.minimum(dx, wimg - dx)
        dy = np.abs(yy + 0.5 - cy)
        dy = np.minimum(dy, himg - dy)
        d2 = dx * dx + dy * dy
        img[d2 <= r_out * r_out] = RING
        img[d2 <= r_in * r_in] = DOT
    if scale >= LABEL_MIN_SCALE:
        _draw_labels(img, markers, scale, square)
    return img


def _draw_labels(img: np.ndarray, markers: list[Marker], scale: int, square: bool) -> None:
    from PIL import Image, ImageDraw, ImageFont

    pil = Image.fromarray(img, "RGBA")
    draw = ImageDraw.Draw(pil)
    font = ImageFont.load_default(size=max(8, int(scale * 0.9)))
    for m in markers:
        if square:
            cx, cy = (m.x + 0.5) * scale, (m.y + 0.5) * scale
        else:
            cx, cy = hex_center(m.x, m.y, scale)
        pos = (cx + scale * 0.35, cy - scale * 0.9)
        draw.text(pos, m.label, font=font, fill=DOT, stroke_width=2, stroke_fill=RING)
    img[...] = np.asarray(pil)
