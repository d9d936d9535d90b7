"""What a map's towns are for a person looking at it: which tiles are
houses, town roads, bridges and tunnels (as the game's small map tells
them apart), the towns as a table (name, population, houses, city, centre),
and a tile's town, house and construction stage or road bits for the
inspector.  Towns are the World's :class:`~.town.Town` records or the
reference manifest's dicts (the same fields).  No Qt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from viewer.engine.tgp.game import TileType
from viewer.engine.tgp.game.road_map import (
    ROAD_NE,
    ROAD_NW,
    ROAD_SE,
    ROAD_SW,
    ROAD_TILE_CROSSING,
    ROAD_TILE_DEPOT,
    TRANSPORT_ROAD,
    get_road_bits,
    get_road_owner,
    get_road_tile_type,
    get_tunnel_bridge_direction,
    get_tunnel_bridge_transport_type,
)
from viewer.engine.tgp.game.tiles import BYTES, OWNER_NONE, OWNER_TOWN, GameMap
from viewer.engine.tgp.game.town_map import (
    TOWN_HOUSE_COMPLETED,
    get_house_building_stage,
    get_house_construction_tick,
    get_house_type,
    get_town_index,
    is_house_completed,
)

# What town_tile_kinds says of a tile
KIND_NONE, KIND_HOUSE, KIND_ROAD, KIND_BRIDGE, KIND_TUNNEL = range(5)
KIND_NAMES = ("none", "house", "road", "road bridge", "road tunnel")

DIAGDIR_NAMES = ("NE", "SE", "SW", "NW")
ROAD_BIT_NAMES = ((ROAD_NE, "NE"), (ROAD_SE, "SE"), (ROAD_SW, "SW"), (ROAD_NW, "NW"))


def town_kinds(tile_type: np.ndarray, m5: np.ndarray) -> np.ndarray:
    """Per tile (any shape, from the ``type`` and ``m5`` bytes): a house, a
    road, a road bridge's or tunnel's end (the small map shows a tunnel or
    bridge end as what it carries; the tiles under a bridge and a tunnel's
    are what they are), or none (KIND_*)."""
    kind = np.asarray(tile_type) >> 4
    m5 = np.asarray(m5)
    out = np.zeros(kind.shape, np.uint8)
    out[kind == TileType.HOUSE] = KIND_HOUSE
    out[kind == TileType.ROAD] = KIND_ROAD
    road_tb = (kind == TileType.TUNNELBRIDGE) & (((m5 >> 2) & 3) == TRANSPORT_ROAD)
    bridge = ((m5 >> 7) & 1) == 1                    # IsBridge: bit 7 of m5
    out[road_tb & bridge] = KIND_BRIDGE
    out[road_tb & ~bridge] = KIND_TUNNEL
    return out


def town_tile_kinds(m: GameMap) -> np.ndarray:
    """:func:`town_kinds` of a map, ``(size_y, size_x)``."""
    return town_kinds(m.grid("type"), m.grid("m5"))


BYTE_LAYERS = {b: ("tile_type" if b == "type" else "tile_height" if b == "height" else b)
               for b in BYTES}
"""The layer of a map's Result holding each tile byte (the reference's and
``--npz``'s names)."""


def game_map_of_layers(layers: Mapping[str, np.ndarray]) -> GameMap | None:
    """The GameMap a Result's tile-byte layers make (views, no copies), or
    None when it has none."""
    if any(name not in layers for name in BYTE_LAYERS.values()):
        return None
    sy, sx = np.asarray(layers["tile_type"]).shape
    return GameMap(sx, sy, **{b: np.asarray(layers[name]).reshape(-1)
                              for b, name in BYTE_LAYERS.items()})


def _field(town: Any, name: str) -> Any:
    return town[name] if isinstance(town, dict) else getattr(town, name)


@dataclass(frozen=True)
class TownRow:
    """One town as the Towns table shows it."""

    index: int
    name: str
    population: int
    houses: int
    city: bool
    x: int
    y: int


def town_rows(towns: Sequence[Any], size_x: int) -> list[TownRow]:
    """The towns in pool order (the game's town directory sorts them by
    name on demand; the window's table sorts too)."""
    sx = size_x
    out = []
    for t in towns:
        if t is None:
            continue
        xy = int(_field(t, "xy"))
        out.append(TownRow(int(_field(t, "index")), str(_field(t, "name")),
                           int(_field(t, "population")), int(_field(t, "num_houses")),
                           bool(_field(t, "larger_town")), xy % sx, xy // sx))
    return out


def town_named(towns: Sequence[Any], index: int) -> str:
    for t in towns:
        if t is not None and int(_field(t, "index")) == index:
            return f"{_field(t, 'name')} ({index})"
    return f"town {index} (not in the pool)"


def road_bits_text(bits: int) -> str:
    names = [n for b, n in ROAD_BIT_NAMES if bits & b]
    return (" ".join(names) or "none") + f" ({bits:#x})"


def owner_text(owner: int) -> str:
    if owner == OWNER_TOWN:
        return "a town"
    if owner == OWNER_NONE:
        return "none"
    return f"company {owner}"


def house_text(house: int, landscape: int | None) -> str:
    """A house type by its name (in ``landscape``'s house table) and id."""
    from .house_specs import house_specs

    specs = house_specs(landscape) if landscape is not None else ()
    return f"{specs[house].name} ({house})" if house < len(specs) else str(house)


def tile_rows(m: GameMap, towns: Sequence[Any], x: int, y: int,
              landscape: int | None = None) -> list[tuple[str, str]]:
    """The inspector's rows of tile (x, y) of a map with towns: its town,
    and a house's type (named by the house table of ``landscape``, 0
    temperate .. 3 toyland) and construction stage, or a road's bits and
    owner, or a road bridge's or tunnel's direction; nothing for other
    tiles."""
    t = m.tile_xy(x, y)
    tt = m.get_tile_type(t)
    if tt == TileType.HOUSE:
        stage = get_house_building_stage(m, t)
        if is_house_completed(m, t):
            stage_text = "completed"
        else:
            stage_text = (f"{stage} of {TOWN_HOUSE_COMPLETED} (counter "
                          f"{get_house_construction_tick(m, t)})")
        return [("town", town_named(towns, get_town_index(m, t))),
                ("house type", house_text(get_house_type(m, t), landscape)),
                ("construction stage", stage_text)]
    if tt == TileType.ROAD:
        rtt = get_road_tile_type(m, t)
        what = {ROAD_TILE_CROSSING: "level crossing", ROAD_TILE_DEPOT: "road depot"}.get(
            rtt, "road")
        owner = get_road_owner(m, t)
        rows = [("road", what), ("road bits", road_bits_text(get_road_bits(m, t))),
                ("road owner", owner_text(owner))]
        if owner == OWNER_TOWN:
            rows.insert(0, ("town", town_named(towns, get_town_index(m, t))))
        return rows
    if tt == TileType.TUNNELBRIDGE and get_tunnel_bridge_transport_type(m, t) == TRANSPORT_ROAD:
        what = "road bridge end" if int(m.m5[t]) & 0x80 else "road tunnel entrance"
        return [("road", what),
                ("direction", DIAGDIR_NAMES[get_tunnel_bridge_direction(m, t)]),
                ("road owner", owner_text(m.get_tile_owner(t)))]
    return []
