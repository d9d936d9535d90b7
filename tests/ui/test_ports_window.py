"""Port placement in the workbench window: the chooser, the map with its
overlays, live regeneration from the sliders and the latitude curve, PNG
sources (and bad ones), the timeline, a port's local terrain, the inspector,
exports and presets with curves (small maps, offscreen)."""

from __future__ import annotations

import csv
import json
import math

import numpy as np
import pytest
from menus_by_generator import others
from PIL import Image
from PySide6.QtCore import QPointF, Qt

from viewer.engine.ports.generator import PORTS
from viewer.formats.png import read_png
from viewer.formats.presets import load_preset, preset_text
from viewer.render import ports as ports_render
from viewer.render.ports import ports_with_routes, shown_ports

WAIT = 60_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def has_colour(img: np.ndarray, rgba) -> bool:
    return bool(np.all(img[..., :3] == np.array(rgba[:3], np.uint8), axis=-1).any())


def island_png(path, size: int = 49, lake: bool = True) -> None:
    """An 8-bit heightmap: an island (grey up to 120) in a sea of grey 0,
    with a lake (grey 0) in the middle when ``lake``."""
    yy, xx = np.mgrid[0:size, 0:size]
    c = (size - 1) / 2
    d = np.hypot(yy - c, (xx - c) * 1.3)
    grey = np.clip(130 - 8 * d, 0, 255)
    grey += 6 * np.sin(xx * 0.9) * np.cos(yy * 0.7)          # a wrinkly coast
    if lake:
        grey[np.hypot(yy - c - 3, xx - c + 2) < 3.5] = 0
    Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8), "L").save(path)


@pytest.fixture
def ports(qtbot, window):
    """The window on Ports, chosen in the generator box, on a 64 x 64 TGP map."""
    box = window.generator_box
    box.setCurrentIndex(box.findData("ports"))
    settle(qtbot, window, lambda: window.result.generator == "ports")
    window.workbench.set_values({"tgp_size": "64x64", "grid": 8, "min_distance": 6.0})
    window.workbench.set_seed(3)
    window.request_generation()
    settle(qtbot, window, lambda: window.result.grid.width == 64)
    return window


@pytest.fixture
def png_ports(qtbot, ports, tmp_path):
    """The window on Ports with a small PNG island (with a lake) as source."""
    path = tmp_path / "island.png"
    island_png(path)
    ports.workbench.set_values({"source": "png", "png_path": str(path), "grid": 6,
                                "min_distance": 4.0})
    ports.request_generation()
    settle(qtbot, ports, lambda: ports.result.params["source"] == "png")
    return ports


def test_ports_is_in_the_chooser_after_number_link(window):
    box = window.generator_box
    names = [box.itemData(i) for i in range(box.count())]
    assert names[:4] == ["fairland", "tgp", "numberlink", "ports"]
    assert box.itemText(3) == "Port placement"


def test_choosing_ports_shows_the_map_with_ports(ports):
    w = ports
    r = w.result
    assert r.generator == "ports" and (r.grid.width, r.grid.height) == (64, 64)
    assert len(r.detail.ports) > 0
    assert not w.map_view.hexes and w.layer_name == "height"
    img = w.shown_image()
    assert img.shape[:2] == (64 * w.map_view.scale, 64 * w.map_view.scale)
    # every class present is drawn in its colour, and listed in the legend
    classes = {p["class"] for p in r.detail.ports}
    for name in classes:
        colour = ports_render.PORT_CLASS_COLORS[ports_render.PORT_CLASS_NAMES.index(name)]
        assert has_colour(img, colour)
    legend = w.legend.legend
    assert {t for t, _ in legend.entries if t.startswith("port: ")} == {
        f"port: {c}" for c in classes}
    assert legend.lut is not None and "sea level" in legend.title
    assert has_colour(img, ports_render.PORT_ROUTE)
    # the ports' own actions on, the other generators' off
    menus = set(w.menu_actions())
    assert {"Export ports JSON...", "Export ports CSV..."} <= menus
    assert not menus & others("ports")
    # the panel: the PNG settings greyed out for the TGP source
    panel = w.param_panel
    assert panel.widgets["tgp_size"].isEnabled()
    assert not panel.widgets["png_sea_level"].isEnabled()
    assert panel.widgets["local_size"].value() == 33
    # the same map as the engine's
    again = PORTS.generate(r.params, seed=r.seed)
    assert again.detail.ports == r.detail.ports


def test_moving_the_ports_slider_regenerates_and_the_pixels_change(qtbot, ports):
    w = ports
    before = w.shown_image().copy()
    n_before = len(w.result.detail.ports)
    assert n_before > 3
    w.param_panel.widgets["n_ports"].editor.setValue(3)      # as a drag would
    settle(qtbot, w, lambda: w.result.params["n_ports"] == 3)
    assert len(w.result.detail.ports) == 3
    assert not np.array_equal(before, w.shown_image())


class FakeDrag:
    """What pyqtgraph hands a dragged item, in plot coordinates."""

    def __init__(self, down, pos, start=False, finish=False):
        self._down, self._pos = QPointF(*down), QPointF(*pos)
        self._start, self._finish = start, finish
        self.accepted = False

    def button(self):
        return Qt.MouseButton.LeftButton

    def isStart(self):  # noqa: N802
        return self._start

    def isFinish(self):  # noqa: N802
        return self._finish

    def buttonDownPos(self):  # noqa: N802
        return self._down

    def pos(self):
        return self._pos

    def accept(self):
        self.accepted = True

    def ignore(self):
        pass


def test_dragging_a_curve_point_regenerates(qtbot, ports):
    w = ports
    editor = w.param_panel.widgets["latitude_curve"].editor
    assert editor.value() == ((0.0, 0.5), (30.0, 1.0), (90.0, 0.0))
    weight_before = w.result.layers["weight"].copy()
    runs = w.runs_done
    # drag the 30 degrees point down and north to (60, 0.2)
    graph = editor.graph
    graph.mouseDragEvent(FakeDrag((30, 1.0), (30, 1.0), start=True))
    graph.mouseDragEvent(FakeDrag((30, 1.0), (45, 0.6)))
    assert w.runs_done == runs and not w.busy()           # nothing during the drag
    graph.mouseDragEvent(FakeDrag((30, 1.0), (60, 0.2), finish=True))
    settle(qtbot, w, lambda: w.runs_done > runs)
    assert w.result.params["latitude_curve"] == ((0.0, 0.5), (60.0, 0.2), (90.0, 0.0))
    assert not np.array_equal(weight_before, w.result.layers["weight"])
    # a point cannot pass its neighbour
    editor.move_point(1, 120.0, 0.5, announce=False)
    assert editor.value()[1][0] == pytest.approx(89.5)
    # typed points: zero weight everywhere north of 10 degrees and south of -10
    editor.text.setText("0:1, 10:1, 10.5:0, 90:0")
    editor.text.editingFinished.emit()
    settle(qtbot, w, lambda: w.result.params["latitude_curve"][1] == (10.0, 1.0))
    lat = [p["latitude"] for p in w.result.detail.ports]
    assert lat and all(abs(a) <= 10.5 for a in lat)


def test_a_png_source_and_bad_pngs_keep_the_last_good_map(qtbot, png_ports, tmp_path):
    w = png_ports
    r = w.result
    assert (r.grid.width, r.grid.height) == (48, 48)
    assert r.detail.placement.lake_ids.size >= 1
    panel = w.param_panel
    assert not panel.widgets["tgp_size"].isEnabled()
    assert panel.widgets["png_sea_level"].isEnabled()
    img = w.shown_image().copy()
    rgb = tmp_path / "colour.png"
    Image.new("RGB", (20, 20), (1, 2, 3)).save(rgb)
    text = tmp_path / "notes.png"
    text.write_text("not an image")
    for bad, words in ((rgb, "greyscale"), (text, "unreadable"),
                       (tmp_path / "missing.png", "cannot read")):
        panel.widgets["png_path"].set_value(str(bad))
        panel.widgets["png_path"].changed.emit()
        qtbot.waitUntil(lambda: bool(panel.widgets["png_path"].error.text()), timeout=WAIT)
        message = panel.widgets["png_path"].error.text()
        assert words in message and str(bad.name) in message
        assert panel.widgets["png_path"].error.isVisibleTo(panel)
        assert w.result is r
        assert np.array_equal(w.shown_image(), img)


def test_browse_picks_a_png_and_switches_the_source(qtbot, ports, tmp_path, monkeypatch):
    path = tmp_path / "island.png"
    island_png(path, lake=False)
    from viewer.ui import folders

    monkeypatch.setattr(folders.QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "PNG images (*.png)")))
    w = ports
    w.param_panel.widgets["png_path"].browse_button.click()
    settle(qtbot, w, lambda: w.result.params["source"] == "png")
    assert w.param_panel.widgets["source"].value() == "png"
    assert w.result.params["png_path"] == str(path)
    assert not w.param_panel.widgets["tgp_terrain"].isEnabled()


def test_the_timeline_reaches_every_phase(qtbot, png_ports):
    w = png_ports
    r = w.result
    tl = w.timeline
    phases = tl.phases()
    assert [name for name, _ in phases] == ["lakes", "coast", "candidates", "weighting",
                                            "ports", "local terrain"]
    starts = [s for _, s in phases]
    ends = [s - 1 for s in starts[1:]] + [tl.n_steps]
    seen = []
    for step in sorted(set([0] + starts + ends)):
        tl.set_step(step)
        qtbot.waitUntil(lambda s=step: w.state.step == s and not w.busy(), timeout=WAIT)
        if step == 0 or step in ends:
            seen.append(w.shown_image().copy())
        phase = r.trace.phase_at(step)
        shown = len(shown_ports(w.state))
        if phase in ("start", "lakes", "coast", "candidates", "weighting"):
            assert shown == 0
        if step in (0, starts[0]):            # the first lakes step: the open sea only
            assert not (w.state.layers["lakes"] >= 0).any()
        if step == starts[4]:
            assert shown == 1 and not ports_with_routes(w.state)
        if step == starts[5]:
            assert ports_with_routes(w.state) == [0]
    # the lakes come after the open sea
    tl.set_step(starts[0] + 1)
    qtbot.waitUntil(lambda: w.state.step == starts[0] + 1 and not w.busy(), timeout=WAIT)
    assert (w.state.layers["lakes"] >= 0).any()
    assert "lake" in w.legend.swatches.text()
    # what each phase decided changes the picture
    for a, b in zip(seen, seen[1:]):
        assert not np.array_equal(a, b)
    tl.set_step(tl.n_steps)
    qtbot.waitUntil(lambda: w.state.step == r.trace.n_steps, timeout=WAIT)
    assert len(shown_ports(w.state)) == len(r.detail.ports)
    # a layer not decided yet says so and shows the terrain
    w.select_layer("desirability")
    tl.set_step(0)
    qtbot.waitUntil(lambda: w.state.step == 0 and not w.busy(), timeout=WAIT)
    assert "not meaningful" in w.map_view.notice.toPlainText()


def click_map(qtbot, window, mx: float, my: float) -> None:
    view = window.map_view
    scene = view.vb.mapViewToScene(QPointF(mx * view.scale, my * view.scale))
    pos = view.mapFromScene(scene)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_clicking_a_port_opens_its_local_terrain_with_the_route(qtbot, ports):
    w = ports
    recs = w.result.detail.ports
    i = next(k for k, p in enumerate(recs) if p["route_length"] > 0)
    x, y = recs[i]["position"]
    click_map(qtbot, w, x, y)
    qtbot.waitUntil(lambda: w.gen_view.port_view is not None
                    and w.gen_view.port_view.isVisible(), timeout=WAIT)
    pv = w.gen_view.port_view
    assert pv.port == i and w.gen_view.selected_port == i
    assert f"Port {recs[i]['id']}" in pv.windowTitle()
    n = w.result.detail.local.n
    side = 3 * (n - 1) + 1
    scale = pv.image.shape[0] // side
    assert pv.image.shape[:2] == (side * scale, side * scale)
    assert has_colour(pv.image, ports_render.PORT_ROUTE)              # the route to open sea
    assert has_colour(pv.image, (150, 40, 30))               # buildings
    # a click on open sea far from any port opens nothing new
    pv.hide()
    click_map(qtbot, w, 0.5, 0.5)
    qtbot.wait(50)
    assert not pv.isVisible()
    # a new map keeps an open view on the same port number
    w.gen_view.open_port_view(0)
    w.param_panel.seed_row.set_seed(4, announce=True)
    settle(qtbot, w, lambda: w.result.seed == 4)
    assert pv.isVisible() and pv.result is w.result and pv.port == 0


def test_the_inspector_describes_a_port_cell(qtbot, ports):
    w = ports
    rec = w.result.detail.ports[0]
    x, y = rec["cell"]
    rows = w.inspect(x, y)
    assert rows["cell"] == f"column {x}, row {y}"
    corners = w.result.detail.corners
    assert rows["corners NW NE SW SE"].split() == [
        f"{float(v):g}" for v in (corners[y, x], corners[y, x + 1], corners[y + 1, x],
                                  corners[y + 1, x + 1])]
    assert rows["class"] == "coast"
    assert rows["port"] == f"{rec['id']}: {rec['class']}"
    assert rows["population"] == f"{rec['population']:,}"
    assert rows["candidate"].startswith("yes")
    assert rows["desirability"].startswith(str(rec["desirability"]))
    sy, sx = (int(v[0]) for v in np.nonzero(w.result.layers["cell_class"] == 2))
    sea = w.inspect(sx, sy)
    assert sea["class"] == "sea" and sea["port"] == "none"


def test_ports_exports_read_back(qtbot, ports, tmp_path):
    w = ports
    r = w.result
    w.file_actions.export('ports-json', tmp_path / "p.json")
    doc = json.loads((tmp_path / "p.json").read_text())
    assert doc["generator"] == "ports" and doc["seed"] == r.seed
    assert doc["ports"] == json.loads(json.dumps(r.detail.ports))
    assert doc["params"]["latitude_curve"] == [[0.0, 0.5], [30.0, 1.0], [90.0, 0.0]]
    w.file_actions.export('ports-csv', tmp_path / "p.csv")
    lines = (tmp_path / "p.csv").read_text().splitlines()
    rows = list(csv.DictReader(lines))
    assert rows and rows[0]["command"].startswith("ports --seed")
    assert len(rows) == len(r.detail.ports)
    assert [int(p["population"]) for p in rows] == [p["population"] for p in r.detail.ports]
    img = w.file_actions.write_map_png(tmp_path / "m.png", scale=4)
    back = read_png(tmp_path / "m.png")
    # the map at 4 px a cell, the legend in a strip below it (as wide as it needs)
    assert back.shape[1] >= 64 * 4 and back.shape[0] > 64 * 4
    assert np.array_equal(back[..., :3], img[..., :3])
    side = w.file_actions.export_bundle(tmp_path / "b.npz")
    assert json.loads(side.read_text())["generator"] == "ports"


def test_failed_ports_exports_are_shown_and_leave_nothing(qtbot, ports, tmp_path,
                                                          monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    w = ports
    missing = tmp_path / "no" / "such" / "dir"
    for key, name in (("ports-json", "p.json"), ("ports-csv", "p.csv")):
        w.file_actions.guarded("Export ports",
                               lambda key=key, name=name:
                               w.file_actions.export(key, missing / name))
        assert shown and "cannot write" in shown[-1]
        assert "cannot write" in w.message.text()
    assert not missing.exists()


def test_presets_with_curves_round_trip(qtbot, ports, tmp_path):
    w = ports
    editor = w.param_panel.widgets["latitude_curve"].editor
    curve = ((0.0, 0.25), (20.0, 1.0), (55.5, 0.75), (90.0, 0.125))
    editor.set_points(curve, announce=True)
    settle(qtbot, w, lambda: w.result.params["latitude_curve"] == curve)
    path = tmp_path / "curvy.toml"
    w.file_actions.save_preset_file(path)
    text = path.read_text()
    assert "latitude_curve = [" in text
    preset = load_preset(path)
    assert preset.generator == "ports"
    assert preset.params["latitude_curve"] == curve
    assert preset.params["tgp_size"] == (64, 64)
    assert load_preset(path).params == PORTS.validate(preset.params)
    assert preset_text(preset) == text.replace('title = "curvy"\n', 'title = "curvy"\n')
    # loading it back into a window on another generator
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.file_actions.load_preset_file(path)
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert w.param_panel.widgets["latitude_curve"].editor.value() == curve
    assert w.result.params["latitude_curve"] == curve
    assert math.isclose(w.result.params["min_distance"], 6.0)
