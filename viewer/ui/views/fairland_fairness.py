"""Fairland's fairness panel: :mod:`viewer.engine.fairland.fairness` as a
table, one row per continent and a last row with the spread, the columns
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

UNFAIR = QColor(255, 120, 100)


class FairnessPanel(QWidget):
    """One row per measure, one column per continent (by capital letter), and
    a last column with the spread; a spread above a fifth of the largest
    value is shown in red."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.note = QLabel("each continent with the islands grown in its sphere; "
                           "spread = largest - smallest")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.table = QTableWidget(len(COLUMNS), 0)
        self.table.setVerticalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(self.table)
        self.data: FairnessTable | None = None
        self._pending: FairnessTable | None = None

    def show_table(self, data: FairnessTable | None) -> None:
        self.data = data
        if data is None:
            self.table.setColumnCount(0)
            return
        self._pending = data
        if self.isVisible():
            self._fill()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fill()

    def _fill(self) -> None:
        """Fill the table (only when on screen: filling costs tens of ms)."""
        data, self._pending = self._pending, None
        if data is None:
            return
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setUpdatesEnabled(False)
        try:
            self._fill_items(data)
        finally:
            self.table.setUpdatesEnabled(True)
            self.table.resizeColumnsToContents()

    def _fill_items(self, data: FairnessTable) -> None:
        rows = data.rows
        self.table.setColumnCount(len(rows) + 1)
        self.table.setHorizontalHeaderLabels([NUMLETTER[c % 62] for c in range(len(rows))]
                                             + ["spread"])
        for c, row in enumerate(rows):
            for r, col in enumerate(COLUMNS):
                self.table.setItem(r, c, QTableWidgetItem(str(row[col])))
        # the spread in the row names too: it stays in sight however many
        # continents push the spread column to the right
        self.table.setVerticalHeaderLabels([f"{col} (spread {data.spread[col]})"
                                            for col in COLUMNS])
        for r, col in enumerate(COLUMNS):
            item = QTableWidgetItem(str(data.spread[col]))
            biggest = max((abs(row[col]) for row in rows), default=0)
            if biggest and data.spread[col] > 0.2 * biggest:
                item.setForeground(UNFAIR)
                item.setToolTip("more than a fifth of the largest value")
            self.table.setItem(r, len(rows), item)
