"""What the inspector shows for a TerraGenesis tile: the height of its north
corner in fixed point (16 = one level) and in levels, the raw noise there,
the tile height, the tile class and what the step changed; for an OpenTTD
15.2 map also whether the tile is rocky and its four corner heights (the
game's N, W, E, S: this tile's height and its neighbours' at x+1, y+1 and
both) with the step that set each (the tile transfer, or FixSlopes)."""

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
    if state.result.detail.version == "15.2":
        out += _modern_rows(state, x, y)
    return out


def _modern_rows(state: MapState, x: int, y: int) -> Rows:
    layers, ok = state.layers, state.ok
    out: Rows = []
    if "rocks" in layers:
        out.append(("rocks", ("yes" if layers["rocks"][y, x] else "no")
                    if ok("rocks") else NOT_MEANINGFUL))
    if not ok("tile_height"):
        return out + [("corners N W E S", NOT_MEANINGFUL)]
    th = layers["tile_height"]
    detail = state.result.detail
    hm, top = detail.heightmap_corners, detail.tgp_max_height
    sy, sx = th.shape
    x2, y2 = min(x + 1, sx - 1), min(y + 1, sy - 1)
    for name, cx, cy in (("N", x, y), ("W", x2, y), ("E", x, y2), ("S", x2, y2)):
        h = int(th[cy, cx])
        # what the tile transfer gave it: its north corner in levels, clamped
        before = h if hm is None or top is None else min(max(int(hm[cy, cx]) >> 4, 0), top)
        if before != h:
            how = f"FixSlopes, from {before}"
        else:
            how = "tile transfer"
        out.append((f"corner {name} (tile {cx},{cy})", f"{h} ({how})"))
    return out
