"""Accessors of tunnel and bridge tiles, named after the game's
``tunnelbridge_map.h``, ``bridge_map.h`` and ``tunnel_map.h`` (15.2).

A tunnel or bridge end's bytes (``docs/landscape.html``): ``type`` 9
(MP_TUNNELBRIDGE); ``m1`` bits 0..4 the owner, bit 7 docking; ``m5`` bit 7
set for a bridge, bits 2..3 the transport type, bits 0..1 the direction
the end faces (out of the tunnel, onto the bridge); ``m6`` bits 2..5 the
bridge type; for roads ``m7`` bits 0..4 the road's owner, ``m3`` bits 4..7
the tram's owner, ``m4`` bits 0..5 the road type and ``m8`` bits 6..11
the tram type.  A tile under a bridge has the bridge's axis in bits 2..3
of ``type`` (bit 2 + axis).
"""

from __future__ import annotations

from .road_map import (
    INVALID_ROADTYPE,
    TRANSPORT_ROAD,
    get_tunnel_bridge_direction,
    get_tunnel_bridge_transport_type,
)
from .slope_func import (
    FOUNDATION_INCLINED_X,
    FOUNDATION_INCLINED_Y,
    FOUNDATION_NONE,
    SLOPE_NE,
    SLOPE_NW,
    SLOPE_SE,
    SLOPE_SW,
    apply_foundation_to_slope,
    flattening_foundation,
    has_slope_highest_corner,
)
from .tiles import DIAGDIR_DX, DIAGDIR_DY, SLOPE_FLAT, GameMap, TileType

__all__ = ["get_tunnel_bridge_direction", "get_tunnel_bridge_transport_type", "is_bridge",
           "is_tunnel", "is_bridge_tile", "is_tunnel_tile", "get_bridge_type",
           "get_bridge_axis", "set_bridge_middle", "make_road_bridge_ramp", "make_road_tunnel",
           "get_other_tunnel_bridge_end", "get_bridge_height", "get_northern_bridge_end",
           "get_southern_bridge_end", "get_bridge_foundation",
           "is_tunnel_in_way_dir"]


def is_bridge(m: GameMap, t: int) -> bool:
    return bool(int(m.m5[t]) & 0x80)


def is_tunnel(m: GameMap, t: int) -> bool:
    return not is_bridge(m, t)


def is_bridge_tile(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.TUNNELBRIDGE) and is_bridge(m, t)


def is_tunnel_tile(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.TUNNELBRIDGE) and is_tunnel(m, t)


def get_bridge_type(m: GameMap, t: int) -> int:
    return (int(m.m6[t]) >> 2) & 0xF


def get_bridge_axis(m: GameMap, t: int) -> int:
    """``GetBridgeAxis`` of a tile under a bridge: 0 X, 1 Y."""
    return m.get_bridge_bits(t) - 1


def set_bridge_middle(m: GameMap, t: int, axis: int) -> None:
    m.type[t] = int(m.type[t]) | (1 << (2 + axis))


def _make_ramp(m: GameMap, t: int, owner: int, bridge_type: int, d: int, transport: int) -> None:
    """``MakeBridgeRamp``."""
    m.set_tile_type(t, TileType.TUNNELBRIDGE)
    m.set_tile_owner(t, owner)
    m.m1[t] = int(m.m1[t]) & 0x7F                     # SetDockingTile(false)
    m.m2[t] = 0
    m.m3[t] = 0
    m.m4[t] = 0
    m.m5[t] = 0x80 | (transport << 2) | d
    m.m6[t] = (int(m.m6[t]) & 0x03) | (bridge_type << 2)   # bits 6..7 zeroed too
    m.m7[t] = 0
    m.m8[t] = 0


def _set_road(m: GameMap, t: int, owner: int, road_rt: int) -> None:
    """SetRoadOwner(RTT_ROAD) on a non-normal road tile (m7), the tram's
    owner left alone when it is the town, SetRoadTypes(road_rt, none)."""
    m.m7[t] = (int(m.m7[t]) & 0xE0) | owner
    if owner != 0x0F:
        tram_owner = 0x0F if owner == 0x10 else owner
        m.m3[t] = (int(m.m3[t]) & 0x0F) | ((tram_owner & 0xF) << 4)
    m.m4[t] = (int(m.m4[t]) & 0xC0) | road_rt
    m.m8[t] = (int(m.m8[t]) & ~(0x3F << 6)) | (INVALID_ROADTYPE << 6)


def make_road_bridge_ramp(m: GameMap, t: int, owner: int, bridge_type: int, d: int,
                          road_rt: int) -> None:
    """``MakeRoadBridgeRamp(t, o, o, o, type, d, road_rt, INVALID_ROADTYPE)``."""
    _make_ramp(m, t, owner, bridge_type, d, TRANSPORT_ROAD)
    _set_road(m, t, owner, road_rt)


def make_road_tunnel(m: GameMap, t: int, owner: int, d: int, road_rt: int) -> None:
    """``MakeRoadTunnel(t, o, d, road_rt, INVALID_ROADTYPE)``."""
    m.set_tile_type(t, TileType.TUNNELBRIDGE)
    m.set_tile_owner(t, owner)
    m.m2[t] = 0
    m.m3[t] = 0
    m.m4[t] = 0
    m.m5[t] = (TRANSPORT_ROAD << 2) | d
    m.m6[t] = int(m.m6[t]) & 0x03
    m.m7[t] = 0
    m.m8[t] = 0
    _set_road(m, t, owner, road_rt)


def get_other_tunnel_bridge_end(m: GameMap, t: int) -> int:
    """``GetOtherTunnelBridgeEnd``: for a bridge the first bridge end
    facing back along the axis; for a tunnel the first tunnel end facing
    back at the same height."""
    d = get_tunnel_bridge_direction(m, t)
    delta = m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
    back = d ^ 2
    if is_bridge(m, t):
        cur = t + delta
        while not (is_bridge_tile(m, cur) and get_tunnel_bridge_direction(m, cur) == back):
            cur += delta
        return cur
    z = m.get_tile_z(t)
    cur = t + delta
    while not (is_tunnel_tile(m, cur) and get_tunnel_bridge_direction(m, cur) == back
               and m.get_tile_z(cur) == z):
        cur += delta
    return cur


def get_bridge_end(m: GameMap, t: int, d: int) -> int:
    """``GetBridgeEnd(t, dir)``: walk from ``t`` along ``d`` to the bridge
    end facing back."""
    delta = m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
    back = d ^ 2
    while True:
        t += delta
        if is_bridge_tile(m, t) and get_tunnel_bridge_direction(m, t) == back:
            return t


def get_northern_bridge_end(m: GameMap, t: int) -> int:
    """``GetNorthernBridgeEnd`` of a tile under a bridge."""
    return get_bridge_end(m, t, 0 if get_bridge_axis(m, t) == 0 else 3)   # NE or NW


def get_southern_bridge_end(m: GameMap, t: int) -> int:
    return get_bridge_end(m, t, 2 if get_bridge_axis(m, t) == 0 else 1)   # SW or SE


def get_bridge_height(m: GameMap, t: int) -> int:
    """``GetBridgeHeight`` of a bridge end: its height plus one, plus one
    more when its ramp is flat (the foundation's slope is not)."""
    tileh, h = m.get_tile_slope_z(t)
    f = get_bridge_foundation(tileh, get_tunnel_bridge_direction(m, t) & 1)
    dz, _ = apply_foundation_to_slope(f, tileh)
    return h + 1 + dz


def get_bridge_foundation(tileh: int, axis: int) -> int:
    """``GetBridgeFoundation``."""
    if (tileh == SLOPE_FLAT or (tileh in (SLOPE_NE, SLOPE_SW) and axis == 0)
            or (tileh in (SLOPE_NW, SLOPE_SE) and axis == 1)):
        return FOUNDATION_NONE
    if has_slope_highest_corner(tileh):
        return FOUNDATION_INCLINED_X if axis == 0 else FOUNDATION_INCLINED_Y
    return flattening_foundation(tileh)


def is_tunnel_in_way_dir(m: GameMap, tile: int, z: int, d: int) -> bool:
    """``IsTunnelInWayDir``: walking back against ``d`` while the land is
    higher than ``z``, is there a tunnel end at ``z`` facing ``d``?"""
    delta = m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
    while True:
        tile -= delta
        if not (0 <= tile < m.size) or m.is_tile_type(tile, TileType.VOID):
            return False
        height = m.get_tile_z(tile)
        if z >= height:
            break
    return z == height and is_tunnel_tile(m, tile) and get_tunnel_bridge_direction(m, tile) == d
