"""OpenTTD heightmaps: each writer read back by the reader it is for.

The readers are implemented from ../shared/reference/tgp/ALGORITHM.md's two
appendices (``game_tile_heights`` with ``reader="r13671"`` and
``reader="modern"``); the default rotation throughout.
"""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.tgp.generator import TGP
from viewer.formats.tgp_heightmap import (
    game_tile_heights,
    heightmap_image,
    heightmap_png_bytes,
    modern_grey_levels,
    read_grey,
    write_openttd_heightmap,
)


def ramp(size: int = 64, top: int = 15) -> np.ndarray:
    """Every height 0..top, the two outer rings at 0 as the game keeps them."""
    th = np.zeros((size, size), np.uint8)
    inner = size - 4
    th[2:-2, 2:-2] = (np.arange(inner * inner).reshape(inner, inner) % (top + 1))
    return th


@pytest.mark.parametrize("peak", [1, 15, 16, 30, 31, 64, 100, 200, 255])
def test_modern_writer_reads_back_in_todays_game(peak):
    th = ramp(64, min(peak, 255))
    grey = read_grey(heightmap_png_bytes(th, fmt="modern", highest_peak=peak))
    np.testing.assert_array_equal(
        game_tile_heights(grey, 64, 64, reader="modern", highest_peak=peak), th)


def test_modern_greys_are_the_middle_of_their_bands():
    """A grey a step or two off (an editor's resampling) reads the same."""
    for peak in (15, 30):
        g = modern_grey_levels(peak).astype(np.int64)
        assert g[0] == 0 and (g[1:] > 0).all()
        for dg in (-2, -1, 1, 2):
            h = 1 + (g[1:] + dg - 1) * peak // 255
            np.testing.assert_array_equal(h, np.arange(1, peak + 1))


def test_r13671_writer_reads_back_in_the_game_of_r13671():
    th = ramp(64, 15)
    grey = read_grey(heightmap_png_bytes(th, fmt="r13671"))
    np.testing.assert_array_equal(game_tile_heights(grey, 64, 64), th)


def test_the_r13671_encoding_has_no_sea_in_todays_game():
    """Why the modern format exists: the issue's measurement, reproduced."""
    th = TGP.generate({"size": (256, 256)}, seed=1).layers["tile_height"]
    grey = read_grey(heightmap_png_bytes(th, fmt="r13671"))
    today = game_tile_heights(grey, 256, 256, reader="modern", highest_peak=30)
    inner = (slice(2, -2), slice(2, -2))
    assert (th[inner] == 0).any() and not (today[inner] == 0).any()
    grey = read_grey(heightmap_png_bytes(th, fmt="modern"))
    np.testing.assert_array_equal(
        game_tile_heights(grey, 256, 256, reader="modern", highest_peak=30), th)


def test_image_is_mirrored_for_the_default_rotation():
    th = ramp(64, 15)
    np.testing.assert_array_equal(heightmap_image(th, fmt="modern"),
                                  modern_grey_levels(30)[th][:, ::-1])


def test_write_openttd_heightmap_returns_the_users_message(tmp_path):
    th = ramp(64, 12)
    msg = write_openttd_heightmap(tmp_path / "a.png", th)
    assert "Highest peak 30" in msg and str(tmp_path / "a.png") in msg
    np.testing.assert_array_equal(
        game_tile_heights(read_grey(tmp_path / "a.png"), 64, 64, reader="modern"), th)
    msg = write_openttd_heightmap(tmp_path / "b.png", th, highest_peak=12)
    assert "Highest peak 12" in msg
    msg = write_openttd_heightmap(tmp_path / "c.png", th, fmt="r13671")
    assert "r13671" in msg
    np.testing.assert_array_equal(game_tile_heights(read_grey(tmp_path / "c.png"), 64, 64), th)


@pytest.mark.parametrize("kwargs,match", [
    ({"highest_peak": 0}, "1..255"),
    ({"highest_peak": 256}, "1..255"),
    ({"highest_peak": 11}, "at least 12"),
    ({"highest_peak": 2.5}, "whole number"),
    ({"fmt": "bmp"}, "modern, r13671"),
])
def test_bad_requests_are_refused_and_write_nothing(kwargs, match, tmp_path):
    with pytest.raises(ValueError, match=match):
        write_openttd_heightmap(tmp_path / "x.png", ramp(64, 12), **kwargs)
    assert not (tmp_path / "x.png").exists()


def test_r13671_refuses_heights_above_15(tmp_path):
    with pytest.raises(ValueError, match="0..15"):
        write_openttd_heightmap(tmp_path / "x.png", ramp(64, 20), fmt="r13671",
                                highest_peak=30)
