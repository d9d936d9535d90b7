"""The Industries tab of a TerraGenesis map past GenerateIndustries: one row
per industry (type, town, location), sortable; choosing a row centres the
map on the industry (the Towns tab's table, other columns).  The type and
the location always show whole; the town takes the width left, shortened
with an ellipsis when the tab is narrow (its tooltip names it whole)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView

from .tgp_towns import TownsTable, _item


class IndustriesTable(TownsTable):
    """The industries; ``townChosen`` carries the chosen industry's north
    tile (x, y)."""

    columns = ("type", "town", "location")
    headers = ("Type", "Town", "Location")
    tip = "the map's industries; choose one to centre the map on it"
    TOWN = 1

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        head = self.horizontalHeader()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(self.TOWN, QHeaderView.ResizeMode.Stretch)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def show_industries(self, rows: Sequence[tuple[str, str, int, int]], size_x: int) -> None:
        """``rows``: (type, town, tile, index) per industry."""
        self.setSortingEnabled(False)
        self.blockSignals(True)
        try:
            self.clearContents()
            self.setRowCount(len(rows))
            for i, (kind, town, tile, index) in enumerate(rows):
                xy = (tile % size_x, tile // size_x)
                for c, value in enumerate((kind, town, f"{xy[0]},{xy[1]}")):
                    self.setItem(i, c, _item(value, xy))
                self.item(i, 0).setToolTip(f"{kind} #{index} of {town} at {xy[0]},{xy[1]}")
                self.item(i, self.TOWN).setToolTip(town)
        finally:
            self.blockSignals(False)
            self.setSortingEnabled(True)

    def types(self) -> list[str]:
        return self.names()
