"""The shell: what the window offers the parts composed into it (docks,
compare, run status, sweep link, file actions, bundle opening, the
generator views).  Each part takes ``(workbench, shell)``: the Workbench
(:mod:`viewer.workbench`) for everything about the map, the shell for the
screen (a status line, menus and actions, docks, the parameter panel, the
map view).  No part knows the window's class, so none imports it; the
window (:mod:`.main_window`) is the one shell, built by :mod:`.app`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

if TYPE_CHECKING:
    from .banner import Banner
    from .legend import LegendWidget
    from .map_view import MapView
    from .param_panel import ParamPanel
    from .timeline import TimelineDock

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


@runtime_checkable
class Shell(Protocol):
    """See the module docstring."""

    @property
    def widget(self) -> QMainWindow:
        """The main window: the parent of dialogs and docks."""
        ...

    @property
    def map_view(self) -> MapView:
        """The map shown (B when comparing)."""
        ...

    @property
    def legend(self) -> LegendWidget:
        """The legend under the map shown (B's colour scale when comparing)."""
        ...

    @property
    def banner(self) -> Banner:
        """The yellow bar above the map."""
        ...

    @property
    def timeline(self) -> TimelineDock: ...

    @property
    def inspector_dock(self) -> QDockWidget: ...

    @property
    def param_panel(self) -> ParamPanel:
        """The editor of the Workbench's values for the generator chosen."""
        ...

    def status(self, text: str, error: bool = False, step: int | None = None) -> None:
        """One line in the status bar (``step``: the timeline step the line
        describes, so that the step's own words do not replace it when its
        picture comes)."""

    def menu(self, name: str) -> QMenu:
        """Menu ``name``: File, Edit or View."""
        ...

    def action(self, menu: str, text: str, slot: Callable, shortcut: str | None = None,
               tip: str = "") -> QAction:
        """A new action in ``menu``."""
        ...

    def remove_action(self, act: QAction) -> None: ...

    def add_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None,
                 area: Qt.DockWidgetArea = RIGHT, below: QDockWidget | None = None) -> None:
        """Add ``dock`` (tabbed with ``tab_with``, or split below ``below``),
        listed in View > Panels."""

    def remove_dock(self, dock: QDockWidget) -> None: ...

    def render_view(self) -> None:
        """Draw the Workbench's state again (a view's own drawing changed)."""

    def cancel_generation(self) -> None:
        """Stop every run under way (Esc): the map shown stays."""

    def own_work(self, running: bool) -> None:
        """A part's own work (a solver, say) started or ended: Cancel is
        shown while it or a run is under way."""

    def show_run_time(self, seconds: float | None) -> None:
        """The time of the last generation in the status bar (None: none)."""
