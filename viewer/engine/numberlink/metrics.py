"""Number Link metrics for sweeps: the quality figures of :mod:`.quality`
and, with the option ``check_unique``, whether the puzzle has exactly one
solution under the rule chosen in the parameters.

``pairs``         number of paths (pairs of labelled ends)
``length_min``, ``length_mean``, ``length_median``, ``length_max``
                  squares per path
``boring``        paths running straight along an edge
``boring_share``  boring paths over all paths
``empty``         squares on no path
``unique_solution``  (``check_unique`` only) 1 when the puzzle has exactly
                  one solution under the rule, 0 several or none (NaN if the
                  solver could not decide).  Not ``unique``: that name is the
                  generator's parameter (draw until unique), a column too.
``grade``         (``check_grade`` only) the deduction solver's grade as a number:
                  1 easy, 2 normal, 3 hard, 4 extreme; NaN for a grid that is
                  not a unique puzzle (or undecided)
``steps_E1`` ... ``steps_H1``  (``check_grade`` only) deductions per technique
``url``           (``puzzle_url`` only, text) the puzzle's puzz.link URL (numlin; empty
                  for a puzzle with bridges), to open or play it
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..metrics import Metrics
from ..params import Param
from .options import GRADES, TECHNIQUES

NAMES = ("pairs", "length_min", "length_mean", "length_median", "length_max", "boring",
         "boring_share", "empty")

OPTIONS = (
    Param("check_unique", "Check uniqueness", "bool", False, group="metrics",
          help="solve each puzzle under its rule and report 'unique_solution' (1 or 0)"),
    Param("check_grade", "Grade", "bool", False, group="metrics",
          help="grade each puzzle as a person would solve it: 'grade' (1 easy .. 4 extreme) "
               "and the deductions per technique ('steps_E1' ...)"),
    Param("puzzle_url", "Puzzle URL", "bool", False, group="metrics",
          help="each puzzle's puzz.link URL ('url', text), to open it in the window or play "
               "it online"),
)
GRADE_NUMBER = {g: i for i, g in enumerate(GRADES, start=1)}
STEP_NAMES = tuple(f"steps_{t}" for t in TECHNIQUES)


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return (NAMES + (("unique_solution",) if options.get("check_unique") else ())
            + (("grade",) + STEP_NAMES if options.get("check_grade") else ())
            + (("url",) if options.get("puzzle_url") else ()))


def compute(result: Any, check_unique: bool = False, check_grade: bool = False,
            puzzle_url: bool = False) -> dict[str, Any]:
    from .quality import quality

    q = quality(result.layers["paths"])
    out = {
        "pairs": q.npaths,
        "length_min": min(q.lengths, default=0),
        "length_mean": q.mean_length,
        "length_median": q.median_length,
        "length_max": max(q.lengths, default=0),
        "boring": len(q.boring),
        "boring_share": q.boring_share,
        "empty": q.empty,
    }
    if check_unique:
        if result.detail.uniqueness == "unique":
            out["unique_solution"] = 1     # drawn by the unique search under this very rule
        else:
            from .solver import solve

            status = solve(result.detail.puzzle, result.params["rule"], 2).status
            out["unique_solution"] = {"unique": 1, "several": 0, "none": 0}.get(status, math.nan)
    if check_grade:
        detail = result.detail
        if detail.grade is not None and detail.grade_counts is not None \
                and result.params.get("rule") is not None:
            name, counts = detail.grade, detail.grade_counts
        else:
            from .grade import grade as grade_of

            g = grade_of(detail.puzzle, result.params.get("rule", "fill-no-touch"))
            name, counts = g.grade, g.counts
        out["grade"] = GRADE_NUMBER.get(name, math.nan)
        for t, key in zip(TECHNIQUES, STEP_NAMES):
            out[key] = counts.get(t, 0)
    if puzzle_url:
        from .puzzlink import PuzzLinkError
        from .puzzlink import puzzle_url as url_of

        try:
            out["url"] = url_of(result.detail.puzzle)
        except PuzzLinkError:
            out["url"] = ""
    return out


METRICS = Metrics(compute, _names, OPTIONS, texts=frozenset({"url"}))
