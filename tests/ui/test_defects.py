"""The fourteen defects a new user met in the window (issue 9), one test
each, as the user met them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from viewer import registry
from viewer.render.picture import PictureTooLarge, check_export, export_scale

WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def settle(qtbot, w, pred=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=WAIT)


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    return shown


# 1 -----------------------------------------------------------------------------
@pytest.mark.parametrize(("gen", "param", "big", "small", "cell"), [
    ("fairland", "world", (128, 64), (64, 32), (127, 63)),
    ("numberlink", "size", (20, 20), (5, 5), (19, 19)),
])
def test_1_hovering_a_far_cell_then_shrinking_the_map(qtbot, window, gen, param, big, small,
                                                       cell):
    w = window
    if w.generator.name != gen:
        w.set_generator(gen)
        settle(qtbot, w, lambda: w.result.generator == gen)
    choose(w, param, big)
    settle(qtbot, w, lambda: (w.result.grid.width, w.result.grid.height) == big)
    assert w.inspect(*cell)                               # the far corner is described
    choose(w, param, small)
    settle(qtbot, w, lambda: (w.result.grid.width, w.result.grid.height) == small)
    assert w.inspector.as_dict() == {}                    # the old cell is gone with its map
    assert f"{small[0]}x{small[1]}" in w.message.text()
    assert w.inspect(*cell) == {}                         # outside the new map: nothing
    if gen == "fairland":
        table = w.gen_view.fairness_panel.table
        assert table.columnCount() == w.result.params["nc"] + 1


def test_1_a_large_tgp_map_then_ports(qtbot, window):
    w = window
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    choose(w, "size", (1024, 1024))
    settle(qtbot, w, lambda: w.result.grid.width == 1024)
    assert w.inspect(1020, 1020)
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert w.inspector.as_dict() == {} and w.inspect(1020, 1020) == {}


# 2 -----------------------------------------------------------------------------
def test_2_loading_a_binary_file_as_a_preset_says_so(qtbot, window, tmp_path, monkeypatch,
                                                     warnings):
    path = tmp_path / "picture.toml"
    path.write_bytes(bytes(range(256)) * 4)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(path), "")))
    before = window.result
    window.menu_actions()["Load preset..."].trigger()
    assert warnings and "not a preset" in warnings[-1] and "picture.toml" in warnings[-1]
    assert window.result is before


# 3 -----------------------------------------------------------------------------
def test_3_a_huge_whole_map_export_is_refused_and_a_large_one_runs_aside(qtbot, window,
                                                                         tmp_path, monkeypatch):
    w = window
    choose(w, "world", (512, 256))
    settle(qtbot, w, lambda: w.result.grid.width == 512)
    with pytest.raises(PictureTooLarge, match=r"would need about .* of memory; the limit is "
                                              r".*; at most \d+ pixels per cell"):
        w.file_actions.export_map_png(tmp_path / "huge.png", 64)
    assert not (tmp_path / "huge.png").exists()
    top = w.file_actions.max_scale()
    assert top < 64
    # the dialog's bounds are the picture pipeline's: its top passes the one
    # limit, one more does not, and its default is the one export-scale rule
    check_export(w.result.grid, top)
    with pytest.raises(PictureTooLarge):
        check_export(w.result.grid, top + 1)
    asked = []

    def get_int(_parent, _title, label, value, lo, hi):
        asked.append((label, value, lo, hi))
        return value, False                     # the user cancels

    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(get_int))
    w.menu_actions()["Export whole map as PNG..."].trigger()
    assert asked == [(f"Pixels per hex (at most {top}):",
                      min(export_scale("fairland", w.result.grid), top), 1, top)]
    monkeypatch.undo()
    job = w.file_actions.export_map_png(tmp_path / "big.png", 8)
    assert job is not None and w.file_actions.busy()      # on the export worker
    qtbot.waitUntil(lambda: not w.file_actions.busy(), timeout=WAIT)
    assert (tmp_path / "big.png").stat().st_size > 0


# 4 -----------------------------------------------------------------------------
def test_4_the_warm_up_replays_every_trace(monkeypatch):
    from viewer.generators import warmup

    replayed = []
    real = {}
    for name in ("fairland", "tgp", "numberlink", "ports"):
        gen = registry.declaration(name).engine
        real[name] = gen.generate

        def spy(values, *, seed=0, trace=False, cancel=None, progress=None, _n=name):
            r = real[_n](values, seed=seed, trace=trace, cancel=cancel, progress=progress)
            if r.trace is not None:
                orig = r.trace.state_at
                r.trace.state_at = lambda step, _o=orig: (replayed.append(_n), _o(step))[1]
            return r
        monkeypatch.setattr(gen, "generate", spy)
    monkeypatch.setattr("viewer.engine.fairland.aot.load", lambda: object())
    warmup.warm_up(verbose=False)
    assert {"fairland", "tgp", "numberlink", "ports"} <= set(replayed)


# 5 -----------------------------------------------------------------------------
def test_5_a_generator_switch_puts_the_old_map_away(qtbot, window):
    w = window
    w.set_generator("ports", generate=False)
    assert w.result is None and w.state is None
    assert w.legend.legend is None and w.map_view.is_waiting()
    names = [w.layer_list.item(i).data(Qt.ItemDataRole.UserRole)
             for i in range(w.layer_list.count())]
    assert names == list(registry.declaration("ports").layer_info)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert not w.map_view.is_waiting()


# 6 -----------------------------------------------------------------------------
def test_6_timeline_keys_work_in_fields_and_focus_alone_does_nothing(qtbot, window):
    w = window
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    end = w.timeline.n_steps
    seed = w.param_panel.seed_row.field
    seed.setFocus()
    qtbot.keyClick(seed, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: w.timeline.step == 0, timeout=WAIT)
    qtbot.keyClick(seed, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: w.timeline.step == end, timeout=WAIT)
    # into the World size field and out again: no new generation
    w.timeline.set_step(5)
    runs = w.runs_done
    field = w.param_panel.widgets["world"].editor
    field.lineEdit().setFocus()
    field.lineEdit().editingFinished.emit()
    seed.setFocus()
    qtbot.wait(300)
    assert w.runs_done == runs and not w.workbench.busy() and w.timeline.step == 5
    # the list highlights the size shown
    choose(w, "world", (64, 32))
    assert field.currentText() == "64x32" and field.itemText(field.currentIndex()) == "64x32"


# 7 -----------------------------------------------------------------------------
def test_7_resource_layers_mute_the_sea_and_the_legend_matches(qtbot, window):
    from viewer.render.picture import renderer_for

    w = window
    r = w.result
    own = r.layers["own"]
    for layer in ("iron", "fertility", "oil", "uranium", "coastal"):
        w.select_layer(layer)
        pic = w.current_picture()
        colours = renderer_for("fairland").cells(w.state, layer, {})
        sea = colours[own < 0][:, :3].astype(int).sum(axis=1)
        land = colours[own >= 0][:, :3].astype(int)
        # the sea is one muted colour, darker than the brightest land
        assert len({tuple(c) for c in colours[own < 0][:, :3]}) == 1
        assert sea.max() < land.sum(axis=1).max()
        # every swatch in the legend is a colour on the map
        on_map = {tuple(c) for c in colours.reshape(-1, 4)[:, :3]}
        for label, c in pic.legend.entries:
            assert tuple(c[:3]) in on_map, (layer, label)
    # coastal: the sea is not "yes"
    w.select_layer("coastal")
    assert all(not text.startswith("sea") or "yes" not in text
               for text, _c in w.current_picture().legend.entries)


# 8 -----------------------------------------------------------------------------
def test_8_number_link_legend_has_the_letters_and_every_path_its_colour(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    w.param_panel.widgets["mode"].set_value("fast")
    w.param_panel.widgets["size"].set_value((36, 36))
    w.request_generation(force=True)
    settle(qtbot, w, lambda: w.result.grid.width == 36)
    r = w.result
    labels = [m.label for m in r.markers]
    pic = w.current_picture()
    entries = [t for t, _c in pic.legend.entries]
    n_paths = int(r.layers["paths"].max())
    assert set(entries) >= set(labels[:min(len(labels), 60)]) - {""}
    colours = {tuple(c[:3]) for _t, c in pic.legend.entries}
    assert len(colours) == len(pic.legend.entries) >= min(n_paths, 60) > 24


# 9 -----------------------------------------------------------------------------
def test_9_the_exported_map_has_letters_outlines_and_legend(qtbot, window, tmp_path):
    from viewer.render.hexraster import hex_center, image_size
    from viewer.render.picture import picture

    w = window
    img = w.file_actions.write_map_png(tmp_path / "m.png", 16)
    g = w.result.grid
    mh, mw = image_size(g.width, g.height, 16)
    assert img.shape[0] > mh                                  # the legend strip below
    plain = picture(w.state, w.layer_name, {"outline": False}, 16).rgba
    map_part = img[:mh, :mw, :3].astype(int)
    # outlines: a good share of the pixels differ from the plain hexes
    assert (np.abs(map_part - plain[..., :3]).sum(axis=2) > 30).mean() > 0.1
    # each capital's letter: dark box and light ink around its centre
    for m in w.result.markers:
        cx, cy = hex_center(m.x, m.y, 16)
        cx += 8                                               # a capital spans x and x+2
        patch = map_part[int(cy) - 8:int(cy) + 8, int(cx) - 8:int(cx) + 8]
        lum = patch.sum(axis=2)
        assert (lum < 150).any() and (lum > 600).any(), m.label


# 10 ----------------------------------------------------------------------------
def test_10_a_typed_number_is_taken_or_refused_beside_the_field(qtbot, window):
    w = window
    label = w.param_panel.widgets["sp"].editor.field
    label.setText("1e400")
    label.editingFinished.emit()
    assert "kept 10" in w.param_panel.widgets["sp"].error.text()
    assert label.text() == "10"
    label = w.param_panel.widgets["ni"].editor.field
    label.setText("3.7")
    label.editingFinished.emit()
    assert "whole number" in w.param_panel.widgets["ni"].error.text()


# 11 ----------------------------------------------------------------------------
def test_11_an_opened_puzzle_sets_the_grid_size(qtbot, window, tmp_path):
    from viewer.formats.numberlink import write_puzzle
    from viewer.formats.numberlink_exports import puzzle_of

    gen = registry.declaration("numberlink").engine
    r = gen.generate({"size": (14, 14), "mode": "fast"}, seed="14")
    write_puzzle(tmp_path / "p14.txt", puzzle_of(r))
    assert window.file_actions.open_file("numberlink", tmp_path / "p14.txt")
    assert window.param_panel.values()["size"] == "14x14"


# 12 ----------------------------------------------------------------------------
def test_12_near_white_swatches_are_framed(window):
    from viewer.ui.legend import FRAME

    window.set_generator("ports", generate=False)
    from viewer.render.colormaps import Legend
    window.legend.set_legend(Legend("t", [("port: hamlet", (235, 235, 235, 255))]))
    assert f"background-color:{FRAME}" in window.legend.swatches.text()


# 13 ----------------------------------------------------------------------------
def test_13_ports_name_tgp_settings_and_errors_have_no_errno(qtbot, window, tmp_path,
                                                             warnings):
    w = window
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert w.param_panel.widgets["tgp_smoothness"].value_label() == "smooth"
    assert w.param_panel.widgets["tgp_terrain"].value_label() == "hilly"
    w.file_actions.guarded("Export ports", lambda: w.file_actions.export(
        "ports-json", tmp_path / "no" / "p.json"))
    assert warnings and "[Errno" not in warnings[-1] and "cannot write" in warnings[-1]


# 14 ----------------------------------------------------------------------------
def test_14_setup_leaves_the_xcb_platform_plugin_loadable():
    """scripts/setup (which CI ran) installed what Qt's xcb plugin needs."""
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    assert plugin.exists()
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    assert "libxcb-icccm.so.4" in out and "not found" not in out, out
    assert "libqxcb.so" in (ROOT / "scripts" / "setup").read_text()


def test_leaving_a_refused_field_keeps_the_refusal_beside_it(qtbot, window):
    """A value refused with the others is said beside the field just changed
    and beside the one at fault; clicking into the next field (the user
    going to fix it) keeps both, so the panel does not jump under the mouse."""
    from PySide6.QtTest import QTest

    w = window
    panel = w.param_panel
    field = panel.widgets["nc"].editor.field
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, "3")                # 5 islands are no multiple of 3 continents
    QTest.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "refused with the other values" in panel.error_text(), timeout=WAIT)
    before = panel.error_text()
    islands = panel.widgets["ni"].editor.field
    QTest.mouseClick(islands, Qt.MouseButton.LeftButton)
    qtbot.wait(200)
    assert islands.hasFocus() and panel.error_text() == before
    # fixing the value clears both and makes the map
    islands.selectAll()
    QTest.keyClicks(islands, "6")
    QTest.keyClick(islands, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.error_text() == "" and not w.busy(), timeout=WAIT)
    assert w.result.params["nc"] == 3 and w.result.params["ni"] == 6
