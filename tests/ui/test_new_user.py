"""What a new user tripped over (issue 18), each acted out as they did it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

WAIT = 60_000


def settle(qtbot, w, pred=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=WAIT)


def focus(qtbot, w, widget) -> None:
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=2000)


class X11LineEdit(QObject):
    """A line edit as it behaves on X11: it claims Ctrl+U and erases to the
    start of the line (offscreen Qt uses another key scheme)."""

    def __init__(self, field: QLineEdit):
        super().__init__(field)
        self.field = field
        field.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        ctrl_u = (event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
                  and event.key() == Qt.Key.Key_U
                  and event.modifiers() == Qt.KeyboardModifier.ControlModifier)
        if ctrl_u and event.type() == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        if ctrl_u:
            self.field.setText(self.field.text()[self.field.cursorPosition():])
            return True
        return False


# -- 1. compare ---------------------------------------------------------------------
def test_compare_shows_a_and_b_columns_and_a_at_its_own_step(qtbot, window):
    w = window
    w.resize(1280, 820)
    w.menu_actions()["Pin as A"].trigger()
    a = w.compare.a
    w.param_panel.widgets["sp"].editor.setValue(40)
    settle(qtbot, w, lambda: w.result.params["sp"] == 40)
    b = w.result
    assert a.trace.n_steps != b.trace.n_steps
    title = w.compare.title.text()
    assert f"step {min(a.trace.n_steps, b.trace.n_steps)}" in title
    assert f"step {b.trace.n_steps}" not in title or a.trace.n_steps == b.trace.n_steps
    qtbot.wait(50)
    table = w.compare.table
    header = table.horizontalHeader()
    width = table.viewport().width()
    for col in range(3):
        assert header.sectionViewportPosition(col) >= 0
        assert header.sectionViewportPosition(col) + header.sectionSize(col) <= width + 1


# -- 2. shortcuts never collide with text editing -------------------------------------
def test_ctrl_u_in_the_seed_field_checks_uniqueness_and_keeps_the_text(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    field = w.param_panel.seed_row.field
    X11LineEdit(field)
    focus(qtbot, w, field)
    text = field.text()
    field.setCursorPosition(len(text))
    QTest.keyClick(field, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == text
    assert "uniqueness" in w.message.text()
    settle(qtbot, w, lambda: w.gen_view.check is not None)


def test_ctrl_shift_o_opens_a_puzzle_and_the_menu_shows_it(qtbot, window, tmp_path,
                                                            monkeypatch):
    w = window
    act = w.menu_actions()["Open Number Link puzzle..."]
    assert act.shortcut().toString() == "Ctrl+Shift+O"
    path = tmp_path / "p.txt"
    path.write_text("4 4\n. . . 1\n. 2 3 .\n. . 1 .\n3 . . 2\n")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    focus(qtbot, w, w.param_panel.seed_row.field)
    QTest.keyClick(w.param_panel.seed_row.field, Qt.Key.Key_O,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, w, lambda: w.result.generator == "numberlink" and w.result.grid.width == 4)
    assert w.result.extra.get("source") and w.result.grid.width == 4


# -- 3. a message of a request asked again is that request's -------------------------------
def test_a_refusal_asked_again_is_said_again_not_the_one_between(qtbot, window):
    w = window
    world = w.param_panel.widgets["world"]
    for text in ("8x8", "banana", "8x8"):
        world.editor.setCurrentText(text)
        world.editor.lineEdit().editingFinished.emit()
        settle(qtbot, w)
    first = w.message.text()
    assert "banana" not in first and "world not" in first        # 8x8's own refusal
    assert "world not" in w.param_panel.widgets["world"].error.text()


def test_number_link_after_a_bad_size_the_good_one_clears_the_message(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    size = w.param_panel.widgets["size"]
    good = size.editor.currentText()
    for text in ("abc", good):
        size.editor.setCurrentText(text)
        size.editor.lineEdit().editingFinished.emit()
        settle(qtbot, w)
    assert "abc" not in w.message.text() and not w.param_panel.error_text()


# -- 7. fairland's messages where they belong ---------------------------------------------
def test_too_much_land_is_said_beside_the_world_size(qtbot, window):
    w = window
    w.param_panel.widgets["world"].set_value((16, 16))
    w.param_panel.widgets["sc"].editor.setValue(100)
    settle(qtbot, w, lambda: "not" in w.message.text())
    world_error = w.param_panel.widgets["world"].error
    assert world_error.isVisibleTo(w.param_panel) and "world not" in world_error.text()
    assert not w.param_panel.seed_row.error.isVisibleTo(w.param_panel)
    # and beside the field the user just changed
    assert "world not" in w.param_panel.widgets["sc"].error.text()


def test_many_continents_are_said_beside_continents_too(qtbot, window):
    w = window
    w.param_panel.widgets["nc"].editor.setValue(1000)
    qtbot.wait(10)
    assert "multiple" in w.param_panel.widgets["nc"].error.text()


def test_the_abort_bar_does_not_promise_a_server_option(qtbot, window):
    w = window
    w.param_panel.set_values({"world": (64, 32), "nc": 5, "sc": 30, "ni": 10, "is": 15,
                              "merge": True})
    w.param_panel.seed_row.set_seed(2)
    w.request_generation(force=True)
    settle(qtbot, w, lambda: w.result.seed == 2 and w.result.params["ni"] == 10)
    assert w.result.extra["assertion"] is not None
    text = w.banner.text()
    assert "with the server's fairland" not in text
    assert "what a -DNDEBUG build of fairland makes" in text and "--ndebug" in text


# -- 8. what a number field will not take is said ----------------------------------------
def test_letters_typed_into_number_fields_are_said(qtbot, window):
    w = window
    nc = w.param_panel.widgets["nc"]
    focus(qtbot, w, nc.editor._label)
    QTest.keyClicks(nc.editor._label, "x")
    assert "'x'" in nc.error.text()
    seed = w.param_panel.seed_row
    focus(qtbot, w, seed.field)
    QTest.keyClicks(seed.field, "q")
    assert "'q'" in seed.error.text()


def test_an_empty_seed_and_return_says_it_kept_the_seed(qtbot, window):
    w = window
    seed = w.param_panel.seed_row
    before = seed.seed()
    focus(qtbot, w, seed.field)
    seed.field.clear()
    QTest.keyClick(seed.field, Qt.Key.Key_Return)
    assert seed.field.text() == str(before)
    assert "empty" in seed.error.text() and str(before) in seed.error.text()
