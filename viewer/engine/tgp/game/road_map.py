"""Accessors of road tiles, named after the game's ``road_map.h`` and
``road_func.h`` (15.2), and the road bits of any tile (``GetAnyRoadBits``).

A normal road tile's bytes (``docs/landscape.html``): ``type`` 2 (MP_ROAD)
in bits 4..7; ``m1`` bits 0..4 the road's owner; ``m2`` the town index;
``m3`` bits 0..3 the tram bits, bits 4..7 the tram owner (OWNER_TOWN stands
for none); ``m4`` bits 0..5 the road type; ``m5`` bits 6..7 the road tile
type (0 normal), bits 4..5 the disallowed directions, bits 0..3 the road
bits; ``m6`` bits 3..5 the roadside; ``m7`` bits 0..3 road works; ``m8``
bits 6..11 the tram type (63: none).
"""

from __future__ import annotations

from .tiles import GameMap, TileType

# RoadBits
ROAD_NONE = 0
ROAD_NW, ROAD_SW, ROAD_SE, ROAD_NE = 1, 2, 4, 8
ROAD_X = ROAD_SW | ROAD_NE
ROAD_Y = ROAD_NW | ROAD_SE
ROAD_N = ROAD_NE | ROAD_NW
ROAD_E = ROAD_NE | ROAD_SE
ROAD_S = ROAD_SE | ROAD_SW
ROAD_W = ROAD_NW | ROAD_SW
ROAD_ALL = 15

# RoadTileType (m5 bits 6..7)
ROAD_TILE_NORMAL, ROAD_TILE_CROSSING, ROAD_TILE_DEPOT = 0, 1, 2

ROADTYPE_ROAD = 0
INVALID_ROADTYPE = 63

# TransportType (tunnel/bridge m5 bits 2..3)
TRANSPORT_RAIL, TRANSPORT_ROAD, TRANSPORT_WATER = 0, 1, 2


def diagdir_to_road_bits(d: int) -> int:
    """``DiagDirToRoadBits``: NE 8, SE 4, SW 2, NW 1."""
    return ROAD_NW << (3 ^ d)


def axis_to_road_bits(axis: int) -> int:
    """``AxisToRoadBits``: X -> ROAD_X, Y -> ROAD_Y."""
    return ROAD_X if axis == 0 else ROAD_Y


def mirror_road_bits(r: int) -> int:
    """``MirrorRoadBits``: NW <-> SE, SW <-> NE."""
    return ((r & 3) << 2) | ((r >> 2) & 3)


def is_straight_road(r: int) -> bool:
    """``IsStraightRoad``: only X or only Y bits."""
    return (r & ROAD_X) == 0 or (r & ROAD_Y) == 0


def get_road_tile_type(m: GameMap, t: int) -> int:
    return int(m.m5[t]) >> 6


def is_normal_road(m: GameMap, t: int) -> bool:
    return get_road_tile_type(m, t) == ROAD_TILE_NORMAL


def is_normal_road_tile(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.ROAD) and is_normal_road(m, t)


def is_road_depot(m: GameMap, t: int) -> bool:
    return get_road_tile_type(m, t) == ROAD_TILE_DEPOT


def get_road_bits(m: GameMap, t: int) -> int:
    """``GetRoadBits(t, RTT_ROAD)`` of a normal road tile."""
    return int(m.m5[t]) & 0xF


def get_tram_bits(m: GameMap, t: int) -> int:
    return int(m.m3[t]) & 0xF


def set_road_bits(m: GameMap, t: int, bits: int) -> None:
    m.m5[t] = (int(m.m5[t]) & 0xF0) | bits


def get_disallowed_road_directions(m: GameMap, t: int) -> int:
    return (int(m.m5[t]) >> 4) & 3


def get_road_type_road(m: GameMap, t: int) -> int:
    return int(m.m4[t]) & 0x3F


def get_road_type_tram(m: GameMap, t: int) -> int:
    return (int(m.m8[t]) >> 6) & 0x3F


def get_road_owner(m: GameMap, t: int) -> int:
    """``GetRoadOwner(t, RTT_ROAD)``: m1 on a normal road, m7 otherwise."""
    return (int(m.m1[t]) if is_normal_road_tile(m, t) else int(m.m7[t])) & 0x1F


def is_road_owner(m: GameMap, t: int, owner: int) -> bool:
    return get_road_owner(m, t) == owner


def may_have_road(m: GameMap, t: int) -> bool:
    """``MayHaveRoad`` for the tile types present at world generation."""
    tt = m.get_tile_type(t)
    if tt == TileType.ROAD:
        return True
    if tt == TileType.TUNNELBRIDGE:
        return get_tunnel_bridge_transport_type(m, t) == TRANSPORT_ROAD
    return False


def has_tile_road_type(m: GameMap, t: int) -> bool:
    """``HasTileRoadType(t, RTT_ROAD)``."""
    return get_road_type_road(m, t) != INVALID_ROADTYPE


def has_town_owned_road(m: GameMap, t: int) -> bool:
    """``HasTownOwnedRoad``: a road tile with a road owned by a town."""
    return (m.is_tile_type(t, TileType.ROAD) and has_tile_road_type(m, t)
            and is_road_owner(m, t, 0x0F))


def get_tunnel_bridge_transport_type(m: GameMap, t: int) -> int:
    return (int(m.m5[t]) >> 2) & 3


def get_tunnel_bridge_direction(m: GameMap, t: int) -> int:
    return int(m.m5[t]) & 3


def get_any_road_bits(m: GameMap, t: int, straight_tunnel_bridge_entrance: bool = False) -> int:
    """``GetAnyRoadBits(t, RTT_ROAD, straight)`` for roads and road
    tunnels/bridges (no stations at world generation)."""
    if not may_have_road(m, t) or not has_tile_road_type(m, t):
        return ROAD_NONE
    if m.is_tile_type(t, TileType.ROAD):
        rtt = get_road_tile_type(m, t)
        if rtt == ROAD_TILE_CROSSING:
            return axis_to_road_bits(int(m.m5[t]) & 1)   # GetCrossingRoadBits
        if rtt == ROAD_TILE_DEPOT:
            return diagdir_to_road_bits(int(m.m5[t]) & 3)
        return get_road_bits(m, t)
    d = get_tunnel_bridge_direction(m, t)
    if straight_tunnel_bridge_entrance:
        return axis_to_road_bits(d & 1)
    return diagdir_to_road_bits(d ^ 2)


def get_town_road_bits(m: GameMap, t: int) -> int:
    """``GetTownRoadBits``: the road bits, a tunnel/bridge entrance counting
    as a straight road, a depot as none (no bay stops at world generation).
    Read straight from the bytes: the towns' hottest question."""
    tt = int(m.type[t]) >> 4
    if tt == TileType.ROAD:
        m5 = int(m.m5[t])
        rtt = m5 >> 6
        if rtt == ROAD_TILE_DEPOT or int(m.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return ROAD_NONE
        if rtt == ROAD_TILE_CROSSING:
            return axis_to_road_bits(m5 & 1)
        return m5 & 0xF
    if tt == TileType.TUNNELBRIDGE:
        m5 = int(m.m5[t])
        if (m5 >> 2) & 3 != TRANSPORT_ROAD or int(m.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return ROAD_NONE
        return ROAD_Y if m5 & 1 else ROAD_X
    return ROAD_NONE


def make_road_normal(m: GameMap, t: int, bits: int, road_rt: int, town: int, owner: int) -> None:
    """``MakeRoadNormal(t, bits, road_rt, INVALID_ROADTYPE, town, owner,
    owner)``: a road (no tram) of ``owner``; ``type``'s low bits kept."""
    m.set_tile_type(t, TileType.ROAD)
    m.set_tile_owner(t, owner)
    m.m2[t] = town
    m.m3[t] = 0
    m.m5[t] = bits | (ROAD_TILE_NORMAL << 6)
    m.m6[t] = int(m.m6[t]) & 0x03
    m.m7[t] = 0
    m.m8[t] = 0
    m.m4[t] = (int(m.m4[t]) & 0xC0) | road_rt                       # SetRoadTypeRoad
    m.m8[t] = (int(m.m8[t]) & ~(0x3F << 6)) | (INVALID_ROADTYPE << 6)  # SetRoadTypeTram
    # SetRoadOwner(t, RTT_TRAM, owner): OWNER_NONE is kept as OWNER_TOWN
    tram_owner = 0x0F if owner == 0x10 else owner
    m.m3[t] = (int(m.m3[t]) & 0x0F) | ((tram_owner & 0xF) << 4)
