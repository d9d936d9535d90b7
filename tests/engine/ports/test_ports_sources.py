"""Heightmap sources: a greyscale PNG (each pixel a corner, row 0 north, sea
below a grey value) and a TGP map; bad PNGs are refused with a clear message."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from viewer.engine.params import ParamError
from viewer.engine.ports.generator import PORTS
from viewer.engine.ports.guarantee import sea_route_reaches


def save(path, arr, mode=None):
    Image.fromarray(arr, mode=mode).save(path)
    return str(path)


def north_sea_png(tmp_path, h=41, w=61):
    """Sea in the northern third, land below with some hills."""
    y, x = np.mgrid[0:h, 0:w]
    grey = np.where(y < h // 3, 5, 40 + (x * 7 + y * 3) % 30).astype(np.uint8)
    return save(tmp_path / "north.png", grey)


def test_png_pixels_are_corners_and_row_zero_is_north(tmp_path):
    path = north_sea_png(tmp_path)
    r = PORTS.generate({"source": "png", "png_path": path, "grid": 4, "n_ports": 8,
                        "min_distance": 3, "latitude_north": 60, "latitude_south": 0},
                       seed=1)
    assert (r.grid.width, r.grid.height) == (60, 40)
    ports = r.detail.placement.ports
    assert ports
    assert all(p.row == 12 for p in ports), "the coast runs along the 13th row of cells"
    assert all(p.latitude > 30 for p in ports)
    for p in ports:
        assert sea_route_reaches(r.detail.placement.rel, p, 1, r.detail.local)


def test_png_sea_level_is_a_grey_value(tmp_path):
    path = north_sea_png(tmp_path)
    r = PORTS.generate({"source": "png", "png_path": path, "png_sea_level": 255}, seed=1)
    assert r.detail.placement.ports == []  # all sea: no coast
    assert r.detail.short == 20
    r = PORTS.generate({"source": "png", "png_path": path, "png_sea_level": 0}, seed=1)
    assert r.detail.placement.ports == []  # all land


def test_sixteen_bit_png_is_accepted(tmp_path):
    grey = np.full((33, 33), 30000, np.uint16)
    grey[:, :10] = 100
    path = tmp_path / "deep.png"
    Image.fromarray(grey).save(path)
    r = PORTS.generate({"source": "png", "png_path": str(path), "png_sea_level": 20000,
                        "grid": 8}, seed=2)
    assert r.detail.placement.ports
    assert all(p.col == 9 for p in r.detail.placement.ports)


@pytest.mark.parametrize("make, words", [
    (lambda d: d.joinpath("text.png").write_text("not an image") and d / "text.png",
     "unreadable"),
    (lambda d: save(d / "rgb.png", np.zeros((10, 10, 3), np.uint8)), "greyscale"),
    (lambda d: save(d / "rgba.png", np.zeros((10, 10, 4), np.uint8)), "greyscale"),
    (lambda d: save(d / "big.png", np.zeros((3, 4098), np.uint8)), "too large"),
    (lambda d: save(d / "tiny.png", np.zeros((2, 10), np.uint8)), "too small"),
    (lambda d: Image.new("L", (8, 8)).save(d / "grey.bmp") or d / "grey.bmp", "not a PNG"),
    (lambda d: d / "missing.png", "cannot read"),
])
def test_bad_pngs_are_refused(tmp_path, make, words):
    path = make(tmp_path)
    with pytest.raises(ParamError) as exc:
        PORTS.validate({"source": "png", "png_path": str(path)})
    assert words in str(exc.value) and str(path) in str(exc.value)
    assert exc.value.param == "png_path"


def test_png_source_needs_a_path_and_a_sea_level_in_range(tmp_path):
    with pytest.raises(ParamError, match="choose a heightmap PNG"):
        PORTS.validate({"source": "png"})
    path = north_sea_png(tmp_path)
    with pytest.raises(ParamError, match="above the brightest grey"):
        PORTS.validate({"source": "png", "png_path": path, "png_sea_level": 300})


@pytest.mark.parametrize("values, words", [
    ({"latitude_curve": "0:1,30"}, "DEG:WEIGHT"),
    ({"latitude_curve": "0:1,30:-1"}, "0 or more"),
    ({"latitude_curve": "30:1,10:1"}, "increase"),
    ({"latitude_curve": "0:1,95:1"}, "0..90"),
    ({"latitude_north": -10, "latitude_south": 10}, "greater than"),
    ({"town_from": 400}, "must increase"),
    ({"local_size": 30}, "9, 17, 33, 65"),
    ({"pop_min": 10, "pop_max": 5}, "above the largest"),
    ({"tgp_size": "100x100"}, "power of two"),
    ({"nonsense": 1}, "unknown"),
])
def test_bad_settings_are_refused(values, words):
    with pytest.raises(ParamError, match=words):
        PORTS.validate(values)


def test_curve_given_as_text_or_points():
    a = PORTS.validate({"latitude_curve": "0:0.5, 30:1, 90:0"})["latitude_curve"]
    b = PORTS.validate({"latitude_curve": [[0, 0.5], [30, 1], [90, 0]]})["latitude_curve"]
    assert a == b == ((0.0, 0.5), (30.0, 1.0), (90.0, 0.0))


def test_the_tgp_settings_keep_their_names_as_the_game_writes_them():
    """Ports offers TGP's own settings under a "TGP" prefix: a common word
    starts small, a name (OpenTTD) keeps its capitals."""
    from viewer.engine.ports.generator import PARAMS

    labels = {p.name: p.label for p in PARAMS if p.name.startswith("tgp_")}
    assert labels["tgp_openttd"] == "TGP OpenTTD version"
    assert labels["tgp_size"] == "TGP map size" and labels["tgp_landscape"] == "TGP climate"
