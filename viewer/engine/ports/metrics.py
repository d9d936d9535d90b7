"""Port placement metrics for sweeps.

``ports_placed``       ports placed (at most the number asked for)
``ports_short``        ports asked for that found no place
``candidates``         candidate cells (one per grid square at most)
``mean_route_length``  mean length of the ports' routes to open sea, in
                       cells (NaN when no port was placed)
``<class>``            ports of each size class: ``hamlet``, ``village``,
                       ``town``, ``city``, ``metropolis``
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..metrics import Metrics
from .classes import CLASS_NAMES

NAMES = ("ports_placed", "ports_short", "candidates", "mean_route_length", *CLASS_NAMES)


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES


def compute(result: Any) -> dict[str, float]:
    ports = result.detail.ports
    routes = [p["route_length"] for p in ports]
    out = {
        "ports_placed": len(ports),
        "ports_short": int(result.detail.short),
        "candidates": int(result.detail.candidates),
        "mean_route_length": sum(routes) / len(routes) if routes else math.nan,
    }
    for name in CLASS_NAMES:
        out[name] = sum(p["class"] == name for p in ports)
    return out


METRICS = Metrics(compute, _names)
