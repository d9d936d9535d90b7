"""``tgp`` on the command line: the NPZ bundle matches the reference stages,
errors are clear and exit 1, and the heightmap PNG reads back in the game
to the same tile heights."""

from __future__ import annotations

import hashlib
import io
import json
import sys

import numpy as np
import pytest
from PIL import Image
from refdata import reference_dir

from viewer.cli import main
from viewer.engine.tgp.generator import TGP
from viewer.formats.tgp_heightmap import (
    fixed_point_png_bytes,
    game_tile_heights,
    heightmap_image,
    heightmap_png_bytes,
    read_grey,
)


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = main(["tgp", *argv])
    return rc, out.getvalue(), err.getvalue()


def sha(a) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


def _case(case_id):
    path = reference_dir() / "tgp" / "manifest.json"
    if not path.is_file():
        pytest.skip(f"TGP reference not found at {path.parent}")
    return next(c for c in json.loads(path.read_text())["cases"] if c["id"] == case_id)


@pytest.mark.parametrize("case_id", ["tgp_64x64_sm0_tt3_sl2_arctic_seed12345_skip1",
                                     "tgp_128x512_sm3_tt2_sl0_tropic_seed42",
                                     "tgp_256x256_sm1_tt3_sl1_temperate_seed3735928559"])
def test_npz_holds_the_reference_stages(case_id, monkeypatch, tmp_path):
    c = _case(case_id)
    argv = ["--openttd", "r13671", "--size", f"{c['map_size_x']}x{c['map_size_y']}",
            "--seed", str(c["seed"]),
            "--smoothness", str(c["smoothness"]), "--terrain", str(c["terrain_type"]),
            "--sea-level", str(c["sea_level"]), "--landscape", c["landscape"],
            "--rng-skip", str(c["rng_calls_before_tgp"]), "--npz", "out.npz"]
    rc, out, err = run(argv, monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert f"--seed {c['seed']}" in out and "water level" in out
    sx, sy = c["map_size_x"], c["map_size_y"]
    with np.load(tmp_path / "out.npz") as z:
        assert sorted(z.files) == ["heightmap", "noise", "tile_class", "tile_height"]
        expect = {"noise": ("A", np.int16, (sy + 1, sx + 1)),
                  "heightmap": ("B", np.int16, (sy + 1, sx + 1)),
                  "tile_height": ("C", np.uint8, (sy, sx)),
                  "tile_class": ("D", np.uint8, (sy, sx))}
        for name, (stage, dtype, shape) in expect.items():
            assert z[name].dtype == dtype and z[name].shape == shape, name
            assert sha(z[name]) == c["sha256"][stage], name


def test_quiet_and_png(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "128x64", "--seed", "3", "--png", "map.png", "--layer",
                        "tile_class", "--scale", "2", "-q"], monkeypatch, tmp_path)
    assert (rc, out, err) == (0, "", "")
    from viewer.formats.png import read_png
    from viewer.render.picture import picture

    # the window's Export map of the same map: the layer at 2 pixels a tile, its legend below
    again = TGP.generate(TGP.validate({"size": (128, 64), "openttd": "15.2"}), seed=3)
    img = read_png(tmp_path / "map.png")
    assert np.array_equal(img, picture(again, "tile_class", scale=2, export=True).rgba)
    assert img.shape[0] > 128 and img[:128, :256, 3].min() == 255


def test_help(monkeypatch, tmp_path):
    rc, out, err = run(["--help"], monkeypatch, tmp_path)
    assert rc == 0 and "--heightmap-png" in out and err == ""


def test_every_parameter_is_an_option_with_the_generators_default(monkeypatch, tmp_path):
    """The options come from TGP's Params: flag, help and default."""
    rc, out, _ = run(["--help"], monkeypatch, tmp_path)
    text = " ".join(out.split())
    for prm in TGP.params:
        flag = prm.cli or "--" + prm.name.replace("_", "-")
        default = (f"{prm.default[0]}x{prm.default[1]}" if prm.kind == "size"
                   else str(prm.default))
        assert flag in text and f"(default {default})" in text, prm.name
    # and what is not given is the generator's default
    rc, out, _ = run(["--size", "64x64", "--seed", "1"], monkeypatch, tmp_path)
    defaults = {p.name: p.default for p in TGP.params}
    assert (f"--smoothness {defaults['smoothness']} --terrain {defaults['terrain']} "
            f"--sea-level {defaults['sea_level']} --landscape {defaults['landscape']}") in out


BAD = [
    (["--size", "100x64"], "tgp: --size: map size 100x64: the width must be a power of two"),
    (["--size", "64x8192"], "tgp: --size: map size 64x8192: the height must be between 64 and 4096"),
    (["--size", "big"], "tgp: --size: Map size: map size must look like WxH"),
    (["--seed", "4294967296"], "tgp: seed must be from 0 to 4294967295"),
    (["--seed", "-5"], "tgp: seed must be from 0 to 4294967295"),
    (["--seed", "x"], "tgp: seed must be a whole number"),
    (["--smoothness", "4"], "tgp: --smoothness: Smoothness must be at most 3, not 4 (0..3)"),
    (["--openttd", "r13671", "--terrain", "x"],
     "tgp: --terrain: Terrain type: expected 0..3 or one of very flat, flat, hilly"),
    (["--openttd", "r13671", "--sea-level", "9"],
     "tgp: --sea-level: Sea level must be 0..3 (very low..high) with OpenTTD version r13671, "
     "not 9\n"),
    (["--landscape", "moon"], "tgp: --landscape: Climate: must be one of temperate, arctic, tropic, toyland"),
    (["--openttd", "r13671", "--rng-skip", "-1"],
     "tgp: --rng-skip: Random() calls before TGP must be at least 0"),
    (["--rivers", "5"], "tgp: --rivers: Rivers must be at most 3, not 5 (0..3)"),
    (["--min-river-length", "1"], "tgp: --min-river-length: Minimum river length must be at "
                                  "least 2, not 1 (2..255)"),
    (["--river-route-random", "256"], "tgp: --river-route-random: River route randomness "
                                      "must be at most 255, not 256 (1..255)"),
    (["--snow-coverage", "110"], "tgp: --snow-coverage: Snow coverage must be at most 100"),
    (["--desert-coverage", "-10"], "tgp: --desert-coverage: Desert coverage must be at least 0"),
    (["--tree-placer", "bogus"], "tgp: --tree-placer: Tree placer: must be one of none, "
                                 "original, improved"),
    (["--stop-after", "tiles"], "tgp: --stop-after: Stop after: must be one of water, "
                                "climate, rivers, clear, towns, industries, objects, trees, "
                                "startup, world"),
    (["--extra-tree-placement", "some"], "tgp: --extra-tree-placement: Extra tree placement: "
                                         "must be one of no spread, rainforest, spread, "
                                         "no growth"),
    (["--number-towns", "lots"], "tgp: --number-towns: Number of towns: must be one of very "
                                 "low, low, normal, high, custom"),
    (["--custom-town-number", "5001"], "tgp: --custom-town-number: Custom number of towns "
                                       "must be at most 5000"),
    (["--larger-towns", "256"], "tgp: --larger-towns: Cities (1 in N) must be at most 255"),
    (["--initial-city-size", "0"], "tgp: --initial-city-size: Initial city size multiplier "
                                   "must be at least 1"),
    (["--starting-year", "5000001"], "tgp: --starting-year: Starting year must be at most "
                                     "5000000"),
    (["--construction-cost", "free"], "tgp: --construction-cost: Construction costs: must be "
                                      "one of low, medium, high"),
    (["--town-name", "silly", "--stop-after", "towns"], "tgp: --town-name: Town names Silly: not yet (made here: English "
                               "(Original))"),
    (["--industry-density", "9"], "tgp: --industry-density: Industries: must be one of "
                                  "funding only"),
    (["--custom-industry-number", "0"], "tgp: --custom-industry-number: Custom number of "
                                        "industries must be at least 1"),
    (["--layer", "noise"], "tgp: --layer needs --png"),
    (["--png", "x.png", "--layer", "elevation"], "tgp: unknown layer 'elevation'"),
    (["--bogus"], "tgp: unrecognized arguments: --bogus"),
    (["--size"], "tgp: argument --size: expected one argument"),
    (["--npz", "no/such/dir/x.npz"], "tgp: cannot write no/such/dir/x.npz"),
]


@pytest.mark.parametrize("argv,message", BAD)
def test_errors(argv, message, monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "1", *argv], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err.startswith(message), err
    assert not list(tmp_path.glob("*.png"))


# -- the OpenTTD heightmap ---------------------------------------------------

@pytest.mark.parametrize("size,values", [((64, 64), {"terrain": 3, "smoothness": 3}),
                                         ((128, 512), {"terrain": 2, "landscape": "arctic"}),
                                         ((512, 128), {"terrain": 0})])
def test_heightmap_png_reads_back_to_the_tile_heights(size, values, monkeypatch, tmp_path):
    """By default for today's game with its default "Highest peak" (30)."""
    sx, sy = size
    argv = ["--openttd", "r13671", "--size", f"{sx}x{sy}", "--seed", "77",
            "--heightmap-png", "hm.png",
            "--terrain", str(values.get("terrain", 2)),
            "--smoothness", str(values.get("smoothness", 1)),
            "--landscape", values.get("landscape", "temperate"), "-q"]
    rc, _out, err = run(argv, monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    with Image.open(tmp_path / "hm.png") as im:
        assert (im.mode, im.size) == ("L", (sx, sy))  # 8-bit greyscale, one pixel per tile
    expect = TGP.generate({"openttd": "r13671", "size": size, **values},
                          seed=77).layers["tile_height"]
    grey = read_grey(tmp_path / "hm.png")
    got = game_tile_heights(grey, sx, sy, reader="modern", highest_peak=30)
    np.testing.assert_array_equal(got, expect)
    # the sea, and only the sea, is black
    np.testing.assert_array_equal(grey == 0, (expect == 0)[:, ::-1])


@pytest.mark.parametrize("peak", ["15", "16", "100", "255"])
def test_heightmap_for_another_highest_peak(peak, monkeypatch, tmp_path):
    rc, out, err = run(["--openttd", "r13671", "--size", "64x64", "--seed", "5",
                        "--heightmap-png", "hm.png", "--highest-peak", peak],
                       monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert f"choose Highest peak {peak}" in out
    expect = TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=5).layers["tile_height"]
    grey = read_grey(tmp_path / "hm.png")
    np.testing.assert_array_equal(
        game_tile_heights(grey, 64, 64, reader="modern", highest_peak=int(peak)), expect)


def test_heightmap_for_the_game_of_r13671(monkeypatch, tmp_path):
    rc, out, err = run(["--openttd", "r13671", "--size", "64x64", "--seed", "5",
                        "--heightmap-png", "hm.png", "--heightmap-format", "r13671"],
                       monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert "r13671" in out
    expect = TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=5).layers["tile_height"]
    grey = read_grey(tmp_path / "hm.png")
    np.testing.assert_array_equal(game_tile_heights(grey, 64, 64), expect)
    # every height sits in the middle of its brightness band, mirrored in x
    np.testing.assert_array_equal(grey, (expect * 16 + 8)[:, ::-1])


def test_the_message_names_the_highest_peak_to_choose(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--heightmap-png", "hm.png"],
                       monkeypatch, tmp_path)
    assert rc == 0 and err == ""
    assert 'choose Highest peak 30' in out.splitlines()[-1]


HEIGHTMAP_BAD = [
    (["--heightmap-png", "hm.png", "--highest-peak", "0"], "tgp: --highest-peak: "),
    (["--heightmap-png", "hm.png", "--highest-peak", "256"], "1..255"),
    (["--heightmap-png", "hm.png", "--highest-peak", "tall"], "whole number"),
    (["--heightmap-png", "hm.png", "--heightmap-format", "png"], "modern, r13671"),
    (["--heightmap-png", "hm.png", "--heightmap-format", "r13671", "--highest-peak", "20"],
     "modern heightmap format only"),
    (["--highest-peak", "20"], "need --heightmap-png"),
    (["--heightmap-png", "hm.png", "--terrain", "3", "--highest-peak", "2"],
     "the highest peak must be at least"),
]


@pytest.mark.parametrize("argv,message", HEIGHTMAP_BAD)
def test_heightmap_options_refused_with_a_message(argv, message, monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "1", *argv], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err.startswith("tgp: ") and message in err and err.count("\n") <= 2, err
    assert not (tmp_path / "hm.png").exists()


def test_every_height_level_round_trips():
    th = np.zeros((64, 64), np.uint8)
    th[2:62, 2:62] = (np.arange(60)[None, :] // 4) % 16
    for rotation in ("counter-clockwise", "clockwise"):
        grey = read_grey(heightmap_png_bytes(th, rotation))
        np.testing.assert_array_equal(game_tile_heights(grey, 64, 64, rotation), th)


def test_game_reads_colour_images_through_its_grey_weights():
    th = np.zeros((64, 64), np.uint8)
    th[2:62, 2:62] = 9
    grey = heightmap_image(th)
    rgb = np.repeat(grey[:, :, None], 3, axis=2)
    buf = io.BytesIO()
    Image.fromarray(rgb, "RGB").save(buf, format="PNG")
    np.testing.assert_array_equal(game_tile_heights(read_grey(buf.getvalue()), 64, 64), th)


def test_game_scales_a_smaller_image_to_the_map():
    th = np.zeros((64, 64), np.uint8)
    th[2:62, 2:62] = 5
    grey = read_grey(heightmap_png_bytes(th))
    big = game_tile_heights(grey, 128, 128)
    assert big.max() == 5 and big[4:124, 4:124].min() == 5
    assert not big[:2].any() and not big[:, 126:].any()


def test_heightmap_refuses_out_of_range():
    with pytest.raises(ValueError, match="0..15"):
        heightmap_image(np.full((64, 64), 16, np.uint8))


def test_fixed_point_png_is_16_bit():
    hm = TGP.generate({"size": (64, 64)}, seed=2).detail.heightmap_corners
    with Image.open(io.BytesIO(fixed_point_png_bytes(hm))) as im:
        assert im.size == (65, 65) and im.mode.startswith("I")
        np.testing.assert_array_equal(np.asarray(im).astype(np.int64), hm)


# -- OpenTTD 15.2 (the default) ------------------------------------------------------

def _modern_case(case_id):
    path = reference_dir() / "tgp-modern" / "manifest.json"
    if not path.is_file():
        pytest.skip(f"OpenTTD 15.2 TGP reference not found at {path.parent}")
    return next(c for c in json.loads(path.read_text())["cases"] if c["id"] == case_id)


@pytest.mark.parametrize("case_id", ["pub020_64x256_temperate_seed13",
                                     "pub041_256x256_temperate_seed34",
                                     "pub049_64x64_tropic_seed0"])
def test_npz_holds_the_15_2_reference_arrays(case_id, monkeypatch, tmp_path):
    c = _modern_case(case_id)
    s = c["settings"]
    landscapes = ("temperate", "arctic", "tropic", "toyland")
    argv = ["--seed", str(s["generation_seed"]), "--size", f"{s['size_x']}x{s['size_y']}",
            "--landscape", landscapes[s["landscape"]], "--terrain", str(s["terrain_type"]),
            "--custom-terrain", str(s["custom_terrain_type"]),
            "--smoothness", str(s["tgen_smoothness"]), "--variety", str(s["variety"]),
            "--sea-level", str(s["quantity_sea_lakes"]),
            "--custom-sea-level", str(s["custom_sea_level"]),
            "--water-borders", str(s["water_borders"]),
            "--freeform-edges" if s["freeform_edges"] else "--no-freeform-edges",
            "--height-limit", str(s["map_height_limit"]), "--stop-after", "water",
            "--npz", "out.npz"]
    rc, out, err = run(argv, monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert out.startswith("tgp --openttd 15.2 ") and "OpenTTD 15.2" in out
    # the project's classes (0 clear, 1 water, 2 shore, 3 void) to the reference's
    to_ref = np.array([1, 2, 3, 0], np.uint8)
    with np.load(tmp_path / "out.npz") as z:
        assert sorted(z.files) == ["heightmap", "noise", "rocks", "tile_class", "tile_height"]
        got = {"heightmap_noise": z["noise"], "heightmap_normalised": z["heightmap"],
               "tile_height": z["tile_height"], "tile_class": to_ref[z["tile_class"]],
               "rocks": z["rocks"]}
        for name, spec in c["arrays"].items():
            assert sha(got[name]) == spec["sha256"], name


def test_the_default_is_15_2_and_the_line_makes_the_map_again(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "128x64", "--seed", "6", "--terrain", "alpinist",
                        "--npz", "a.npz"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    line = out.splitlines()[0]
    assert "--terrain 4" in line and "--freeform-edges" in line and "--height-limit 0" in line
    rc, out2, err = run([*line.split()[1:], "--npz", "b.npz"], monkeypatch, tmp_path)
    assert (rc, err, out2) == (0, "", out)
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        for name in a.files:
            np.testing.assert_array_equal(a[name], b[name])


def test_no_freeform_edges(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "2", "--no-freeform-edges",
                        "--water-borders", "3", "--npz", "x.npz"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "") and "--no-freeform-edges" in out
    assert "water borders NE, SE, SW, NW" in out      # the setting is kept but not used
    with np.load(tmp_path / "x.npz") as z:
        assert (z["tile_class"][0, 1:-1] != 3).all()   # the first row is not void


MODERN_BAD = [
    (["--terrain", "6"], "tgp: --terrain: Terrain type must be at most 5, not 6 (0..5)"),
    (["--sea-level", "9"], "tgp: --sea-level: Sea level must be at most 4, not 9 (0..4)"),
    (["--water-borders", "17"], "tgp: --water-borders: Water borders must be at most 16"),
    (["--custom-sea-level", "0"], "tgp: --custom-sea-level: Custom sea level must be at least 1"),
    (["--openttd", "14.1"], "tgp: --openttd: OpenTTD version: must be one of 15.2, r13671"),
    (["--rng-skip", "1"], "tgp: --rng-skip: OpenTTD 15.2 has no such setting"),
    (["--openttd", "r13671", "--variety", "2"], "tgp: --variety: OpenTTD r13671 has no"),
    (["--openttd", "r13671", "--no-freeform-edges"], "tgp: --no-freeform-edges: OpenTTD "
                                                     "r13671 has no"),
    (["--openttd", "r13671", "--terrain", "4"], "tgp: --terrain: Terrain type must be 0..3 (very "
     "flat..mountainous) with OpenTTD version r13671, not 4 (alpinist is 15.2 only)\n"),
    (["--openttd", "r13671", "--png", "x.png", "--layer", "rocks"], "tgp: unknown layer"),
]


@pytest.mark.parametrize("argv,message", MODERN_BAD)
def test_15_2_errors(argv, message, monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "1", *argv], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err.startswith(message), err


def test_a_15_2_heightmap_reads_back_in_15_2s_loader(monkeypatch, tmp_path):
    from viewer.formats.tgp_exports import loaded_tile_heights

    for extra, freeform in (([], True), (["--no-freeform-edges"], False)):
        rc, out, err = run(["--size", "256x128", "--seed", "11", "--terrain", "4",
                            "--variety", "4", "--heightmap-png", "hm.png", *extra],
                           monkeypatch, tmp_path)
        assert (rc, err) == (0, "")
        r = TGP.generate({"openttd": "15.2", "size": (256, 128), "terrain": 4, "variety": 4,
                          "freeform_edges": freeform}, seed=11)
        th = r.layers["tile_height"]
        peak = max(30, int(th.max()))
        assert f"choose Highest peak {peak}" in out and "map size 256 x 128" in out
        assert f"freeform edges {'on' if freeform else 'off'}" in out
        grey = read_grey(tmp_path / "hm.png")
        np.testing.assert_array_equal(
            loaded_tile_heights(grey, 256, 128, highest_peak=peak, freeform_edges=freeform), th)


def test_a_tall_15_2_map_gets_its_own_highest_peak(monkeypatch, tmp_path):
    from viewer.formats.tgp_exports import loaded_tile_heights

    rc, out, err = run(["--size", "256x256", "--seed", "3", "--terrain", "5",
                        "--custom-terrain", "120", "--height-limit", "200", "--smoothness", "3",
                        "--heightmap-png", "hm.png"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    th = TGP.generate({"openttd": "15.2", "size": (256, 256), "terrain": 5, "smoothness": 3,
                       "custom_terrain": 120, "height_limit": 200}, seed=3).layers["tile_height"]
    assert th.max() > 30 and f"choose Highest peak {int(th.max())}" in out
    grey = read_grey(tmp_path / "hm.png")
    np.testing.assert_array_equal(
        loaded_tile_heights(grey, 256, 256, highest_peak=int(th.max())), th)
