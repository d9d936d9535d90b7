"""Local placement: a cell refined to local resolution, and a port's town.

The refinement is the write-up's modified diamond-square (see
:func:`.kernel.cell_terrain`): ``n`` x ``n`` points per cell (``n`` a power
of two plus one; neighbouring cells share their edge points), seeded from
the map seed and the cell's position, each edge from its two corners and
its own seed alone.  What it keeps:

- a cell with all corners below sea level stays sea, all at or above it
  stays land;
- an edge whose two corners are below sea level is below it all along, so
  corners joined through open sea on the global map are joined at local
  resolution too (the guarantee);
- a port cell's centre is at sea level at least, the port sits there.

Buildings are scattered around the port as the write-up does (a uniform
angle and a uniform distance, so denser at the centre) within a radius
that grows with the square root of the population; a building that would
stand in the water is tried elsewhere a few times, then left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import kernel as K

MAX_BUILDING_RADIUS = 1.5  # cells: the town stays within the 3x3 view
BUILDING_TRIES = 8


@dataclass(frozen=True)
class LocalSettings:
    n: int = 33                    # points per cell side
    roughness: float = 0.5
    unit: float = 16.0             # one height level of the map
    building_radius: float = 0.35  # cells, for a town of 1,000
    people_per_building: int = 50
    max_buildings: int = 400


def cell_terrain(rel: np.ndarray, r: int, c: int, seed: int, ls: LocalSettings,
                 port: bool = False) -> np.ndarray:
    """The ``n`` x ``n`` local heights (relative to sea level) of cell ``(r, c)``."""
    out = np.empty((ls.n, ls.n), np.float64)
    K.cell_terrain(rel, r, c, seed, ls.n, float(ls.roughness), float(ls.unit), port, out)
    return out


def block_terrain(rel: np.ndarray, r0: int, c0: int, rows: int, cols: int, seed: int,
                  ls: LocalSettings, port: tuple[int, int] | None = None) -> np.ndarray:
    """Cells ``r0..r0+rows-1`` x ``c0..c0+cols-1`` stitched at local
    resolution: ``(rows*(n-1)+1, cols*(n-1)+1)``, NaN off the map."""
    n = ls.n
    out = np.full((rows * (n - 1) + 1, cols * (n - 1) + 1), np.nan)
    pr, pc = port if port is not None else (-1, -1)
    K.block_terrain(rel, r0, c0, rows, cols, seed, n, float(ls.roughness), float(ls.unit),
                    pr, pc, out)
    return out


def port_view(rel: np.ndarray, row: int, col: int, seed: int,
              ls: LocalSettings) -> np.ndarray:
    """The port's cell and its eight neighbours at local resolution; the
    port cell's centre is at ``[(3*(n-1))//2, (3*(n-1))//2]``."""
    return block_terrain(rel, row - 1, col - 1, 3, 3, seed, ls, port=(row, col))


def building_radius(population: int, ls: LocalSettings) -> float:
    """Radius of the town in cells: grows with the square root of the population."""
    return min(MAX_BUILDING_RADIUS, ls.building_radius * math.sqrt(population / 1000.0))


def buildings(view: np.ndarray, row: int, col: int, population: int, seed: int,
              ls: LocalSettings) -> np.ndarray:
    """Building positions ``(k, 2)`` as map coordinates ``(x, y)`` in cells
    (the port itself is at ``(col + 0.5, row + 0.5)``), on land of ``view``
    (the :func:`port_view` of the port)."""
    count = int(min(max(1, round(population / max(ls.people_per_building, 1))),
                    ls.max_buildings))
    radius = building_radius(population, ls)
    u = K.stream(seed, K.K_BUILDINGS, row, col, 2 * count * BUILDING_TRIES)
    u = u.reshape(count, BUILDING_TRIES, 2)
    angle = 2.0 * math.pi * u[..., 0]
    dist = radius * u[..., 1]
    dx, dy = np.cos(angle) * dist, np.sin(angle) * dist
    step = ls.n - 1
    centre = 1.5 * step
    iy = np.clip(np.rint(centre + dy * step).astype(np.int64), 0, view.shape[0] - 1)
    ix = np.clip(np.rint(centre + dx * step).astype(np.int64), 0, view.shape[1] - 1)
    ok = view[iy, ix] >= 0.0  # NaN (off the map) is not land either
    has = ok.any(axis=1)
    first = np.argmax(ok, axis=1)
    pick = np.arange(count)[has]
    bx = col + 0.5 + dx[pick, first[has]]
    by = row + 0.5 + dy[pick, first[has]]
    return np.stack([bx, by], axis=1) if pick.size else np.empty((0, 2))
