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
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Puzzle", "Solution", "RULES", "RULE_KEYS", "PuzzleError", "check_solution",
           "solution_from_paths", "route_of"]

RULES = ("fill-no-touch", "fill", "free")
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

    def __post_init__(self) -> None:
        cells = np.asarray(self.cells, dtype=np.int32)
        object.__setattr__(self, "cells", cells)
        if cells.ndim != 2 or cells.size == 0:
            raise PuzzleError("a puzzle needs at least one row and one column")
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

    def same_routes(self, other: Solution) -> bool:
        return (np.array_equal(self.right, other.right) and np.array_equal(self.down, other.down)
                and np.array_equal(self.paths, other.paths))

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


def route_of(sol: Solution, start: int) -> list[int]:
    """The squares from ``start`` along its links until the chain ends
    (or comes back to ``start``)."""
    h, w = sol.paths.shape
    route = [start]
    prev, cur = -1, start
    while True:
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
    deg = sol.degree()
    flat = paths.ravel()
    # Links join squares of one path.
    if np.any(sol.right & ((paths[:, :-1] != paths[:, 1:]) | (paths[:, :-1] == 0))):
        problems.append("a link joins squares of different paths")
    if np.any(sol.down & ((paths[:-1, :] != paths[1:, :]) | (paths[:-1, :] == 0))):
        problems.append("a link joins squares of different paths")
    ends = puzzle.endpoints()
    is_end = puzzle.cells > 0
    if np.any(paths[is_end] != puzzle.cells[is_end]):
        problems.append("an endpoint carries another path's label")
    if np.any(deg[is_end] != 1):
        problems.append("an endpoint is not linked to exactly one square")
    inner = ~is_end
    used = paths > 0
    if np.any(deg[inner & used] != 2):
        problems.append("a square on a path is not linked to exactly two squares")
    if np.any(deg[inner & ~used] != 0):
        problems.append("an empty square is linked")
    if rule != "free" and np.any(~used):
        problems.append(f"{int((~used).sum())} square(s) left empty")
    for k, (a, b) in enumerate(ends, start=1):
        route = route_of(sol, a)
        if route[-1] != b:
            problems.append(f"path {puzzle.labels[k - 1]} does not join its two ends")
        elif int((flat == k).sum()) != len(route):
            problems.append(f"path {puzzle.labels[k - 1]} has squares off its route (a loop)")
    if rule == "fill-no-touch":
        touch_r = (paths[:, :-1] == paths[:, 1:]) & (paths[:, :-1] > 0) & ~sol.right
        touch_d = (paths[:-1, :] == paths[1:, :]) & (paths[:-1, :] > 0) & ~sol.down
        if np.any(touch_r) or np.any(touch_d):
            problems.append("a path runs alongside itself")
    return list(dict.fromkeys(problems))
