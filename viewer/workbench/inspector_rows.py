"""What the inspector shows for a cell: the step, then the rows the
generator declares (the engine's generic rows when it declares none)."""

from __future__ import annotations

from .. import registry
from ..engine.inspect import Rows, inside, rows
from ..engine.protocol import MapState


def rows_at(state: MapState, x: int, y: int) -> Rows | None:
    """What the inspector shows for cell ``(x, y)`` of ``state``: the step,
    then the generator's own rows (the generic ones when it declares none);
    None outside the map."""
    if not inside(state, x, y):
        return None
    fn = registry.declaration(state.result.generator).load("inspect") or rows
    out = list(fn(state, x, y))
    trace = state.result.trace
    if trace is not None and state.step is not None:
        out.insert(0, ("step", f"{state.step} ({trace.phase_at(state.step)})"))
    return out
