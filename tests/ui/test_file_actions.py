"""The window's File actions: a binary file as a preset, a huge whole-map
export refused and a large one run aside, the exported map's letters and
legend, an opened puzzle's size, ports' TGP settings and errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from viewer import registry
from viewer.render.picture import PictureTooLarge, check_export, export_scale
from window_waits import settle

WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


def test_loading_a_binary_file_as_a_preset_says_so(qtbot, window, tmp_path, monkeypatch,
                                                     warnings):
    path = tmp_path / "picture.toml"
    path.write_bytes(bytes(range(256)) * 4)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(path), "")))
    before = window.result
    window.menu_actions()["Load preset..."].trigger()
    assert warnings and "not a preset" in warnings[-1] and "picture.toml" in warnings[-1]
    assert window.result is before


def test_a_huge_whole_map_export_is_refused_and_a_large_one_runs_aside(qtbot, window,
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


def test_the_exported_map_has_letters_outlines_and_legend(qtbot, window, tmp_path):
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


def test_an_opened_puzzle_sets_the_grid_size(qtbot, window, tmp_path):
    from viewer.formats.numberlink import write_puzzle
    from viewer.formats.numberlink_exports import puzzle_of

    gen = registry.declaration("numberlink").engine
    r = gen.generate({"size": (14, 14), "mode": "fast"}, seed="14")
    write_puzzle(tmp_path / "p14.txt", puzzle_of(r))
    assert window.file_actions.open_file("numberlink", tmp_path / "p14.txt")
    assert window.param_panel.values()["size"] == "14x14"


def test_ports_name_tgp_settings_and_errors_have_no_errno(qtbot, window, tmp_path,
                                                             warnings):
    w = window
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert w.param_panel.widgets["tgp_smoothness"].value_label() == "smooth"
    assert w.param_panel.widgets["tgp_terrain"].value_label() == "hilly"
    w.file_actions.guarded("Export ports", lambda: w.file_actions.export(
        "ports-json", tmp_path / "no" / "p.json"))
    assert warnings and "[Errno" not in warnings[-1] and "cannot write" in warnings[-1]
