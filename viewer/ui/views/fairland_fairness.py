"""Fairland's fairness panel: :mod:`viewer.engine.fairland.fairness` as a
table, one row per continent and a first row with the spread, the columns
with a large spread marked."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...engine.fairland.fairness import COLUMNS, FairnessTable
from ...engine.fairland.messages import NUMLETTER
from ..elided import FullTextTips

UNFAIR = QColor(255, 120, 100)


SPREAD_ROW = 0
"""The spread's row: the first, below the header, in sight however many
continents follow."""


def header_label(name: str) -> str:
    """A measure's column title, a word a line (narrow columns, nothing cut)."""
    return name.replace(" ", "\n")


class FairnessPanel(QWidget):
    """One row per continent (by capital letter), one column per measure,
    and a first row with the spread of each; a spread above a fifth of the
    largest value is shown in red.  Each title says its whole name and
    spread in its tooltip."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.note = QLabel("each continent with the islands grown in its sphere; "
                           "spread = largest - smallest")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([header_label(c) for c in COLUMNS])
        for i, col in enumerate(COLUMNS):
            self.table.horizontalHeaderItem(i).setToolTip(col)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tips = FullTextTips(self.table)
        lay.addWidget(self.table)
        self.data: FairnessTable | None = None
        self._pending: FairnessTable | None = None

    def show_table(self, data: FairnessTable | None) -> None:
        self.data = data
        if data is None:
            self._pending = None
            self.table.setRowCount(0)
            return
        self._pending = data
        if self.isVisible():
            self._fill()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fill()

    def continent_row(self, c: int) -> int:
        """The table row of continent ``c``."""
        return c + 1

    def _fill(self) -> None:
        """Fill the table (only when on screen: filling costs a few ms)."""
        data, self._pending = self._pending, None
        if data is None:
            return
        self.table.setUpdatesEnabled(False)
        try:
            self._fill_items(data)
        finally:
            self.table.setUpdatesEnabled(True)
            self.table.resizeColumnsToContents()

    def _fill_items(self, data: FairnessTable) -> None:
        rows = data.rows
        t = self.table
        t.setRowCount(len(rows) + 1)
        t.setVerticalHeaderLabels(["spread"] + [NUMLETTER[c % 62] for c in range(len(rows))])
        t.verticalHeaderItem(SPREAD_ROW).setToolTip("largest - smallest of each column")
        for c, row in enumerate(rows):
            r = self.continent_row(c)
            t.verticalHeaderItem(r).setToolTip(f"continent {NUMLETTER[c % 62]} (its capital's "
                                               "letter on the map)")
            for k, col in enumerate(COLUMNS):
                t.setItem(r, k, QTableWidgetItem(str(row[col])))
        for k, col in enumerate(COLUMNS):
            spread = data.spread[col]
            t.horizontalHeaderItem(k).setToolTip(f"{col} (spread {spread})")
            item = QTableWidgetItem(str(spread))
            font = item.font()
            font.setBold(True)
            item.setFont(font)
            biggest = max((abs(row[col]) for row in rows), default=0)
            if biggest and spread > 0.2 * biggest:
                item.setForeground(UNFAIR)
                item.setToolTip(f"{col}: a spread of more than a fifth of the largest value")
            t.setItem(SPREAD_ROW, k, item)
