"""A complete Number Link solver on a SAT solver (PySAT's Glucose 4.2).

Encoding, for ``n`` squares and ``K`` paths:

* ``col[i][k]``: square ``i`` lies on path ``k``; one colour per used square
  (at least one, at most one by a sequential counter when ``K`` is large).
* ``link[e]`` for each pair of side-by-side squares.  An end has exactly one
  link; any other square exactly two (``fill`` rules) or none or two
  (``free``, where a square is coloured iff it is linked).
* A link joins squares of one colour; under ``fill-no-touch`` two
  side-by-side squares of one colour must be linked.
* No 2x2 block is a ring of four links.

Every model then consists of the K paths plus, perhaps, stray rings that
meet no end.  Under the fill rules rings are ruled out lazily: for each one
found the clause "some link leaves the ring's squares" (a connectivity cut:
every square lies on a path whose ends are elsewhere), and the solver is
asked again (incrementally, so what it learnt is kept).  Under ``free`` a
ring is harmless: dropped, its squares stay empty and the rest is a solution.
A ring-free model is a solution; it is blocked by "not all of these links"
to look for the next one.  (Any other solution lacks one of its links: with
all of them present its paths are complete and anything more would be a
ring.)  Under ``fill-no-touch`` the links follow from the colours, so
blocking links also blocks labellings.

Uniqueness under ``fill`` and ``free`` (the weaker rules) starts from a
fill-no-touch solution ``S``, which is one under them too, and asks for a
second one:

* Rule inclusion: fill-no-touch solutions are fill solutions, which are free
  solutions; so ``S`` is known before the real search starts.
* Windows: other solutions of big puzzles are mostly local changes of
  ``S``.  Windows (6x6 and 10x10 squares, then bands of 8 rows and of 8
  columns) are tried first, each under assumptions that fix every link away
  from the window to its value in ``S``: small searches that find such a
  change in milliseconds.  The whole grid comes last, so nothing is missed.
* Under ``free``, with ``S`` full (no empty square), only *canonical*
  solutions need be looked for.  Three moves turn a free solution into
  another one: a path that touches itself is short-cut (the squares in
  between left empty); a bump ``p1 -> u0 -> u1 -> u2 -> p2`` round an empty
  square ``c`` between ``p1`` and ``p2`` is flattened to ``p1 -> c -> p2``;
  a path turning round the corner of a 2x2 block whose opposite square is
  empty and comes earlier (row by row) is moved onto that square.  Each
  move shortens the paths or, at equal length, lowers the sum of the used
  squares' indices, so repeating them ends in a solution where none
  applies, and never in ``S`` itself, since every move leaves an empty
  square behind.  So a second solution exists iff a canonical one other
  than ``S`` does, and the clauses saying "canonical" (no touching, no such
  corner, no such bump) are added: a symmetry breaking of the rule, which
  makes the whole-grid proof ten times quicker (17x17: 5 s -> 0.5 s).
* Under ``fill`` no such move is known (every square must stay covered), and
  a unique puzzle still needs the whole-grid proof: seconds at 17x17-24x14.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .puzzle import RULES, Puzzle, Solution

__all__ = ["solve", "uniqueness", "SolveResult", "SolverUnavailable", "SAT_BACKEND"]

SAT_BACKEND = "glucose42"
CANCEL_POLL_S = 0.05
"""How often a running search asks its ``check`` whether to stop."""
CHECK_EVERY = 128         # squares (or links) encoded between two checks
APPEND_CHUNK = 50_000     # clauses handed to the SAT solver between two checks


class SolverUnavailable(RuntimeError):
    """PySAT (the ``python-sat`` package) is not installed."""


@dataclass
class SolveResult:
    status: str
    """``"none"``, ``"unique"``, ``"several"`` (two or more found), ``"found"``
    (one found, others not ruled out) or ``"unknown"`` (time ran out first)."""
    solutions: list[Solution] = field(default_factory=list)
    rule: str = "fill-no-touch"
    complete: bool = True
    """False when the search stopped early (limit reached or time out)
    without knowing whether more solutions exist."""
    seconds: float = 0.0
    timed_out: bool = False
    sat_calls: int = 0
    rings_cut: int = 0

    @property
    def count(self) -> int:
        return len(self.solutions)


def _sat_solver():
    try:
        from pysat.solvers import Solver
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise SolverUnavailable("the Number Link solver needs PySAT: pip install python-sat") \
            from exc
    return Solver(name=SAT_BACKEND)


class Encoding:
    """The clauses of one puzzle under one rule, and model decoding."""

    def __init__(self, puzzle: Puzzle, rule: str,
                 check: Callable[[], None] | None = None, *, canonical: bool = False):
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
        self.puzzle, self.rule = puzzle, rule
        self.canonical = canonical and rule == "free"
        """Only canonical solutions (``free``; see the module's notes)."""
        self.no_touch = self.canonical or rule == "fill-no-touch"
        """No path touches itself: the rule itself (``fill-no-touch``) or part
        of being canonical."""
        h, w = puzzle.cells.shape
        self.w, self.h, self.n, self.K = w, h, w * h, puzzle.npaths
        self.top = self.n * self.K
        self.clauses: list[list[int]] = []
        # Edges: (a, b) with a < b; index e -> variable link0 + e.
        self.edges: list[tuple[int, int]] = []
        for y in range(h):
            for x in range(w):
                i = y * w + x
                if x < w - 1:
                    self.edges.append((i, i + 1))
                if y < h - 1:
                    self.edges.append((i, i + w))
        self.link0 = self.top + 1
        self.top += len(self.edges)
        self.incident: list[list[int]] = [[] for _ in range(self.n)]
        for e, (a, b) in enumerate(self.edges):
            self.incident[a].append(self.link0 + e)
            self.incident[b].append(self.link0 + e)
        self.edge_var = {ab: self.link0 + e for e, ab in enumerate(self.edges)}
        self._check = check
        self._build()

    def col(self, i: int, k: int) -> int:
        """Variable: square i is on path k (0-based k)."""
        return 1 + i * self.K + k

    def _new(self) -> int:
        self.top += 1
        return self.top

    def _at_most_one(self, lits: list[int]) -> None:
        add = self.clauses.append
        if len(lits) <= 6:
            for a in range(len(lits)):
                for b in range(a + 1, len(lits)):
                    add([-lits[a], -lits[b]])
            return
        # Sequential counter: s_j = "one of lits[0..j] is true".
        prev = lits[0]
        for j in range(1, len(lits)):
            lit = lits[j]
            add([-prev, -lit])
            if j < len(lits) - 1:
                s = self._new()
                add([-prev, s])
                add([-lit, s])
                prev = s

    def _build(self) -> None:
        add = self.clauses.append
        K, n = self.K, self.n
        free = self.rule == "free"
        cells = self.puzzle.cells.ravel()
        check = self._check
        for i in range(n):
            if check is not None and i % CHECK_EVERY == 0:
                check()
            inc = self.incident[i]
            cols = [self.col(i, k) for k in range(K)]
            label = int(cells[i])
            if label:
                for k in range(K):
                    add([cols[k]] if k == label - 1 else [-cols[k]])
                add(list(inc))
                for a in range(len(inc)):
                    for b in range(a + 1, len(inc)):
                        add([-inc[a], -inc[b]])
                continue
            # At most two links.
            for a in range(len(inc)):
                for b in range(a + 1, len(inc)):
                    for c in range(b + 1, len(inc)):
                        add([-inc[a], -inc[b], -inc[c]])
            if free:
                # Never exactly one link; coloured iff linked.
                for a in range(len(inc)):
                    add([-inc[a]] + [inc[b] for b in range(len(inc)) if b != a])
                    add([-inc[a]] + cols)
                for k in range(K):
                    add([-cols[k]] + list(inc))
            else:
                # At least two links; at least one colour.
                for a in range(len(inc)):
                    add([inc[b] for b in range(len(inc)) if b != a])
                add(cols)
            self._at_most_one(cols)
        no_touch = self.no_touch
        for e, (a, b) in enumerate(self.edges):
            if check is not None and e % CHECK_EVERY == 0:
                check()
            lv = self.link0 + e
            for k in range(K):
                ca, cb = self.col(a, k), self.col(b, k)
                add([-lv, -ca, cb])
                add([-lv, ca, -cb])
                if no_touch:
                    add([-ca, -cb, lv])
        # No ring of four.  Under fill-no-touch, moreover, a path turning
        # round a corner of a 2x2 block leaves the opposite square to another
        # path (otherwise that square would touch it on two sides and close a
        # ring): redundant, but it makes the 36x36 puzzle 30 times faster.
        w = self.w
        ev = self.edge_var
        for y in range(self.h - 1):
            for x in range(w - 1):
                a = y * w + x
                b, c, d = a + 1, a + w, a + w + 1
                ab, ac, bd, cd = ev[(a, b)], ev[(a, c)], ev[(b, d)], ev[(c, d)]
                add([-ab, -ac, -bd, -cd])
                if no_touch:
                    for p, q, r, s in ((ab, ac, bd, cd), (ab, bd, ac, cd),
                                       (ac, cd, ab, bd), (bd, cd, ab, ac)):
                        add([-p, -q, -r])
                        add([-p, -q, -s])
        if self.canonical:
            self._canonical()

    def _used(self, i: int) -> list[int] | None:
        """Literals one of which holds iff square ``i`` is used (None: an end,
        always used)."""
        return None if self.puzzle.cells.ravel()[i] else list(self.incident[i])

    def _canonical(self) -> None:
        """Under ``free``: no path turns round a 2x2 block's corner whose
        opposite square is empty and comes earlier (row by row), and none
        makes a bump of three squares over an empty one (see the module's
        notes)."""
        add = self.clauses.append
        w, h, ev = self.w, self.h, self.edge_var

        def link(a: int, b: int) -> int:
            return ev[(a, b) if a < b else (b, a)]

        for y in range(h - 1):
            for x in range(w - 1):
                a = y * w + x
                b, c, d = a + 1, a + w, a + w + 1
                # Turning at t (from n1 to n2) with o empty: moving the turn
                # to o keeps the length and lowers the sum of used squares.
                for t, n1, n2, o in ((d, b, c, a), (c, a, d, b)):
                    used = self._used(o)
                    if used is not None:
                        add([-link(t, n1), -link(t, n2)] + used)
        # Bumps: p1 -> u0 -> u1 -> u2 -> p2 round an empty square c between
        # p1 and p2 flattens into p1 -> c -> p2, two squares shorter.
        for y in range(h):
            for x in range(w):
                i = y * w + x
                for dx, dy in ((1, 0), (0, 1)):
                    if x + 2 * dx >= w or y + 2 * dy >= h:
                        continue
                    p1, c, p2 = i, i + dx + dy * w, i + 2 * (dx + dy * w)
                    used = self._used(c)
                    if used is None:
                        continue
                    for sx, sy in ((dy, dx), (-dy, -dx)):      # the two sides
                        ox, oy = x + sx, y + sy
                        if not (0 <= ox < w and 0 <= oy < h and 0 <= ox + 2 * dx < w
                                and 0 <= oy + 2 * dy < h):
                            continue
                        off = sx + sy * w
                        u0, u1, u2 = p1 + off, c + off, p2 + off
                        add([-link(p1, u0), -link(u0, u1), -link(u1, u2), -link(u2, p2)]
                            + used)

    # -- decoding -------------------------------------------------------------
    def decode(self, model: list[int]) -> tuple[Solution, list[list[int]]]:
        """The solution in ``model`` and the link variables of each stray ring."""
        truth = np.zeros(self.top + 1, bool)
        m = np.asarray(model[: self.top], dtype=np.int64)
        truth[np.abs(m)] = m > 0
        links = truth[self.link0:self.link0 + len(self.edges)]
        colours = truth[1:1 + self.n * self.K].reshape(self.n, self.K)
        if self.K:
            used = colours.any(axis=1)
            paths = np.where(used, colours.argmax(axis=1) + 1, 0).astype(np.int32)
        else:  # no labels: no path anywhere
            paths = np.zeros(self.n, np.int32)
        w, h = self.w, self.h
        right = np.zeros((h, w - 1), bool)
        down = np.zeros((h - 1, w), bool)
        adj: list[list[int]] = [[] for _ in range(self.n)]
        on: list[int] = []
        for e in np.flatnonzero(links):
            a, b = self.edges[e]
            adj[a].append(b)
            adj[b].append(a)
            on.append(int(e))
            y, x = divmod(a, w)
            if b == a + 1 and w > 1:  # (one column: a + 1 is below)
                right[y, x] = True
            else:
                down[y, x] = True
        sol = Solution(paths.reshape(h, w), right, down)
        # Walk from every end; squares linked but not reached lie on rings.
        seen = np.zeros(self.n, bool)
        for a, b in self.puzzle.endpoints():
            for start in (a, b):
                stack = [start]
                seen[start] = True
                while stack:
                    cur = stack.pop()
                    for nb in adj[cur]:
                        if not seen[nb]:
                            seen[nb] = True
                            stack.append(nb)
        rings = []
        for start in range(self.n):
            if seen[start] or not adj[start]:
                continue
            stack = [start]
            seen[start] = True
            members = []
            while stack:
                cur = stack.pop()
                members.append(cur)
                for nb in adj[cur]:
                    if not seen[nb]:
                        seen[nb] = True
                        stack.append(nb)
            rings.append(members)
        return sol, rings

    def ring_cut(self, members: list[int]) -> list[int]:
        """The clause "some link leaves these squares", for the squares of a
        stray ring (no end among them).  Under the fill rules each of them
        lies on a path whose ends are elsewhere, so the clause holds in every
        solution; it rules out at once every set of rings inside the squares,
        not just the one found."""
        inside = set(members)
        out = []
        for i in members:
            for lv in self.incident[i]:
                a, b = self.edges[lv - self.link0]
                if (b if a == i else a) not in inside:
                    out.append(lv)
        return out

    def strip(self, sol: Solution, rings: list[list[int]]) -> Solution:
        """``sol`` without its stray rings (their squares left empty): under
        ``free`` what remains is a solution."""
        if not rings:
            return sol
        paths, right, down = sol.paths.copy(), sol.right.copy(), sol.down.copy()
        w = self.w
        for members in rings:
            for i in members:
                y, x = divmod(i, w)
                paths[y, x] = 0
                if x < w - 1:
                    right[y, x] = False
                if x > 0:
                    right[y, x - 1] = False
                if y < self.h - 1:
                    down[y, x] = False
                if y > 0:
                    down[y - 1, x] = False
        return Solution(paths, right, down)

    def blocking_clause(self, sol: Solution) -> list[int]:
        out = []
        w = self.w
        for (a, b), var in self.edge_var.items():
            y, x = divmod(a, w)
            on = sol.right[y, x] if b == a + 1 and w > 1 else sol.down[y, x]
            if on:
                out.append(-var)
        return out


TIME_LIMIT_MAX = 365 * 86400.0
"""Longer time limits are no limit (threading's timers take at most ~292 years)."""


def _checked_time_limit(time_limit: float | None) -> float | None:
    """``time_limit`` in seconds, None for none; ValueError when not a number."""
    if time_limit is None:
        return None
    if isinstance(time_limit, bool):
        raise ValueError(f"time limit must be a number of seconds, not {time_limit!r}")
    try:
        t = float(time_limit)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"time limit must be a number of seconds, not {time_limit!r}") from None
    if math.isnan(t):
        raise ValueError("time limit must be a number of seconds, not nan")
    if t > TIME_LIMIT_MAX:
        return None
    return max(0.0, t)


def solve(puzzle: Puzzle, rule: str = "fill-no-touch", max_solutions: int = 2, *,
          time_limit: float | None = None,
          check: Callable[[], None] | None = None) -> SolveResult:
    """Up to ``max_solutions`` solutions of ``puzzle`` under ``rule``.

    ``status`` is "none" (no solution exists), "unique" (exactly one
    exists), "several" (two or more exist; ``solutions`` holds those found),
    "found" (one found, whether it is the only one was not decided: with
    ``max_solutions == 1``) or "unknown" (time ran out before deciding;
    ``solutions`` holds what was found).
    """
    if max_solutions < 1:
        raise ValueError("max_solutions must be at least 1")
    time_limit = _checked_time_limit(time_limit)
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    hint = None
    result = SolveResult("none", rule=rule)
    if rule != "fill-no-touch":
        # A fill-no-touch solution is a solution under the weaker rules too,
        # and far quicker to find: start the search there.
        first = _search(Encoding(puzzle, "fill-no-touch", check), 1, deadline, check, None)
        result.sat_calls += first.sat_calls
        if first.solutions:
            hint = first.solutions[0]
    if deadline is None or time.perf_counter() < deadline:
        known = [hint] if hint is not None else []
        # Deciding uniqueness under ``free`` from a full solution: only
        # solutions in which no path touches itself need be looked for (see
        # the module's notes), which the no-touch clauses make far quicker.
        canonical = rule == "free" and hint is not None and max_solutions == 2
        enc = Encoding(puzzle, rule, check, canonical=canonical)
        found = None
        if hint is not None and WINDOWS:
            # Windows first, in a solver of their own (what it learns under
            # the windows' assumptions slows the whole-grid proof down).
            found = _search(enc, max_solutions, deadline, check, hint, known=known,
                            windows=_windows(enc, hint), whole=False)
            result.sat_calls += found.sat_calls
            result.rings_cut += found.rings_cut
            known = found.solutions
            if len(known) >= max_solutions or found.timed_out:
                found.sat_calls = found.rings_cut = 0
            else:
                found = None
        if found is None:
            found = _search(enc, max_solutions, deadline, check, hint, known=known)
        result.solutions = found.solutions
        result.complete = found.complete
        result.timed_out = found.timed_out
        result.sat_calls += found.sat_calls
        result.rings_cut += found.rings_cut
    else:
        result.solutions = [hint] if hint is not None else []
        result.complete, result.timed_out = False, True
    n = len(result.solutions)
    if n >= 2:
        result.status = "several"
    elif result.timed_out:
        result.status = "unknown"   # ``solutions`` may still hold one
    elif n == 1:
        result.status = "unique" if result.complete else "found"
    else:
        result.status = "none"
    result.seconds = time.perf_counter() - t0
    return result


def _hint_phases(enc: Encoding, sol: Solution) -> list[int]:
    """Literals saying "this solution": the solver tries these values first."""
    lits = []
    flat = sol.paths.ravel()
    for i in range(enc.n):
        for k in range(enc.K):
            v = enc.col(i, k)
            lits.append(v if flat[i] == k + 1 else -v)
    on = set(-v for v in enc.blocking_clause(sol))
    lits.extend(v if v in on else -v for v in enc.edge_var.values())
    return lits


WINDOWS = ((6, 6, 2), (10, 10, 4), (0, 8, 4), (8, 0, 4))
"""(width, height, step) of the windows tried before the whole grid when a
solution is known (0: the grid's whole width or height, so the last two are
bands of 8 rows and of 8 columns): each lets only the links in and around the
window differ from the known solution.  Other solutions of big puzzles are
mostly local changes (or changes along a band), which a window finds in
milliseconds where the whole-grid search may take minutes; refuting a window
is cheap too.  The whole grid comes last, so nothing is missed."""


def _window_rects(w: int, h: int) -> list[tuple[int, int, int, int]]:
    """``(x0, y0, x1, y1)`` (end exclusive) of every window, smaller than the grid."""
    out = []
    for ww, wh, step in WINDOWS:
        ww, wh = (ww or w), (wh or h)
        if ww >= w and wh >= h:
            continue
        ww, wh = min(ww, w), min(wh, h)
        xs = sorted(set(range(0, w - ww + 1, step)) | {w - ww})
        ys = sorted(set(range(0, h - wh + 1, step)) | {h - wh})
        out.extend((x0, y0, x0 + ww, y0 + wh) for y0 in ys for x0 in xs)
    return out


def _windows(enc: Encoding, sol: Solution) -> list[list[int]]:
    """Assumptions fixing every link outside each window to its value in ``sol``."""
    on = set(-v for v in enc.blocking_clause(sol))
    w = enc.w
    ends = [(divmod(a, w), divmod(b, w), var) for (a, b), var in enc.edge_var.items()]
    out = []
    for x0, y0, x1, y1 in _window_rects(w, enc.h):
        fixed = []
        for (ya, xa), (yb, xb), var in ends:
            if (x0 <= xa < x1 and y0 <= ya < y1) or (x0 <= xb < x1 and y0 <= yb < y1):
                continue
            fixed.append(var if var in on else -var)
        out.append(fixed)
    return out


def _search(enc: Encoding, max_solutions: int, deadline: float | None,
            check: Callable[[], None] | None, hint: Solution | None, *,
            known: list[Solution] | tuple[()] = (),
            windows: list[list[int]] | tuple[()] = (),
            whole: bool = True) -> SolveResult:
    """Solutions beyond ``known`` (which are blocked first), up to
    ``max_solutions`` in all: under each list of assumptions in ``windows`` in
    turn, then (if ``whole``) with none."""
    result = SolveResult("none", rule=enc.rule)
    result.solutions = list(known)
    if len(result.solutions) >= max_solutions:
        result.complete = False
        return result
    free = enc.rule == "free"
    timer = None
    with _sat_solver() as sat:
        if check is None:
            sat.append_formula(enc.clauses)
        else:
            for start in range(0, len(enc.clauses), APPEND_CHUNK):
                check()
                sat.append_formula(enc.clauses[start:start + APPEND_CHUNK])
        for sol in known:
            sat.add_clause(enc.blocking_clause(sol))
        if hint is not None:
            sat.set_phases(_hint_phases(enc, hint))
        else:
            # Trying "no" first for every variable suits this encoding: few
            # links and colours are true (10-40x faster on the largest puzzles).
            sat.set_phases([-v for v in range(1, enc.top + 1)])
        interrupted = threading.Event()
        cancelled = threading.Event()
        done = threading.Event()
        watcher = None
        if deadline is not None:
            def stop() -> None:
                interrupted.set()
                sat.interrupt()
            timer = threading.Timer(max(0.0, deadline - time.perf_counter()), stop)
            timer.daemon = True
            timer.start()
        if check is not None:
            # ``check`` raises once the caller cancels: poll it while the SAT
            # solver runs, so that one long call can be stopped too.
            def watch() -> None:
                while not done.wait(CANCEL_POLL_S):
                    try:
                        check()
                    except BaseException:  # noqa: BLE001 - any refusal stops the search
                        cancelled.set()
                        sat.interrupt()
                        return
            watcher = threading.Thread(target=watch, name="solver cancel watch", daemon=True)
            watcher.start()
        limited = deadline is not None or check is not None
        try:
            for assumptions in [*windows, []] if whole else windows:
                if not _search_under(sat, enc, assumptions, max_solutions, result, free,
                                     limited, interrupted, cancelled, check):
                    break
        finally:
            done.set()
            if timer is not None:
                timer.cancel()
            if watcher is not None:
                watcher.join()
    return result


def _search_under(sat, enc: Encoding, assumptions: list[int], max_solutions: int,
                  result: SolveResult, free: bool, limited: bool,
                  interrupted: threading.Event, cancelled: threading.Event,
                  check: Callable[[], None] | None) -> bool:
    """Every further solution under ``assumptions``, into ``result``; False
    once the search as a whole is over (enough found, or time out)."""
    while True:
        if check is not None:
            check()
        result.sat_calls += 1
        if limited:
            ok = sat.solve_limited(assumptions=assumptions, expect_interrupt=True)
        else:
            ok = sat.solve(assumptions=assumptions)
        if cancelled.is_set() and check is not None:
            check()                     # raises the caller's exception
        if ok is None or interrupted.is_set():
            result.complete, result.timed_out = False, True
            return False
        if not ok:
            return True
        model = sat.get_model()
        sol, rings = enc.decode(model)
        if rings:
            if free:
                # Under ``free`` a ring is harmless: without it the rest is a
                # solution (its squares simply stay empty).
                sol = enc.strip(sol, rings)
            else:
                result.rings_cut += len(rings)
                for members in rings:
                    sat.add_clause(enc.ring_cut(members))
                continue
        result.solutions.append(sol)
        if len(result.solutions) >= max_solutions:
            result.complete = False
            return False
        sat.add_clause(enc.blocking_clause(sol))
        # Look near the solution just found: other solutions are
        # usually small detours from it.
        sat.set_phases(model)


def uniqueness(puzzle: Puzzle, rule: str = "fill-no-touch", *,
               time_limit: float | None = None) -> SolveResult:
    """"unique", "several" (with a second solution) or "none"."""
    return solve(puzzle, rule, 2, time_limit=time_limit)
