"""The Towns tab of a TerraGenesis map with towns: one row per town (name,
population, houses, city), sortable by any column; choosing a row centres
the map on the town.  A map's rows go into the table while it is shown
(not while another tab covers it), a few dozen per turn of the event loop,
so the hundreds of a large map never stall the window."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ...engine.tgp.openttd15.towns.overview import TownRow
from ..turns import later

COLUMNS = ("name", "population", "houses", "city")
HEADERS = ("Name", "Pop.", "Houses", "City")
ROWS_PER_TURN = 40
"""Rows put into a shown table in one turn of the event loop."""
FIT_ROWS = 200
"""The rows a column's width is fitted to (Qt's default, 1000, took ~20 ms)."""
Row = tuple[tuple, tuple[int, int], dict[int, str]]
"""A table row: its cells, the (x, y) it centres the map on, its tooltips
by column."""


def _item(value, xy: tuple[int, int]) -> QTableWidgetItem:
    item = QTableWidgetItem()
    item.setData(Qt.ItemDataRole.DisplayRole, value)   # numbers sort as numbers
    item.setData(Qt.ItemDataRole.UserRole, xy)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    return item


def town_table_rows(rows: Sequence[TownRow]) -> list[Row]:
    """The table's rows of the towns ``rows``."""
    return [((r.name, r.population, r.houses, "city" if r.city else ""),
             (r.x, r.y), {0: f"{r.name}: centre {r.x},{r.y}"}) for r in rows]


class TownsTable(QTableWidget):
    """The towns; ``townChosen`` carries the chosen town's centre (x, y)."""

    townChosen = Signal(int, int)  # noqa: N815 - Qt's spelling on the Qt surface
    columns, headers = COLUMNS, HEADERS
    stretched: tuple[int, ...] = ()
    """Columns that take the width left (not fitted to their contents)."""
    tip = "the map's towns; choose one to centre the map on it"

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(self.columns), parent)
        self.setHorizontalHeaderLabels(list(self.headers))
        for c, tip in enumerate(self.columns):
            self.horizontalHeaderItem(c).setToolTip(tip)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        head = self.horizontalHeader()
        self._fit_columns(True)
        head.setResizeContentsPrecision(FIT_ROWS)
        head.setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.setSortingEnabled(True)
        self.sortItems(0, Qt.SortOrder.AscendingOrder)
        self.setToolTip(self.tip)
        self.currentCellChanged.connect(self._chosen)
        self.cellClicked.connect(lambda row, _col: self._chosen(row))
        self._rows: list[Row] | None = None     # a map's rows not all in the table yet
        self._done = 0                          # how many of them are

    def show_rows(self, rows: Sequence[Row]) -> None:
        """Show ``rows`` (a new map's): put in while the table is shown, from
        the next turn of the event loop on (not in the one that shows the map)."""
        self._rows, self._done = list(rows), 0
        if self.isVisible():
            self._turn_later()

    def _turn_later(self) -> None:
        later(self._next_turn)      # (one piece of the window's a turn: .turns)

    def _fill(self, everything: bool = False) -> None:
        """One turn's part of the rows (``everything``: all of them): each
        turn puts ROWS_PER_TURN rows in, into the last map's cells, which are
        kept (making and dropping thousands of items was most of a table's
        cost); the first makes the table as long as the map's rows, the
        last sorts it and fits the columns."""
        rows = self._rows
        if rows is None:
            return
        self.blockSignals(True)
        try:
            if self._done == 0:
                self.setSortingEnabled(False)
                self._fit_columns(False)     # (fitted to each new cell, a row cost ~5 ms)
                self.setRowCount(len(rows))
            end = len(rows) if everything else min(len(rows), self._done + ROWS_PER_TURN)
            for i in range(self._done, end):
                self._put_row(i, *rows[i])
            self._done = end
        finally:
            self.blockSignals(False)
        if end == len(rows):
            self._rows = None
            self._fit_columns(True)
            self.setSortingEnabled(True)      # (sorts as the header says: by name at first)
        else:
            self._turn_later()

    def _put_row(self, i: int, cells: tuple, xy: tuple[int, int], tips: dict[int, str]) -> None:
        for c, value in enumerate(cells):
            item = self.item(i, c)
            if item is None:
                self.setItem(i, c, item := _item(value, xy))
            else:
                item.setData(Qt.ItemDataRole.DisplayRole, value)
                item.setData(Qt.ItemDataRole.UserRole, xy)
            item.setData(Qt.ItemDataRole.ToolTipRole, tips.get(c))

    def _fit_columns(self, fit: bool) -> None:
        """Columns as wide as their contents (or kept as they are while rows go in)."""
        mode = QHeaderView.ResizeMode.ResizeToContents if fit else QHeaderView.ResizeMode.Fixed
        head = self.horizontalHeader()
        for c in range(len(self.columns)):
            if c not in self.stretched:
                head.setSectionResizeMode(c, mode)

    def _next_turn(self) -> None:
        if self.isVisible():
            self._fill()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fill()

    def filled(self) -> bool:
        """Whether the map's rows are all in the table."""
        return self._rows is None

    def names(self) -> list[str]:
        """The names in the order shown (every row put in first)."""
        self._fill(everything=True)
        return [self.item(i, 0).text() for i in range(self.rowCount())]

    def _chosen(self, row: int, *_args) -> None:
        item = self.item(row, 0) if row >= 0 else None
        if item is not None:
            x, y = item.data(Qt.ItemDataRole.UserRole)
            self.townChosen.emit(int(x), int(y))
