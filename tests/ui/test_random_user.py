"""A random user: actions on every kind of control (generator switches,
combo boxes, sliders and their typed numbers, spin boxes, text fields,
check boxes, the seed, layers, View toggles, the timeline, hovering the
map, regenerate and cancel, A/B compare), every menu action, every button,
the wheel, drags on the map, keys pressed wherever the focus is and
resizing the window, in any order, with hostile text.  File dialogs answer
with a file in a temporary folder or cancel, message boxes are dismissed.
Any uncaught exception fails the test (pytest-qt turns one raised in a Qt
slot into a failure); at the end the window still shows a map it can
describe.

CI runs 3 users x 300 actions; ``RANDOM_USER_SEEDS=1,2,3,4,5`` and
``RANDOM_USER_ACTIONS=1000`` run the long profile."""

from __future__ import annotations

import os
import random
import time

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMessageBox,
)

from viewer.ui.main_window import MainWindow
from viewer.ui.param_editors import NumberSlider

HOSTILE = ["", " ", "-1", "0", "1e400", "nan", "inf", "-inf", "3.7", "999999", "2**31",
           "abc", "12x", "x", "0x0", "64x", "65536x65536", "7x5", "²", "\x00", "💥" * 3,
           "1,5", "../../etc/passwd", "%s%n", "-0", "4096x4096", "8x8", "128x64"]


def _text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(HOSTILE)
    return str(rng.randint(-10, 10**rng.randint(1, 7)))


def _param_action(w: MainWindow, rng: random.Random) -> None:
    widgets = list(w.param_panel.widgets.values())
    if not widgets:
        return
    pw = rng.choice(widgets)
    ed, kind = pw.editor, pw.param.kind
    if isinstance(ed, NumberSlider):
        if rng.random() < 0.6:
            lo, hi = ed.minimum(), ed.maximum()
            ed.setValue(rng.uniform(lo, hi) if kind == "float" else rng.randint(int(lo), int(hi)))
        else:
            ed.field.setText(_text(rng))
            ed.field.editingFinished.emit()
    elif isinstance(ed, QComboBox):
        if ed.isEditable() and rng.random() < 0.5:
            ed.setCurrentText(_text(rng))
            ed.lineEdit().editingFinished.emit()
        elif ed.count():
            i = rng.randrange(ed.count())
            ed.setCurrentIndex(i)
            ed.activated.emit(i)
    elif isinstance(ed, QCheckBox):
        ed.toggle()
    elif isinstance(ed, QLineEdit):
        ed.setText(_text(rng))
        ed.editingFinished.emit()
    elif kind == "path":
        pw.path_field.setText(rng.choice(["", "/nonexistent.png", "/dev/null", "/etc/hostname"]))
        pw.path_field.editingFinished.emit()
    elif kind == "curve":
        xs = sorted(rng.uniform(0, 90) for _ in range(rng.randint(2, 5)))
        ed.set_points(tuple((x, rng.uniform(0, 1)) for x in xs), announce=True)


def _act(w: MainWindow, rng: random.Random, qtbot) -> None:
    r = rng.random()
    if r < 0.06:
        w.generator_box.setCurrentIndex(rng.randrange(w.generator_box.count()))
    elif r < 0.45:
        _param_action(w, rng)
    elif r < 0.52:
        row = w.param_panel.seed_row
        if rng.random() < 0.5:
            row.new_seed()
        else:
            row.field.setText(_text(rng))
            row.field.editingFinished.emit()
    elif r < 0.60:
        if w.layer_list.count():
            w.layer_list.setCurrentRow(rng.randrange(w.layer_list.count()))
    elif r < 0.72:
        # hover: inside, at the edges and outside of the map
        if w.result is not None:
            g = w.result.grid
            w.inspect(rng.randint(-3, g.width + 3), rng.randint(-3, g.height + 3))
        vp = w.map_view.viewport()
        qtbot.mouseMove(vp, QPoint(rng.randrange(max(1, vp.width())),
                                   rng.randrange(max(1, vp.height()))))
    elif r < 0.82:
        tl = w.timeline
        rng.choice([lambda: tl.set_step(rng.randint(-5, tl.n_steps + 5)), tl.next, tl.prev,
                    tl.first, tl.last, tl.next_phase])()
    elif r < 0.88:
        acts = w.menus.toggles
        if acts:
            rng.choice(acts).trigger()
    elif r < 0.93:
        w.request_generation(force=True)
    elif r < 0.96:
        w.cancel_generation()
    elif r < 0.98:
        # A/B compare: pin, unpin, or switch what A shows
        rng.choice([w.compare.pin, w.compare.unpin,
                    lambda: w.compare.mode.setCurrentIndex(rng.randrange(2))])()
    else:
        w.resize(rng.randint(300, 1900), rng.randint(250, 1100))
    qtbot.wait(rng.choice([0, 0, 1, 5, 20]))


KEYS = ["Ctrl+0", "Ctrl+U", "Ctrl+Shift+Z", "Ctrl+G", "Ctrl+C", "Ctrl+V", "Ctrl+K", "Ctrl+H", "Ctrl+L", "Ctrl+N", "F5", "Esc", "Ctrl+P",
        "Ctrl+Left", "Ctrl+Right", "Ctrl+Up", "Ctrl+Down", "Ctrl+Home", "Ctrl+End",
        "Ctrl+Shift+S", "Ctrl+Shift+A", "Ctrl+Z", "Ctrl+A", "Return", "Tab", "Backspace",
        "Left", "Right", "Up", "Down", "PgUp", "PgDown", "Home", "End", "Space", "a", "7",
        "-", ".", "x"]
NEVER = {"Quit"}


def _mouse(vp, kind, pos: QPoint, button, buttons) -> None:
    glob = QPointF(vp.mapToGlobal(pos))
    QApplication.sendEvent(vp, QMouseEvent(kind, QPointF(pos), glob, button, buttons,
                                           Qt.KeyboardModifier.NoModifier))


def _point(vp, rng: random.Random) -> QPoint:
    return QPoint(rng.randrange(max(1, vp.width())), rng.randrange(max(1, vp.height())))


def _drag(w: MainWindow, rng: random.Random) -> None:
    view = rng.choice([w.map_view, w.compare.map_view]) if w.compare.isVisible() else w.map_view
    vp = view.viewport()
    a, b = _point(vp, rng), _point(vp, rng)
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _mouse(vp, QEvent.Type.MouseButtonPress, a, left, left)
    for k in range(1, 4):
        p = QPoint(a.x() + (b.x() - a.x()) * k // 3, a.y() + (b.y() - a.y()) * k // 3)
        _mouse(vp, QEvent.Type.MouseMove, p, none, left)
    _mouse(vp, QEvent.Type.MouseButtonRelease, b, left, none)


def _wheel(w: MainWindow, rng: random.Random) -> None:
    """The wheel over the map, or over the panel: there a slider or a
    choice without the focus keeps its value (the panel scrolls)."""
    vp = w.map_view.viewport()
    over_panel = rng.random() < 0.5
    if over_panel:
        if not w.param_dock.isVisible() or w.param_dock.visibleRegion().isEmpty():
            w.param_dock.show()             # (closed or behind a tab: a user brings it up)
            w.param_dock.raise_()
            QApplication.processEvents()
        shown = [pw.editor for pw in w.param_panel.widgets.values() if pw.editor.isVisible()]
        if not shown:                       # a window too small for its panel: made larger
            w.resize(1280, 820)
            w.param_dock.show()
            QApplication.processEvents()
            shown = [pw.editor for pw in w.param_panel.widgets.values()
                     if pw.editor.isVisible()]
        if not shown:
            return
        ed = rng.choice(shown)
        vp = getattr(ed, "slider", ed)
        if rng.random() < 0.3:
            vp.setFocus()                   # clicked first: then the wheel may change it
    pos = QPointF(_point(vp, rng))
    delta = rng.choice([-360, -120, -120, 120, 120, 240, 720])
    ev = QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                     QPoint(0, delta), Qt.MouseButton.NoButton,
                     Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    before = w.param_panel.values() if over_panel else None
    focused = vp.hasFocus()
    QApplication.sendEvent(vp, ev)
    if over_panel and not focused:
        DONE["wheel over the panel"] = DONE.get("wheel over the panel", 0) + 1
        assert w.param_panel.values() == before, "the wheel changed an unfocused setting"


def _menu(w: MainWindow, rng: random.Random) -> None:
    acts = [a for name, a in w.menu_actions().items() if name not in NEVER and a.isEnabled()]
    if acts:
        rng.choice(acts).trigger()


def _button(w: MainWindow, rng: random.Random) -> None:
    buttons = [b for b in w.findChildren(QAbstractButton) if b.isVisible() and b.isEnabled()]
    if not buttons:
        return
    b = rng.choice(buttons)
    sweep = w.sweep.panel
    if sweep is not None and b is sweep.run_button:
        sweep.set_seeds(f"1..{rng.randint(1, 4)}")          # a short sweep, in this process
        sweep.jobs.setValue(1)
    b.click()


def _key(w: MainWindow, rng: random.Random) -> None:
    from PySide6.QtGui import QKeySequence

    target = QApplication.focusWidget()
    if target is None or target.window() is not w or rng.random() < 0.3:
        fields = [f for f in w.findChildren(QLineEdit) if f.isVisible()]
        target = rng.choice(fields) if fields and rng.random() < 0.7 else w
        target.setFocus()
    combo = QKeySequence(rng.choice(KEYS))[0]
    QTest.keyClick(target, combo.key(), combo.keyboardModifiers())


MAP_IDS = ["python -m viewer fairland --world 128x64 -R 5 4 20", "tgp --size 64x64 --seed 3",
           "numberlink generate --size 6x6 --seed x", "ports --seed 2", "fairland 5",
           "tgp --size 3x3", "numberlink solve /etc/passwd", "nope 1 2", "", "'", "💥",
           "fairland --world 7x5 1 2", "tgp --openttd r13671 --terrain 4 --seed 1",
           "fairland -h", "python -m viewer tgp --png /tmp/x.png --seed 9"]
DONE: dict[str, int] = {}


def _river_timeline(w: MainWindow, rng: random.Random) -> None:
    """A TGP map with rivers, waited for, and its timeline stepped into the
    river phase and about it (the caption and the map say when a step's
    picture is on its way)."""
    if w.generator.name != "tgp":
        w.set_generator("tgp")
    w.workbench.set_values({"size": (128, 128), "rivers": rng.choice([2, 3]),
                            "stop_after": "rivers", "openttd": "15.2"})
    w.request_generation()
    end = time.monotonic() + 180           # (a machine busy with a build beside the tests)
    while (w.busy() or w.result is None or w.result.generator != "tgp") \
            and time.monotonic() < end:
        QTest.qWait(20)
    tl = w.timeline
    rivers = [first for name, first in tl.phases() if name == "rivers"]
    if w.result is None or w.result.generator != "tgp" or not rivers:
        return
    DONE["river timeline"] = DONE.get("river timeline", 0) + 1
    tl.set_step(rivers[0] + rng.randrange(3))
    for _ in range(rng.randint(1, 6)):
        rng.choice([tl.next, tl.prev, tl.prev_phase, tl.next_phase,
                    lambda: tl.set_step(rng.randint(rivers[0], tl.n_steps))])()
        QTest.qWait(rng.choice([0, 5, 50]))


def _ux(w: MainWindow, rng: random.Random) -> None:
    """Undo and redo, a map ID pasted (good or hostile), the gallery (of
    the next seeds or of a sweep), the timeline of a map with rivers."""
    from PySide6.QtGui import QGuiApplication

    r = rng.random()
    if r < 0.08 or not DONE.get("river timeline") and r < 0.2:
        _river_timeline(w, rng)
    elif r < 0.4:
        DONE["undo"] = DONE.get("undo", 0) + 1
        (w.workbench.undo if rng.random() < 0.6 else w.workbench.redo)()
        if rng.random() < 0.2:
            w.history.fill()
            acts = w.history.history_menu.actions()
            if acts:
                rng.choice(acts).trigger()
    elif r < 0.7:
        DONE["paste"] = DONE.get("paste", 0) + 1
        if rng.random() < 0.3:
            w.map_ids.copy()
        else:
            QGuiApplication.clipboard().setText(rng.choice(MAP_IDS + HOSTILE))
        w.map_ids.paste()
    else:
        DONE["gallery"] = DONE.get("gallery", 0) + 1
        g = w.gallery
        sweep = w.sweep.panel
        if sweep is not None and rng.random() < 0.5:
            # the gallery of a sweep: a short one first, waited for, as a user would
            if not sweep.gallery_button.isEnabled() and not sweep.running:
                w.sweep.dock.show()
                sweep.set_seeds(f"1..{rng.randint(2, 4)}")
                sweep.jobs.setValue(1)
                sweep.run()
            end = time.monotonic() + 60
            while w.sweep.panel is sweep and sweep.running and time.monotonic() < end:
                QTest.qWait(20)
            if w.sweep.panel is sweep and sweep.gallery_button.isEnabled():
                DONE["sweep gallery"] = DONE.get("sweep gallery", 0) + 1
                sweep.gallery_button.click()
        elif g.grid.count() == 0 or rng.random() < 0.3:
            g.next_seeds(rng.choice([2, 4, 24]))
        elif rng.random() < 0.5:
            rect = g.grid.visualItemRect(g.grid.item(rng.randrange(g.grid.count())))
            QTest.mouseClick(g.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        else:
            g.grid.setFocus()
            QTest.keyClick(g.grid, rng.choice([Qt.Key.Key_Right, Qt.Key.Key_Left,
                                               Qt.Key.Key_Down, Qt.Key.Key_Return]))


def _act_more(w: MainWindow, rng: random.Random, qtbot) -> None:
    """Half the time what the window's controls do, half what a person's
    hands do: menus, buttons, wheel, drags, keys, resizes; now and then
    undo, a pasted map ID, the gallery."""
    r = rng.random()
    if r < 0.45:
        _act(w, rng, qtbot)
        return
    if r < 0.5:
        _ux(w, rng)
    elif r < 0.62:
        _menu(w, rng)
    elif r < 0.72:
        _button(w, rng)
    elif r < 0.80:
        _wheel(w, rng)
    elif r < 0.88:
        _drag(w, rng)
    elif r < 0.97:
        _key(w, rng)
    else:
        w.resize(rng.randint(300, 1900), rng.randint(250, 1100))
    qtbot.wait(rng.choice([0, 0, 1, 5, 20]))


@pytest.fixture
def quiet_dialogs(monkeypatch, tmp_path):
    """File dialogs give a file in ``tmp_path`` (or cancel); other dialogs
    answer at once."""
    rng = random.Random(0)

    def path(*args, **_kw):
        name = f"file{rng.randrange(5)}" + rng.choice([".png", ".txt", ".toml", ".npz",
                                                        ".csv", ".json", ""])
        return (str(tmp_path / name), "") if rng.random() < 0.7 else ("", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(path))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(path))
    monkeypatch.setattr(QInputDialog, "getInt",
                        staticmethod(lambda *a, **k: (rng.choice([1, 2, 3]), rng.random() < 0.8)))
    for name in ("warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: None))
    from viewer.ui.views.numberlink_print import BookDialog

    monkeypatch.setattr(BookDialog, "exec", lambda self: 0)       # the book's dialog: cancel
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: rng.choice(
        [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No])))


SEEDS = [int(s) for s in os.environ.get("RANDOM_USER_SEEDS", "1,2,3").split(",")]
"""Three users in CI; ``RANDOM_USER_SEEDS=4,5,...`` sends more."""
ACTIONS = int(os.environ.get("RANDOM_USER_ACTIONS", "300"))
"""Actions per user (``RANDOM_USER_ACTIONS=1000`` for the long profile)."""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_user_meets_no_exception(qtbot, seed, private_settings, quiet_dialogs):
    rng = random.Random(seed)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    try:
        shown = set()
        for _ in range(ACTIONS):
            _act_more(w, rng, qtbot)
            if not w.isVisible():
                w.show()
            if w.result is not None:
                shown.add(w.result.generator)
        w.cancel_generation()
        w.request_generation(force=True)
        qtbot.waitUntil(lambda: not w.busy(), timeout=180_000)
        if w.result is not None:
            g = w.result.grid
            assert isinstance(w.inspect(0, 0), dict)
            assert w.shown_image() is not None and w.state.result is w.result
            assert w.result.generator == w.generator.name or w.message.text()
            assert g.width > 0
        # the user did get around: maps of several generators, many runs,
        # undo, pasted map IDs and the gallery
        assert len(shown) >= 2 and w.runs_done >= 10, (shown, w.runs_done)
        missing = [k for k in ("undo", "paste", "gallery", "wheel over the panel",
                               "river timeline") if not DONE.get(k)]
        assert not missing, (missing, DONE)
    finally:
        w.shutdown()
