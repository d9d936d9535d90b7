"""A generator's part of the window, composed into the generic
:class:`~viewer.ui.main_window.MainWindow` (as napari maps a layer type to its
controls).  The base class adds nothing: a generator without a view of its
own gets the generic window (parameters, layers, picture, inspector,
timeline, declared exports).

A view lives as long as its generator is chosen: the window builds it when
the generator is picked and calls :meth:`close` when another one is, so a
view's widgets and state can never show under another generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from ...engine.protocol import MapState, Result

if TYPE_CHECKING:
    from ..main_window import MainWindow

Rows = list[tuple[str, str]]


class GeneratorView(QObject):
    """See the module docstring.  ``window`` is the main window: a view may
    call its generic services (``status``, ``show_result``, ``action``,
    ``render_view``, ``result``, ``state``, ``param_panel``)."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self._actions: list[QAction] = []
        self._docks: list[QDockWidget] = []

    # -- what the view adds ------------------------------------------------------
    def build(self) -> None:
        """Create this view's actions (with :meth:`add_action`) and docks
        (with :meth:`add_dock`)."""

    def add_action(self, menu: str, text: str, slot, shortcut: str | None = None,
                   tip: str = "", checkable: bool = False, checked: bool = False) -> QAction:
        act = self.window.action(menu, text, slot, shortcut, tip)
        if checkable:
            act.setCheckable(True)
            act.setChecked(checked)
        self._actions.append(act)
        return act

    def add_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None) -> None:
        self.window.add_view_dock(dock, tab_with)
        self._docks.append(dock)

    def setup_panel(self, panel) -> None:
        """Adjust the parameter panel just built for this generator."""

    # -- results -----------------------------------------------------------------
    def prepare(self, result: Result) -> Any:
        """Work to do on the worker thread once a result is made (e.g. a
        table); what it returns is handed to :meth:`result_changed`."""
        return None

    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        """A new result is shown (None: none is, e.g. after a switch)."""

    def generation_failed(self, exc: Exception) -> None:
        """The generator could not make a map (a GenerationError)."""

    def refused_param(self, exc: Exception) -> str | None:
        """The parameter a GenerationError is about (its message goes beside
        it), or None (above the panel)."""
        return None

    def describe(self, result: Result) -> str:
        """More words for the status line after a run."""
        return ""

    def picture_options(self) -> dict[str, Any]:
        """Options beyond the View toggles for the picture (e.g. a selection)."""
        return {}

    def extra_rows(self, state: MapState, x: int, y: int) -> Rows:
        """Inspector rows beyond the generator's own (e.g. a second solution)."""
        return []

    def shown_rows(self, state: MapState, rows: Rows) -> Rows:
        """The inspector's rows as shown (e.g. without what the picture hides)."""
        return rows

    def no_timeline(self, result: Result) -> str:
        """What the timeline says for a map without one."""
        return "this map has no timeline: its generator recorded no steps"

    def panel_changed(self) -> bool:
        """A panel edit; True when the view handled it (no regeneration)."""
        return False

    # -- workers -----------------------------------------------------------------
    def busy(self) -> bool:
        return False

    def cancel(self) -> None:
        """Stop the view's own background work (Esc)."""

    def close(self) -> None:
        """The generator is no longer chosen: remove what the view added."""
        self.cancel()
        for act in self._actions:
            self.window.remove_action(act)
        for dock in self._docks:
            self.window.remove_view_dock(dock)
        self._actions.clear()
        self._docks.clear()

    def shutdown(self) -> None:
        """The window closes: stop threads."""
        self.cancel()
