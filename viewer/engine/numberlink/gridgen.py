"""Tatham's Number Link path-grid generator (``unfinished/path.c``), ported.

The algorithm (see ``shared/reference/numberlink/GENERATOR.md``):

1. Start with an empty grid.  Repeatedly either
   (a) **add a path** (:meth:`GenContext.add_path`): shuffle the empty squares,
       and from the first one whose empty region reaches distance 3, lay a
       shortest path to a random square at the farthest distance or one less;
   (b) or, when no path fits, **extend a path** (:meth:`GenContext.extend_path`):
       shuffle all (path, end, direction) moves and take the first that works.
       An extension may run into another path; the cut path is then rebuilt
       as a shortest route through its surviving squares plus a "halo" of the
       8 neighbours of each lost square, which may push further paths in turn.
2. When no square is empty the grid is done; when nothing can be added or
   extended, the grid is thrown away and the loop starts again (same RNG).
3. Labels are shuffled so that low numbers are not the long, early paths.

The faithful mode reproduces the C program (with its two ``< w`` bounds bugs
fixed) call for call on the RNG, so grids match byte for byte.  Its other
quirks are kept: the FIXME exit that refuses any push reaching another
path's end, dead code for moving ends, and no cap on restarts (we add one,
which the faithful sizes never reach).

Beyond the C: ``extend_share`` (percent) tries an extension *before* adding a
path that often, the balance the header comment muses about.  Any value
other than 0 makes one extra RNG call per step and so leaves the faithful
stream.

Arrays are flat lists indexed ``y*w + x``; ``grid[i]`` is -1 (empty) or the
path's creation number ``c``; ``pathends[2c]``/``pathends[2c+1]`` are its two
end squares (end 0 the random start, end 1 the far end).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from ..protocol import STOP  # the cancel flag's stop slot

from ..protocol import Cancelled
from .rng import RandomState

__all__ = ["GenContext", "GridResult", "gridgen", "Stuck", "EXTEND_REASONS", "DIRS"]

# Directions in path.c's order: 0 = L, 1 = U, 2 = R, 3 = D.
DX = (-1, 0, 1, 0)
DY = (0, -1, 0, 1)
DIRS = ("left", "up", "right", "down")

# Outcomes of extend_path, with the C line they come from.
EXTENDED = "extended"
EXTEND_REASONS = {
    EXTENDED: "extended",
    "off_grid": "would leave the grid",
    "endpoint": "square is a path end",
    "backtrack": "square already on this path",
    "touch": "path would touch itself",
    "end_overwritten": "a pushed path's end was overwritten (FIXME exit)",
    "wiped": "pushed path completely wiped out",
    "no_reconnect": "pushed path cannot reconnect its ends",
    "hit_fixed": "rebuild ran into a fixed path",
}


class Stuck(RuntimeError):
    """The main loop restarted more often than allowed (tiny grids never finish)."""


@dataclass
class GridResult:
    """One finished grid."""

    width: int
    height: int
    solution: list[int]
    """Label (1..npaths) of every square, row by row."""
    puzzle: list[int]
    """Label at the two ends of each path, 0 elsewhere."""
    pathends: list[int]
    """Squares of the ends, by creation number: ``2c`` and ``2c + 1``."""
    perm: list[int]
    """``perm[c]`` is the label of the path created ``c``-th."""
    restarts: int


class Recorder:
    """What :class:`GenContext` tells a trace; every method may be left as is."""

    def restart(self, ctx: GenContext, attempt: int) -> None: ...

    def added(self, ctx: GenContext, c: int) -> None: ...

    def extension(self, ctx: GenContext, p: int, end: int, d: int, outcome: str,
                  pushed: list[int], regions: list[tuple[int, list[int]]],
                  target: int) -> None: ...

    def labelled(self, ctx: GenContext, perm: list[int]) -> None: ...


class GenContext:
    """``struct genctx``: the grid, the path ends and the scratch arrays."""

    def __init__(self, w: int, h: int, rs: RandomState, *, extend_share: int = 0,
                 recorder: Recorder | None = None, max_restarts: int = 10_000,
                 check: Callable[[], None] | None = None):
        self.w, self.h = w, h
        self.n = w * h
        self.rs = rs
        self.extend_share = extend_share
        self.rec = recorder
        self.max_restarts = max_restarts
        self.check = check
        self.grid = [-1] * self.n
        self.pathends: list[int] = []
        self.npaths = 0
        # Neighbours in direction order (in bounds only), and per direction.
        self.nbr4: list[list[int]] = []
        self.step: list[list[int]] = []
        self.nbr8: list[list[int]] = []
        for i in range(self.n):
            x, y = i % w, i // w
            by_dir = []
            for d in range(4):
                xx, yy = x + DX[d], y + DY[d]
                by_dir.append(yy * w + xx if 0 <= xx < w and 0 <= yy < h else -1)
            self.step.append(by_dir)
            self.nbr4.append([j for j in by_dir if j >= 0])
            self.nbr8.append([(y + dy) * w + x + dx
                              for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                              if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h])

    # -- bfs ------------------------------------------------------------------
    def bfs(self, grid: list[int], start: int) -> tuple[list[int], list[int]]:
        """Distances over the 4-connected region of ``grid[start]``'s colour
        (-1 outside it), and the region's squares in FIFO discovery order."""
        col = grid[start]
        dist = [-1] * self.n
        dist[start] = 0
        order = [start]
        nbr4 = self.nbr4
        k = 0
        while k < len(order):
            cur = order[k]
            k += 1
            dn = dist[cur] + 1
            for nb in nbr4[cur]:
                if grid[nb] == col and dist[nb] < 0:
                    dist[nb] = dn
                    order.append(nb)
        return dist, order

    def is_endpoint(self, sq: int) -> bool:
        c = self.grid[sq]
        return c >= 0 and (self.pathends[2 * c] == sq or self.pathends[2 * c + 1] == sq)

    # -- (a) add a path ---------------------------------------------------------
    def add_path(self) -> bool:
        grid, rs = self.grid, self.rs
        empty = [i for i in range(self.n) if grid[i] == -1]
        rs.shuffle_down(empty)
        for s in empty:
            dist, order = self.bfs(grid, s)
            maxd = dist[order[-1]]
            if maxd < 3:
                continue
            j = 0
            while dist[order[j]] < 3:
                j += 1
            while dist[order[j]] + 1 < maxd:
                j += 1
            e = order[j + rs.upto(len(order) - j)]
            c = self.npaths
            self.npaths += 1
            self.pathends += [s, e]
            grid[e] = c
            cur = e
            while cur != s:
                want = dist[cur] - 1
                pts = [nb for nb in self.nbr4[cur] if dist[nb] == want]
                cur = pts[rs.upto(len(pts))] if len(pts) > 1 else pts[0]
                grid[cur] = c
            if self.rec is not None:
                self.rec.added(self, c)
            return True
        return False

    # -- (b) extend a path, pushing others -----------------------------------------
    def extend_path(self, p: int, end: int, d: int) -> bool:
        outcome, pushed, regions, target = self._extend(p, end, d)
        if self.rec is not None:
            self.rec.extension(self, p, end, d, outcome, pushed, regions, target)
        return outcome == EXTENDED

    def _extend(self, p: int, end: int, d: int):
        grid, pathends = self.grid, self.pathends
        src = pathends[2 * p + end]
        t = self.step[src][d]
        pushed: list[int] = []
        regions: list[tuple[int, list[int]]] = []
        if t < 0:
            return "off_grid", pushed, regions, t
        if self.is_endpoint(t):
            return "endpoint", pushed, regions, t
        if grid[t] == p:
            return "backtrack", pushed, regions, t
        for nb in self.nbr4[t]:
            if nb != src and grid[nb] == p:
                return "touch", pushed, regions, t

        recording = self.rec is not None
        work = grid[:]
        ends2 = pathends[:]
        state = [0] * self.npaths   # 0 untouched, 1 broken, 2 fixed
        cut = work[t]
        work[t] = p
        ends2[2 * p + end] = t
        state[p] = 2
        if cut >= 0:
            state[cut] = 1
            if recording:
                pushed.append(cut)
            nbr4, nbr8 = self.nbr4, self.nbr8
            while True:
                try:
                    i = state.index(1)
                except ValueError:
                    break
                tmp = work[:]
                # The original route, in path order (grid is the C's sparegrid2).
                _, route = self.bfs(grid, pathends[2 * i])
                if tmp[pathends[2 * i]] != i or tmp[pathends[2 * i + 1]] != i:
                    return "end_overwritten", pushed, regions, t
                first = last = -1
                for q in route:
                    if work[q] == i:
                        work[q] = -1
                    if tmp[q] == i:
                        if first < 0:
                            first = q
                        last = q
                    else:
                        for r in nbr8[q]:
                            v = tmp[r]
                            if v >= 0 and (v == i or state[v] == 2):
                                continue
                            tmp[r] = i
                if recording:
                    regions.append((i, [q for q in range(self.n) if tmp[q] == i]))
                if first < 0 or last < 0:
                    return "wiped", pushed, regions, t
                dist, _ = self.bfs(tmp, first)
                k = dist[last]
                if k < 2:
                    return "no_reconnect", pushed, regions, t
                cur = last
                while True:
                    v = work[cur]
                    if v >= 0:
                        if state[v] == 2:
                            return "hit_fixed", pushed, regions, t
                        if state[v] == 0 and recording:
                            pushed.append(v)
                        state[v] = 1
                    work[cur] = i
                    if k == 0:
                        break
                    k -= 1
                    for nb in nbr4[cur]:
                        if dist[nb] == k:
                            cur = nb
                            break
                ends2[2 * i] = first
                ends2[2 * i + 1] = last
                state[i] = 2
        self.grid = work
        self.pathends = ends2
        return EXTENDED, pushed, regions, t

    def try_extensions(self) -> bool:
        codes = list(range(8 * self.npaths))
        self.rs.shuffle_down(codes)
        for v in codes:
            if self.extend_path(v // 8, (v // 4) % 2, v % 4):
                return True
        return False

    # -- main loop --------------------------------------------------------------
    def mainloop(self) -> int:
        """Fill the grid; returns the number of restarts."""
        attempt = 0
        step_cap = 64 * self.n
        while True:
            self.grid = [-1] * self.n
            self.pathends = []
            self.npaths = 0
            if self.rec is not None:
                self.rec.restart(self, attempt)
            steps = 0
            while True:
                if self.check is not None:
                    self.check()
                if -1 not in self.grid:
                    return attempt
                if self.extend_share and self.npaths:
                    steps += 1
                    if steps > step_cap:
                        break
                    if self.rs.upto(100) < self.extend_share:
                        if self.try_extensions() or self.add_path():
                            continue
                        break
                if self.add_path():
                    continue
                if self.try_extensions():
                    continue
                break
            attempt += 1
            if attempt > self.max_restarts:
                raise Stuck(f"no {self.w}x{self.h} grid after {attempt} attempts")

    def shuffle_labels(self) -> list[int]:
        perm = [c + 1 for c in range(self.npaths)]
        self.rs.shuffle_down(perm)
        if self.rec is not None:
            self.rec.labelled(self, perm)
        return perm


def gridgen(w: int, h: int, rs: RandomState, *, compiled: bool | None = None,
            flag: np.ndarray | None = None, watch: Callable[[np.ndarray], None] | None = None,
            **options) -> GridResult:
    """One grid, exactly as path.c's ``gridgen`` makes it.

    Runs the compiled kernel (:mod:`.kernel`) unless a ``recorder`` is given,
    the RNG logs its calls, or ``compiled`` is False; both make the same grid
    and leave ``rs`` in the same state.  ``flag`` is a cancel token's flag
    (``flag[STOP] != 0`` stops the run: :class:`Cancelled`).  ``watch(stat)``,
    when given, is called about every 0.1 s while the kernel runs, with its
    ``stat`` array (restarts, squares covered, paths, most covered)."""
    if compiled is None:
        compiled = options.get("recorder") is None and rs.calls is None
    if not compiled:
        ctx = GenContext(w, h, rs, **options)
        restarts = ctx.mainloop()
        perm = ctx.shuffle_labels()
        return _result(w, h, ctx.grid, ctx.pathends, ctx.npaths, perm, restarts)
    return _gridgen_compiled(w, h, rs, flag=flag, watch=watch,
                             extend_share=options.get("extend_share", 0),
                             max_restarts=options.get("max_restarts", 10_000),
                             check=options.get("check"))


def _result(w: int, h: int, grid: list[int], pathends: list[int], npaths: int,
            perm: list[int], restarts: int) -> GridResult:
    solution = [perm[c] for c in grid]
    puzzle = [0] * (w * h)
    for c in range(npaths):
        puzzle[pathends[2 * c]] = puzzle[pathends[2 * c + 1]] = perm[c]
    return GridResult(w, h, solution, puzzle, list(pathends), perm, restarts)


def _gridgen_compiled(w: int, h: int, rs: RandomState, *, flag, watch, extend_share: int,
                      max_restarts: int, check) -> GridResult:
    from . import kernel

    n = w * h
    state = rs.to_array()
    if flag is None:
        flag = np.zeros(4, np.int64)
    stat = np.zeros(8, np.int64)
    grid = np.zeros(n, np.int64)
    ends = np.zeros(2 * n, np.int64)
    perm = np.zeros(n, np.int64)
    args = (w, h, state, extend_share, max_restarts, flag, stat, grid, ends, perm)
    if watch is None:
        status, npaths = kernel.generate(*args)
    else:
        out: list = []
        worker = threading.Thread(target=lambda: out.append(kernel.generate(*args)),
                                  daemon=True)
        worker.start()
        try:
            while True:
                worker.join(0.1)
                if not worker.is_alive():
                    break
                watch(stat)
        except BaseException:     # Ctrl-C, or the watcher failed: stop the kernel too
            flag[STOP] = 1
            raise
        if not out:
            raise RuntimeError("the Number Link kernel stopped without an answer")
        status, npaths = out[0]
    if status == kernel.CANCELLED:
        if check is not None:
            check()
        raise Cancelled()
    if status == kernel.STUCK:
        raise Stuck(f"no {w}x{h} grid after {int(stat[0])} attempts")
    rs.load_array(state)
    return _result(w, h, grid.tolist(), ends[:2 * npaths].tolist(), npaths,
                   perm[:npaths].tolist(), int(stat[0]))


def grid_block(w: int, h: int, cells: list[int]) -> str:
    """Rows as the test main prints them: ``|``, ``%2d`` per cell (`` .`` for 0), `` |``."""
    rows = []
    for y in range(h):
        row = cells[y * w:(y + 1) * w]
        rows.append("|" + "".join(f"{v:2d}" if v > 0 else " ." for v in row) + " |\n")
    return "".join(rows)
