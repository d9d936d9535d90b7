"""The Towns tab of a TerraGenesis map with towns: one row per town (name,
population, houses, city), sortable by any column; choosing a row centres
the map on the town.  The table is a view over the map's rows
(:class:`.sorted_rows_model.SortedRowsModel`): it reads the cells it draws,
so a map's thousands of rows cost the GUI thread nothing per row, shown or
hidden.

Qt's sorting stays off: the rows come with their orders by every column
(:mod:`.sorted_rows`, made on the run's thread); a header click picks one
and the model swaps it in.  No column is fitted to its contents (O(rows)
in Qt): the numbers take the width of their header or their widest text,
measured on a few texts; the name takes what is left, shortened with an
ellipsis."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableView,
)

from ...engine.tgp.openttd15.towns.overview import TownRow
from .sorted_rows import Row, SortedRows, sorted_rows
from .sorted_rows_model import NO_ROWS, SortedRowsModel

COLUMNS = ("name", "population", "houses", "city")
HEADERS = ("Name", "Pop.", "Houses", "City")


def town_table_rows(rows: Sequence[TownRow]) -> SortedRows:
    """The table's rows of the towns ``rows``, with their orders (by name first)."""
    return SortedRows([((r.name, r.population, r.houses, "city" if r.city else ""),
                        (r.x, r.y), {0: f"{r.name}: centre {r.x},{r.y}"}) for r in rows])


class TownsTable(QTableView):
    """The towns; ``townChosen`` carries the chosen town's centre (x, y)."""

    townChosen = Signal(int, int)  # noqa: N815 - Qt's spelling on the Qt surface
    columns, headers = COLUMNS, HEADERS
    stretched = 0
    """The column that takes the width left (shortened when narrow)."""
    tip = "the map's towns; choose one to centre the map on it"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._model = SortedRowsModel(self.headers,
                                      [f"{c} (click: sort by it)" for c in self.columns], self)
        self.setModel(self._model)
        self.setSortingEnabled(False)       # (the orders come with the rows)
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
        self.selectionModel().currentRowChanged.connect(lambda now, _was: self._chosen(now))
        self.clicked.connect(self._chosen)
        self._rows: SortedRows = NO_ROWS     # the map's rows
        self._column, self._descending = 0, False     # the order shown
        head.setSortIndicatorShown(False)   # the headers' widths, without the sort arrow
        self._heads = [head.sectionSizeHint(c) for c in range(len(self.columns))]
        head.setSortIndicatorShown(True)
        self._arrow = head.sectionSizeHint(0) - self._heads[0]
        self._margin = 2 * self.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 4
        self._widths: dict[str, int] = {}   # texts measured
        self._size_columns()

    def show_rows(self, rows: Sequence[Row] | SortedRows) -> None:
        """Show ``rows`` (a new map's), in the order the header says (as many
        rows as before: the selected row stays selected)."""
        self._rows = sorted_rows(rows)
        self._model.set_rows(self._rows, self._rows.order(self._column, self._descending))
        self._size_columns()

    def sort_by(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Show the rows sorted by ``column``, the selected row still
        selected and scrolled to."""
        descending = order == Qt.SortOrder.DescendingOrder
        self.horizontalHeader().setSortIndicator(column, order)
        if (column, descending) == (self._column, self._descending):
            return
        self._column, self._descending = column, descending
        self._model.set_order(self._rows.order(column, descending))
        self._size_columns()
        row = self.currentIndex().row()
        if row >= 0 and self.selectionModel().isRowSelected(row):
            self.scrollTo(self._model.index(row, 0))

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

    def filled(self) -> bool:
        """Whether the map's rows are all in the table: always (the view
        reads them from the rows)."""
        return True

    def rowCount(self) -> int:  # noqa: N802 - QTableWidget's name
        return self._model.rowCount()

    def columnCount(self) -> int:  # noqa: N802 - QTableWidget's name
        return self._model.columnCount()

    def cell(self, row: int, column: int, role=Qt.ItemDataRole.DisplayRole):
        """What the cell at ``row``, ``column`` shows (its ``role``)."""
        return self._model.index(row, column).data(role)

    def names(self) -> list[str]:
        """The names in the order shown."""
        rows = self._rows
        return [rows[int(i)][0][0] for i in self._model.order]

    def _chosen(self, index: QModelIndex) -> None:
        at = self._model.row_index(index.row()) if index.isValid() else -1
        if at >= 0:
            x, y = self._rows[at][1]
            self.townChosen.emit(int(x), int(y))
