"""Solutions of a Number Link puzzle, and whether it has exactly one: the
search on the SAT encoding of :mod:`.sat_encoding` (PySAT's Glucose 4.2),
rings cut lazily, solutions blocked one by one, the time limit and the
caller's ``check`` watched while the SAT solver runs.

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

import itertools
import math
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from .puzzle import RULES, Puzzle, Solution
from .sat_encoding import (  # noqa: F401  (estimate, SolverLimitError: part of this API)
    MEMORY_MAX,
    Encoding,
    SolverLimitError,
    _Deadline,
    estimate,
)

__all__ = ["solve", "uniqueness", "SolveResult", "SolverUnavailable", "SolverLimitError",
           "SAT_BACKEND", "estimate", "check_limits"]

SAT_BACKEND = "glucose42"
CANCEL_POLL_S = 0.05
"""How often a running search asks its ``check`` whether to stop."""


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
    gave_up: bool = False
    """A first try under a conflict budget ran out of it (internal)."""
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


def check_limits(puzzle: Puzzle, rule: str, time_limit: float | None) -> None:
    """SolverLimitError when ``puzzle`` cannot be encoded within the memory
    budget, or (``time_limit`` given) its encoding alone would outlast it."""
    w, h, k = puzzle.width, puzzle.height, puzzle.npaths
    # Under fill and free the fill-no-touch search comes first, then the
    # rule's own (canonical under free): both encodings are built.
    sizes = [estimate(w, h, k, "fill-no-touch")]
    if rule != "fill-no-touch":
        sizes.append(estimate(w, h, k, rule, canonical=rule == "free"))
    need = max(s.bytes for s in sizes)
    if need > MEMORY_MAX:
        raise SolverLimitError(
            f"a {w}x{h} puzzle of {k} paths needs about {need / 2**20:,.0f} MiB to solve, "
            f"more than the solver's {MEMORY_MAX / 2**20:,.0f} MiB; try a smaller puzzle "
            f"or fewer paths")
    # The rule's own encoding is loaded twice (windows, then the whole grid),
    # thrice on big grids (a first quick try of the whole grid).
    loads = 3 if w * h >= QUICK_WHOLE_SQUARES else 2
    seconds = sizes[0].seconds + loads * sum(s.seconds for s in sizes[1:])
    if time_limit is not None and seconds > time_limit:
        raise SolverLimitError(
            f"building the encoding of a {w}x{h} puzzle of {k} paths takes about "
            f"{seconds:.1f} s, more than the time limit of {time_limit:g} s; try a time "
            f"limit of at least {math.ceil(2 * seconds)} s")


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


def _encoding_check(deadline: float | None,
                    check: Callable[[], None] | None) -> Callable[[], None] | None:
    """What building an encoding looks at between blocks: the caller's
    ``check`` and the deadline (``_Deadline`` once it has passed)."""
    if deadline is None:
        return check

    def encode_check() -> None:
        if check is not None:
            check()
        if time.perf_counter() > deadline:
            raise _Deadline

    return encode_check


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
    if puzzle.bridges is not None:
        from .bridge_sat import solve_bridges

        return solve_bridges(puzzle, rule, max_solutions, SolveResult("none", rule=rule),
                             _sat_solver, time_limit=time_limit, check=check)
    check_limits(puzzle, rule, time_limit)
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    hint = None
    result = SolveResult("none", rule=rule)
    encode_check = _encoding_check(deadline, check)
    try:
        if rule != "fill-no-touch":
            # A fill-no-touch solution is a solution under the weaker rules
            # too, and far quicker to find: start the search there.
            first = _search(Encoding(puzzle, "fill-no-touch", encode_check), 1, deadline,
                            check, None)
            result.sat_calls += first.sat_calls
            if first.solutions:
                hint = first.solutions[0]
            if first.timed_out:
                raise _Deadline
        known = [hint] if hint is not None else []
        # Deciding uniqueness under ``free`` from a full solution: only
        # solutions in which no path touches itself need be looked for (see
        # the module's notes), which the no-touch clauses make far quicker.
        canonical = rule == "free" and hint is not None and max_solutions == 2
        enc = Encoding(puzzle, rule, encode_check, canonical=canonical)
        found = None
        if hint is not None and enc.n >= QUICK_WHOLE_SQUARES:
            # A big grid: first the whole grid under a small conflict budget,
            # which settles loosely constrained puzzles (thousands of windows
            # would take far longer than this one proof).
            found = _search(enc, max_solutions, deadline, check, hint, known=known,
                            budget=QUICK_CONFLICTS)
            result.sat_calls += found.sat_calls
            result.rings_cut += found.rings_cut
            if found.gave_up:
                known, found = found.solutions, None
            else:
                found.sat_calls = found.rings_cut = 0
        if found is None and hint is not None and WINDOWS:
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
    except _Deadline:
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


QUICK_WHOLE_SQUARES = 64 * 64
"""From this many squares on, the whole grid is tried under QUICK_CONFLICTS
before the windows (every published puzzle is smaller)."""
QUICK_CONFLICTS = 20_000

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


def _windows(enc: Encoding, sol: Solution):
    """Assumptions fixing every link outside each window to its value in
    ``sol``, one window at a time (a big grid has thousands of windows)."""
    lv = enc.link0 + np.arange(enc.nedges)
    fixed_lits = np.where(enc.links_of(sol), lv, -lv)
    w = enc.w
    ya, xa, yb, xb = enc.ea // w, enc.ea % w, enc.eb // w, enc.eb % w
    for x0, y0, x1, y1 in _window_rects(w, enc.h):
        inside = (((x0 <= xa) & (xa < x1) & (y0 <= ya) & (ya < y1))
                  | ((x0 <= xb) & (xb < x1) & (y0 <= yb) & (yb < y1)))
        yield fixed_lits[~inside].tolist()


def _search(enc: Encoding, max_solutions: int, deadline: float | None,
            check: Callable[[], None] | None, hint: Solution | None, *,
            known: list[Solution] | tuple[()] = (),
            windows: Iterable[list[int]] = (),
            whole: bool = True, budget: int | None = None) -> SolveResult:
    """Solutions beyond ``known`` (which are blocked first), up to
    ``max_solutions`` in all: under each list of assumptions in ``windows`` in
    turn, then (if ``whole``) with none.  With a conflict ``budget`` each
    SAT call may give up (``result.gave_up``, nothing decided)."""
    result = SolveResult("none", rule=enc.rule)
    result.solutions = list(known)
    if len(result.solutions) >= max_solutions:
        result.complete = False
        return result
    free = enc.rule == "free"
    timer = None
    with _sat_solver() as sat:
        try:
            enc.load(sat, deadline, check)
        except _Deadline:
            result.complete, result.timed_out = False, True
            return result
        for sol in known:
            sat.add_clause(enc.blocking_clause(sol))
        if hint is not None:
            sat.set_phases(enc.hint_phases(hint))
        else:
            # Trying "no" first for every variable suits this encoding: few
            # links and colours are true (10-40x faster on the largest puzzles).
            sat.set_phases(list(range(-1, -enc.top - 1, -1)))
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
        limited = deadline is not None or check is not None or budget is not None
        if budget is not None:
            sat.conf_budget(budget)
        try:
            for assumptions in itertools.chain(windows, [[]] if whole else []):
                if not _search_under(sat, enc, assumptions, max_solutions, result, free,
                                     limited, interrupted, cancelled, check,
                                     budget is not None):
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
                  check: Callable[[], None] | None, budgeted: bool = False) -> bool:
    """Every further solution under ``assumptions``, into ``result``; False
    once the search as a whole is over (enough found, time out, or the
    conflict budget spent when ``budgeted``)."""
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
        if ok is None and budgeted and not interrupted.is_set() and not cancelled.is_set():
            result.complete, result.gave_up = False, True      # the conflict budget
            return False
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
