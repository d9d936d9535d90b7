"""Every export writes a file that reads back to the same data; presets
round-trip; a failed write says why and leaves nothing behind."""

from __future__ import annotations

import json

import numpy as np
import pytest

from viewer import registry
from viewer.engine.fairland.generator import FAIRLAND
from viewer.formats import fairland_empire as empire
from viewer.formats.bundle import read_bundle
from viewer.formats.png import read_png
from viewer.formats.presets import (
    Preset,
    PresetError,
    load_preset,
    parse_preset,
    preset_text,
    save_preset,
    shipped_presets,
)

WAIT = 30_000


def test_map_png_reads_back_to_the_pixels(window, tmp_path):
    path = tmp_path / "map.png"
    img = window.file_actions.write_map_png(path, scale=5)
    assert np.array_equal(read_png(path), img)
    # the picture is the layer on show: sea pixels are the sea colour
    from viewer.render.colormaps import SEA
    r = window.result
    from viewer.render.hexraster import image_size

    mw, mh = image_size(r.grid.width, r.grid.height, 5)
    assert np.all(img[:mh, :mw] == SEA, axis=-1).mean() > 0.5
    # the legend is drawn below the map
    assert img.shape[0] > mh


def test_view_png_is_what_the_view_shows(window, tmp_path):
    path = tmp_path / "view.png"
    window.file_actions.export_view_png(path)
    shot = window.map_view.grab().toImage()
    img = read_png(path)
    assert img.shape[:2] == (shot.height(), shot.width())
    # the middle of the view shows part of the map, not the background
    assert len(np.unique(img.reshape(-1, 4), axis=0)) > 5


def test_bundle_holds_every_layer_and_what_made_them(window, tmp_path):
    path = tmp_path / "world.npz"
    side = window.file_actions.export_bundle(path)
    layers, meta = read_bundle(path)
    r = window.result
    assert set(layers) == set(r.layers)
    for name, arr in r.layers.items():
        assert np.array_equal(layers[name], arr) and layers[name].dtype == arr.dtype
    assert meta["generator"] == "fairland" and meta["seed"] == r.seed
    assert meta["params"]["world"] == [64, 32] and meta["params"]["nc"] == r.params["nc"]
    # the sidecar alone remakes the map
    params = dict(meta["params"])
    again = FAIRLAND.generate(params, seed=meta["seed"])
    assert np.array_equal(again.layers["own"], layers["own"])
    assert json.loads(side.read_text())["grid"] == {"kind": "hex-torus", "width": 64,
                                                   "height": 32}


@pytest.mark.parametrize("kind,fn", [("newcap", empire.newcap_script),
                                     ("xdump", empire.xdump_sect),
                                     ("text", empire.text_map)])
def test_fairland_files_are_what_the_cli_writes(window, tmp_path, kind, fn):
    path = tmp_path / kind
    window.file_actions.export(kind, path)
    assert path.read_text() == fn(window.result)
    assert path.stat().st_size > 0


def test_copy_command_line(window):
    from PySide6.QtGui import QGuiApplication
    window.gen_view.copy_command_line()
    line = QGuiApplication.clipboard().text()
    r = window.result
    assert line.startswith(f"fairland -R {r.seed} ")
    assert line.split()[-8:] == [str(r.params[k]) for k in
                                 ("nc", "sc", "ni", "is", "sp", "pm", "di", "id")]
    assert "copied" in window.message.text()


def test_a_failed_write_says_why_and_leaves_nothing(window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from viewer.formats.atomic import WriteError
    missing = tmp_path / "no such folder" / "x.png"
    with pytest.raises(WriteError, match="cannot write"):
        window.file_actions.write_map_png(missing, 3)
    assert not missing.parent.exists()
    # from the menu: the reason is shown, in the status bar and a dialog
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[-1]))
    window.file_actions.guarded(
        "Export bundle", lambda: window.file_actions.export_bundle(missing.with_suffix(".npz")))
    assert "cannot write" in window.message.text() and "cannot write" in shown[0]
    assert not any(p.suffix in (".npz", ".json", ".tmp") for p in tmp_path.rglob("*"))


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(window, tmp_path,
                                                                    monkeypatch):
    import os

    from viewer.formats.atomic import WriteError
    out = tmp_path / "exports"
    out.mkdir()
    target = out / "map.npz"
    target.write_bytes(b"the previous export")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(WriteError, match="cannot write .*No space left on device"):
        window.file_actions.export_bundle(target)
    assert target.read_bytes() == b"the previous export"
    assert sorted(p.name for p in out.iterdir()) == ["map.npz"]


def test_presets_round_trip_through_the_window(qtbot, window, tmp_path):
    window.param_panel.widgets["sp"].editor.setValue(42)
    window.param_panel.widgets["merge"].editor.setChecked(True)
    window.param_panel.seed_row.set_seed(99, announce=True)
    qtbot.waitUntil(lambda: window.result.seed == 99 and window.result.params["sp"] == 42,
                    timeout=WAIT)
    path = tmp_path / "mine.toml"
    window.file_actions.save_preset_file(path)
    saved = window.result.params
    window.param_panel.widgets["sp"].editor.setValue(3)
    window.param_panel.seed_row.set_seed(5, announce=True)
    qtbot.waitUntil(lambda: window.result.seed == 5, timeout=WAIT)
    window.file_actions.load_preset_file(path)
    qtbot.waitUntil(lambda: window.result.seed == 99 and not window.busy(), timeout=WAIT)
    assert window.result.params == saved


def test_a_locked_seed_survives_a_preset(qtbot, window, tmp_path):
    path = tmp_path / "p.toml"
    save_preset(path, Preset("fairland", FAIRLAND.validate({"sp": 70}), seed=123))
    window.param_panel.seed_row.lock.setChecked(True)
    seed = window.param_panel.seed()
    window.file_actions.load_preset_file(path)
    qtbot.waitUntil(lambda: window.result.params["sp"] == 70 and not window.busy(),
                    timeout=WAIT)
    assert window.result.seed == seed != 123


def test_preset_text_round_trip(tmp_path):
    p = Preset("fairland", FAIRLAND.validate({"world": (128, 64), "nc": 4, "ni": 8,
                                              "merge": True}), seed=7, title="t")
    text = preset_text(p)
    assert 'world = "128x64"' in text
    back = parse_preset(text)
    assert back.params == p.params and back.seed == 7 and back.title == "t"
    save_preset(tmp_path / "p.toml", p)
    assert load_preset(tmp_path / "p.toml").params == p.params


@pytest.mark.parametrize("text,why", [
    ("generator = 'fairland'\n[params]\nnc = 'many'\n", "Continents"),
    ("generator = 'fairland'\n[params]\nnc = 5\nni = 7\n", "multiple"),
    ("generator = 'fairland'\n[params]\nbogus = 1\n", "unknown parameter"),
    ("generator = 'nope'\n", "unknown generator"),
    ("[params]\n", "no generator"),
    ("generator = \n", "not valid TOML"),
])
def test_bad_presets_are_refused_with_a_reason(text, why):
    with pytest.raises(PresetError, match=why):
        parse_preset(text)


def test_shipped_presets_include_the_empserver_regression_cases():
    presets = {p.stem: load_preset(p) for p in shipped_presets()}
    cases = {
        "regression-plain": dict(nc=5, sc=30, ni=5, is_=15, sp=10, pm=0, di=2, id=1, merge=False),
        "regression-stunted": dict(nc=8, sc=35, ni=24, is_=20, sp=0, pm=0, di=5, id=2,
                                   merge=False),
        "regression-no-spike": dict(nc=3, sc=30, ni=15, is_=10, sp=0, pm=0, di=2, id=1,
                                    merge=False),
        "regression-spike": dict(nc=8, sc=30, ni=8, is_=20, sp=50, pm=10, di=2, id=1,
                                 merge=True),
    }
    for name, want in cases.items():
        p = presets[name]
        want = {("is" if k == "is_" else k): v for k, v in want.items()}
        assert p.seed == 1 and p.params["world"] == (64, 32), name
        assert {k: p.params[k] for k in want} == want, name
    for p in presets.values():               # fairland's and the other generators'
        registry.declaration(p.generator).engine.validate(p.params)
