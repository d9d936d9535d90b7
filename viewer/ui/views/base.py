"""A generator's part of the window, composed into the generic window
(as napari maps a layer type to its controls): it is given the Workbench
(the map, values, options: :mod:`viewer.workbench`) and the shell (status,
actions, docks, the panel, the map view: :mod:`viewer.ui.shell`).  The
base class adds nothing: a generator without a view of its own gets the
generic window (parameters, layers, picture, inspector, timeline, declared
exports).

A view lives as long as its generator is chosen: the window builds it when
the generator is picked and calls :meth:`close` when another one is, so a
view's widgets and state can never show under another generator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from ...engine.protocol import MapState, Result
from ...workbench import Workbench
from .. import turns
from ..shell import Shell

Rows = list[tuple[str, str]]


class GeneratorView(QObject):
    """See the module docstring: ``workbench`` holds what is shown (a view
    reads its ``result``, ``state``, ``values``, sets options with
    ``set_option`` and shows maps with ``show``), ``shell`` is the screen."""

    def __init__(self, workbench: Workbench, shell: Shell):
        super().__init__(shell.widget)
        self.workbench, self.shell = workbench, shell
        self._actions: list[QAction] = []
        self._docks: list[QDockWidget] = []
        self._docks_due: Callable[[], list[tuple[QDockWidget, QDockWidget | None]]] | None \
            = None                      # the docks to make and add in a later turn
        self._then: Callable[[], object] | None = None

    # -- what the view adds ------------------------------------------------------
    def build(self) -> None:
        """Create this view's actions (with :meth:`add_action`) and docks
        (with :meth:`add_dock`)."""

    def add_action(self, menu: str, text: str, slot, shortcut: str | None = None,
                   tip: str = "", checkable: bool = False, checked: bool = False) -> QAction:
        act = self.shell.action(menu, text, slot, shortcut, tip)
        if checkable:
            act.setCheckable(True)
            act.setChecked(checked)
        self._actions.append(act)
        return act

    def add_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None) -> None:
        self.shell.add_dock(dock, tab_with)
        self._docks.append(dock)

    def add_docks_later(self, make: Callable[[], list[tuple[QDockWidget, QDockWidget | None]]],
                        then: Callable[[], object] | None = None) -> None:
        """Make the docks (``make()`` returns each with the dock to tab it
        with) and add them in a later turn of the event loop
        (:mod:`..turns`), then call ``then``: their widgets made, the
        window's new layout and their first paint in passes of their own,
        not in the switch's (a switch to a view with docks made two tables,
        laid out and painted the panel, the menus and two new docks in one
        pass); :meth:`busy` until then.  Before the window is first shown
        (the view of the generator it starts with) they are made and added
        at once, so that the window's saved arrangement, restored then,
        places them."""
        self._docks_due = make
        self._then = then
        if not self.shell.widget.isVisible():
            self._place_docks()
        else:
            turns.later(self._place_docks)

    def _place_docks(self) -> None:
        make, self._docks_due = self._docks_due, None
        if make is None:                    # (closed meanwhile)
            return
        for dock, tab_with in make():
            self.add_dock(dock, tab_with)
        then, self._then = self._then, None
        if then is not None:
            then()

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        """The docks this view added (and has not removed)."""
        return tuple(self._docks)

    def setup_panel(self, panel) -> None:
        """Adjust this generator's parameter panel, shown with this view
        (the panel is kept while other generators are chosen and shown
        again when this one is, :mod:`..kept_panels`: what the view
        connects here it disconnects in :meth:`close`)."""

    # -- results -----------------------------------------------------------------
    def prepare(self, result: Result) -> Any:
        """Work to do on the worker thread once a result is made (e.g. a
        table); what it returns is handed to :meth:`result_changed`.  It
        runs in the run's thread: it reads nothing but ``result``."""
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

    def extra_rows(self, state: MapState, x: int, y: int) -> Rows:
        """Inspector rows beyond the generator's own (e.g. a second solution)."""
        return []

    def shown_rows(self, state: MapState, rows: Rows) -> Rows:
        """The inspector's rows as shown (e.g. without what the picture hides)."""
        return rows

    def export_warning(self, export: str) -> str | None:
        """A warning to give before declared export ``export`` of the map
        shown is written (the user may go on), or None."""
        return None

    def no_timeline(self, result: Result) -> str:
        """What the timeline says for a map without one: the generator's own
        reason when it gave one (a ``no trace: ...`` line of its messages,
        e.g. a map too large for a timeline, naming the limit)."""
        for line in (result.messages or "").splitlines():
            if line.startswith("no trace:"):
                g = result.grid
                return (f"no timeline: {line[len('no trace:'):].strip()} (this map is "
                        f"{g.width}x{g.height}, {g.width * g.height} cells)")
        return "this map has no timeline: its generator recorded no steps"

    def panel_changed(self) -> bool:
        """A panel edit (the Workbench has its new values); True when the
        view handled it (no run asked for)."""
        return False

    # -- workers -----------------------------------------------------------------
    def busy(self) -> bool:
        return self._docks_due is not None

    def cancel(self) -> None:
        """Stop the view's own background work (Esc)."""

    def close(self) -> None:
        """The generator is no longer chosen: remove what the view added."""
        self.cancel()
        for act in self._actions:
            self.shell.remove_action(act)
        for dock in self._docks:
            self.shell.remove_dock(dock)
        self._docks_due, self._then = None, None     # (never made)
        self._actions.clear()
        self._docks.clear()

    def shutdown(self) -> None:
        """The window closes: stop threads."""
        self.cancel()
