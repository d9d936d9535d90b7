"""A Qt table model over a :class:`.sorted_rows.SortedRows`: the view asks
for the cells it draws and the model reads them from the rows where they
are, through the order shown (``order[row]``).  Nothing is copied per row
on the GUI thread: a sort swaps the order (made on the run's thread) and
says the layout changed, the selection and the current row following
their rows; a new map's rows of the same length say their cells changed,
others reset the model."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from .sorted_rows import SortedRows

DISPLAY = int(Qt.ItemDataRole.DisplayRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
HORIZONTAL = Qt.Orientation.Horizontal
FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
NO_ROWS = SortedRows([])
ROOT = QModelIndex()


class SortedRowsModel(QAbstractTableModel):
    """The rows of a map (:class:`SortedRows`) in one of their orders, read
    only: each cell's value and its tooltip; the headers' texts and tips."""

    def __init__(self, headers: Sequence[str], tips: Sequence[str], parent=None) -> None:
        super().__init__(parent)
        self._headers, self._tips = tuple(headers), tuple(tips)
        self._rows: SortedRows = NO_ROWS
        self._order: np.ndarray = NO_ROWS.order(0)

    @property
    def order(self) -> np.ndarray:
        """The rows' indices in the order shown."""
        return self._order

    def row_index(self, row: int) -> int:
        """The index in :attr:`rows` of the table's row ``row`` (-1: none)."""
        return int(self._order[row]) if 0 <= row < len(self._order) else -1

    def set_rows(self, rows: SortedRows, order: np.ndarray) -> None:
        """Show ``rows`` in ``order`` (a new map's): as many as before, their
        cells changed (the selected row stays selected); else a new model."""
        n = len(rows)
        if n and n == len(self._rows):
            self._rows, self._order = rows, order
            self.dataChanged.emit(self.index(0, 0), self.index(n - 1, len(self._headers) - 1))
            return
        self.beginResetModel()
        self._rows, self._order = rows, order
        self.endResetModel()

    def set_order(self, order: np.ndarray) -> None:
        """Show the rows in ``order`` (one of :meth:`SortedRows.order`'s):
        the selected and current rows move with their rows."""
        self.layoutAboutToBeChanged.emit()
        old, self._order = self._order, order
        kept = self.persistentIndexList()
        if kept:
            at = np.empty(len(order), dtype=np.int64)     # each row's place in the new order
            at[order] = np.arange(len(order))
            self.changePersistentIndexList(
                kept, [self.index(int(at[old[i.row()]]), i.column()) for i in kept])
        self.layoutChanged.emit()

    # Qt's model surface
    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index: QModelIndex, role: int = DISPLAY):
        if role == DISPLAY:
            return self._rows[int(self._order[index.row()])][0][index.column()]
        if role == TOOLTIP:
            return self._rows[int(self._order[index.row()])][2].get(index.column())
        return None

    def headerData(self, section: int, orientation, role: int = DISPLAY):  # noqa: N802
        if orientation != HORIZONTAL:
            return None
        if role == DISPLAY:
            return self._headers[section]
        if role == TOOLTIP:
            return self._tips[section]
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        return FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags
