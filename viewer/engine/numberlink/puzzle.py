"""Number Link puzzles and solutions as plain data, and the rules they obey.

A :class:`Puzzle` is a grid of endpoint labels: ``cells[y, x]`` is 0 for a
blank square and ``k`` (1-based) for an end of path ``k``, whose text is
``labels[k - 1]``.  A :class:`Solution` says which path runs through each
square and which neighbouring squares are linked; two solutions differ when
any link differs.

The three rules (the manifest's ``fill_no_touch``, ``fill`` and
``empty_cells_allowed``):

* ``fill-no-touch``: every square lies on a path and no path runs alongside
  itself (two side-by-side squares of one path are consecutive on it).  The
  convention of published puzzles, and what Tatham's generator produces.
  Here the labelling alone fixes the links.
* ``fill``: every square lies on a path (Flow Free).
* ``free``: squares may stay empty (Nikoli).

Bridges: a bridge square lets two paths cross it straight, one across and
one down; no path turns on it and it is no path's end (so it is never on
the grid's edge).  Under the fill rules both crossings are used; under
``free`` either may stay empty.  A solution gives the path across a bridge
in ``paths`` and the one down it in ``cross``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Puzzle", "Solution", "RULES", "RULE_KEYS", "PuzzleError", "check_solution",
           "solution_from_paths", "bridged_solution", "route_of"]

from .options import RULES  # noqa: E402 - (its home was here)
RULE_KEYS = {"fill-no-touch": "fill_no_touch", "fill": "fill", "free": "empty_cells_allowed"}
"""Each rule's key in the reference puzzles' manifest."""


class PuzzleError(ValueError):
    """A puzzle that cannot be posed (a label not used exactly twice, ...)."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    cells: np.ndarray
    """``(h, w)`` int32: 0 blank, ``k`` an end of path ``k``."""
    labels: tuple[str, ...]
    """The text of each path's label; ``labels[k - 1]`` for path ``k``."""
    bridges: np.ndarray | None = None
    """``(h, w)`` bool: the bridge squares (None: none)."""

    def __post_init__(self) -> None:
        cells = np.asarray(self.cells, dtype=np.int32)
        object.__setattr__(self, "cells", cells)
        if cells.ndim != 2 or cells.size == 0:
            raise PuzzleError("a puzzle needs at least one row and one column")
        if self.bridges is not None:
            bridges = np.asarray(self.bridges, bool)
            if bridges.shape != cells.shape:
                raise PuzzleError("the bridges do not match the grid")
            if not bridges.any():
                bridges = None
            else:
                if np.any(cells[bridges]):
                    raise PuzzleError("a bridge square cannot be an end")
                if bridges[0].any() or bridges[-1].any() or bridges[:, 0].any() \
                        or bridges[:, -1].any():
                    raise PuzzleError("a bridge needs a square on each of its four sides "
                                      "(it cannot be on the edge)")
            object.__setattr__(self, "bridges", bridges)
        n = len(self.labels)
        if cells.min() < 0 or cells.max() > n:
            raise PuzzleError("cell values must be 0 (blank) or a path number 1..n")
        counts = np.bincount(cells.ravel(), minlength=n + 1)
        for k in range(1, n + 1):
            if counts[k] != 2:
                raise PuzzleError(f"label {self.labels[k - 1]!r} occurs {counts[k]} "
                                  f"time(s); each label must occur exactly twice")

    @property
    def width(self) -> int:
        return int(self.cells.shape[1])

    @property
    def height(self) -> int:
        return int(self.cells.shape[0])

    @property
    def npaths(self) -> int:
        return len(self.labels)

    @property
    def bridge_squares(self) -> list[int]:
        """The bridge squares (``y*w + x``), row by row."""
        return [] if self.bridges is None else [int(i) for i in
                                                 np.flatnonzero(self.bridges.ravel())]

    def endpoints(self) -> list[tuple[int, int]]:
        """The two end squares (``y*w + x``) of each path, path 1 first."""
        flat = self.cells.ravel()
        ends: list[list[int]] = [[] for _ in self.labels]
        for i in np.flatnonzero(flat):
            ends[int(flat[i]) - 1].append(int(i))
        return [(a, b) for a, b in ends]

    @classmethod
    def numbered(cls, cells: np.ndarray) -> Puzzle:
        """A puzzle whose labels are the numbers themselves (1..n)."""
        cells = np.asarray(cells, dtype=np.int32)
        n = int(cells.max()) if cells.size else 0
        return cls(cells, tuple(str(k) for k in range(1, n + 1)))


@dataclass(frozen=True, eq=False)
class Solution:
    paths: np.ndarray
    """``(h, w)`` int32: the path through each square, 0 for an empty one."""
    right: np.ndarray
    """``(h, w - 1)`` bool: square ``(x, y)`` is linked to ``(x + 1, y)``."""
    down: np.ndarray
    """``(h - 1, w)`` bool: square ``(x, y)`` is linked to ``(x, y + 1)``."""
    cross: np.ndarray | None = None
    """``(h, w)`` int32: at a bridge, the path running down it (0 elsewhere);
    ``paths`` holds the one running across.  None without bridges."""

    def down_paths(self) -> np.ndarray:
        """The path each square's up and down links belong to."""
        if self.cross is None:
            return self.paths
        return np.where(self.cross > 0, self.cross, self.paths)

    def same_routes(self, other: Solution) -> bool:
        return (np.array_equal(self.right, other.right) and np.array_equal(self.down, other.down)
                and np.array_equal(self.paths, other.paths)
                and np.array_equal(self.down_paths(), other.down_paths()))

    def differences(self, other: Solution) -> np.ndarray:
        """``(h, w)`` bool: squares whose path or links differ between the two."""
        diff = self.paths != other.paths
        r = self.right != other.right
        diff[:, :-1] |= r
        diff[:, 1:] |= r
        dn = self.down != other.down
        diff[:-1, :] |= dn
        diff[1:, :] |= dn
        return diff

    def degree(self) -> np.ndarray:
        deg = np.zeros(self.paths.shape, np.int32)
        deg[:, :-1] += self.right
        deg[:, 1:] += self.right
        deg[:-1, :] += self.down
        deg[1:, :] += self.down
        return deg


def solution_from_paths(paths: np.ndarray) -> Solution:
    """Links between side-by-side squares of one path: the fill-no-touch
    reading of a labelled grid (exact when no path touches itself)."""
    paths = np.asarray(paths, dtype=np.int32)
    right = (paths[:, :-1] == paths[:, 1:]) & (paths[:, :-1] > 0)
    down = (paths[:-1, :] == paths[1:, :]) & (paths[:-1, :] > 0)
    return Solution(paths, right, down)


def bridged_solution(paths: np.ndarray, cross: np.ndarray, bridges: np.ndarray) -> Solution:
    """The links of a labelled grid with bridges (the fill-no-touch reading):
    across a bridge by ``paths``, down it by ``cross``."""
    paths = np.asarray(paths, np.int32)
    cross = np.where(bridges, np.asarray(cross, np.int32), 0).astype(np.int32)
    vpaths = np.where(bridges, cross, paths)
    right = (paths[:, :-1] == paths[:, 1:]) & (paths[:, :-1] > 0)
    down = (vpaths[:-1, :] == vpaths[1:, :]) & (vpaths[:-1, :] > 0)
    return Solution(paths, right, down, cross)


def _links(sol: Solution, i: int, w: int, h: int) -> list[int]:
    y, x = divmod(i, w)
    out = []
    if x > 0 and sol.right[y, x - 1]:
        out.append(i - 1)
    if y > 0 and sol.down[y - 1, x]:
        out.append(i - w)
    if x < w - 1 and sol.right[y, x]:
        out.append(i + 1)
    if y < h - 1 and sol.down[y, x]:
        out.append(i + w)
    return out


def route_of(sol: Solution, start: int, bridges: np.ndarray | None = None) -> list[int]:
    """The squares from ``start`` along its links until the chain ends
    (or comes back to ``start``); straight on across a bridge."""
    h, w = sol.paths.shape
    flat_bridges = None if bridges is None else np.asarray(bridges, bool).ravel()
    route = [start]
    prev, cur = -1, start
    while True:
        if flat_bridges is not None and flat_bridges[cur] and prev >= 0:
            nxt = [cur + (cur - prev)]
            if nxt[0] not in _links(sol, cur, w, h):
                return route
        else:
            nxt = [j for j in _links(sol, cur, w, h) if j != prev]
        if not nxt or nxt[0] == start:
            return route
        prev, cur = cur, nxt[0]
        route.append(cur)
        if len(route) > w * h:
            return route


def check_solution(puzzle: Puzzle, sol: Solution, rule: str = "fill-no-touch") -> list[str]:
    """Everything wrong with ``sol`` as a solution of ``puzzle`` under ``rule``
    (an empty list when it is one)."""
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
    h, w = puzzle.cells.shape
    if sol.paths.shape != (h, w):
        return [f"solution is {sol.paths.shape[1]}x{sol.paths.shape[0]}, puzzle {w}x{h}"]
    problems = []
    paths = sol.paths
    vpaths = sol.down_paths()
    deg = sol.degree()
    flat = paths.ravel()
    bridges = puzzle.bridges if puzzle.bridges is not None else np.zeros((h, w), bool)
    if puzzle.bridges is None and sol.cross is not None and np.any(sol.cross):
        problems.append("the solution crosses where the puzzle has no bridge")
    # Links join squares of one path.
    if np.any(sol.right & ((paths[:, :-1] != paths[:, 1:]) | (paths[:, :-1] == 0))):
        problems.append("a link joins squares of different paths")
    if np.any(sol.down & ((vpaths[:-1, :] != vpaths[1:, :]) | (vpaths[:-1, :] == 0))):
        problems.append("a link joins squares of different paths")
    for y, x in zip(*np.nonzero(bridges)):
        across = bool(sol.right[y, x - 1]), bool(sol.right[y, x])
        down = bool(sol.down[y - 1, x]), bool(sol.down[y, x])
        if across[0] != across[1] or down[0] != down[1]:
            problems.append("a path turns or ends on a bridge")
        elif rule != "free" and not (across[0] and down[0]):
            problems.append("a bridge not crossed both ways")
    deg = np.where(bridges, 0, deg)
    paths_nb = np.where(bridges, 0, paths)
    ends = puzzle.endpoints()
    is_end = puzzle.cells > 0
    if np.any(paths[is_end] != puzzle.cells[is_end]):
        problems.append("an endpoint carries another path's label")
    if np.any(deg[is_end] != 1):
        problems.append("an endpoint is not linked to exactly one square")
    inner = ~is_end & ~bridges
    used = paths_nb > 0
    if np.any(deg[inner & used] != 2):
        problems.append("a square on a path is not linked to exactly two squares")
    if np.any(deg[inner & ~used] != 0):
        problems.append("an empty square is linked")
    if rule != "free" and np.any(~used & ~bridges):
        problems.append(f"{int((~used & ~bridges).sum())} square(s) left empty")
    cross_flat = sol.cross.ravel() if sol.cross is not None else np.zeros_like(flat)
    for k, (a, b) in enumerate(ends, start=1):
        route = route_of(sol, a, puzzle.bridges)
        if route[-1] != b:
            problems.append(f"path {puzzle.labels[k - 1]} does not join its two ends")
        elif int((flat == k).sum() + (cross_flat == k).sum()) != len(route):
            problems.append(f"path {puzzle.labels[k - 1]} has squares off its route (a loop)")
    if rule == "fill-no-touch":
        touch_r = (paths[:, :-1] == paths[:, 1:]) & (paths[:, :-1] > 0) & ~sol.right
        touch_d = (vpaths[:-1, :] == vpaths[1:, :]) & (vpaths[:-1, :] > 0) & ~sol.down
        if np.any(touch_r) or np.any(touch_d):
            problems.append("a path runs alongside itself")
    return list(dict.fromkeys(problems))
