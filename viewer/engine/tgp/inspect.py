"""What the inspector shows for a TerraGenesis tile: the height of its north
corner in fixed point (16 = one level) and in levels, the raw noise there,
the tile height, the tile class and what the step changed."""

from __future__ import annotations

from ..inspect import NOT_MEANINGFUL, Rows
from ..protocol import MapState
from .units import HEIGHT_UNIT, INVALID_HEIGHT, TILE_CLASS_NAMES


def _fixed(v: int) -> tuple[str, str]:
    if v == INVALID_HEIGHT:
        return f"{v} (not generated yet)", "-"
    return f"{v}", f"{v / HEIGHT_UNIT:g}"


def rows(state: MapState, x: int, y: int) -> Rows:
    layers, ok = state.layers, state.ok
    out = [("tile", f"{x},{y}")]
    if ok("heightmap"):
        fixed, levels = _fixed(int(layers["heightmap"][y, x]))
        out += [("corner (fixed point)", fixed), ("corner (levels)", levels)]
    else:
        out += [("corner (fixed point)", NOT_MEANINGFUL), ("corner (levels)", NOT_MEANINGFUL)]
    if ok("noise"):
        out.append(("noise (fixed point)", _fixed(int(layers["noise"][y, x]))[0]))
    out.append(("tile height", str(int(layers["tile_height"][y, x]))
                if ok("tile_height") else NOT_MEANINGFUL))
    if ok("tile_class"):
        c = int(layers["tile_class"][y, x])
        name = TILE_CLASS_NAMES[c] if 0 <= c < len(TILE_CLASS_NAMES) else "?"
        out.append(("class", f"{name} ({c})"))
    else:
        out.append(("class", NOT_MEANINGFUL))
    if ok("change"):
        out.append(("change (fixed point)", str(int(layers["change"][y, x]))))
    return out
