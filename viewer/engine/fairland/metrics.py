"""fairland's metrics for sweeps: how much land, how much of it mountain,
how unfair the world is (the spread of each column of the Fairness table),
and whether empserver's default build (asserts on) would abort on it.

``land_share``       land sectors over all sectors of the world
``mountain_share``   mountain sectors (elevation >= 98) over land sectors
``spread_<column>``  largest minus smallest over the continents of each
                     column of :mod:`.fairness` (spaces as underscores,
                     e.g. ``spread_nearest_capital``)
``would_abort``      1 when the real fairland would stop on a failed
                     ``assert`` (``result.detail.assertion`` is set), else 0;
                     also given for a run that failed (no room for the land),
                     from the error's ``assertion``
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..metrics import Metrics
from .fairness import COLUMNS

SPREAD_NAMES = tuple("spread_" + c.replace(" ", "_") for c in COLUMNS)
NAMES = ("land_share", "mountain_share", *SPREAD_NAMES, "would_abort")


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES


def compute(result: Any) -> dict[str, float]:
    import numpy as np

    from .fairness import fairness
    from .resources import HIGHMIN

    own = np.asarray(result.layers["own"])
    elev = np.asarray(result.layers["elevation"])
    land = own >= 0
    n_land = int(land.sum())
    out = {
        "land_share": n_land / own.size,
        "mountain_share": int((land & (elev >= HIGHMIN)).sum()) / n_land if n_land else 0.0,
    }
    table = fairness(result.layers, result.detail.capitals, result.params["world"])
    for name, column in zip(SPREAD_NAMES, COLUMNS):
        out[name] = table.spread[column]
    # None, or a record of the first failed assert (absent before that is recorded).
    out["would_abort"] = 0 if result.detail.assertion is None else 1
    return out


def failure(exc: BaseException) -> dict[str, float]:
    return {"would_abort": 0 if getattr(exc, "assertion", None) is None else 1}


METRICS = Metrics(compute, _names, failure=failure)
