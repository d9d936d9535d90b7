"""PNG: what png_bytes writes, png_image and read_png read back, pixel for
pixel; a file over the limits is refused from its header."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from viewer.formats.png import png_bytes, png_image, read_png, write_png


@settings(max_examples=25)
@given(hnp.arrays(np.uint8, st.tuples(st.integers(1, 9), st.integers(1, 9), st.just(4))))
def test_png_bytes_read_back_pixel_for_pixel(rgba):
    image = png_image(png_bytes(rgba))
    assert np.array_equal(np.asarray(image.convert("RGBA")), rgba)


def test_write_png_then_read_png(tmp_path):
    rgba = np.zeros((3, 5, 4), np.uint8)
    rgba[..., 0] = np.arange(5) * 50
    rgba[..., 3] = 255
    write_png(tmp_path / "a.png", rgba)
    back = read_png(tmp_path / "a.png")
    assert back.shape[:2] == (3, 5)
    assert np.array_equal(back[..., 0], rgba[..., 0])
