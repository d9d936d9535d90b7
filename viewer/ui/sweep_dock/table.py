"""The sweep's table: one row per case, sortable by any column, each row
remembering its case."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt

__all__ = ["SweepTableModel"]


def _cell_text(value: Any) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return str(int(value)) if value.is_integer() else f"{value:.6g}"
    return str(value)


def _sort_key(value: Any) -> tuple:
    """Numbers before texts, empty (NaN) cells last."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (1, 0.0, "") if isinstance(value, float) and math.isnan(value) else \
            (0, float(value), "")
    return (0, 0.0, str(value)) if value != "" else (1, 0.0, "")


class SweepTableModel(QAbstractTableModel):
    """The rows of a sweep, each with its case number; sortable by any column
    (by case until a column is chosen)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.columns: tuple[str, ...] = ()
        self.cases: list[int] = []
        self.rows: list[tuple] = []
        self._order: list[int] = []       # display row -> index into rows
        self._sort: tuple[int, Qt.SortOrder] | None = None

    def reset(self, columns: tuple[str, ...]) -> None:
        self.beginResetModel()
        self.columns, self.cases, self.rows, self._order = tuple(columns), [], [], []
        self.endResetModel()

    def add(self, start: int, rows: list[tuple]) -> None:
        if not rows:
            return
        self.layoutAboutToBeChanged.emit()
        self.cases.extend(range(start, start + len(rows)))
        self.rows.extend(rows)
        self._arrange()
        self.layoutChanged.emit()

    def _arrange(self) -> None:
        idx = range(len(self.rows))
        if self._sort is None:
            self._order = sorted(idx, key=self.cases.__getitem__)
        else:
            col, order = self._sort
            desc = order == Qt.SortOrder.DescendingOrder
            # Empty cells last either way; ties by case.
            keyed = sorted(idx, key=lambda i: self.cases[i])
            keyed.sort(key=lambda i: _sort_key(self.rows[i][col])[1:], reverse=desc)
            keyed.sort(key=lambda i: _sort_key(self.rows[i][col])[0])
            self._order = keyed

    # -- Qt model ---------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self.rows[self._order[index.row()]][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell_text(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, (int, float)):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section] if section < len(self.columns) else None
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal:
                return self.columns[section] if section < len(self.columns) else None
            return str(section + 1)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._arrange()
        self.layoutChanged.emit()

    # -- helpers ------------------------------------------------------------------
    def case_at(self, display_row: int) -> int:
        return self.cases[self._order[display_row]]

    def value_at(self, display_row: int, name: str) -> Any:
        """Column ``name``'s value in display row ``display_row`` (None: no such column)."""
        if name not in self.columns:
            return None
        return self.rows[self._order[display_row]][self.columns.index(name)]

    def rows_by_case(self) -> list[tuple]:
        return [self.rows[i] for i in sorted(range(len(self.rows)), key=self.cases.__getitem__)]

    def column_values(self, name: str) -> np.ndarray:
        """A numeric column as floats (NaN where not a number), in row order."""
        j = self.columns.index(name)
        return np.array([v if isinstance(v, (int, float)) else math.nan
                         for v in (r[j] for r in self.rows)], float)
