"""Undo in the window, as a user does it: drag a slider, Ctrl+Z, the Edit
menu naming what it undoes, the History list."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from window_waits import settle

WAIT = 60_000


def test_a_drag_is_undone_at_once_and_the_menu_says_what(qtbot, window):
    w = window
    editor = w.param_panel.widgets["sp"].editor
    start = w.result.params["sp"]
    slider = editor.slider
    slider.setSliderDown(True)
    for pos in range(slider.value() + 1, slider.value() + 15):
        slider.setValue(pos)                     # the hand moving
        qtbot.wait(10)
    slider.setSliderDown(False)
    slider.sliderReleased.emit()
    end = editor.value()
    settle(qtbot, w, lambda: w.result.params["sp"] == end)
    undo = w.menu_actions()[f"Undo Spike % {start} -> {end}"]
    assert undo.isEnabled()
    w.map_view.setFocus()
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, w, lambda: w.result.params["sp"] == start)
    assert editor.value() == start               # the panel follows
    assert w.menu_actions()[f"Redo Spike % {start} -> {end}"].isEnabled()
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, w, lambda: w.result.params["sp"] == end)


def test_the_history_list_goes_back_to_an_earlier_map(qtbot, window):
    w = window
    first_seed = w.result.seed
    for seed in (11, 12, 13):
        w.param_panel.seed_row.set_seed(seed, announce=True)
        w.request_generation()
        settle(qtbot, w, lambda s=seed: w.result.seed == s)
    items = w.history.items()
    assert items[0] == "(as opened)" and items[-1] == "Seed 12 -> 13"
    acts = w.history.history_menu.actions()
    acts[1].trigger()                            # after the first change
    settle(qtbot, w, lambda: w.result.seed == 11)
    acts = w.history.history_menu.actions()
    w.history.fill()
    assert w.history.history_menu.actions()[1].isChecked()
    w.history.history_menu.actions()[0].trigger()
    settle(qtbot, w, lambda: w.result.seed == first_seed)


def _tgp_small(qtbot, w) -> None:
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.workbench.set_values({"size": (64, 64), "rivers": 2})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == 64)


def test_a_slow_drag_on_tgp_is_one_change(qtbot, window):
    """However long the map takes between the hand's moves, a drag of the
    river route randomness is one change (it was six)."""
    w = window
    _tgp_small(qtbot, w)
    hist = w.workbench.history
    clock = [1000.0]
    hist.clock = lambda: clock[0]
    slider = w.param_panel.widgets["river_route_random"].editor.slider
    assert slider.isEnabled()
    entries_before = len(hist.entries("tgp")[0])
    slider.setSliderDown(True)               # pressed: sliderPressed
    for pos in range(slider.value() + 1, slider.value() + 7):
        clock[0] += 3.0                      # the map took three seconds to follow
        slider.setValue(pos)
        qtbot.wait(5)
    slider.setSliderDown(False)              # released: sliderReleased
    entries = hist.entries("tgp")[0]
    assert len(entries) == entries_before + 1, [c.label for c in entries]
    assert w.workbench.undo_text() == "River route randomness 5 -> 11"
    # the next drag is a change of its own
    slider.setSliderDown(True)
    clock[0] += 0.1
    slider.setValue(slider.value() + 1)
    slider.setSliderDown(False)
    assert len(hist.entries("tgp")[0]) == entries_before + 2
    settle(qtbot, w)


def test_the_history_names_values_as_the_panel_does(qtbot, window):
    w = window
    _tgp_small(qtbot, w)
    box = w.param_panel.widgets["size"].editor
    i = box.findText("128x128")
    box.setCurrentIndex(i)
    box.activated.emit(i)                    # chosen in the list
    assert w.workbench.undo_text() == "Map size 64x64 -> 128x128"
    assert w.history.items()[-1] == "Map size 64x64 -> 128x128"
    settle(qtbot, w)


def test_after_paste_map_id_undo_names_the_paste(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    w = window
    QGuiApplication.clipboard().setText("python -m viewer tgp --size 64x64 --seed 77")
    assert w.map_ids.paste()
    settle(qtbot, w, lambda: w.result.generator == "tgp" and w.result.seed == 77)
    assert w.workbench.undo_text() == "Paste map ID"
    assert w.menu_actions()["Undo Paste map ID"].isEnabled()
