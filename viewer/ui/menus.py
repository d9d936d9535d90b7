"""The window's menus: File, Edit and View, actions added and removed by
name (a generator's exports, toggles and view actions come and go with it),
and View > Panels listing every dock."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu


class Menus:
    def __init__(self, window: QMainWindow):
        self.w = window
        self.menus: dict[str, QMenu] = {}
        for title in ("&File", "&Edit", "&View"):
            self.menus[title.replace("&", "")] = window.menuBar().addMenu(title)
        self.docks: QMenu | None = None
        self.toggles: list[QAction] = []
        self._before: dict[str, QAction] = {}    # a menu's actions go before this one

    def keep_last(self, menu: str, before: QAction) -> None:
        """Actions added to ``menu`` from now on go before ``before`` (the
        separator above Quit: Quit stays the File menu's last item)."""
        self._before[menu] = before

    def set_toggles(self, toggles, options: dict, switch) -> None:
        """View menu items for a renderer's ``toggles`` (replacing the last
        generator's), checked as ``options`` say; ``switch(key, on)``."""
        for act in self.toggles:
            self.remove(act)
        self.toggles = []
        for t in toggles:
            on = options.setdefault(t.key, t.default)
            act = self.action("View", t.title, lambda v, k=t.key: switch(k, v), t.shortcut, t.tip)
            act.setCheckable(True)
            act.setChecked(bool(on))
            act.setData(t.key)
            self.toggles.append(act)

    def toggle(self, key: str) -> QAction:
        """The View toggle of picture option ``key``."""
        return next(a for a in self.toggles if a.data() == key)

    def check_toggle(self, key: str, on: bool) -> None:
        for act in self.toggles:
            if act.data() == key and act.isChecked() != on:
                act.setChecked(on)

    def __getitem__(self, name: str) -> QMenu:
        return self.menus[name]

    def add_docks_menu(self) -> QMenu:
        self.menus["View"].addSeparator()
        self.docks = self.menus["View"].addMenu("&Panels")
        self.menus["View"].addSeparator()
        return self.docks

    def action(self, menu: str, text: str, slot, shortcut: str | None = None,
               tip: str = "") -> QAction:
        """A menu action (``menu``: File, Edit or View)."""
        act = QAction(text, self.w)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        act.triggered.connect(slot)
        before = self._before.get(menu)
        if before is not None:
            self.menus[menu].insertAction(before, act)
        else:
            self.menus[menu].addAction(act)
        return act

    def remove(self, act: QAction) -> None:
        for menu in self.menus.values():
            menu.removeAction(act)
        act.deleteLater()

    def shortcuts(self) -> set[str]:
        """The shortcuts of the enabled actions in the menus now."""
        return {act.shortcut().toString() for act in self.all().values()
                if act.isEnabled() and not act.shortcut().isEmpty()}

    def all(self) -> dict[str, QAction]:
        """Every action in the menus now, by its text without the ``&``."""
        out: dict[str, QAction] = {}

        def walk(menu: QMenu) -> None:
            for act in menu.actions():
                if act.menu() is not None:
                    walk(act.menu())
                elif act.text():
                    out[act.text().replace("&", "")] = act
        for menu in self.menus.values():
            walk(menu)
        return out
