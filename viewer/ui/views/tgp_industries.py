"""The Industries tab of a TerraGenesis map past GenerateIndustries: one row
per industry (type, town, location), sortable; choosing a row centres the
map on the industry (the Towns tab's table, other columns)."""

from __future__ import annotations

from collections.abc import Sequence

from .tgp_towns import TownsTable, _item


class IndustriesTable(TownsTable):
    """The industries; ``townChosen`` carries the chosen industry's north
    tile (x, y)."""

    columns = ("type", "town", "location")
    headers = ("Type", "Town", "Location")
    tip = "the map's industries; choose one to centre the map on it"

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
        finally:
            self.blockSignals(False)
            self.setSortingEnabled(True)

    def types(self) -> list[str]:
        return self.names()
