"""Edit > Copy map ID and Paste map ID, a map ID dropped on the window, and
File > Open recent: the window's face of :mod:`viewer.workbench.map_id`.

Copy map ID (Ctrl+C where no text field has the focus) puts the shown
map's command line on the clipboard; Paste map ID (Ctrl+V likewise) opens
the map a copied ID names, parsed by the command line's own parser; a text
dropped on the window is pasted the same way.  A refused ID is one line in
the status bar (and the map stays).  Recent files: the presets, bundles,
puzzles and heightmaps opened, newest first, remembered across sessions.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu

from ..workbench import Workbench
from ..workbench.map_id import MapIdError

RECENT_KEY = "recent/files"
RECENT_MAX = 10
KINDS = ("preset", "bundle", "puzzle", "input")
"""input: a file a map is made from (a Param of kind path, e.g.
a heightmap PNG), reopened with the values it was made with."""


class MapIdActions(QObject):
    def __init__(self, wb: Workbench, shell, settings: QSettings, open_recent):
        super().__init__(shell.widget)
        self.wb, self.shell, self.settings = wb, shell, settings
        self._open_recent = open_recent         # (kind, path) -> bool
        self.last_error = ""
        K = QKeySequence.StandardKey
        self.copy_action = shell.action("Edit", "Copy map &ID", self.copy,
                                        QKeySequence(K.Copy).toString(),
                                        "the command line that makes this map: paste it "
                                        "into a terminal, a chat, or this window")
        self.paste_action = shell.action("Edit", "Paste map I&D", self.paste,
                                         QKeySequence(K.Paste).toString(),
                                         "open the map a copied map ID names")
        self.recent_menu = QMenu("Open &recent", shell.widget)
        menu = shell.menu("File")
        shipped = next((a for a in menu.actions() if a.menu() is not None), None)
        menu.insertMenu(shipped, self.recent_menu)       # beside the other ways to open
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        shell.widget.installEventFilter(self)

    # -- map IDs -------------------------------------------------------------------
    def copy(self) -> str | None:
        try:
            text = self.wb.map_id()
        except (MapIdError, ValueError, TypeError) as exc:
            self.shell.status(f"cannot make a map ID: {exc}", error=True)
            return None
        QGuiApplication.clipboard().setText(text)
        self.shell.status(f"copied map ID: {text}")
        return text

    def paste(self) -> bool:
        return self.open_text(QGuiApplication.clipboard().text())

    def open_text(self, text: str) -> bool:
        """Open map ID ``text`` (or a link a generator opens, such as a
        puzz.link URL); a refusal is said in one line and the map stays."""
        opened = self.open_link(text)
        if opened is not None:
            return opened
        try:
            self.wb.open_map_id(text)
        except MapIdError as exc:
            self.last_error = str(exc)
            self.shell.status(f"{exc} (showing the last map)", error=True)
            return False
        return True

    def open_link(self, text: str) -> bool | None:
        """``text`` opened as a link by the first generator whose
        ``link_opener`` takes it (None: none does)."""
        from .. import registry

        for name in registry.names():
            decl = registry.declaration(name)
            if not decl.link_opener:
                continue
            try:
                result = decl.load("link_opener")(text)
            except ValueError as exc:
                self.last_error = str(exc)
                self.shell.status(f"{exc} (showing the last map)", error=True)
                return False
            if result is None:
                continue
            self.wb.show(result)
            self.shell.status(f"opened {decl.title}: {result.grid.width}x{result.grid.height} "
                              f"from {text.strip()[:80]}")
            return True
        return None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """A text (not a file) dropped on the window is a map ID; a web link
        (dragged from a browser) a link a generator opens (a puzz.link URL)."""
        kind = event.type()
        if obj is self.shell.widget and kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove,
                                                 QEvent.Type.Drop):
            mime = event.mimeData()
            if mime.hasText() and not mime.hasUrls():
                if kind == QEvent.Type.Drop:
                    self.open_text(mime.text())
                event.acceptProposedAction()
                return True
            web = [u.toString() for u in mime.urls() if u.scheme() in ("http", "https")] \
                if mime.hasUrls() else []
            if web:
                if kind == QEvent.Type.Drop:
                    self.open_text(web[0])
                event.acceptProposedAction()
                return True
        return False

    # -- recent files ---------------------------------------------------------------
    def _items(self) -> list[list]:
        raw = self.settings.value(RECENT_KEY)
        try:
            items = json.loads(raw) if isinstance(raw, str) else []
            return [list(i) for i in items if isinstance(i, list) and len(i) == 3
                    and i[0] in KINDS and isinstance(i[1], str)][:RECENT_MAX]
        except (ValueError, TypeError):
            return []

    def recent(self) -> list[tuple[str, str]]:
        """(kind, path) of the files opened, newest first."""
        return [(k, p) for k, p, _extra in self._items()]

    def remember(self, kind: str, path: str | Path, extra: dict | None = None) -> None:
        path = str(Path(path).resolve())
        items = [i for i in self._items() if (i[0], i[1]) != (kind, path)]
        items.insert(0, [kind, path, extra])
        self.settings.setValue(RECENT_KEY, json.dumps(items[:RECENT_MAX]))

    def remember_inputs(self, result) -> None:
        """The files a map was made from (its Params of kind path)."""
        from ..formats.bundle import jsonable

        decl = self.wb.generator
        if result.generator != decl.name:
            return
        for p in decl.params:
            value = result.params.get(p.name)
            if p.kind == "path" and value and Path(str(value)).is_file():
                self.remember("input", str(value), {"generator": decl.name, "label": p.label,
                                                    "values": jsonable(result.params)})

    def reopen_input(self, path: str) -> None:
        extra = next((i[2] for i in self._items() if i[1] == path and i[0] == "input"), None)
        if not extra:
            return
        wb = self.wb
        wb.set_generator(extra["generator"])
        decl = wb.generator
        try:
            values = decl.validate({**extra["values"]})
        except Exception as exc:  # noqa: BLE001 - a remembered value no longer valid
            self.shell.status(f"cannot open {Path(path).name} again: {exc}", error=True)
            return
        with wb.changes(f"Open {Path(path).name}"):
            wb.set_values(values)
        wb.request()

    def fill_recent(self) -> None:
        m = self.recent_menu
        m.clear()
        items = self.recent()
        if not items:
            m.addAction("(no files yet)").setEnabled(False)
            return
        for i, (kind, path, extra) in enumerate(self._items(), 1):
            what = extra.get("label", kind) if isinstance(extra, dict) else kind
            act = m.addAction(f"&{i % 10} {Path(path).name}  ({what})")
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _c=False, k=kind, p=path: self._reopen(k, p))
        m.addSeparator()
        m.addAction("Clear the list", lambda: self.settings.setValue(RECENT_KEY, "[]"))

    def _reopen(self, kind: str, path: str) -> None:
        if not Path(path).is_file():
            self.shell.status(f"cannot open {Path(path).name}: it is no longer at {path}",
                              error=True)
            return
        self._open_recent(kind, path)
