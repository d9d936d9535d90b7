"""Empire fairland in the window: the Fairness tab (computed on the worker
for each new world) and "Copy fairland command line"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget

from ...engine.fairland.fairness import FairnessTable, fairness
from ...engine.protocol import Result
from ...formats.fairland_exports import command_line
from .base import GeneratorView
from .fairland_fairness import FairnessPanel


TABLE_AFTER_MS = 17


class FairlandView(GeneratorView):
    def build(self) -> None:
        self.add_docks_later(self._make_docks, then=self.shell.inspector_dock.raise_)
        self.add_action("Edit", "&Copy fairland command line", self.copy_command_line,
                        "Ctrl+Shift+C", "the fairland command that makes this map on your "
                        "own server")

    def _make_docks(self) -> list[tuple[QDockWidget, QDockWidget]]:
        """The Fairness dock, tabbed with the Inspector (made a turn after
        the switch: its table and dock 1.5-2 ms)."""
        self.fairness_panel = FairnessPanel()
        self.fairness_dock = QDockWidget("Fairness", self.shell.widget)
        self.fairness_dock.setObjectName("fairness")
        self.fairness_dock.setWidget(self.fairness_panel)
        self._fill_table()                  # (a map shown before it)
        return [(self.fairness_dock, self.shell.inspector_dock)]

    _table_pending = False

    def _fill_table(self) -> None:
        panel = getattr(self, "fairness_panel", None)
        if self._table_pending and panel is not None:
            self._table_pending = False
            panel.show_table(self._table)

    def busy(self) -> bool:
        return self._table_pending or super().busy()

    def close(self) -> None:
        self._table_pending = False         # the table's dock goes with the view
        super().close()

    def prepare(self, result: Result) -> FairnessTable | None:
        caps = result.detail.capitals
        if not caps or "own" not in result.layers:
            return None
        return fairness(result.layers, caps, (result.grid.width, result.grid.height))

    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        # the table a frame later (busy until then): a new world's picture,
        # its letters (a millisecond after it) and its table do not stall the
        # window in one go
        self._table = prepared if result is not None else None
        self._table_pending = True
        QTimer.singleShot(TABLE_AFTER_MS, self._fill_table)
        a = result.detail.assertion if result is not None else None
        if a is not None:
            # the state before the failing event: what the server's fairland had
            step = max(0, a.step - 1)
            self.shell.banner.show_message(
                a.summary() + ". The map shown is what a -DNDEBUG build of fairland makes "
                "(--ndebug on our command line); to avoid the abort, change the island "
                "distance or sizes.", f"Go to step {step}",
                lambda: self.shell.timeline.set_step(step))

    def generation_failed(self, exc: Exception) -> None:
        a = getattr(exc, "assertion", None)
        if a is not None:
            self.shell.banner.show_message(
                f"{exc}; before that, empserver's default fairland aborts: "
                f"{a.message().strip()} (sector {a.x},{a.y}). The map shown is the last "
                "good one.")

    def refused_param(self, exc: Exception) -> str | None:
        # "world not large enough for this much land", "... for all the continents"
        return "world" if str(exc).startswith("world not") else None

    def describe(self, result: Result) -> str:
        a = result.detail.assertion
        return "; empserver's default fairland would abort on it" if a is not None else ""

    def command_line(self) -> str:
        r = self.workbench.result
        if r is None:
            raise RuntimeError("no map yet")
        return command_line(r.params, int(r.seed))

    def copy_command_line(self) -> None:
        try:
            line = self.command_line()
        except (RuntimeError, KeyError) as exc:
            self.shell.status(f"cannot make a command line: {exc}", error=True)
            return
        QGuiApplication.clipboard().setText(line)
        g = self.workbench.result.grid
        self.shell.status(f"copied: {line}   (econfig: WORLD_X {g.width}, WORLD_Y {g.height})")
