"""Town bridges and tunnels (``tunnelbridge_cmd.cpp`` CmdBuildBridge and
CmdBuildTunnel as a town calls them: OWNER_TOWN, the town road type, the
flags of the commands' traits), the original bridge specs
(``table/bridge_land.h``) and the tunnel helpers of ``tunnel_map.cpp``.

Nothing here draws Random() (GrowTownWithBridge draws the bridge type).
"""

from __future__ import annotations

from typing import NamedTuple

from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.tiles import (
    DIAGDIR_DX,
    DIAGDIR_DY,
    OWNER_TOWN,
    SLOPE_FLAT,
    GameMap,
    TileType,
)
from viewer.engine.tgp.game.tunnelbridge_map import (
    get_bridge_axis,
    get_bridge_height,
    get_northern_bridge_end,
    get_other_tunnel_bridge_end,
    get_tunnel_bridge_direction,
    is_bridge_tile,
    is_tunnel,
    is_tunnel_in_way_dir,
    make_road_bridge_ramp,
    make_road_tunnel,
    set_bridge_middle,
)

from ..landscape_clear import is_valid_tile, landscape_clear
from .roads import (
    FOUNDATION_NONE,
    SLOPE_NE,
    SLOPE_NW,
    SLOPE_SE,
    SLOPE_SW,
    apply_foundation_to_slope,
    complement_slope,
    get_bridge_foundation,
    get_inclined_slope_direction,
    town_road_type,
)
from .terraform import terraform_land


class BridgeSpec(NamedTuple):
    avail_year: int
    min_length: int
    max_length: int
    price: int
    speed: int


# _orig_bridge: wooden, concrete, girder steel, suspension concrete, two
# suspension steel, three cantilever steel, girder steel, three tubular
BRIDGES = (
    BridgeSpec(0, 0, 0xFFFF, 80, 32),
    BridgeSpec(0, 0, 2, 112, 48),
    BridgeSpec(1930, 0, 5, 144, 64),
    BridgeSpec(0, 2, 10, 168, 80),
    BridgeSpec(1930, 3, 0xFFFF, 185, 96),
    BridgeSpec(1930, 3, 0xFFFF, 192, 112),
    BridgeSpec(1930, 3, 7, 224, 160),
    BridgeSpec(1930, 3, 8, 232, 208),
    BridgeSpec(1930, 3, 9, 248, 240),
    BridgeSpec(1930, 0, 2, 240, 256),
    BridgeSpec(1995, 2, 0xFFFF, 255, 320),
    BridgeSpec(2005, 2, 0xFFFF, 380, 512),
    BridgeSpec(2010, 2, 0xFFFF, 510, 608),
)
MAX_BRIDGES = 13


def get_tunnel_bridge_length(m: GameMap, begin: int, end: int) -> int:
    """``GetTunnelBridgeLength``: the tiles between the two ends."""
    return abs(m.tile_x(end) + m.tile_y(end) - m.tile_x(begin) - m.tile_y(begin)) - 1


def _check_bridge_availability(world: World, bridge_type: int, length: int) -> bool:
    if bridge_type >= MAX_BRIDGES:
        return False
    b = BRIDGES[bridge_type]
    if b.avail_year > int(world.setting("game_creation.starting_year", 1950)):
        return False
    top = min(b.max_length, int(world.setting("construction.max_bridge_length", 64)))
    return b.min_length <= length <= top


def _check_bridge_slope(north: bool, axis: int, tileh: int, z: int) -> tuple[bool, int, int]:
    """``CheckBridgeSlope``: (ok, z on the foundation, foundation paid)."""
    f = get_bridge_foundation(tileh, axis)
    dz, tileh = apply_foundation_to_slope(f, tileh)
    if north:
        valid = SLOPE_NE if axis == 0 else SLOPE_NW
    else:
        valid = SLOPE_SW if axis == 0 else SLOPE_SE
    ok = tileh == SLOPE_FLAT or tileh == valid
    return ok, z + dz, f != FOUNDATION_NONE


def _check_build_above(world: World, t: int, axis: int, height: int) -> bool:
    """``CheckBuildAbove`` (test, Auto and NoWater)."""
    m = world.map
    tt = m.get_tile_type(t)
    if tt == TileType.CLEAR or tt == TileType.TREES:
        return True
    if tt == TileType.WATER:
        wtt = (int(m.m5[t]) >> 4) & 0xF
        if wtt in (0, 1):
            return True
        raise NotImplementedError("a bridge over a lock or ship depot")
    if tt == TileType.ROAD:
        if (int(m.m5[t]) >> 6) != 2:           # not a depot
            return True
        return landscape_clear(world, t, execute=False, auto=True, no_water=True)
    if tt == TileType.TUNNELBRIDGE:
        if is_tunnel(m, t):
            return True
        if axis != (get_tunnel_bridge_direction(m, t) & 1) and height > get_bridge_height(m, t):
            return True
        return False                           # clearing it under Auto fails
    return landscape_clear(world, t, execute=False, auto=True, no_water=True)


def build_bridge(world: World, tile_end: int, tile_start: int, bridge_type: int, *,
                 execute: bool) -> bool:
    """``Command<CMD_BUILD_BRIDGE>::Do({Auto, NoWater} [+Execute], tile_end,
    tile_start, TRANSPORT_ROAD, bridge_type, town road type)`` as a town."""
    m = world.map
    if tile_end != 0 and not is_valid_tile(m, tile_end):
        return False
    for t in (tile_start, tile_end):
        if not is_valid_tile(m, t):
            return False
        if m.tile_x(t) == 0 or m.tile_y(t) == 0:
            return False
    if tile_start == tile_end:
        return False
    if m.tile_x(tile_start) == m.tile_x(tile_end):
        axis = 1
    elif m.tile_y(tile_start) == m.tile_y(tile_end):
        axis = 0
    else:
        return False
    if tile_end < tile_start:
        tile_start, tile_end = tile_end, tile_start
    length = get_tunnel_bridge_length(m, tile_start, tile_end)
    if not _check_bridge_availability(world, bridge_type, length):
        return False

    tileh_start, z_start = m.get_tile_slope_z(tile_start)
    tileh_end, z_end = m.get_tile_slope_z(tile_end)
    ok_north, z_start, _ = _check_bridge_slope(True, axis, tileh_start, z_start)
    ok_south, z_end, _ = _check_bridge_slope(False, axis, tileh_end, z_end)
    if z_start != z_end:
        return False
    if (is_bridge_tile(m, tile_start) and is_bridge_tile(m, tile_end)
            and get_other_tunnel_bridge_end(m, tile_start) == tile_end):
        raise NotImplementedError("a town replacing a bridge")
    build_on_slopes = bool(world.setting("construction.build_on_slopes", True))

    if not landscape_clear(world, tile_start, execute=False, auto=True, no_water=True):
        return False
    if not ok_north:
        return False
    if not landscape_clear(world, tile_end, execute=False, auto=True, no_water=True):
        return False
    if not ok_south:
        return False
    if not build_on_slopes and (tileh_start != SLOPE_FLAT or tileh_end != SLOPE_FLAT):
        # a foundation's cost is refused without build_on_slopes
        f1 = get_bridge_foundation(tileh_start, axis)
        f2 = get_bridge_foundation(tileh_end, axis)
        if f1 != FOUNDATION_NONE or f2 != FOUNDATION_NONE:
            return False
    for t in (tile_start, tile_end):
        if not m.is_bridge_above(t):
            continue
        if axis == get_bridge_axis(m, t):
            return False
        if z_start + 1 == get_bridge_height(m, get_northern_bridge_end(m, t)):
            return False

    delta = 1 if axis == 0 else m.size_x
    max_bridge_height = int(world.setting("construction.max_bridge_height", 12))
    middle = list(range(tile_start + delta, tile_end, delta))
    for t in middle:
        if m.get_tile_max_z(t) > z_start:
            return False
        if z_start >= m.get_tile_z(t) + max_bridge_height:
            return False
        if m.is_bridge_above(t):
            return False
        if not _check_build_above(world, t, axis, z_start + 1):
            return False
    if not execute:
        return True

    landscape_clear(world, tile_start, execute=True, auto=True, no_water=True)
    landscape_clear(world, tile_end, execute=True, auto=True, no_water=True)
    for t in middle:
        if m.is_tile_type(t, TileType.TREES):          # CheckBuildAbove clears them
            landscape_clear(world, t, execute=True, auto=True, no_water=True)
        set_bridge_middle(m, t, axis)
    d = 2 if axis == 0 else 1                                   # AxisToDiagDir
    rt = town_road_type(world)
    make_road_bridge_ramp(m, tile_start, OWNER_TOWN, bridge_type, d, rt)
    make_road_bridge_ramp(m, tile_end, OWNER_TOWN, bridge_type, d ^ 2, rt)
    return True


def has_tile_water_ground(m: GameMap, t: int) -> bool:
    """``HasTileWaterGround`` for the tile types present: water that is not
    coast, and trees on water (their water class not Invalid)."""
    tt = m.get_tile_type(t)
    if tt == TileType.TREES:
        return (int(m.m1[t]) >> 5) & 3 != 3
    if tt != TileType.WATER:
        return False
    if (int(m.m1[t]) >> 5) & 3 == 3:
        return False
    return ((int(m.m5[t]) >> 4) & 0xF) != 1


def build_tunnel(world: World, start_tile: int, *, execute: bool) -> bool:
    """``Command<CMD_BUILD_TUNNEL>::Do({Auto} [+Execute], start_tile,
    TRANSPORT_ROAD, town road type)`` as a town."""
    m = world.map
    if start_tile != 0 and not is_valid_tile(m, start_tile):
        return False
    start_tileh, start_z = m.get_tile_slope_z(start_tile)
    direction = get_inclined_slope_direction(start_tileh)
    if direction is None:
        return False
    if has_tile_water_ground(m, start_tile):
        return False
    if not landscape_clear(world, start_tile, execute=False, auto=True):
        return False
    delta = m.tile_diff_xy(DIAGDIR_DX[direction], DIAGDIR_DY[direction])
    if direction & 1:           # axis Y
        in_way_dir = 2 if m.tile_x(start_tile) < m.max_x // 2 else 0
    else:
        in_way_dir = 1 if m.tile_y(start_tile) < m.max_x // 2 else 3
    end_tile = start_tile
    tiles = 0
    while True:
        end_tile += delta
        if not is_valid_tile(m, end_tile):
            return False
        end_tileh, end_z = m.get_tile_slope_z(end_tile)
        if start_z == end_z:
            break
        if is_tunnel_in_way_dir(m, end_tile, start_z, in_way_dir):
            return False
        tiles += 1
    if tiles > int(world.setting("construction.max_tunnel_length", 64)):
        return False
    if has_tile_water_ground(m, end_tile):
        return False
    if not landscape_clear(world, end_tile, execute=False, auto=True):
        return False
    lower = end_tileh != complement_slope(start_tileh)
    if lower and terraform_land(world, end_tile, end_tileh & start_tileh, False, execute=False,
                                no_water=False, cleared=frozenset((end_tile,))) is None:
        return False
    if not execute:
        return True
    landscape_clear(world, start_tile, execute=True, auto=True)
    landscape_clear(world, end_tile, execute=True, auto=True)
    if lower:
        terraform_land(world, end_tile, end_tileh & start_tileh, False, execute=True,
                       no_water=False, cleared=frozenset((end_tile,)))
    rt = town_road_type(world)
    make_road_tunnel(m, start_tile, OWNER_TOWN, direction, rt)
    make_road_tunnel(m, end_tile, OWNER_TOWN, direction ^ 2, rt)
    return True


__all__ = ["BRIDGES", "MAX_BRIDGES", "BridgeSpec", "build_bridge", "build_tunnel",
           "get_tunnel_bridge_length", "has_tile_water_ground"]
