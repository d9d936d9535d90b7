"""Pictures made ready for the screen, on a worker thread.

Qt's own image calls (``QImage.convertToFormat``, ``QImage.scaled``) hold
Python's GIL for as long as they run through PySide (5 to 30 ms for a
large map), so on a worker they stall the GUI thread as much as they would
on it.  numpy lets the GIL go while it works on large arrays, so for a
large picture the conversion to the format Qt paints fastest (ARGB32,
premultiplied) and the averaging down to the screen's size are done in
numpy, and the QImage only wraps the result (it keeps its buffer alive).
A small picture takes Qt's quicker calls (the GIL held well under a
millisecond).
"""

from __future__ import annotations

import sys

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

PAINT_FORMAT = QImage.Format.Format_ARGB32_Premultiplied
QT_PIXELS = 1_500_000
"""Pictures up to this many pixels are converted by Qt's call, larger ones
by numpy's; larger ones are halved by numpy before Qt scales them."""


def _argb(rgba: np.ndarray) -> np.ndarray:
    """``(h, w)`` uint32 0xAARRGGBB (not yet premultiplied) of an RGBA,
    RGB or grey uint8 array."""
    a = np.asarray(rgba)
    if a.dtype != np.uint8:
        a = a.astype(np.uint8)
    if a.ndim == 2:                           # grey
        g = a.astype(np.uint32)
        return g * np.uint32(0x010101) | np.uint32(0xFF000000)
    h, w, c = a.shape
    if c == 4:
        v = np.ascontiguousarray(a).view(np.uint32).reshape(h, w)
        if sys.byteorder == "little":         # bytes R G B A: 0xAABBGGRR
            return ((v & np.uint32(0xFF00FF00)) | ((v >> np.uint32(16)) & np.uint32(0xFF))
                    | ((v & np.uint32(0xFF)) << np.uint32(16)))
        return (v >> np.uint32(8)) | (v << np.uint32(24))     # 0xRRGGBBAA
    out = np.full((h, w), 0xFF000000, np.uint32)
    for i, shift in enumerate((16, 8, 0)):
        out |= a[..., i].astype(np.uint32) << np.uint32(shift)
    return out


def _premultiplied(x: np.ndarray) -> np.ndarray:
    """Qt's ``qPremultiply`` of every 0xAARRGGBB pixel (the same bytes
    ``convertToFormat(Format_ARGB32_Premultiplied)`` gives)."""
    a = x >> np.uint32(24)
    if a.min(initial=255) == 255:
        return x
    lo = (x & np.uint32(0xFF00FF)) * a
    lo = ((lo + ((lo >> np.uint32(8)) & np.uint32(0xFF00FF)) + np.uint32(0x800080))
          >> np.uint32(8)) & np.uint32(0xFF00FF)
    mid = ((x >> np.uint32(8)) & np.uint32(0xFF)) * a
    mid = (mid + ((mid >> np.uint32(8)) & np.uint32(0xFF)) + np.uint32(0x80)) & np.uint32(0xFF00)
    return lo | mid | (a << np.uint32(24))


def _wrap(pixels: np.ndarray) -> QImage:
    """A QImage over ``pixels`` ((h, w) uint32 premultiplied ARGB, C order),
    which it keeps alive."""
    pixels = np.ascontiguousarray(pixels, np.uint32)
    h, w = pixels.shape
    img = QImage(pixels.data, w, h, w * 4, PAINT_FORMAT)
    img.pixels = pixels                  # (what it reads: numpy's, for shrink)
    return img


def _qt_qimage(rgba: np.ndarray) -> QImage:
    a = np.ascontiguousarray(rgba, np.uint8)
    if a.ndim == 2:
        a = np.ascontiguousarray(np.repeat(a[..., None], 4, axis=2))
        a[..., 3] = 255
    h, w = a.shape[:2]
    img = QImage(a.data, w, h, w * a.shape[2],
                 QImage.Format.Format_RGBA8888 if a.shape[2] == 4 else
                 QImage.Format.Format_RGB888)
    return img.convertToFormat(PAINT_FORMAT)


def to_qimage(rgba: np.ndarray) -> QImage:
    """An RGBA (or RGB, or grey) uint8 array as a QImage ready to paint
    (premultiplied ARGB32, its own pixels); safe to call on a worker thread,
    which holds the GIL for little of it."""
    rgba = np.asarray(rgba)
    if rgba.shape[0] * rgba.shape[1] <= QT_PIXELS:
        return _qt_qimage(rgba)
    return _wrap(_premultiplied(_argb(rgba)))


def image_pixels(img: QImage) -> np.ndarray:
    """The ``(h, w)`` uint32 premultiplied ARGB pixels of ``img``."""
    pixels = getattr(img, "pixels", None)
    if pixels is not None:
        return pixels
    if img.format() != PAINT_FORMAT:
        img = img.convertToFormat(PAINT_FORMAT)
    h, w = img.height(), img.width()
    rows = np.frombuffer(img.constBits(), np.uint32).reshape(h, img.bytesPerLine() // 4)
    return rows[:, :w].copy()


def _halved(pixels: np.ndarray) -> np.ndarray:
    """``(h, w)`` premultiplied ARGB pixels averaged 2 x 2 (an odd last row
    or column dropped)."""
    h, w = pixels.shape[0] // 2 * 2, pixels.shape[1] // 2 * 2
    c = pixels[:h, :w].view(np.uint8).reshape(h, w, 4).astype(np.uint16)
    out = ((c[0::2, 0::2] + c[1::2, 0::2] + c[0::2, 1::2] + c[1::2, 1::2] + 2) >> 2)
    return np.ascontiguousarray(out.astype(np.uint8)).view(np.uint32).reshape(h // 2, w // 2)


def shrink(img: QImage, size: tuple[int, int]) -> QImage:
    """``img`` averaged down to ``size`` (each screen pixel the mean of the
    picture's pixels under it, so that thin lines stay visible).  Safe on a
    worker thread: a large picture is halved in numpy first (the GIL let
    go), so that Qt's smooth scaling (which holds it) has little left to do."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    if img.width() * img.height() > QT_PIXELS and img.width() >= 2 * w \
            and img.height() >= 2 * h:
        pixels = image_pixels(img)
        while pixels.shape[1] >= 2 * w and pixels.shape[0] >= 2 * h \
                and pixels.size > QT_PIXELS // 4:
            pixels = _halved(pixels)
        img = _wrap(pixels)
    return img.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio,
                      Qt.TransformationMode.SmoothTransformation)
