"""The grade of a Number Link puzzle: how a person would have to reason.

The deduction solver (:mod:`.deduce`) runs tier by tier from the clues:
Easy techniques to a fixed point, then Normal ones, then Hard ones, each
tier only where the one below is stuck.  The grade is the lowest tier whose
fixed point decides every link:

* ``easy``, ``normal``, ``hard``: that tier solves it (and so the puzzle is
  unique: every deduction follows from the rules);
* ``extreme``: no tier solves it, and the SAT solver (:mod:`.solver`) shows
  it has exactly one solution;
* ``several`` / ``none``: not a puzzle at all (more than one solution, or
  none), by the SAT solver; ``unknown`` when the SAT solver ran out of time.

The record of the solve is the list of deductions, easiest first; the
counts per technique are what a grade report prints and what sweeps read.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .deduce import TECHNIQUES, TIERS, Board, Contradiction, Deduction, State
from .puzzle import Puzzle, Solution

__all__ = ["GRADES", "GradeResult", "grade", "DIFFICULTIES"]

from .options import DIFFICULTIES, GRADES  # noqa: E402,F401 - (their home was here)


@dataclass
class GradeResult:
    grade: str
    """One of GRADES, or ``several``, ``none``, ``unknown`` (not a unique puzzle)."""
    rule: str
    deductions: list[Deduction] = field(default_factory=list)
    tier_steps: dict[str, int] = field(default_factory=dict)
    """Deductions made by the end of each tier tried (``easy`` -> 12, ...)."""
    board: Board | None = None
    solution: Solution | None = None
    """The solution, when the deductions or the SAT solver found it."""
    seconds: float = 0.0
    contradiction: str | None = None
    out_of_time: bool = False
    """The whole run's time (``grade``'s ``budget``) ran out before the
    grade was known: ``unknown``, with the deductions made by then."""

    @property
    def counts(self) -> dict[str, int]:
        """Deductions per technique, every technique named (0 if unused)."""
        out = dict.fromkeys(TECHNIQUES, 0)
        for d in self.deductions:
            out[d.technique] += 1
        return out

    @property
    def unique(self) -> bool:
        return self.grade in GRADES

    def summary(self) -> str:
        counts = " ".join(f"{k}:{v}" for k, v in self.counts.items())
        return f"grade {self.grade}; deductions {len(self.deductions)} ({counts})"


class _OutOfTime(Exception):
    """The budget of one :func:`grade` ran out."""


def grade(puzzle: Puzzle, rule: str = "fill-no-touch", *, top: str = "hard",
          sat: bool = True, time_limit: float | None = 30.0,
          check: Callable[[], None] | None = None,
          budget: float | None = None) -> GradeResult:
    """Grade ``puzzle`` under ``rule``; tiers above ``top`` are not tried
    (then an unsolved puzzle is graded as if no tier solved it).  ``sat``
    False skips the SAT solver for puzzles no tier solves (grade
    ``extreme`` if unique is then not known: ``unknown``).  ``time_limit``
    bounds the SAT solver; ``budget`` the whole run, deductions included
    (when it runs out: ``unknown`` with the deductions made by then and
    :attr:`GradeResult.out_of_time`)."""
    t0 = time.perf_counter()
    board = Board(puzzle, rule)
    state = State(board)
    out = GradeResult("unknown", rule, board=board)
    asked = check
    if budget is not None:
        end = t0 + budget

        def check() -> None:
            if asked is not None:
                asked()
            if time.perf_counter() > end:
                raise _OutOfTime
    try:
        for tier in TIERS:
            state.run(tier, check)
            out.tier_steps[tier] = len(state.log)
            if state.solved():
                out.grade = tier
                out.solution = state.solution()
                break
            if tier == top:
                break
    except Contradiction as why:
        out.grade, out.contradiction = "none", str(why)
    except _OutOfTime:
        out.out_of_time = True
    out.deductions = list(state.log)
    if budget is not None and not out.out_of_time:
        left = max(0.0, end - time.perf_counter())
        time_limit = left if time_limit is None else min(time_limit, left)
        out.out_of_time = out.grade == "unknown" and sat and left <= 0
    if out.grade == "unknown" and sat and not out.out_of_time:
        from .solver import solve

        try:
            r = solve(puzzle, rule, 2, time_limit=time_limit, check=check)
        except _OutOfTime:
            r = None
        out.grade = {"unique": "extreme", "several": "several", "none": "none"}.get(
            r.status if r is not None else "", "unknown")
        if r is not None and r.solutions:
            out.solution = r.solutions[0]
        out.out_of_time = out.grade == "unknown" and budget is not None
    out.seconds = time.perf_counter() - t0
    return out
