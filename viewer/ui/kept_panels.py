"""Each generator's parameter panel, built once and kept: switching back to
a generator puts its panel back in the Parameters dock, its values and seed
refreshed from the Workbench, rather than building a new one (a panel of
thirty editors took 15-35 ms on the GUI thread, one or two frames).

The panels of the generators not chosen are built after the first map is
shown, a few rows a turn of the event loop (:mod:`.turns`), so that the
first switch to each of them does not build it at once either.

Only the panel shown follows the Workbench (its values, seed and
refusals, :meth:`ParamPanel.follow`); a kept one is brought up to date
when it is shown again (:meth:`KeptPanels.show`): the values, the seed,
the greyed rows that follow from them, no refusal left over (the run
asked for after the switch says it again)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QStackedWidget

from .. import registry
from ..declaration import Declaration
from . import turns
from .param_panel import ParamPanel

IGNORED, PREFERRED = QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
PIECE_S = 0.003
"""How long a turn builds a kept panel's rows, at most about (a frame is
16.7 ms, and on a busy machine our work in it is doubled)."""


class KeptPanels(QObject):
    """The panels of ``area`` (the Parameters dock's scroll area), one per
    generator: ``make(declaration)`` starts one (not whole: see
    :meth:`ParamPanel.build_some`), ``whole(panel)`` is called once it is
    whole (before it is first shown), ``fit(panel)`` each time it is about
    to take its place in the dock, a turn before (to fit the dock's width
    to it: the window's new layout in a pass of the event loop of its own,
    and the panel laid out once, at the dock's new width)."""

    def __init__(self, area: QScrollArea, make: Callable[[Declaration], ParamPanel],
                 whole: Callable[[ParamPanel], None], fit: Callable[[ParamPanel], None]):
        super().__init__(area)
        self.area = area
        self._make, self._whole, self._fit_dock = make, whole, fit
        self._panels: dict[str, ParamPanel] = {}
        # one page a panel: the one shown takes the room it needs, the others none
        self._stack = QStackedWidget()
        area.setWidget(self._stack)
        self._unfollow: Callable[[], None] | None = None
        self._shown: ParamPanel | None = None
        self._fitted: ParamPanel | None = None      # the panel the dock was fitted to last
        self._due: list[Declaration] = []
        # each panel's place in the scroll area, kept while another is shown
        self._scrolled: dict[ParamPanel, int] = {}
        self._scroll_due: int | None = None     # a place to scroll to once the range allows it
        area.verticalScrollBar().rangeChanged.connect(self._range_changed)

    def show(self, workbench, at_once: bool = False) -> ParamPanel:
        """The panel of the Workbench's generator, showing its values and
        seed and following it (the one shown before no longer); the dock
        is fitted to it in the next turn and it takes the old one's place
        in the turn after (unless ``at_once``): the window's layout, the
        panel's, and their paint each in a pass of the event loop of its
        own, not in the switch's."""
        if self._unfollow is not None:
            self._unfollow()
            self._unfollow = None
        panel = self._panel(workbench.generator)
        if not panel.whole:
            panel.finish_building()
            self._whole(panel)
        panel.set_error(None, None)
        panel.last_edited = None        # (a refusal's second line goes to no old field)
        panel.seed_row.set_seed(workbench.seed)
        panel.set_values(workbench.values)
        self._unfollow = panel.follow(workbench)
        self._shown = panel
        if at_once:
            self._fit_now()
            self._swap()
        else:
            turns.later(self._fit)
        return panel

    def swapping(self) -> bool:
        """The panel shown has yet to take its place in the dock."""
        return self._stack.currentWidget() is not self._shown

    def _fit(self) -> None:
        self._fit_now()
        turns.later(self._swap)

    def _fit_now(self) -> None:
        self._fitted = self._shown
        self._fit_dock(self._shown)

    def _swap(self) -> None:
        old, panel = self._stack.currentWidget(), self._shown
        if panel is not self._fitted:       # (another one asked for since: fitted first)
            return
        if old is not panel:
            bar = self.area.verticalScrollBar()
            if old is not None:
                self._scrolled[old] = bar.value()
                old.setSizePolicy(IGNORED, IGNORED)
            panel.setSizePolicy(PREFERRED, PREFERRED)
            self._stack.setCurrentWidget(panel)
            self._scroll_to(self._scrolled.get(panel, 0))

    def _scroll_to(self, value: int) -> None:
        """Scroll the area to ``value``: at once where its range allows it,
        else once the new panel's layout has made the range (its next
        change, within the next turn)."""
        bar = self.area.verticalScrollBar()
        bar.setValue(value)
        if bar.value() != value:
            self._scroll_due = value
            turns.later(self._forget_scroll)

    def _range_changed(self, _low: int, high: int) -> None:
        due = self._scroll_due
        if due is not None:
            self.area.verticalScrollBar().setValue(due)
            if high >= due:
                self._scroll_due = None

    def _forget_scroll(self) -> None:
        self._scroll_due = None     # (a later change of range is the user's: a resize)

    def _panel(self, decl: Declaration) -> ParamPanel:
        panel = self._panels.get(decl.name)
        if panel is None:
            panel = self._panels[decl.name] = self._make(decl)
            panel.setSizePolicy(IGNORED, IGNORED)
            self._stack.addWidget(panel)
        return panel

    def close(self) -> None:
        """The window is closing: no panel announces an edit any more (a
        field that loses the focus as the window goes finishes its edit), no
        more are built ahead, and the turns still due do nothing."""
        turns.forget(self)
        self._due.clear()
        for panel in self._panels.values():
            panel.blockSignals(True)

    def kept(self, name: str) -> ParamPanel | None:
        """Generator ``name``'s panel, when it has been started."""
        return self._panels.get(name)

    def build_later(self, names: Iterable[str]) -> None:
        """Build the panels of generators ``names`` not built yet, in that
        order, a piece a turn (:data:`PIECE_S`)."""
        self._due = [registry.declaration(n) for n in names if n not in self._panels
                     or not self._panels[n].whole]
        if self._due:
            turns.later(self._build_piece)

    def building(self) -> bool:
        """Panels are being built in later turns."""
        return bool(self._due)

    def _build_piece(self) -> None:
        while self._due:
            panel = self._panel(self._due[0])
            if panel.whole:                 # (shown, so finished, meanwhile)
                self._due.pop(0)
                continue
            if panel.build_some(PIECE_S):
                self._whole(panel)
                self._due.pop(0)
            break
        if self._due:
            turns.later(self._build_piece)
