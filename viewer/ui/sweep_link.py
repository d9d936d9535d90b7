"""The Sweep dock of the chosen generator, tied to the window: it sweeps
from the panel's current values, and a row or point clicked in it becomes
the map shown (its values and seed go to the panel, which regenerates).
Every generator that declares metrics gets one; nothing here is per
generator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from .. import registry
from ..engine.params import ParamError
from .sweep_dock import SweepPanel

if TYPE_CHECKING:
    from .main_window import MainWindow


class SweepLink:
    def __init__(self, window: MainWindow):
        self.w = window
        self.dock: QDockWidget | None = None
        self.panel: SweepPanel | None = None

    def rebuild(self) -> None:
        """A sweep dock for the generator now chosen (none without metrics)."""
        w = self.w
        visible, floating = False, False
        if self.dock is not None:
            visible, floating = self.dock.isVisible(), self.dock.isFloating()
            self.close()
        if getattr(w.generator, "metrics", None) is None:
            return
        self.panel = SweepPanel(w.generator)
        self.panel.caseChosen.connect(self._case_chosen)
        self.dock = QDockWidget(f"Sweep: {registry.declaration(w.generator.name).title}", w)
        self.dock.setObjectName("sweep")
        self.dock.setWidget(self.panel)
        self.dock.visibilityChanged.connect(lambda on: on and self.follow_panel())
        # below the timeline, the whole width of the window: room for the
        # table and the plots side by side, the map keeps its width
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        w.splitDockWidget(w.timeline, self.dock, Qt.Orientation.Vertical)
        self.dock.visibilityChanged.connect(self._shown)
        w.docks_menu.addAction(self.dock.toggleViewAction())
        self.dock.setFloating(floating)
        self.dock.setVisible(visible)

    def _shown(self, on: bool) -> None:
        # first shown: about a third of the window's height, not a sliver
        if on and self.dock is not None and not self.dock.isFloating() \
                and not getattr(self, "_sized", False):
            self._sized = True
            self.w.resizeDocks([self.dock], [max(280, self.w.height() // 3)],
                               Qt.Orientation.Vertical)

    def follow_panel(self) -> None:
        """The sweep's fixed parameters are the panel's (when they are valid)."""
        if self.panel is None:
            return
        try:
            self.panel.set_values(self.w.generator.validate(self.w.param_panel.values()))
        except (ParamError, TypeError, ValueError):
            pass

    def _case_chosen(self, values: dict[str, Any], seed: Any) -> None:
        w = self.w
        w.param_panel.set_values(values)
        w.param_panel.seed_row.set_seed(seed)
        w.request_generation(force=True)
        w.status(f"sweep case: seed {seed}")

    def busy(self) -> bool:
        return self.panel is not None and self.panel.running

    def close(self) -> None:
        if self.panel is not None:
            self.panel.shutdown()
        if self.dock is not None:
            self.w.remove_view_dock(self.dock)
        self.dock = self.panel = None
