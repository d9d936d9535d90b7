"""Keys and fields: the timeline's keys work in fields and focus alone does
nothing, a typed number is taken or refused beside its field, leaving a
refused field keeps the refusal."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox


WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


def test_timeline_keys_work_in_fields_and_focus_alone_does_nothing(qtbot, window):
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


def test_a_typed_number_is_taken_or_refused_beside_the_field(qtbot, window):
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
