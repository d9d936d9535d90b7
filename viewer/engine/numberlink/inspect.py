"""What the inspector shows for a Number Link square: its end label, the
path through it, that path's length, whether it is boring and what the
step's debug layers say about it."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..inspect import NOT_MEANINGFUL, Rows
from ..protocol import MapState


def numberlink_rows(x: int, y: int, layers: Mapping[str, np.ndarray],
                    meaningful: frozenset[str] | None, labels: tuple[str, ...] | None,
                    solved: bool = True) -> list[tuple[str, str]]:
    """``(name, text)`` rows for square ``(x, y)``: its end label, the path
    through it, that path's length, whether it is boring and what the step's
    debug layers say about it."""
    def ok(name: str) -> bool:
        return name in layers and (meaningful is None or name in meaningful)

    def text(k: int) -> str:
        return labels[k - 1] if labels is not None and 0 < k <= len(labels) else str(k)

    rows = [("cell", f"{x},{y}")]
    end = int(layers["puzzle"][y, x]) if ok("puzzle") else 0
    rows.append(("end", text(end) if end else "-"))
    if not ok("paths"):
        rows.append(("path", NOT_MEANINGFUL))
    else:
        k = int(layers["paths"][y, x])
        rows.append(("path", text(k) if k else ("not solved yet" if not solved else "none")))
        if k and ok("length"):
            rows.append(("path length", f"{int(layers['length'][y, x])} squares"))
        if k and ok("boring"):
            rows.append(("boring", "yes: straight along an edge"
                         if int(layers["boring"][y, x]) else "no"))
    if ok("attempt"):
        a = int(layers["attempt"][y, x])
        if a:
            rows.append(("attempt", "the end being extended" if a == 1 else "the square tried"))
    if ok("pushed") and int(layers["pushed"][y, x]):
        rows.append(("pushed", f"old route of path {int(layers['pushed'][y, x])}"))
    if ok("rebuild_region") and int(layers["rebuild_region"][y, x]):
        rows.append(("rebuild region", f"of path {int(layers['rebuild_region'][y, x])}"))
    return rows


def rows(state: MapState, x: int, y: int) -> Rows:
    r = state.result
    puzzle = r.detail.puzzle
    final = state.final
    labels_at = getattr(r.trace, "labels_at", None)      # a solve step by step
    out = numberlink_rows(x, y, dict(state.layers), state.meaningful,
                          puzzle.labels if (final or labels_at) and puzzle is not None
                          else None,
                          solved=r.detail.solution is not None or not final)
    if labels_at is not None and state.step is not None:
        left = labels_at(state.step, x, y)
        out.append(("labels left", ", ".join(left) if len(left) <= 12
                    else f"{len(left)} labels"))
    return out
