"""Solutions of a Number Link puzzle with bridges, on the SAT solver: a
plain encoding on the puzzle's graph (:mod:`.bridge_graph`), under each
rule.  (:mod:`.sat_encoding` is the grid's, tuned for big puzzles without
bridges; bridge puzzles are made at the sizes people print.)

Variables: ``col(v, k)`` node ``v`` carries path ``k``; ``link(e)``.  An end
has its colour and exactly one link; any other node (a bridge's two nodes
too) exactly two links (fill rules) or none or two (``free``, where a node
is coloured iff it is linked); at most one colour a node; a link joins
nodes of one colour; under ``fill-no-touch`` side-by-side nodes of one
colour are linked; no 2x2 ring of four links (blocks without
a bridge).  Rings meeting no end are cut lazily, as in :mod:`.solver`;
under ``free`` they are dropped.  Solutions are blocked by their links.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable

import numpy as np

from .bridge_graph import Graph, graph_of
from .puzzle import RULES, Puzzle, Solution

__all__ = ["solve_bridges", "MAX_CLAUSES"]

MAX_CLAUSES = 3_000_000
"""Bigger encodings are refused (SolverLimitError) before they are built."""


class _Encoding:
    def __init__(self, puzzle: Puzzle, rule: str, g: Graph):
        self.p, self.rule, self.g = puzzle, rule, g
        K = self.K = puzzle.npaths
        self.V = g.nodes
        self.link0 = self.V * K + 1
        self.E = len(g.ea)
        self.clauses: list[list[int]] = []
        inc: list[list[int]] = [[] for _ in range(self.V)]
        for e, (a, b) in enumerate(zip(g.ea, g.eb)):
            inc[a].append(e)
            inc[b].append(e)
        self.inc = inc
        cells = puzzle.cells.ravel()
        free = rule == "free"
        add = self.clauses.append
        for v in range(self.V):
            links = [self.lk(e) for e in inc[v]]
            cols = [self.col(v, k) for k in range(K)]
            end = int(cells[v]) if v < g.n else 0
            if end:
                add(links)
                for a, b in itertools.combinations(links, 2):
                    add([-a, -b])
                for k in range(K):
                    add([cols[k]] if k == end - 1 else [-cols[k]])
                continue
            for combo in itertools.combinations(links, 3):
                add([-x for x in combo])
            for a in links:
                others = [x for x in links if x != a]
                add([-a] + others if free else others)
            if free:
                for a in links:
                    add([-a] + cols)                 # linked -> coloured
                for c in cols:
                    add([-c] + links)                # coloured -> linked
            else:
                add(cols)
            for a, b in itertools.combinations(cols, 2):
                add([-a, -b])
        for e, (a, b) in enumerate(zip(g.ea, g.eb)):
            le = self.lk(e)
            for k in range(K):
                ca, cb = self.col(a, k), self.col(b, k)
                add([-le, -ca, cb])
                add([-le, ca, -cb])
                if rule == "fill-no-touch":
                    add([-ca, -cb, le])
        bridges = set(puzzle.bridge_squares)
        h, w = puzzle.cells.shape
        for y in range(h - 1):
            for x in range(w - 1):
                i = y * w + x
                if {i, i + 1, i + w, i + w + 1} & bridges:
                    continue
                add([-self.lk(g.right_edge[(y, x)]), -self.lk(g.right_edge[(y + 1, x)]),
                     -self.lk(g.down_edge[(y, x)]), -self.lk(g.down_edge[(y, x + 1)])])

    def col(self, v: int, k: int) -> int:
        return 1 + v * self.K + k

    def lk(self, e: int) -> int:
        return self.link0 + e

    def decode(self, model: list[int]):
        """(links on, colour of each node, rings: node lists meeting no end)."""
        true = np.zeros(len(model) + 2, bool)
        m = np.asarray(model)
        true[m[m > 0]] = True
        on = [e for e in range(self.E) if true[self.lk(e)]]
        colour = [0] * self.V
        for v in range(self.V):
            for k in range(self.K):
                if true[self.col(v, k)]:
                    colour[v] = k + 1
                    break
        parent = list(range(self.V))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i
        for e in on:
            parent[find(self.g.ea[e])] = find(self.g.eb[e])
        cells = self.p.cells.ravel()
        has_end = {find(v) for v in range(self.g.n) if cells[v]}
        groups: dict[int, list[int]] = {}
        linked = set()
        for e in on:
            linked.update((self.g.ea[e], self.g.eb[e]))
        for v in linked:
            r = find(v)
            if r not in has_end:
                groups.setdefault(r, []).append(v)
        return on, colour, list(groups.values())

    def ring_cut(self, members: list[int]) -> list[int]:
        inside = set(members)
        return [self.lk(e) for e in range(self.E)
                if (self.g.ea[e] in inside) != (self.g.eb[e] in inside)]

    def solution(self, on: list[int], colour: list[int], drop: set[int]) -> Solution:
        g, p = self.g, self.p
        h, w = p.cells.shape
        paths = np.zeros((h, w), np.int32)
        cross = np.zeros((h, w), np.int32)
        for v in range(self.V):
            if v in drop:
                continue
            sq = g.square_of[v]
            (cross if v >= g.n else paths)[sq // w, sq % w] = colour[v]
        onset = {e for e in on if g.ea[e] not in drop}
        right = np.zeros((h, w - 1), bool)
        down = np.zeros((h - 1, w), bool)
        for (y, x), e in g.right_edge.items():
            right[y, x] = e in onset
        for (y, x), e in g.down_edge.items():
            down[y, x] = e in onset
        return Solution(paths, right, down, cross)


def solve_bridges(puzzle: Puzzle, rule: str, max_solutions: int, result, sat_solver, *,
                  time_limit: float | None = None,
                  check: Callable[[], None] | None = None):
    """As :func:`.solver.solve` (which calls this for a puzzle with bridges),
    filling ``result`` (a ``SolveResult``)."""
    from .sat_encoding import SolverLimitError

    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
    t0 = time.perf_counter()
    g = graph_of(puzzle)
    K = puzzle.npaths
    estimate = g.nodes * (K * K // 2 + 8) + len(g.ea) * K * 3
    if estimate > MAX_CLAUSES:
        raise SolverLimitError(f"a {puzzle.width}x{puzzle.height} puzzle with bridges and "
                               f"{K} paths needs about {estimate:,} clauses, more than the "
                               f"bridge solver's {MAX_CLAUSES:,}; try a smaller puzzle")
    enc = _Encoding(puzzle, rule, g)
    interrupted = threading.Event()
    with sat_solver() as sat:
        sat.append_formula(enc.clauses)
        timer = None
        if time_limit is not None:
            def stop():
                interrupted.set()
                sat.interrupt()
            timer = threading.Timer(max(0.0, time_limit), stop)
            timer.daemon = True
            timer.start()
        try:
            while True:
                if check is not None:
                    check()
                result.sat_calls += 1
                ok = sat.solve_limited(expect_interrupt=True)
                if ok is None or interrupted.is_set():
                    result.complete, result.timed_out = False, True
                    break
                if not ok:
                    break
                on, colour, rings = enc.decode(sat.get_model())
                if rings and rule != "free":
                    result.rings_cut += len(rings)
                    for members in rings:
                        sat.add_clause(enc.ring_cut(members))
                    continue
                drop = {v for ring in rings for v in ring}
                result.solutions.append(enc.solution(on, colour, drop))
                if len(result.solutions) >= max_solutions:
                    result.complete = False
                    break
                sat.add_clause([-enc.lk(e) for e in on if g.ea[e] not in drop])
        finally:
            if timer is not None:
                timer.cancel()
    n = len(result.solutions)
    if n >= 2:
        result.status = "several"
    elif result.timed_out:
        result.status = "unknown"
    elif n == 1:
        result.status = "unique" if result.complete else "found"
    result.seconds = time.perf_counter() - t0
    return result
