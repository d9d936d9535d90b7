"""Edit > Undo, Redo and History: the window's face of the Workbench's
history (:mod:`viewer.workbench.history`, where undo lives and is tested).

Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z) name what they undo ("Undo Spike %
65 -> 80") and are greyed out when there is nothing; the History submenu
lists the generator's changes, oldest first, the current one checked;
choosing one goes back (or forward) to the map after it ("(as opened)" goes
back before the first).  A slider's release ends its drag, so a drag is
one change.  A text field with the focus keeps its own Ctrl+Z.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QSlider, QWidget

from ..workbench import Workbench

UNDO_KEY = "Ctrl+Z"
REDO_KEY = "Ctrl+Shift+Z"
MENU_ITEMS = 30
"""The History submenu shows the last this many changes."""


class HistoryMenu:
    def __init__(self, wb: Workbench, menu: QMenu, parent: QWidget):
        self.wb = wb
        self.undo_action = QAction("&Undo", parent)
        self.undo_action.setShortcut(QKeySequence(UNDO_KEY))
        self.undo_action.triggered.connect(lambda: wb.undo())
        self.redo_action = QAction("&Redo", parent)
        self.redo_action.setShortcut(QKeySequence(REDO_KEY))
        self.redo_action.triggered.connect(lambda: wb.redo())
        first = menu.actions()[0] if menu.actions() else None
        menu.insertAction(first, self.undo_action)
        menu.insertAction(first, self.redo_action)
        self.history_menu = QMenu("&History", parent)
        self.history_menu.setToolTipsVisible(True)
        menu.insertMenu(first, self.history_menu)
        menu.insertSeparator(first)
        self.history_menu.aboutToShow.connect(self.fill)
        from ..workbench import events as ev

        for kind in (ev.ValuesChanged, ev.SeedChanged, ev.GeneratorChanged, ev.HistoryChanged):
            wb.events.connect(kind, lambda _e: self.update())
        self.update()

    def update(self) -> None:
        """The Undo and Redo entries say what they would do."""
        undo, redo = self.wb.undo_text(), self.wb.redo_text()
        self.undo_action.setText(f"&Undo {undo}" if undo else "&Undo")
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setText(f"&Redo {redo}" if redo else "&Redo")
        self.redo_action.setEnabled(redo is not None)
        entries, _done = self.wb.history.entries(self.wb.generator.name)
        self.history_menu.setEnabled(bool(entries))

    def fill(self) -> None:
        """The History submenu, built when it opens."""
        m = self.history_menu
        m.clear()
        entries, done = self.wb.history.entries(self.wb.generator.name)
        group = QActionGroup(m)
        start = max(0, len(entries) - MENU_ITEMS)
        items = [(-1, "(as opened)")] if start == 0 else []
        items += [(i, entries[i].label) for i in range(start, len(entries))]
        for i, label in items:
            act = m.addAction(label)
            act.setCheckable(True)
            act.setChecked(i == done - 1)
            if i >= done:
                act.setToolTip("undone: choose it to redo up to here")
            group.addAction(act)
            act.triggered.connect(lambda _c=False, i=i: self.wb.jump(i))

    def items(self) -> list[str]:
        """The History submenu's entries (for tests)."""
        self.fill()
        return [a.text() for a in self.history_menu.actions()]

    def follow_panel(self, panel: QWidget) -> None:
        """A slider's release ends its drag (one change)."""
        for slider in panel.findChildren(QSlider):
            slider.sliderPressed.connect(self.wb.begin_gesture)
            slider.sliderReleased.connect(self.wb.end_gesture)
