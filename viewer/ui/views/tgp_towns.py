"""The Towns tab of a TerraGenesis map with towns: one row per town (name,
population, houses, city), sortable by any column; choosing a row centres
the map on the town.  A map's rows go into the table while it is shown
(not while another tab covers it), a few dozen per turn of the event loop,
so the thousands of a large map never stall the window.

Qt's sorting stays off: the rows come with their orders by every column
(:mod:`.sorted_rows`, made on the run's thread); a header click picks one
and the cells are filled again in that order, a few dozen rows a turn.  No
column is fitted to its contents (O(rows) in Qt): the numbers take the
width of their header or their widest text, measured on a few texts; the
name takes what is left, shortened with an ellipsis."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
)

from ...engine.tgp.openttd15.towns.overview import TownRow
from ..turns import later
from .sorted_rows import Row, SortedRows, sorted_rows

COLUMNS = ("name", "population", "houses", "city")
HEADERS = ("Name", "Pop.", "Houses", "City")
ROWS_PER_TURN = 40
"""Rows put into a shown table in one turn of the event loop."""
NO_ROWS = SortedRows([])


def _item(value) -> QTableWidgetItem:
    item = QTableWidgetItem()
    item.setData(Qt.ItemDataRole.DisplayRole, value)
    return item


def town_table_rows(rows: Sequence[TownRow]) -> SortedRows:
    """The table's rows of the towns ``rows``, with their orders (by name first)."""
    return SortedRows([((r.name, r.population, r.houses, "city" if r.city else ""),
                        (r.x, r.y), {0: f"{r.name}: centre {r.x},{r.y}"}) for r in rows])


class TownsTable(QTableWidget):
    """The towns; ``townChosen`` carries the chosen town's centre (x, y)."""

    townChosen = Signal(int, int)  # noqa: N815 - Qt's spelling on the Qt surface
    columns, headers = COLUMNS, HEADERS
    stretched = 0
    """The column that takes the width left (shortened when narrow)."""
    tip = "the map's towns; choose one to centre the map on it"

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(self.columns), parent)
        self.setHorizontalHeaderLabels(list(self.headers))
        for c, tip in enumerate(self.columns):
            self.horizontalHeaderItem(c).setToolTip(f"{tip} (click: sort by it)")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)   # (read only)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        head = self.horizontalHeader()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        head.setSectionResizeMode(self.stretched, QHeaderView.ResizeMode.Stretch)
        head.setSectionsClickable(True)
        head.setSortIndicatorShown(True)
        head.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        head.sectionClicked.connect(self._header_clicked)
        rows = self.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.setToolTip(self.tip)
        self.currentCellChanged.connect(self._chosen)
        self.cellClicked.connect(lambda row, _col: self._chosen(row))
        self._rows: SortedRows = NO_ROWS     # the map's rows
        self._column, self._descending = 0, False     # the order shown
        self._order = self._rows.order(0)   # the rows' indices in the table's order
        self._held = np.full(0, -1)         # the row each table row holds (-1: another map's)
        self._done: int | None = None       # table rows holding the order (None: all)
        self._sized = True                  # the table as long as the rows, the columns sized
        head.setSortIndicatorShown(False)   # the headers' widths, without the sort arrow
        self._heads = [head.sectionSizeHint(c) for c in range(len(self.columns))]
        head.setSortIndicatorShown(True)
        self._arrow = head.sectionSizeHint(0) - self._heads[0]
        self._margin = 2 * self.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 4
        self._widths: dict[str, int] = {}   # texts measured
        self._size_columns()

    def show_rows(self, rows: Sequence[Row] | SortedRows) -> None:
        """Show ``rows`` (a new map's), in the order the header says: put in
        while the table is shown, from the next turn of the event loop on (not
        in the one that shows the map)."""
        self._rows = sorted_rows(rows)
        self._order = self._rows.order(self._column, self._descending)
        self._held[:] = -1
        self._done, self._sized = 0, False
        if self.isVisible():
            self._turn_later()

    def sort_by(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Show the rows sorted by ``column`` (the cells filled again a few
        dozen rows a turn), the selected row still selected."""
        descending = order == Qt.SortOrder.DescendingOrder
        self.horizontalHeader().setSortIndicator(column, order)
        if (column, descending) == (self._column, self._descending):
            return
        chosen = self._chosen_row()
        self._column, self._descending = column, descending
        self._order = self._rows.order(column, descending)
        self._done = 0
        self._size_columns()
        if chosen >= 0:
            at = int(np.flatnonzero(self._order == chosen)[0])
            self.blockSignals(True)
            try:
                self._put_row(at, chosen)
                self.selectRow(at)
            finally:
                self.blockSignals(False)
            self.scrollTo(self.model().index(at, 0))
        if self.isVisible():
            self._turn_later()

    def sortItems(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:  # noqa: N802
        """Qt's sort of the items, not run: :meth:`sort_by`."""
        self.sort_by(column, order)

    def sortByColumn(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:  # noqa: N802
        """Qt's sort by a column, not run: :meth:`sort_by`."""
        self.sort_by(column, order)

    def _header_clicked(self, column: int) -> None:
        """A header clicked: sorted by it, ascending; clicked again, reversed."""
        again = column == self._column and not self._descending
        self.sort_by(column, Qt.SortOrder.DescendingOrder if again
                     else Qt.SortOrder.AscendingOrder)

    def _chosen_row(self) -> int:
        """The selected table row's index in :attr:`_rows` (-1: none)."""
        row = self.currentRow()
        if not self.selectionModel().isRowSelected(row) or not 0 <= row < len(self._held):
            return -1
        return int(self._held[row])

    def _turn_later(self) -> None:
        later(self._next_turn)      # (one piece of the window's a turn: .turns)

    def _fill(self, everything: bool = False) -> None:
        """One turn's part of the rows (``everything``: all of them): each
        turn puts ROWS_PER_TURN rows in, in the order shown, into the cells
        there are (kept: making and dropping thousands of items was most of
        a table's cost); the first of a new map makes the table as long as
        its rows and sizes the columns."""
        done = self._done
        if done is None:
            return
        n = len(self._rows)
        self.blockSignals(True)
        try:
            if done == 0 and self.rowCount() != n:
                self.setRowCount(n)
                self._held = np.resize(self._held, n)
                self._held[:] = -1
            if done == 0 and not self._sized:
                self._size_columns()
                self._sized = True
                if not everything and n > ROWS_PER_TURN:    # (the rows from the next
                    self._turn_later()      # turn on: with them, a 4096² first frame's
                    return                  # 6-7 ms at once)
            end = n if everything else min(n, done + ROWS_PER_TURN)
            for i in range(done, end):
                self._put_row(i, int(self._order[i]))
            self._done = end
        finally:
            self.blockSignals(False)
        if end == n:
            self._done = None
        else:
            self._turn_later()

    def _put_row(self, i: int, index: int) -> None:
        """Table row ``i`` shows row ``index`` of the map's."""
        cells, _xy, tips = self._rows[index]
        for c, value in enumerate(cells):
            item = self.item(i, c)
            if item is None:
                self.setItem(i, c, item := _item(value))
            else:
                item.setData(Qt.ItemDataRole.DisplayRole, value)
            item.setData(Qt.ItemDataRole.ToolTipRole, tips.get(c))
        self._held[i] = index

    def _size_columns(self) -> None:
        """Every column but the stretched one as wide as its header (the
        sorted one's with its arrow) or its widest text, whichever is wider
        (a few calls into Qt: the headers measured once, each text once)."""
        head = self.horizontalHeader()
        widest = self._rows.widest
        for c in range(len(self.columns)):
            if c == self.stretched:
                continue
            width = max(self._heads[c] + (self._arrow if c == self._column else 0),
                        self.text_width(widest[c] if widest else ()))
            if head.sectionSize(c) != width:
                head.resizeSection(c, width)

    def text_width(self, texts: Sequence[str]) -> int:
        """The width of a cell showing the widest of ``texts`` whole."""
        widths, metrics = self._widths, None
        if len(widths) > 256:               # (a few texts a map: kept for a few dozen maps)
            widths.clear()
        for t in texts:
            if t not in widths:
                metrics = metrics or self.fontMetrics()
                widths[t] = metrics.horizontalAdvance(t) + self._margin
        return max((widths[t] for t in texts), default=self._margin)

    def _next_turn(self) -> None:
        if self.isVisible():
            self._fill()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fill()

    def filled(self) -> bool:
        """Whether the map's rows are all in the table."""
        return self._done is None

    def names(self) -> list[str]:
        """The names in the order shown (every row put in first)."""
        self._fill(everything=True)
        return [self.item(i, 0).text() for i in range(self.rowCount())]

    def _chosen(self, row: int, *_args) -> None:
        index = int(self._held[row]) if 0 <= row < len(self._held) else -1
        if index >= 0:                  # (-1: a cell still showing another map's row)
            x, y = self._rows[index][1]
            self.townChosen.emit(int(x), int(y))
