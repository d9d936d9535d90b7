"""Global port placement, after "Around The World, Part 25: Placing ports".

The map is a heightmap of *corners*; a cell is the square between four of
them.  A corner is below sea level when its height is less than the sea
level.

1. Lakes first: corners below sea level are joined through cell edges whose
   two corners are both below sea level.  Every component that reaches the
   map border is open sea (where none does, the largest one is); the others
   are lakes, which count as land from here on.  A sea of fewer than
   :data:`MIN_OPEN_SEA` corners (a tile or two of water at the border) is
   no port's sea: a lake.  Corners of inland water the
   map says it has (a finished OpenTTD 15.2 map's rivers and lakes, at any
   height) are lakes too, whatever their height: never a port's sea.
2. Coast: a cell with some corners in open sea and some not.  A coast cell
   with a lake corner is never a port (no port may touch a lake).
3. Candidates: the map is cut into grid squares; each square's candidate is
   its most desirable coast cell, desirability being the number of land
   cells (no corner in open sea) whose centres lie within a radius of its
   centre.  Ties go to the lower row, then the lower column.
4. Weighting: a candidate's weight is the latitude curve at its row's
   latitude (the curve is given for 0..90 degrees and mirrored south).
5. Drawing: ports are drawn by weight without replacement; after each draw
   the candidates closer than the minimum distance are ruled out.  When the
   candidates run out, the ports that fit are placed and the rest counted
   as short.
6. Population from a distribution, and a size class from thresholds.

Each port then gets a route to open sea (the corners of a shortest path
through open sea from a below-sea-level corner of its cell, the ship's
corner, to the map border) for the guarantee of :mod:`.guarantee`.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from . import kernel as K
from .classes import CLASS_NAMES


@dataclass(frozen=True)
class Settings:
    """Everything of the global placement besides the map and the seed."""

    grid: int = 16
    radius: float = 5.0
    latitude_north: float = 80.0
    latitude_south: float = -80.0
    curve: tuple[tuple[float, float], ...] = ((0.0, 0.5), (30.0, 1.0), (90.0, 0.0))
    n_ports: int = 20
    min_distance: float = 12.0
    distribution: str = "log-normal"
    median: float = 2000.0
    sigma: float = 1.0
    pop_min: int = 50
    pop_max: int = 1_000_000
    thresholds: tuple[int, int, int, int] = (500, 2000, 10000, 100000)


@dataclass
class Port:
    index: int            # 0-based, in drawing order
    row: int              # cell
    col: int
    latitude: float       # of the cell's centre, degrees (north positive)
    weight: float
    desirability: int
    population: int
    size_class: str
    ship: tuple[int, int]  # (row, col) of the ship's corner
    route: np.ndarray     # (k, 2) corners (row, col) from the ship to open sea

    @property
    def x(self) -> float:
        return self.col + 0.5

    @property
    def y(self) -> float:
        return self.row + 0.5


@dataclass
class Placement:
    """The arrays of one placement (see :mod:`.kernel` for their meaning)."""

    rel: np.ndarray            # (h+1, w+1) float64 corner heights minus sea level
    label: np.ndarray          # (h+1, w+1) int32 sea component, -1 land
    is_open: np.ndarray        # (n_components,) bool
    sizes: np.ndarray          # (n_components,) corners per component
    lake_ids: np.ndarray       # component ids of the lakes, largest first
    n_open: np.ndarray         # (h, w) uint8
    lake: np.ndarray           # (h, w) int32 lake component, -1 none
    cell_class: np.ndarray     # (h, w) uint8 LAND/COAST/SEA/LAKE/LAKE_COAST
    desirability: np.ndarray   # (h, w) int32, -1 where no port may be
    grid: int
    square_best: np.ndarray    # (n_squares,) flat cell index, -1 none
    cand_rows: np.ndarray      # candidates in square order
    cand_cols: np.ndarray
    cand_square: np.ndarray
    cand_weight: np.ndarray
    cand_latitude: np.ndarray
    picked: np.ndarray         # candidate indices in drawing order
    removed: np.ndarray        # candidates each draw ruled out
    ports: list[Port]
    short: int
    distance: np.ndarray | None = None   # (h+1, w+1) int32 steps to open sea
    target: np.ndarray | None = None     # (h+1, w+1) bool corners that are open sea's goal
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, int]:
        return self.cell_class.shape


def row_latitudes(h: int, north: float, south: float) -> np.ndarray:
    """Latitude of each cell row's centre, the rows spanning north..south."""
    return north + (south - north) * (np.arange(h) + 0.5) / h


def curve_weight(curve, latitude) -> np.ndarray:
    """The latitude curve (control points for 0..90 degrees, linear between
    them, flat beyond the ends) at ``|latitude|``: mirrored for the south."""
    xs = np.array([p[0] for p in curve], np.float64)
    ys = np.array([p[1] for p in curve], np.float64)
    return np.interp(np.abs(np.asarray(latitude, np.float64)), xs, ys)


def size_class(population: int, thresholds) -> str:
    k = 0
    for t in thresholds:
        if population >= t:
            k += 1
    return CLASS_NAMES[k]


def population(seed: int, row: int, col: int, s: Settings) -> int:
    """A port's population, from the seed and its cell alone."""
    u1, u2 = K.stream(seed, K.K_POPULATION, row, col, 2)
    if s.distribution == "constant":
        p = s.median
    elif s.distribution == "log-uniform":
        lo, hi = math.log(s.pop_min), math.log(s.pop_max)
        p = math.exp(lo + (hi - lo) * u1)
    else:
        z = math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)
        p = s.median * math.exp(s.sigma * z)
    return int(min(max(round(p), s.pop_min), s.pop_max))


NOT_CANCELLED = np.zeros(4, np.int64)


MIN_OPEN_SEA = 16
"""The fewest corners of an open sea (3x3 tiles of water): a smaller water
at the map's border is a lake (no port's sea)."""


def find_sea(rel: np.ndarray, flag: np.ndarray = NOT_CANCELLED,
             inland: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(label, is_open, sizes, lake_ids)`` of the corners below sea level
    and of the ``inland`` water corners (a mask, or None), which are lakes
    (unfinished when ``flag``, a cancel token's, is raised meanwhile)."""
    below = rel < 0
    if inland is not None:
        below &= ~inland
    label, sizes, border, first = K.sea_components(below.view(np.uint8), flag)
    is_open = border.astype(bool) & (sizes >= MIN_OPEN_SEA)
    if sizes.size and not is_open.any():
        is_open[int(np.argmax(sizes))] = True  # first largest on a tie
    if inland is not None and inland.any():
        more, more_sizes, _, _ = K.sea_components(
            np.ascontiguousarray(inland, bool).view(np.uint8), flag)
        label = np.where(more >= 0, more + sizes.size, label).astype(np.int32)
        sizes = np.concatenate([sizes, more_sizes])
        is_open = np.concatenate([is_open, np.zeros(more_sizes.size, bool)])
    lakes = np.flatnonzero(~is_open)
    lake_ids = lakes[np.argsort(-sizes[lakes], kind="stable")]
    return label, is_open, sizes, lake_ids


def place(rel: np.ndarray, settings: Settings, seed: int, routes: bool = True,
          check=None, flag: np.ndarray = NOT_CANCELLED, phase=None,
          inland: np.ndarray | None = None) -> Placement:
    """Place the ports on the corner heights ``rel`` (relative to sea level:
    below sea level is negative); ``inland`` (a corner mask or None) marks
    inland water, lakes at any height.  ``check()``, when given, is called between
    the steps and may raise to stop (a cancel token's ``check``); the longest
    step also polls ``flag`` (the token's flag) as it runs.  ``phase(name)``
    is told each step as it starts ("lakes", "coast", "candidates",
    "weighting", "ports")."""
    s = settings
    tm: dict[str, float] = {}
    if check is None:
        def check() -> None:
            return None

    def step(name: str) -> None:
        check()
        if phase is not None:
            phase(name)
    step("lakes")
    t = time.perf_counter()
    rel = np.ascontiguousarray(rel, np.float64)
    label, is_open, sizes, lake_ids = find_sea(rel, flag, inland)
    check()
    tm["lakes"] = time.perf_counter() - t

    step("coast")
    t = time.perf_counter()
    n_open, lake, cls = K.classify_cells(label, is_open)
    tm["coast"] = time.perf_counter() - t

    step("candidates")
    t = time.perf_counter()
    des = K.desirability(cls, float(s.radius))
    best = K.best_per_square(des, int(s.grid))
    squares = np.flatnonzero(best >= 0)
    flat = best[squares]
    h, w = cls.shape
    cand_rows, cand_cols = flat // w, flat % w
    tm["candidates"] = time.perf_counter() - t

    step("weighting")
    t = time.perf_counter()
    lat_rows = row_latitudes(h, s.latitude_north, s.latitude_south)
    cand_lat = lat_rows[cand_rows]
    weights = curve_weight(s.curve, cand_lat)
    tm["weighting"] = time.perf_counter() - t

    step("ports")
    t = time.perf_counter()
    picked, removed = K.draw_ports(cand_rows, cand_cols, weights, int(s.n_ports),
                                   float(s.min_distance), seed)
    ports = []
    for i, ci in enumerate(picked):
        r, c = int(cand_rows[ci]), int(cand_cols[ci])
        pop = population(seed, r, c, s)
        ports.append(Port(i, r, c, float(cand_lat[ci]), float(weights[ci]), int(des[r, c]),
                          pop, size_class(pop, s.thresholds), (-1, -1),
                          np.empty((0, 2), np.int64)))
    tm["draw"] = time.perf_counter() - t

    pl = Placement(rel, label, is_open, sizes, lake_ids, n_open, lake, cls, des, int(s.grid),
                   best, cand_rows, cand_cols, squares, weights, cand_lat, picked, removed,
                   ports, int(s.n_ports) - len(ports), timings=tm)
    if routes:
        check()
        t = time.perf_counter()
        add_routes(pl, check)
        tm["routes"] = time.perf_counter() - t
    return pl


def open_corners(label: np.ndarray, is_open: np.ndarray) -> np.ndarray:
    """Mask of the corners in open sea."""
    if is_open.size == 0:
        return np.zeros(label.shape, bool)
    return (label >= 0) & is_open[np.maximum(label, 0)]


def lake_corners(label: np.ndarray, is_open: np.ndarray) -> np.ndarray:
    """Mask of the corners in lakes."""
    if is_open.size == 0:
        return np.zeros(label.shape, bool)
    return (label >= 0) & ~is_open[np.maximum(label, 0)]


def open_sea_targets(pl: Placement) -> np.ndarray:
    """The corners a ship heads for: the open sea's corners on the map
    border, or, where no sea reaches the border, the deepest corner of the
    largest sea (the first in row-major order on a tie)."""
    label = pl.label
    opened = open_corners(label, pl.is_open)
    target = np.zeros_like(opened)
    border = np.zeros_like(opened)
    border[0, :] = border[-1, :] = border[:, 0] = border[:, -1] = True
    target[border & opened] = True
    # Which open seas already have a target: one pass, not one per sea (a
    # hostile map has thousands of seas along its border).
    reached = np.zeros(pl.is_open.size, bool)
    reached[label[target]] = True
    for k in np.flatnonzero(pl.is_open & ~reached):
        if not (target & (label == k)).any():
            idx = np.flatnonzero((label == k).ravel())
            deepest = idx[np.argmin(pl.rel.ravel()[idx])]
            target.flat[deepest] = True
    return target


def add_routes(pl: Placement, check=None) -> None:
    """Give every port its ship corner and its route to open sea."""
    pl.target = open_sea_targets(pl)
    if check is not None:
        check()
    pl.distance = K.sea_distance(pl.label, pl.target)
    dist = pl.distance
    for p in pl.ports:
        if check is not None:
            check()
        best = None
        for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
            y, x = p.row + dy, p.col + dx
            d = int(dist[y, x])
            if d >= 0 and (best is None or d < best[0]):
                best = (d, y, x)
        assert best is not None, "a coast cell has an open-sea corner"
        p.ship = (best[1], best[2])
        p.route = K.descend(dist, best[1], best[2])


def route_cells(route: np.ndarray, h: int, w: int) -> list[tuple[int, int]]:
    """The cells along a corner route: for each step, the one or two cells
    whose edge it follows, in route order without repeats; a route of a
    single corner gives the cells around that corner."""
    out: dict[tuple[int, int], None] = {}

    def add(r: int, c: int) -> None:
        if 0 <= r < h and 0 <= c < w:
            out.setdefault((r, c), None)

    pts = [tuple(map(int, p)) for p in route]
    if len(pts) == 1:
        y, x = pts[0]
        for r, c in ((y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x)):
            add(r, c)
    for (y0, x0), (y1, x1) in zip(pts, pts[1:]):
        if y0 == y1:  # horizontal edge between columns min(x0,x1) and +1
            c = min(x0, x1)
            add(y0 - 1, c)
            add(y0, c)
        else:
            r = min(y0, y1)
            add(r, x0 - 1)
            add(r, x0)
    return list(out)
