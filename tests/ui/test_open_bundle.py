"""File > Open bundle and bundles dropped on the window, as a user does it:
the stored map is shown with the panel set to its parameters and seed, and
the status bar and the inspector say whether it was made again."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

WAIT = 120_000


def choose_file(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))


def open_from_menu(qtbot, w, monkeypatch, path):
    choose_file(monkeypatch, path)
    before = w.runs_done, w.file_actions.bundles.worker.latest_id
    w.menu_actions()["Open bundle..."].trigger()
    assert w.file_actions.bundles.worker.latest_id == before[1] + 1
    qtbot.waitUntil(lambda: not w.busy(), timeout=WAIT)


def drop(qtbot, w, path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    pos = QPoint(w.width() // 2, w.height() // 2)
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, enter)
    assert enter.isAccepted()
    dropped = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, dropped)
    assert dropped.isAccepted()
    qtbot.waitUntil(lambda: not w.busy(), timeout=WAIT)


def test_a_bundle_opens_as_saved_and_is_reproduced(qtbot, window, tmp_path, monkeypatch):
    w = window
    w.param_panel.widgets["sp"].editor.setValue(25)
    w.param_panel.seed_row.set_seed(4242, announce=True)
    qtbot.waitUntil(lambda: w.result.seed == 4242 and w.result.params["sp"] == 25
                    and not w.busy(), timeout=WAIT)
    saved = w.result
    w.file_actions.export_bundle(tmp_path / "world.npz")
    # the user moves on: another generator, another map
    w.set_generator("tgp", generate=False)
    w.workbench.set_values({"size": (64, 64)})
    w.request_generation(force=True)
    qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "tgp"
                    and not w.busy(), timeout=WAIT)
    open_from_menu(qtbot, w, monkeypatch, tmp_path / "world.npz")
    assert w.generator.name == "fairland" and w.generator_box.currentData() == "fairland"
    assert w.result.generator == "fairland" and w.result is not saved
    for name, arr in saved.layers.items():
        assert np.array_equal(w.state.layers[name], arr), name
    assert w.generator.validate(w.param_panel.values()) == saved.params
    assert w.param_panel.seed() == 4242
    n = len(saved.layers)
    assert w.message.text() == f"world.npz: reproduced: {n} layers identical"
    rows = w.inspector.as_dict()
    assert rows["bundle"] == "world.npz" and rows["replay"] == "reproduced"
    assert rows["layers identical"] == str(n)
    # hovering a sector keeps the verdict below the sector's own rows
    rows = w.inspect(2, 0)
    assert rows["replay"] == "reproduced" and len(rows) > 3
    # a reproduced map is the generator's own: its timeline is there
    assert w.timeline.n_steps == saved.trace.n_steps
    # nothing was left to regenerate over it
    qtbot.wait(300)
    assert not w.busy() and w.message.text().startswith("world.npz: reproduced")
    # a new map is not the bundle's: the verdict goes
    w.param_panel.seed_row.set_seed(7, announce=True)
    qtbot.waitUntil(lambda: w.result.seed == 7 and not w.busy(), timeout=WAIT)
    assert "replay" not in w.inspect(2, 0)


def test_a_changed_bundle_dropped_on_the_window_is_shown_as_saved_and_named(
        qtbot, window, tmp_path):
    w = window
    w.file_actions.export_bundle(tmp_path / "w.npz")
    with np.load(tmp_path / "w.npz") as npz:
        layers = {k: npz[k] for k in npz.files}
    layers["elevation"] = layers["elevation"].copy()
    layers["elevation"][3, 5] += 1
    np.savez_compressed(tmp_path / "w.npz", **layers)
    drop(qtbot, w, tmp_path / "w.npz")
    cells = layers["elevation"].size
    assert w.message.text() == f"w.npz: not reproduced: layer elevation: 1 of {cells} cells differ"
    assert "color" in w.message.styleSheet()                        # shown as an error
    assert np.array_equal(w.state.layers["elevation"], layers["elevation"])   # as saved
    rows = w.inspector.as_dict()
    assert rows["replay"] == "not reproduced"
    assert rows["differs: elevation"] == f"1 of {cells} cells"
    assert rows["layers identical"] == str(len(layers) - 1)
    assert w.timeline.n_steps == 0          # the stored layers have no timeline


def test_a_bundle_of_another_generator_switches_to_it(qtbot, window, tmp_path):
    from viewer.engine.tgp.generator import TGP
    from viewer.formats.bundle import write_bundle

    w = window
    made = TGP.generate({"size": (64, 128), "terrain": 3}, seed=99)
    write_bundle(tmp_path / "t.npz", made)
    drop(qtbot, w, tmp_path / "t.json")                 # its sidecar dropped: the same
    assert w.generator.name == "tgp"
    values = w.generator.validate(w.param_panel.values())
    assert values["size"] == (64, 128) and values["terrain"] == 3
    assert w.param_panel.seed() == 99
    assert np.array_equal(w.result.layers["heightmap"], made.layers["heightmap"])
    assert w.message.text() == f"t.npz: reproduced: {len(made.layers)} layers identical"


def test_a_bundle_taken_at_a_timeline_step_opens_at_that_step(qtbot, window, tmp_path,
                                                              monkeypatch):
    w = window
    step = w.timeline.n_steps // 2
    w.timeline.set_step(step)
    qtbot.waitUntil(lambda: w.state.step == step, timeout=WAIT)
    at_step = dict(w.state.layers)
    w.file_actions.export_bundle(tmp_path / "mid.npz")
    assert json.loads((tmp_path / "mid.json").read_text())["step"] == step
    w.timeline.set_step(w.timeline.n_steps)
    open_from_menu(qtbot, w, monkeypatch, tmp_path / "mid.npz")
    qtbot.waitUntil(lambda: w.state.step == step, timeout=WAIT)
    assert w.timeline.step == step
    for name, arr in at_step.items():
        assert np.array_equal(w.state.layers[name], arr), name
    assert "reproduced: " in w.message.text() and "not" not in w.message.text()


@pytest.mark.parametrize("damage", ["truncated", "another format", "unknown generator"])
def test_a_bad_bundle_is_refused_in_one_line_and_the_map_stays(qtbot, window, tmp_path,
                                                               monkeypatch, damage):
    w = window
    w.file_actions.export_bundle(tmp_path / "b.npz")
    shown = w.result
    if damage == "truncated":
        data = (tmp_path / "b.npz").read_bytes()
        (tmp_path / "b.npz").write_bytes(data[:len(data) // 2])
        expected = "truncated or damaged zip"
    else:
        meta = json.loads((tmp_path / "b.json").read_text())
        if damage == "another format":
            meta["format"] = "mapgen-bundle/9"
            expected = "format 'mapgen-bundle/9'"
        else:
            meta["generator"] = "volcano"
            expected = "'volcano', which this program does not have"
        (tmp_path / "b.json").write_text(json.dumps(meta))
    said = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: said.append(a[2])))
    open_from_menu(qtbot, w, monkeypatch, tmp_path / "b.npz")
    assert w.result is shown
    text = w.message.text()
    assert text.startswith("cannot open the bundle: ") and expected in text, text
    assert "\n" not in text and str(tmp_path) in text
    assert said and expected in said[0]
    assert "replay" not in w.inspector.as_dict()


def test_a_dropped_preset_is_loaded_and_other_files_are_not_taken(qtbot, window, tmp_path):
    w = window
    w.param_panel.widgets["sp"].editor.setValue(33)
    qtbot.waitUntil(lambda: w.result.params["sp"] == 33 and not w.busy(), timeout=WAIT)
    w.file_actions.save_preset_file(tmp_path / "p.toml")
    w.param_panel.widgets["sp"].editor.setValue(12)
    qtbot.waitUntil(lambda: w.result.params["sp"] == 12 and not w.busy(), timeout=WAIT)
    drop(qtbot, w, tmp_path / "p.toml")
    qtbot.waitUntil(lambda: w.result.params["sp"] == 33 and not w.busy(), timeout=WAIT)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "picture.png"))])
    enter = QDragEnterEvent(QPoint(5, 5), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    enter.ignore()
    QApplication.sendEvent(w, enter)
    assert not enter.isAccepted()


SMALL = {"fairland": {}, "tgp": {"size": (64, 64)},
         "ports": {"tgp_size": (64, 64), "n_ports": 4, "grid": 8, "min_distance": 4},
         "numberlink": {"size": (6, 5)}}


@pytest.mark.parametrize("generator", sorted(SMALL))
def test_every_generators_bundle_opens_reproduced_or_shown_as_saved(qtbot, window, tmp_path,
                                                                  generator):
    from viewer import registry
    from viewer.formats.bundle import write_bundle

    w = window
    made = registry.declaration(generator).generate(SMALL[generator], seed=5)
    write_bundle(tmp_path / "g.npz", made)
    drop(qtbot, w, tmp_path / "g.npz")
    assert w.generator.name == generator and w.result.generator == generator
    assert w.message.text() == f"g.npz: reproduced: {len(made.layers)} layers identical"
    assert w.shown_image() is not None
    # one cell changed in a layer: drawn as saved, with what the generator knows
    name = sorted(made.layers)[0]
    changed = dict(made.layers)
    changed[name] = made.layers[name].copy()
    changed[name].reshape(-1)[0] = (not changed[name].reshape(-1)[0]) \
        if changed[name].dtype == bool else changed[name].reshape(-1)[0] + 1
    write_bundle(tmp_path / "g.npz", made, changed)
    drop(qtbot, w, tmp_path / "g.npz")
    text = w.message.text()
    assert f"not reproduced: layer {name}: 1 of {changed[name].size} cells differ" in text
    # fairland's and TGP's layers are pictures by themselves; a ports layer is
    # drawn with the placement it belongs to, and may disagree with it
    assert "cannot be drawn" not in text or generator in ("ports", "numberlink")
    if "cannot be drawn" in text:
        assert text.endswith("; showing the map made again)")
        assert np.array_equal(w.state.layers[name], made.layers[name])
    else:
        assert np.array_equal(w.state.layers[name], changed[name])
    for layer in w.result.layers:
        w.select_layer(layer)
        assert w.current_picture().rgba.size > 0
    assert w.inspector.as_dict()[f"differs: {name}"] == f"1 of {changed[name].size} cells"


def test_esc_cancels_a_replay_and_the_map_stays(qtbot, window, tmp_path, monkeypatch):
    """Esc (Edit > Cancel generation) stops a bundle being made again."""
    import time

    from PySide6.QtTest import QTest

    from viewer.ui import bundle_open

    w = window
    shown = w.result
    w.file_actions.export_bundle(tmp_path / "slow.npz")
    started = []

    def slow_replay(path, *, cancel, **_options):       # a replay that takes its time
        started.append(path)
        while True:
            cancel.check()
            time.sleep(0.005)

    monkeypatch.setattr(bundle_open, "replay_file", slow_replay)
    choose_file(monkeypatch, tmp_path / "slow.npz")
    w.menu_actions()["Open bundle..."].trigger()
    qtbot.waitUntil(lambda: bool(started) and w.busy(), timeout=WAIT)
    QTest.keyClick(w, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not w.busy(), timeout=10_000)
    assert w.result is shown
    assert "cancelled" in w.message.text()
