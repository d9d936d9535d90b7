"""The Industries tab of a TerraGenesis map past GenerateIndustries: one row
per industry (type, town, location), sortable; choosing a row centres the
map on the industry (the Towns tab's table, other columns, filled as it is)."""

from __future__ import annotations

from collections.abc import Sequence

from .tgp_towns import TownsTable


class IndustriesTable(TownsTable):
    """The industries; ``townChosen`` carries the chosen industry's north
    tile (x, y)."""

    columns = ("type", "town", "location")
    headers = ("Type", "Town", "Location")
    tip = "the map's industries; choose one to centre the map on it"

    def show_industries(self, rows: Sequence[tuple[str, str, int, int]], size_x: int) -> None:
        """``rows``: (type, town, tile, index) per industry."""
        shown = []
        for kind, town, tile, index in rows:
            x, y = tile % size_x, tile // size_x
            shown.append(((kind, town, f"{x},{y}"), (x, y),
                          f"{kind} #{index} of {town} at {x},{y}"))
        self.show_rows(shown)

    def types(self) -> list[str]:
        return self.names()
