"""Small things a new user tripped over in the window, each acted out as
they did it: settings remembered, checks on a changing puzzle, a finished
sweep, the timeline's size limit, export warnings and instructions."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from window_waits import settle

WAIT = 60_000


def numberlink(qtbot, w, size="5x5", seed="12345"):
    box = w.generator_box
    box.setCurrentIndex(box.findData("numberlink"))
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    w.workbench.set_value("size", tuple(int(v) for v in size.split("x")))
    w.param_panel.seed_row.set_seed(seed, announce=True)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == int(size.split("x")[0]))


def test_outline_one_period_is_remembered(qtbot, window):
    from viewer.ui.main_window import MainWindow

    window.menu_actions()["Outline one period"].trigger()
    assert window.period_action.isChecked()
    window.close()
    again = MainWindow(generate=False)
    qtbot.addWidget(again)
    try:
        assert again.period_action.isChecked()
        assert again.map_view.outline_on() if hasattr(again.map_view, "outline_on") else True
    finally:
        again.shutdown()


def test_check_uniqueness_during_a_regeneration_checks_the_new_puzzle(qtbot, window):
    w = window
    numberlink(qtbot, w)
    w.param_panel.seed_row.set_seed("777", announce=True)
    w.request_generation()
    assert not w.workbench.runner.idle()        # the new puzzle is being made
    w.map_view.setFocus()
    w.menu_actions()["Check uniqueness"].trigger()
    assert "when it is ready" in w.message.text()
    settle(qtbot, w, lambda: w.result.seed == "777" and w.gen_view.check is not None)
    assert w.gen_view.check["puzzle"] is w.result.detail.puzzle
    assert w.message.text().startswith("uniqueness under")


def test_a_check_waiting_for_a_cancelled_map_says_why_it_did_not_run(qtbot, window):
    w = window
    numberlink(qtbot, w)
    w.workbench.set_value("size", (40, 40))             # a run long enough to cancel
    w.request_generation()
    w.gen_view.check_uniqueness()
    assert w.gen_view.check_pending
    w.workbench.cancel()                        # the map, not Esc (which clears both)
    settle(qtbot, w)
    assert "check uniqueness not run" in w.message.text()
    assert not w.gen_view.check_pending


def test_a_sweep_that_finished_says_done_even_when_cancel_came_last(qtbot):
    from viewer import registry
    from viewer.ui.sweep_dock import SweepPanel

    panel = SweepPanel(registry.declaration("fairland"))
    qtbot.addWidget(panel)
    panel.show()
    try:
        panel.set_seeds("1..6")
        panel.jobs.setValue(1)
        # the user presses Cancel as the last case comes in
        panel.model.rowsInserted.connect(
            lambda *_a: panel.model.rowCount() == 6 and panel.cancel())
        with qtbot.waitSignal(panel.finished, timeout=120_000):
            assert panel.run()
        assert panel.model.rowCount() == 6
        assert panel.status.text().startswith("done: 6 of 6 cases")
        assert "cancel" not in panel.status.text()
    finally:
        panel.shutdown()


def test_a_map_too_large_for_a_timeline_says_so_and_names_the_limit(qtbot, window):
    from viewer.engine.numberlink.generator import TRACE_MAX_SQUARES

    w = window
    numberlink(qtbot, w, size="30x30")
    assert w.result.trace is None
    caption = w.timeline.caption.text()
    assert f"at most {TRACE_MAX_SQUARES} squares" in caption and "30x30" in caption
    assert "recorded no steps" not in caption


def test_exporting_a_puzzle_that_is_not_unique_warns_first(qtbot, window, tmp_path,
                                                             monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

    w = window
    path = tmp_path / "p.txt"
    path.write_text("3 3\na . a\n. . .\nb . b\n")             # several solutions under free
    assert w.file_actions.open_file("numberlink", path)
    w.workbench.set_value("rule", "free")
    w.gen_view.check_uniqueness()
    settle(qtbot, w, lambda: w.gen_view.check is not None
           and w.gen_view.check["rule"] == "free")
    assert w.gen_view.check["status"] == "several"
    asked = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No))
    out = tmp_path / "out.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out),
                                                                                      "")))
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *a, **k: (32, True)))
    w.menu_actions()["Export puzzle text..."].trigger()
    assert len(asked) == 1 and "not unique under the rule free" in asked[0]
    assert not out.exists() and "not exported" in w.message.text()


def test_a_black_and_white_print_style_for_puzzles(qtbot, window, tmp_path):
    import numpy as np

    from viewer.formats.png import read_png

    w = window
    numberlink(qtbot, w, size="6x6")
    out = tmp_path / "print.png"
    w.file_actions.export("puzzle-print", out, 24)
    img = read_png(out)
    assert img.shape[:2] == (6 * 24 + 1, 6 * 24 + 1)
    rgb = img[..., :3].astype(int)
    # black and white only (grey only where the text is smoothed)
    assert (np.abs(rgb[..., 0] - rgb[..., 1]) <= 2).all() and (np.abs(rgb[..., 1] - rgb[..., 2])
                                                               <= 2).all()
    ends = np.argwhere(w.result.detail.puzzle.cells > 0)
    y, x = ends[0]
    column = rgb[y * 24 + 1:y * 24 + 12, x * 24 + 12]                  # above the centre
    assert (column < 100).all(axis=1).any()                           # crosses the ring
    assert (rgb[1:-1, 1:-1] == 255).mean() > 0.6                      # mostly paper


def test_the_heightmap_exports_instructions_come_in_a_dialog_to_copy(qtbot, window,
                                                                         tmp_path, monkeypatch):
    from PySide6.QtCore import Qt as _Qt
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    w = window
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    out = tmp_path / "hm.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out),
                                                                                      "")))
    monkeypatch.setattr(QInputDialog, "getInt",
                        staticmethod(lambda parent, title, label, value, *a, **k: (value, True)))
    w.menu_actions()["Export OpenTTD heightmap PNG..."].trigger()
    assert out.exists()
    box = w.file_actions.explained
    assert box.isVisible() and not box.isModal()
    assert "Play heightmap" in box.text() and len(box.text()) > 110
    assert box.textInteractionFlags() & _Qt.TextInteractionFlag.TextSelectableByMouse
    box.close()
