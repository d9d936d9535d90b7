"""One size limit and one export-scale rule for every whole-map picture (the
window's Export map and every command line's --png)."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.protocol import HexTorus, Result, SquareGrid
from viewer.render.picture import (
    BYTES_PER_PIXEL,
    MAX_EXPORT_PIXELS,
    PICTURE_MEMORY_LIMIT,
    PictureTooLarge,
    check_export,
    export_scale,
    picture,
)


def test_the_export_scale_is_the_renderers_lowered_to_keep_within_the_limit():
    assert export_scale("fairland", HexTorus(64, 32)) == 8          # the renderer's
    big = HexTorus(2048, 2048)
    scale = export_scale("fairland", big)
    assert scale == 4                                                    # lowered ...
    check_export(big, scale)                                         # ... to fit
    with pytest.raises(PictureTooLarge):
        check_export(big, scale + 1)
    assert export_scale("tgp", SquareGrid(128, 64)) == 16            # 2048 // 128
    assert export_scale("tgp", SquareGrid(4096, 4096)) == 1


def test_one_limit_refuses_an_export_with_what_it_would_need():
    grid = SquareGrid(64, 64)
    result = Result("", grid, {"v": np.zeros((64, 64), np.int32)}, {})
    with pytest.raises(PictureTooLarge, match=r"a 262144x262144 pixel picture would need "
                       r"about .* of memory; the limit is 2 GiB"):
        picture(result, "v", scale=4096, export=True)
    assert MAX_EXPORT_PIXELS * BYTES_PER_PIXEL["square"] <= PICTURE_MEMORY_LIMIT


def test_there_is_one_picture_too_large():
    from viewer.formats import png

    assert not hasattr(png, "PictureTooLarge") and not hasattr(png, "check_picture")
