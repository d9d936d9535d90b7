"""OpenTTD TerraGenesis in the workbench window: its own parameter panel,
live regeneration, square map, inspector, timeline, relief views and exports
(on 64 x 64 maps, offscreen)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from menus_by_generator import OWN, others
from PySide6.QtCore import QPointF

from viewer.engine.tgp.generator import TGP
from viewer.formats.bundle import read_bundle
from viewer.formats.tgp_heightmap import game_tile_heights, read_grey
from viewer.render import colormaps as cm

WAIT = 60_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


@pytest.fixture
def tgp(qtbot, window):
    """The window on TGP, chosen in the generator box, at 64 x 64."""
    box = window.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, window, lambda: window.result.generator == "tgp")
    window.workbench.set_value("size", "64x64")
    # these tests are about r13671 and its defaults (15.2: test_tgp15_window.py)
    window.workbench.set_values({"openttd": "r13671", "terrain": 2, "sea_level": 1})
    window.request_generation()
    settle(qtbot, window, lambda: window.result.grid.width == 64
           and window.result.params["openttd"] == "r13671")
    window.select_layer("heightmap")        # (a finished 15.2 map is shown first as its classes)
    settle(qtbot, window)
    return window


def test_tgp_is_in_the_chooser_with_its_own_panel(window):
    box = window.generator_box
    names = [box.itemData(i) for i in range(box.count())]
    assert names[:2] == ["fairland", "tgp"]
    assert box.itemText(1) == "OpenTTD TerraGenesis Perlin"


def test_choosing_tgp_regenerates_and_shows_a_square_map(tgp):
    w = tgp
    r = w.result
    assert r.generator == "tgp" and (r.grid.width, r.grid.height) == (64, 64)
    view = w.map_view
    assert not view.hexes
    assert w.shown_image().shape[:2] == (64 * view.scale, 64 * view.scale)
    assert w.layer_name == "heightmap"
    names = [w.layer_list.item(i).data(0x0100) for i in range(w.layer_list.count())]
    assert names == ["noise", "heightmap", "tile_height", "tile_class", "water", "change"]
    # the panel: size as an editable combo of power-of-two sizes, named settings
    panel = w.param_panel
    size = panel.widgets["size"].editor
    assert size.isEditable()
    items = [size.itemText(i) for i in range(size.count())]
    assert "64x64" in items and "4096x4096" in items
    assert panel.widgets["smoothness"].value_label() == "smooth"
    assert panel.widgets["terrain"].value_label() == "hilly"
    assert panel.widgets["sea_level"].value_label() == "low"
    climate = panel.widgets["landscape"].editor
    assert [climate.itemText(i) for i in range(climate.count())] == [
        "Temperate", "Sub-arctic", "Sub-tropical", "Toyland"]     # as the game names them
    # fairland's own actions are off, TGP's on
    menus = set(w.menu_actions())
    assert not menus & others("tgp")
    assert OWN["tgp"] <= menus
    # the legend is a colour bar in height levels
    legend = w.legend.legend
    assert legend.lut is not None and (legend.vmin, legend.vmax) == (0, 16)
    assert "level" in legend.title


def test_the_map_is_the_engines_map(tgp):
    w = tgp
    r = w.result
    again = TGP.generate(r.params, seed=r.seed)
    for name in ("noise", "heightmap", "tile_height", "tile_class", "water"):
        assert np.array_equal(r.layers[name], again.layers[name]), name


def test_moving_a_slider_changes_the_pixels(qtbot, tgp):
    w = tgp
    before = w.shown_image().copy()
    hilly = int(w.result.layers["tile_height"].max())
    slider = w.param_panel.widgets["terrain"].editor
    slider.setValue(3)
    settle(qtbot, w, lambda: w.result.params["terrain"] == 3)
    assert w.param_panel.widgets["terrain"].value_label() == "mountainous"
    after = w.shown_image()
    assert after.shape == before.shape and not np.array_equal(after, before)
    assert int(w.result.layers["tile_height"].max()) > hilly


def test_a_bad_size_is_refused_beside_the_size(qtbot, tgp):
    w = tgp
    w.workbench.set_value("size", "100x64")
    assert w.request_generation() is None
    assert "power of two" in w.param_panel.error_text()
    assert w.result.grid.width == 64          # the last good map stays


def test_the_inspector_shows_the_tile(qtbot, tgp):
    w = tgp
    r = w.result
    x, y = 20, 30
    rows = w.inspect(x, y)
    hm = int(r.layers["heightmap"][y, x])
    assert rows["tile"] == f"{x},{y}"
    assert rows["corner (fixed point)"] == str(hm)
    assert float(rows["corner (levels)"]) == hm / 16
    assert rows["tile height"] == str(int(r.layers["tile_height"][y, x]))
    c = int(r.layers["tile_class"][y, x])
    assert rows["class"] == f"{('clear', 'water', 'shore', 'void')[c]} ({c})"
    # the corner of the map is void, the sea water
    assert w.inspect(63, 63)["class"] == "void (3)"
    wy, wx = np.argwhere(r.layers["tile_class"] == 1)[0]
    assert w.inspect(int(wx), int(wy))["class"] == "water (1)"
    # hovering the map points at the tile under the mouse
    view = w.map_view
    s = view.scale
    pos = view.vb.mapViewToScene(QPointF((x + 0.5) * s, (y + 0.5) * s))
    assert view.sector_at_scene(pos) == (x, y)


def test_the_timeline_reaches_every_step_and_shows_the_engines_state(qtbot, tgp):
    w = tgp
    r = w.result
    trace = r.trace
    ref = TGP.generate(r.params, seed=r.seed, trace=True).trace
    pipe = ref.pipe
    # one step per octave, per normalisation step, then tiles and water
    assert trace.n_steps == len(pipe.steps) == pipe.n_rounds + 7 + 2
    assert [name for name, _ in trace.phases()][:2] == ["noise", "water level"]
    seen_notice = False
    for step in range(trace.n_steps + 1):
        w.timeline.set_step(step)
        settle(qtbot, w, lambda s=step: w.state.step == s)
        want = ref.state_at(step)
        for name, arr in want.items():
            assert np.array_equal(w.state.layers[name], arr), (step, name)
        assert w.state.meaningful == ref.meaningful_at(step)
        for name in ("heightmap", "tile_class", "change", "noise"):
            w.select_layer(name)
            assert w.shown_image().shape[:2] == (64 * w.map_view.scale,) * 2
            seen_notice |= w.map_view.notice.isVisible()
    assert seen_notice          # e.g. tile classes before the water step
    assert w.timeline.step == trace.n_steps
    # the last step is the finished map
    assert w.state.layers is r.layers


def test_the_change_layer_is_diverging(qtbot, tgp):
    w = tgp
    w.select_layer("change")
    w.timeline.set_step(w.result.trace.pipe.n_rounds + 1)        # the water level step
    settle(qtbot, w, lambda: w.state.step == w.result.trace.pipe.n_rounds + 1)
    legend = w.legend.legend
    assert legend.vmin == -legend.vmax and legend.lut is cm.DIVERGING_LUT


def test_hill_shading_and_contours_change_the_picture(qtbot, tgp):
    w = tgp
    w.select_layer("heightmap")
    shading, contours = w.toggle_action("hill_shading"), w.toggle_action("contours")
    if w.options["hill_shading"]:
        shading.trigger()
    if w.options["contours"]:
        contours.trigger()
    settle(qtbot, w)        # (a picture slow to draw, on a busy machine, comes from the worker)
    plain = w.shown_image().copy()
    shading.trigger()
    assert w.options["hill_shading"]
    settle(qtbot, w)
    shaded = w.shown_image().copy()
    assert not np.array_equal(plain, shaded)
    contours.trigger()
    assert w.options["contours"]
    settle(qtbot, w)
    lined = w.shown_image()
    assert not np.array_equal(lined, shaded)
    # contours only darken
    assert (lined[..., :3].astype(int) <= shaded[..., :3]).all()


def test_the_openttd_heightmap_reads_back_to_the_tile_heights(tgp, tmp_path):
    w = tgp
    path = tmp_path / "heightmap.png"
    w.file_actions.export('openttd-heightmap', path)
    grey = read_grey(path)
    assert grey.shape == (64, 64) and grey.dtype == np.uint8
    th = w.result.layers["tile_height"]
    assert np.array_equal(game_tile_heights(grey, 64, 64, reader="modern", highest_peak=30), th)
    assert "Highest peak 30" in w.message.text()
    # for the game of r13671, its own encoding
    old = tmp_path / "old.png"
    w.file_actions.export('openttd-heightmap-r13671', old)
    assert np.array_equal(game_tile_heights(read_grey(old), 64, 64, reader="r13671"), th)


def test_the_16_bit_png_holds_the_fixed_point_heightmap(tgp, tmp_path):
    from PIL import Image

    w = tgp
    path = tmp_path / "heightmap16.png"
    w.file_actions.export('fixed-point-heightmap', path)
    with Image.open(path) as im:
        assert im.mode.startswith("I")
        arr = np.asarray(im)
    assert np.array_equal(arr, w.result.layers["heightmap"])


def test_the_bundle_holds_the_layers_params_and_seed(tgp, tmp_path):
    w = tgp
    path = tmp_path / "tgp.npz"
    side = w.file_actions.export_bundle(path)
    layers, meta = read_bundle(path)
    r = w.result
    assert set(layers) == set(r.layers)
    for name, arr in r.layers.items():
        assert np.array_equal(layers[name], arr) and layers[name].dtype == arr.dtype
    assert meta["generator"] == "tgp" and meta["seed"] == r.seed
    assert meta["params"]["size"] == [64, 64]
    assert json.loads(side.read_text())["grid"] == {"kind": "square", "width": 64, "height": 64}
    again = TGP.generate(meta["params"], seed=meta["seed"])
    assert np.array_equal(again.layers["heightmap"], layers["heightmap"])


def test_a_failed_tgp_export_is_shown_and_leaves_nothing(tgp, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    w = tgp
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[-1]))
    missing = tmp_path / "no such folder" / "h.png"
    w.file_actions.guarded("Export OpenTTD heightmap",
                           lambda: w.file_actions.export('openttd-heightmap', missing))
    assert "cannot write" in w.message.text() and "cannot write" in shown[0]
    w.file_actions.guarded("Export 16-bit heightmap",
                           lambda: w.file_actions.export('fixed-point-heightmap', missing))
    assert len(shown) == 2
    assert not any(tmp_path.rglob("*.png")) and not any(tmp_path.rglob("*.tmp"))


def test_switching_back_to_fairland_still_works(qtbot, tgp):
    w = tgp
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    assert w.map_view.hexes and w.layer_name == "own"
    menus = set(w.menu_actions())
    assert OWN["fairland"] <= menus
    assert not menus & OWN["tgp"]
    assert "sector" in w.inspect(10, 4)
    # and TGP again, with its parameters remembered
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    assert w.result.grid.width == 64 and w.layer_name == "heightmap"


def test_a_large_map_is_shown_decimated(qtbot, window, monkeypatch):
    """A 4096 x 4096 square map is coloured at every 4th tile (1024 x 1024
    pixels), and hovering still names the tile under the mouse."""
    from viewer.engine.protocol import MapState, Result, SquareGrid
    from viewer.engine.tgp.detail import TGPDetail
    from viewer.engine.tgp.layers import LAYER_INFO
    from viewer.render.picture import square_stride

    assert square_stride(4096, 4096) == 4 and square_stride(1024, 1024) == 1
    assert square_stride(4096, 64) == 4
    n = 4096
    hm = (np.add.outer(np.arange(n), np.arange(n)) % 240).astype(np.int16)
    layers = {"heightmap": hm, "tile_height": (hm // 16).astype(np.uint8)}
    big = Result("tgp", SquareGrid(n, n), layers,
                 {k: LAYER_INFO[k] for k in layers},
                 params=TGP.validate({p.name: p.default for p in TGP.params}), seed=1,
                 detail=TGPDetail(hm, hm, 16, 0, 0, 0, (0, 0), 0, (0, 0, 0, 0)))
    window.show_result(big)
    assert window.state == MapState(big, big.layers)
    window.select_layer("heightmap")
    window.render_view()
    img = window.shown_image()
    assert img.shape[:2] == (1024, 1024)
    view = window.map_view
    assert view.scale == 0.25
    pos = view.vb.mapViewToScene(QPointF(100.625, 200.625))   # tile centres
    assert view.sector_at_scene(pos) == (402, 802)
    rows = window.inspect(402, 802)
    assert rows["corner (fixed point)"] == str(int(hm[802, 402]))


def test_a_shipped_tgp_preset_switches_to_tgp(qtbot, window):
    from viewer.formats.presets import load_preset, shipped_presets

    paths = {p.stem: p for p in shipped_presets()}
    assert {"tgp-alpine", "tgp-islands"} <= set(paths)
    for stem in ("tgp-alpine", "tgp-islands"):
        p = load_preset(paths[stem])
        assert p.generator == "tgp" and TGP.validate(p.params)
    window.file_actions.load_preset_file(paths["tgp-islands"])
    settle(qtbot, window, lambda: window.result.generator == "tgp")
    r = window.result
    assert r.params["sea_level"] == 3 and r.seed == 2008 and r.grid.width == 256
    assert window.param_panel.widgets["sea_level"].value_label() == "high"
