"""PNG: what png_bytes writes, png_image and read_png read back, pixel for
pixel; a file over the limits is refused from its header."""

from __future__ import annotations

import numpy as np
import pytest
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


def test_grey_rgb_and_rgba_images_come_back_exactly_from_their_png():
    from viewer.formats.png import png_bytes, png_image

    rng = np.random.default_rng(7)
    for shape, mode in (((5, 7), "L"), ((5, 7, 3), "RGB"), ((5, 7, 4), "RGBA")):
        img = rng.integers(0, 256, shape).astype(np.uint8)
        with png_image(png_bytes(img)) as im:
            assert im.mode == mode
            assert np.array_equal(np.asarray(im), img)
    sliced = rng.integers(0, 256, (6, 8, 4)).astype(np.uint8)[:, ::2]   # not contiguous
    with png_image(png_bytes(sliced)) as im:
        assert np.array_equal(np.asarray(im), sliced)
    with pytest.raises(ValueError, match="HxW"):
        png_bytes(np.zeros((2, 2, 2), np.uint8))
