"""The guarantee, checked: a ship at a port can sail to open sea.

For a placed port, take the cells along its route (the corners of a path
through open sea from the ship's corner to the map border, or to the deepest
corner of a sea that reaches no border), refine each to local resolution
on its own, and flood-fill the points below sea level (4-connected) from
the ship's corner, passing from one cell to another through the points they
share.  The port is sound when the fill reaches the route's last corner.

Only the local terrain of the route's cells is used, each cell computed
independently, so the check also catches neighbours that disagree along
their shared edge.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import kernel as K
from .local import LocalSettings, cell_terrain
from .placement import Port, route_cells

TerrainFn = Callable[..., np.ndarray]


def _cells_at(gy: int, gx: int, step: int, cells: dict) -> list[tuple[int, int, int, int]]:
    """The route cells holding local point ``(gy, gx)``, each with the
    point's position inside it."""
    out = []
    rs = {gy // step, (gy - 1) // step} if gy % step == 0 else {gy // step}
    cs = {gx // step, (gx - 1) // step} if gx % step == 0 else {gx // step}
    for r in rs:
        for c in cs:
            if (r, c) in cells:
                out.append((r, c, gy - r * step, gx - c * step))
    return out


def sea_route_reaches(rel: np.ndarray, port: Port, seed: int, ls: LocalSettings,
                      terrain: TerrainFn = cell_terrain) -> bool:
    """Whether the port's ship reaches the end of its route at local
    resolution (see the module docstring).  ``terrain(rel, r, c, seed, ls,
    port=...)`` makes one cell's local heights; tests pass a broken one to
    see the check fail."""
    h, w = rel.shape[0] - 1, rel.shape[1] - 1
    route = np.asarray(port.route)
    if route.shape[0] == 0:
        return False
    step = ls.n - 1
    order = [(port.row, port.col)] + [rc for rc in route_cells(route, h, w)
                                      if rc != (port.row, port.col)]
    tiles = {rc: terrain(rel, rc[0], rc[1], seed, ls, port=rc == (port.row, port.col))
             for rc in order}
    reached = {rc: np.zeros((ls.n, ls.n), np.uint8) for rc in order}
    ty, tx = int(route[-1, 0]) * step, int(route[-1, 1]) * step
    sy, sx = int(port.ship[0]) * step, int(port.ship[1]) * step
    pending: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, c, i, j in _cells_at(sy, sx, step, tiles):
        pending.setdefault((r, c), []).append((i, j))
    border = np.zeros((ls.n, ls.n), bool)
    border[0, :] = border[-1, :] = border[:, 0] = border[:, -1] = True
    while pending:
        rc, seeds = pending.popitem()
        grid = reached[rc]
        before = grid.copy()
        ys = np.array([p[0] for p in seeds], np.int64)
        xs = np.array([p[1] for p in seeds], np.int64)
        if K.flood_cell(tiles[rc], grid, ys, xs, len(seeds)) == 0:
            continue
        if any(grid[i, j] for r, c, i, j in _cells_at(ty, tx, step, tiles) if (r, c) == rc):
            return True
        fresh = np.argwhere(border & (grid != 0) & (before == 0))
        r0, c0 = rc[0] * step, rc[1] * step
        for i, j in fresh:
            for r, c, ii, jj in _cells_at(r0 + int(i), c0 + int(j), step, tiles):
                if (r, c) != rc and not reached[(r, c)][ii, jj]:
                    pending.setdefault((r, c), []).append((ii, jj))
    return False
