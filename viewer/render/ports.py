"""A picture of a port placement: sea, coast, land shaded by height, lakes,
the routes to open sea, and the ports as dots sized by their class.  No Qt."""

from __future__ import annotations

import numpy as np

from ..engine.protocol import Result
from .hexraster import rasterize_square

CLASSES = ("hamlet", "village", "town", "city", "metropolis")
SEA = np.array((40, 80, 150), np.float32)
COAST = np.array((120, 190, 230), np.float32)
LAKE = np.array((60, 150, 160), np.float32)
LOW = np.array((80, 140, 70), np.float32)
HIGH = np.array((200, 190, 160), np.float32)
ROUTE = np.array((250, 210, 60), np.float32)


def ports_picture(result: Result, scale: int = 2, routes: bool = True) -> np.ndarray:
    """RGBA ``(h*scale, w*scale, 4)`` of a ports result."""
    cls = result.layers["cell_class"]
    height = result.layers["height"].astype(np.float32)
    land = height[(cls == 0)]
    top = float(land.max()) if land.size else 1.0
    t = np.clip(height / max(top, 1e-6), 0.0, 1.0)[..., None]
    rgb = LOW * (1 - t) + HIGH * t
    rgb = np.where((cls == 2)[..., None], SEA, rgb)
    rgb = np.where(((cls == 1) | (cls == 4))[..., None], COAST, rgb)
    rgb = np.where((cls == 3)[..., None], LAKE, rgb)
    if routes and "route" in result.layers:
        on = (result.layers["route"] >= 0)[..., None]
        rgb = np.where(on, 0.5 * rgb + 0.5 * ROUTE, rgb)
    rgba = np.empty(cls.shape + (4,), np.uint8)
    rgba[..., :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    rgba[..., 3] = 255
    img = np.array(rasterize_square(rgba, int(scale)))
    for rec in result.extra.get("ports", []):
        _dot(img, rec["position"][0] * scale, rec["position"][1] * scale,
             max(2.0, scale * (0.6 + 0.35 * CLASSES.index(rec["class"]))))
    return img


def _dot(img: np.ndarray, cx: float, cy: float, r: float) -> None:
    """A white dot ringed in black, sized by the port's class."""
    y0, y1 = max(int(cy - r - 1), 0), min(int(cy + r + 2), img.shape[0])
    x0, x1 = max(int(cx - r - 1), 0), min(int(cx + r + 2), img.shape[1])
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d2 = (yy + 0.5 - cy) ** 2 + (xx + 0.5 - cx) ** 2
    patch = img[y0:y1, x0:x1]
    patch[d2 <= r * r] = (0, 0, 0, 255)
    patch[d2 <= (r - max(1.0, r * 0.3)) ** 2] = (255, 255, 255, 255)
