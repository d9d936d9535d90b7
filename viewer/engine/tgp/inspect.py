"""What the inspector shows for a TerraGenesis tile: the height of its north
corner in fixed point (16 = one level) and in levels, the raw noise there,
the tile height, the tile class and what the step changed; for an OpenTTD
15.2 map also whether the tile is rocky and its four corner heights (the
game's N, W, E, S: this tile's height and its neighbours' at x+1, y+1 and
both) with the step that set each (the tile transfer, or FixSlopes); and for
a finished 15.2 map (climate, rivers, tile loops) the tropic zone, the
ground and its density (snow included), the water class (sea or river:
lakes are river water) and the river that made the tile water."""

from __future__ import annotations

from ..inspect import NOT_MEANINGFUL, Rows
from ..protocol import MapState
from .options import LANDSCAPES
from .units import HEIGHT_UNIT, INVALID_HEIGHT, TILE_CLASS_NAMES

CLASS_NAMES = TILE_CLASS_NAMES + ("river", "trees") + (
    "road", "house", "tunnel or bridge", "industry", "object", "railway or station",
    "lock or depot")
"""Tile classes 0..5 of a finished 15.2 map (4: river or lake water), and
from 6 those of a map past GenerateLandscape (``game.map_layers.CLASS_NAMES``)."""
ZONE_NAMES = ("normal", "desert", "rainforest")
CLEAR_GROUNDS = {0: "grass", 1: "rough", 2: "rocks", 3: "fields", 5: "desert"}
TREE_GROUNDS = {0: "grass", 1: "rough", 2: "snow or desert", 3: "shore", 4: "rough with snow"}
SEA_CLASSES = (1, 2)     # sea and shore tiles: water class Sea
RIVER_CLASS = 4


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
        name = CLASS_NAMES[c] if 0 <= c < len(CLASS_NAMES) else "?"
        out.append(("class", f"{name} ({c})"))
    else:
        out.append(("class", NOT_MEANINGFUL))
    if ok("change"):
        out.append(("change (fixed point)", str(int(layers["change"][y, x]))))
    if state.result.detail.version == "15.2":
        out += _modern_rows(state, x, y)
        out += finished_rows(state, x, y)
        out += town_tile_rows(state, x, y)
        out += first_frame_rows(state, x, y)
    return out


def first_frame_rows(state: MapState, x: int, y: int) -> Rows:
    """A map past GenerateIndustries: the tile's industry (type, town),
    object (lighthouse, transmitter) or trees (kind, count)."""
    layers = state.layers
    if not all(n in layers for n in ("tile_type", "m2", "m3", "m5")):
        return []
    from .openttd15.overview import first_frame_tile_rows

    return first_frame_tile_rows(int(layers["tile_type"][y, x]), int(layers["m2"][y, x]),
                                 int(layers["m3"][y, x]), int(layers["m5"][y, x]),
                                 getattr(state.result.detail, "world", None))


def town_tile_rows(state: MapState, x: int, y: int) -> Rows:
    """A map with towns: the tile's town, house and construction stage, or
    road bits (:mod:`.openttd15.towns.overview`)."""
    from .openttd15.towns.overview import game_map_of_layers, tile_rows

    m = game_map_of_layers(state.layers)
    if m is None:
        return []
    landscape = state.result.params.get("landscape", "temperate")
    return tile_rows(m, getattr(state.result.detail, "towns", None) or (), x, y,
                     LANDSCAPES.index(landscape) if landscape in LANDSCAPES else None)


def ground_text(code: int) -> str:
    """A ground code of the ``ground`` layer (the tgp-rivers encoding) in words."""
    if code == 0xFF:
        return "none (not clear land or trees)"
    if code & 0x40 and not code & 0x80:
        return f"trees on {TREE_GROUNDS.get(code & 0x3F, '?')} ({code:#04x})"
    base = CLEAR_GROUNDS.get(code & 0x7F, "?")
    return f"{base}{', snow' if code & 0x80 else ''} ({code:#04x})"


def _river_text(state: MapState, rid: int) -> str:
    if rid == 0:
        return "none"
    for a in getattr(state.result.detail, "river_attempts", None) or ():
        if a.made and a.river == rid:
            end = f", ends in {'the sea' if a.end == 'sea' else 'a ' + a.end}" if a.end else ""
            return f"{rid} (well {a.index + 1}{end})"
    return str(rid)


def finished_rows(state: MapState, x: int, y: int) -> Rows:
    """The rows of a finished 15.2 map's own layers (none before they exist)."""
    layers, ok = state.layers, state.ok
    out: Rows = []
    if "tropic" in layers:
        z = int(layers["tropic"][y, x])
        out.append(("zone", (ZONE_NAMES[z] if z < len(ZONE_NAMES) else f"? ({z})")
                    if ok("tropic") else NOT_MEANINGFUL))
    if "ground" in layers:
        out.append(("ground", ground_text(int(layers["ground"][y, x]))
                    if ok("ground") else NOT_MEANINGFUL))
    if "density" in layers:
        if not ok("density"):
            out.append(("density", NOT_MEANINGFUL))
        else:
            d = str(int(layers["density"][y, x]))
            if "snow" in layers and ok("snow") and int(layers["snow"][y, x]):
                d += f" (snow density {int(layers['snow'][y, x]) - 1})"
            out.append(("density", d))
    if "tile_class" in layers and ok("tile_class") and (
            "river_id" in layers or "tropic" in layers):
        c = int(layers["tile_class"][y, x])
        water = "sea" if c in SEA_CLASSES else "river (a river or lake)" \
            if c == RIVER_CLASS else "- (not water)"
        out.append(("water class", water))
    if "river_id" in layers:
        out.append(("river id", _river_text(state, int(layers["river_id"][y, x]))
                    if ok("river_id") else NOT_MEANINGFUL))
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
