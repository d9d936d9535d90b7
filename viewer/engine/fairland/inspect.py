"""What the inspector shows for a fairland sector: its coordinates, absolute
and relative to the deity's origin as the xdump prints them, then every
value fairland keeps for it at the step."""

from __future__ import annotations

from ..inspect import Rows, layer_rows, relative
from ..protocol import MapState


def rows(state: MapState, x: int, y: int) -> Rows:
    g = state.result.grid
    return ([("sector", f"{x},{y}"),
             ("relative (xdump)", f"{relative(x, g.width)},{relative(y, g.height)}")]
            + layer_rows(state, x, y))
