"""The Industries tab of a TerraGenesis map past GenerateIndustries: one row
per industry (type, town, location), sortable; choosing a row centres the
map on the industry (the Towns tab's table, other columns, filled and
sorted as it is; the location sorts by x, then y).  The type and the
location always show whole; the town takes the width left, shortened with
an ellipsis when the tab is narrow (its tooltip names it whole)."""

from __future__ import annotations

from collections.abc import Sequence

from .sorted_rows import SortedRows
from .tgp_towns import TownsTable

LOCATION = 2
"""The location's column."""


class IndustriesTable(TownsTable):
    """The industries; ``townChosen`` carries the chosen industry's north
    tile (x, y)."""

    columns = ("type", "town", "location")
    headers = ("Type", "Town", "Location")
    tip = "the map's industries; choose one to centre the map on it"
    TOWN = 1
    stretched = TOWN

    def show_industries(self, rows: Sequence[tuple[str, str, int, int]], size_x: int) -> None:
        """``rows``: (type, town, tile, index) per industry."""
        self.show_rows(industry_table_rows(rows, size_x))

    def types(self) -> list[str]:
        return self.names()


def industry_table_rows(rows: Sequence[tuple[str, str, int, int]], size_x: int) -> SortedRows:
    """The table's rows of ``rows`` ((type, town, tile, index) per
    industry), with their orders (by type first)."""
    shown, places = [], []
    for kind, town, tile, index in rows:
        x, y = tile % size_x, tile // size_x
        shown.append(((kind, town, f"{x},{y}"), (x, y),
                      {0: f"{kind} #{index} of {town} at {x},{y}", IndustriesTable.TOWN: town}))
        places.append(x << 32 | y)           # (by x, then y)
    return SortedRows(shown, keys={LOCATION: places})
