"""The Towns tab of a TerraGenesis map with towns: one row per town (name,
population, houses, city), sortable by any column; choosing a row centres
the map on the town."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ...engine.tgp.openttd15.towns.overview import TownRow

COLUMNS = ("name", "population", "houses", "city")
HEADERS = ("Name", "Pop.", "Houses", "City")


def _item(value, xy: tuple[int, int]) -> QTableWidgetItem:
    item = QTableWidgetItem()
    item.setData(Qt.ItemDataRole.DisplayRole, value)   # numbers sort as numbers
    item.setData(Qt.ItemDataRole.UserRole, xy)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    return item


class TownsTable(QTableWidget):
    """The towns; ``townChosen`` carries the chosen town's centre (x, y)."""

    townChosen = Signal(int, int)  # noqa: N815 - Qt's spelling on the Qt surface
    columns, headers = COLUMNS, HEADERS
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
        for c in range(len(self.columns)):
            head.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        head.setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.setSortingEnabled(True)
        self.sortItems(0, Qt.SortOrder.AscendingOrder)
        self.setToolTip(self.tip)
        self.currentCellChanged.connect(self._chosen)
        self.cellClicked.connect(lambda row, _col: self._chosen(row))

    def show_towns(self, rows: Sequence[TownRow]) -> None:
        self.setSortingEnabled(False)
        self.blockSignals(True)
        try:
            self.clearContents()
            self.setRowCount(len(rows))
            for i, r in enumerate(rows):
                xy = (r.x, r.y)
                for c, value in enumerate((r.name, r.population, r.houses,
                                           "city" if r.city else "")):
                    self.setItem(i, c, _item(value, xy))
                self.item(i, 0).setToolTip(f"{r.name}: centre {r.x},{r.y}")
        finally:
            self.blockSignals(False)
            self.setSortingEnabled(True)      # (sorts as the header says: by name at first)

    def names(self) -> list[str]:
        """The names in the order shown."""
        return [self.item(i, 0).text() for i in range(self.rowCount())]

    def _chosen(self, row: int, *_args) -> None:
        item = self.item(row, 0) if row >= 0 else None
        if item is not None:
            x, y = item.data(Qt.ItemDataRole.UserRole)
            self.townChosen.emit(int(x), int(y))
