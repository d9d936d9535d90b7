"""Is the world fair?  Per continent (with the islands grown in its sphere)
the land, mountains, coast and resources a player gets, and how far the
nearest other capital is; plus the spread (largest minus smallest) of each.

Plain numpy on a fairland result's layers (no Qt), so it can be tested and
reused headless.  Island number ``i >= nc`` belongs to continent ``i % nc``,
as fairland places them (one island per continent per round).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (numpy when a table is made: the metrics' names need none)
    import numpy as np

RESOURCES = ("iron", "gold", "fertility", "oil", "uranium")
COLUMNS = ("continent sectors", "island sectors", "land", "mountains", "coastal",
           *RESOURCES, "nearest capital")


@dataclass
class FairnessTable:
    rows: list[dict[str, int]]          # one per continent, keyed by COLUMNS
    spread: dict[str, int]              # max - min of each column

    @property
    def columns(self) -> tuple[str, ...]:
        return COLUMNS


def fairness(layers: Mapping[str, np.ndarray], capitals: list[tuple[int, int]],
             world: tuple[int, int]) -> FairnessTable:
    """The fairness table of a fairland world; ``capitals`` gives the number
    of continents and where each capital is."""
    import numpy as np

    from .kernel import mapdist

    nc = len(capitals)
    wx, wy = world
    own = np.asarray(layers["own"]).ravel().astype(np.int64)
    elev = np.asarray(layers["elevation"]).ravel()
    coastal = np.asarray(layers["coastal"]).ravel().astype(bool)
    land = own >= 0
    cont = np.where(land, own % max(nc, 1), -1)
    rows = []
    for c in range(nc):
        mine = cont == c
        row = {
            "continent sectors": int((own == c).sum()),
            "island sectors": int((mine & (own >= nc)).sum()),
            "land": int(mine.sum()),
            "mountains": int((mine & (elev >= 98)).sum()),
            "coastal": int((mine & coastal).sum()),
        }
        for r in RESOURCES:
            row[r] = int(np.asarray(layers[r]).ravel()[mine].astype(np.int64).sum())
        x, y = capitals[c]
        others = [int(mapdist.py_func(wx, wy, x, y, ox, oy))   # (no numba for a sweep)
                  for k, (ox, oy) in enumerate(capitals) if k != c]
        row["nearest capital"] = min(others) if others else 0
        rows.append(row)
    spread = {col: (max(r[col] for r in rows) - min(r[col] for r in rows)) if rows else 0
              for col in COLUMNS}
    return FairnessTable(rows, spread)
