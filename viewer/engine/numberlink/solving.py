"""What solving a shown puzzle means for Number Link, behind the Workbench
(as Tatham's ``midend_solve`` asks the back end): the rule the values say,
"uniqueness" (the SAT solver: none, one, or two solutions, the second to
show where it differs) and "steps" (the deduction solver's grade, its
deductions to step through).  The window's view submits the Workbench's
job and shows what comes back; it decides nothing of the solving."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .options import RULES

KINDS = ("uniqueness", "steps")


@dataclass(frozen=True)
class Uniqueness:
    """A uniqueness check's answer: ``status`` ("unique", "several", "none",
    "unknown"), the solver's seconds and count, the ``first`` solution (the
    puzzle's own where it has one), a ``second`` one that routes some path
    otherwise (several) and ``diff``, the squares where the two differ."""

    status: str
    seconds: float
    count: int
    first: Any = None
    second: Any = None
    diff: Any = None


def rule(values: Mapping[str, Any]) -> str:
    """The rule the values choose (the first, fill-no-touch, for anything else)."""
    chosen = values.get("rule", RULES[0])
    return chosen if chosen in RULES else RULES[0]


def can_solve(result: Any) -> bool:
    """Whether ``result`` holds a puzzle to solve."""
    return result is not None and getattr(result.detail, "puzzle", None) is not None


def solve(kind: str, result: Any, values: Mapping[str, Any],
          check: Callable[[], None] | None = None) -> Any:
    """Solve ``result``'s puzzle under the values' rule: ``uniqueness``,
    the SAT solver's answer (up to two solutions); ``steps``, the graded
    deductions.  ``check`` raises to cancel."""
    puzzle, chosen = result.detail.puzzle, rule(values)
    if kind == "uniqueness":
        from .solver import solve as sat_solve

        res = sat_solve(puzzle, chosen, 2, check=check)
        first = result.detail.solution
        if first is None and res.solutions:
            first = res.solutions[0]
        second = diff = None
        if res.status == "several" and first is not None:
            second = next((s for s in res.solutions if not s.same_routes(first)), None)
            if second is not None:
                diff = first.differences(second)
        return Uniqueness(res.status, res.seconds, res.count, first, second, diff)
    if kind == "steps":
        from .grade import grade

        return grade(puzzle, chosen, check=check)
    raise KeyError(f"Number Link solves {', '.join(KINDS)}, not {kind!r}")
