"""Pictures made ready for the screen in numpy give the pixels Qt's own
conversion gives (premultiplied ARGB32), and shrinking keeps thin lines."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from viewer.ui import screen_image


@pytest.fixture(params=["numpy", "qt"])
def path(request, monkeypatch):
    monkeypatch.setattr(screen_image, "QT_PIXELS", 0 if request.param == "numpy" else 10**9)
    return request.param


def _qt(rgba: np.ndarray) -> QImage:
    a = np.ascontiguousarray(rgba)
    h, w = a.shape[:2]
    return QImage(a.data, w, h, w * 4, QImage.Format.Format_RGBA8888).convertToFormat(
        QImage.Format.Format_ARGB32_Premultiplied)


def test_rgba_becomes_the_premultiplied_pixels_qt_makes(qapp, path):
    rng = np.random.default_rng(3)
    rgba = rng.integers(0, 256, (23, 41, 4), dtype=np.uint8)
    img = screen_image.to_qimage(rgba)
    assert img.format() == screen_image.PAINT_FORMAT
    assert img == _qt(rgba)
    rgba[..., 3] = 255
    assert screen_image.to_qimage(rgba) == _qt(rgba)


def test_grey_and_rgb_are_opaque(qapp, path):
    grey = np.arange(12, dtype=np.uint8).reshape(3, 4) * 20
    img = screen_image.to_qimage(grey)
    assert img.pixel(3, 2) == 0xFF000000 | int(grey[2, 3]) * 0x010101
    rgb = np.zeros((2, 3, 3), np.uint8)
    rgb[1, 2] = (10, 20, 30)
    assert screen_image.to_qimage(rgb).pixel(2, 1) == 0xFF0A141E


def test_the_image_keeps_its_pixels_alive(qapp, path):
    rgba = np.full((5, 6, 4), 200, np.uint8)
    rgba[..., 3] = 255
    img = screen_image.to_qimage(rgba)
    del rgba
    import gc
    gc.collect()
    assert img.pixel(5, 4) == 0xFFC8C8C8


def test_shrinking_averages_and_keeps_a_thin_line(qapp, path):
    rgba = np.zeros((400, 600, 4), np.uint8)
    rgba[..., 3] = 255
    rgba[:, 301, :3] = 255                      # one white column
    small = screen_image.shrink(screen_image.to_qimage(rgba), (100, 70))
    assert (small.width(), small.height()) == (100, 70)
    column = [small.pixel(x, 35) & 0xFF for x in range(100)]
    assert max(column) > 0 and sum(1 for c in column if c) <= 2
