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
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..metrics import Metrics
from ..params import Param
from .quality import quality

NAMES = ("pairs", "length_min", "length_mean", "length_median", "length_max", "boring",
         "boring_share", "empty")

OPTIONS = (
    Param("check_unique", "Check uniqueness", "bool", False, group="metrics",
          help="solve each puzzle under its rule and report 'unique_solution' (1 or 0)"),
)


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES + (("unique_solution",) if options.get("check_unique") else ())


def compute(result: Any, check_unique: bool = False) -> dict[str, float]:
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
    return out


METRICS = Metrics(compute, _names, OPTIONS)
