"""The Sweep dock of the chosen generator, tied to the Workbench: it sweeps
from the Workbench's current values, and a row or point clicked in it
becomes the map shown (its values and seed become the Workbench's, which
makes it).  Every generator that declares metrics gets one; nothing here
is per generator.

One dock for all: a generator's sweep panel is built when the dock is
first shown with it chosen (a panel with its plots takes 20 ms or more on
the GUI thread) and kept, with its sweep, while other generators are
chosen (a sweep under way is cancelled then, the rows done stay); the
dock shows the chosen generator's panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QScrollArea

from ..workbench import Workbench
from ..workbench.events import ValuesChanged
from ..workbench.gallery import Case
from .docks import scrolling
from .shell import BOTTOM, Shell
from .sweep_dock import SweepPanel


class SweepLink:
    def __init__(self, workbench: Workbench, shell: Shell):
        self.wb, self.shell = workbench, shell
        self.dock: QDockWidget | None = None
        self.panel: SweepPanel | None = None
        """The chosen generator's panel (None until the dock is shown with it)."""
        self._kept: dict[str, QScrollArea] = {}     # each generator's panel, scrolling
        self._sized = False
        # the seed gallery to show a sweep's maps in (show_cases(cases, what, metric))
        self.open_gallery: Callable[..., None] | None = None
        workbench.events.connect(ValuesChanged, lambda _e: self.follow_values())

    def rebuild(self) -> None:
        """The sweep dock of the generator now chosen (none without
        metrics): its kept panel, if any, or one built now if the dock is
        shown."""
        decl = self.wb.generator
        if self.panel is not None:
            self.panel.cancel()             # (its rows so far stay for its generator)
        if decl.metrics is None:
            self.close()
            return
        area = self._kept.get(decl.name)
        self.panel = area.widget() if area is not None else None
        if self.dock is None:
            self.dock = QDockWidget(f"Sweep: {decl.title}", self.shell.widget)
            self.dock.setObjectName("sweep")
            # below the timeline, the whole width of the window: room for the
            # table and the plots side by side, the map keeps its width
            self.shell.add_dock(self.dock, area=BOTTOM, below=self.shell.timeline)
            self.dock.visibilityChanged.connect(self._shown)
            self.dock.setVisible(False)
            return
        self.dock.setWindowTitle(f"Sweep: {decl.title}")
        if self.dock.isVisible():
            self._shown(True)
        elif area is not None:
            self._put(area)

    def _build_panel(self) -> None:
        decl = self.wb.generator
        self.panel = SweepPanel(decl)
        self.panel.caseChosen.connect(self._case_chosen)
        self.panel.galleryAsked.connect(self._gallery_asked)
        # in a scroll area: a small window keeps its size, the panel scrolls
        self._kept[decl.name] = scrolling(self.panel)

    def _put(self, area: QScrollArea) -> None:
        """``area`` in the dock (the one there before is kept, hidden)."""
        if self.dock.widget() is not area:
            self.dock.setWidget(area)
            area.show()                     # (hidden when it was taken out before)

    def _shown(self, on: bool) -> None:
        if not on or self.dock is None:
            return
        if self.panel is None:
            self._build_panel()
        self._put(self._kept[self.wb.generator.name])
        self.follow_values()
        # first shown: about a third of the window's height, not a sliver
        if not self.dock.isFloating() and not self._sized:
            self._sized = True
            w = self.shell.widget
            tall = max(min(280, int(w.height() * 0.35)), w.height() // 3)
            w.resizeDocks([self.dock], [tall], Qt.Orientation.Vertical)

    def follow_values(self) -> None:
        """The sweep's fixed parameters are the Workbench's values (checked
        when a sweep is made of them, not at every edit)."""
        if self.panel is not None:
            self.panel.set_values(self.wb.values)

    def _case_chosen(self, values: dict[str, Any], seed: Any) -> None:
        with self.wb.changes(f"Open sweep case (seed {seed})"):
            self.wb.set_values(values)
            self.wb.set_seed(seed)
        self.wb.request(force=True)
        self.shell.status(f"sweep case: seed {seed}")

    def _gallery_asked(self, rows: list, metric: str) -> None:
        """The sweep's maps in the gallery, the sweep's value of ``metric``
        under each (until the thumbnail's own comes)."""
        if self.open_gallery is None or self.panel is None:
            return
        cases = [Case(values, seed, f"{metric} {value:g}" if metric and value == value else "")
                 for values, seed, value in rows]
        n = self.panel.model.rowCount()
        what = f"the sweep's {'first ' if len(cases) < n else ''}{len(cases)} of {n} cases"
        self.open_gallery(cases, what, metric)

    def busy(self) -> bool:
        return any(area.widget().running for area in self._kept.values())

    def close(self) -> None:
        for area in self._kept.values():
            area.widget().shutdown()
        self._kept.clear()
        if self.dock is not None:
            self.shell.remove_dock(self.dock)
        self.dock = self.panel = None
