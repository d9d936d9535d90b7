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
