"""The legend strip under an exported picture keeps its words readable: at
the base size up to 1024 pixels, then in proportion to the picture."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.render.colormaps import Legend
from viewer.render.decorate import PAPER, legend_unit, with_legend

LEGEND = Legend("height in levels", [("sea", (0, 0, 255, 255)), ("land", (0, 160, 0, 255))],
                lut=np.tile(np.arange(256, dtype=np.uint8)[:, None], (1, 4)), vmin=0, vmax=15)


def strip(width: int) -> np.ndarray:
    img = np.zeros((10, width, 4), np.uint8)
    return with_legend(img, LEGEND)[10:]


def inked_rows(part: np.ndarray) -> int:
    """How many rows of the strip hold anything but paper."""
    return int((part[..., :3] != np.array(PAPER[:3], np.uint8)).any(axis=(1, 2)).sum())


@pytest.mark.parametrize("width", [360, 700, 1024])
def test_up_to_1024_pixels_the_legend_has_its_base_size(width):
    assert legend_unit(width) == 1
    assert strip(width).shape[0] == strip(360).shape[0]


@pytest.mark.parametrize("factor", [2, 4])
def test_a_wider_picture_has_a_legend_in_proportion(factor):
    base, big = strip(1024), strip(1024 * factor)
    assert legend_unit(1024 * factor) == factor
    assert big.shape[0] == pytest.approx(factor * base.shape[0], rel=0.1)
    assert inked_rows(big) == pytest.approx(factor * inked_rows(base), rel=0.25)


@pytest.mark.parametrize("width", [64, 128, 200, 360])
def test_the_picture_with_its_legend_is_as_wide_as_the_map(width):
    img = np.zeros((10, width, 4), np.uint8)
    out = with_legend(img, LEGEND)
    assert out.shape[1] == width
    assert inked_rows(out[10:]) > 0


def test_a_narrow_legend_wraps_its_title_and_swatches_downwards():
    wide, narrow = strip(1000), strip(90)
    assert narrow.shape[1] == 90 and narrow.shape[0] > wide.shape[0]
    # the bar still shows its colours across the narrow strip
    row_colours = {tuple(px) for row in narrow for px in row[:, :3]}
    assert len(row_colours) > 20
