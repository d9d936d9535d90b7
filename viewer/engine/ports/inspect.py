"""What the inspector shows for a cell of a port placement: its corners'
heights, its class, lake, latitude, grid square, desirability, whether it is
a candidate, and the port or route on it."""

from __future__ import annotations

from ..inspect import NOT_MEANINGFUL, Rows
from ..protocol import MapState

CELL_CLASS_WORDS = ("land", "coast", "sea", "lake", "coast by a lake (no port)")


def rows(state: MapState, x: int, y: int) -> Rows:
    r = state.result
    layers = state.layers
    pl = r.detail.placement
    ok = state.ok

    unit = float(r.detail.height_unit)
    sea = float(r.detail.sea_level)
    c = r.detail.corners
    rows = [("cell", f"column {x}, row {y}")]
    corners = [c[y, x], c[y, x + 1], c[y + 1, x], c[y + 1, x + 1]]
    rows.append(("corners NW NE SW SE", " ".join(f"{float(v):g}" for v in corners)))
    rows.append(("above sea level (levels)",
                 " ".join(f"{(float(v) - sea) / unit:+.2f}" for v in corners)))
    rows.append(("sea level", f"{sea:g} ({unit:g} to a level)"))
    if ok("cell_class"):
        k = int(layers["cell_class"][y, x])
        rows.append(("class", CELL_CLASS_WORDS[k] if 0 <= k < len(CELL_CLASS_WORDS)
                     else str(k)))
    else:
        rows.append(("class", NOT_MEANINGFUL))
    if ok("lakes"):
        lake = int(layers["lakes"][y, x])
        if lake >= 0:
            comp = int(pl.lake_ids[lake])
            rows.append(("lake", f"{lake + 1} of {pl.lake_ids.size} "
                         f"({int(pl.sizes[comp])} corners)"))
    rows.append(("latitude", f"{float(r.layers['latitude'][y, x]):.2f}°"))
    g = int(r.params["grid"])
    rows.append(("grid square", f"{int(r.layers['grid_square'][y, x])} "
                 f"(cells {x // g * g}..{min(x // g * g + g, r.grid.width) - 1}, "
                 f"{y // g * g}..{min(y // g * g + g, r.grid.height) - 1})"))
    if ok("desirability"):
        d = int(layers["desirability"][y, x])
        rows.append(("desirability", f"{d} land cells within {r.params['radius']:g}"
                     if d >= 0 else "- (no port may be here)"))
        cand = int(layers["candidates"][y, x]) if ok("candidates") else -1
        if cand >= 0:
            text = "yes: the most desirable coast cell of its square"
            if ok("weight"):
                text += f", weight {float(layers['weight'][y, x]):.3f}"
            rows.append(("candidate", text))
        else:
            rows.append(("candidate", "no"))
    else:
        rows.append(("desirability", NOT_MEANINGFUL))
    if ok("ports"):
        i = int(layers["ports"][y, x])
        if i >= 0:
            rec = r.detail.ports[i]
            rows += [("port", f"{rec['id']}: {rec['class']}"),
                     ("population", f"{rec['population']:,}"),
                     ("buildings", str(rec.get("buildings", 0))),
                     ("ship corner", f"{rec['ship_corner'][0]}, {rec['ship_corner'][1]}"),
                     ("route", f"{rec['route_length']} edges to open sea")]
        else:
            rows.append(("port", "none"))
    if ok("route"):
        i = int(layers["route"][y, x])
        if i >= 0:
            rows.append(("on the route of", f"port {i + 1}"))
    return rows
