"""What building a town road does (``road_cmd.cpp`` CmdBuildRoad as a town
calls it, CheckRoadSlope, the road foundations; ``road.cpp``
CleanUpRoadBits), and the slope helpers of ``slope_func.h`` /
``landscape.cpp`` they need (foundations applied to a slope).

A town builds roads as OWNER_TOWN with its index; nothing here draws
Random() and nothing costs the town money (only the checks decide).  The
tile types present while towns grow: clear land, water, void, roads,
houses, road bridges (no rail, stations, depots, trees or objects yet).
"""

from __future__ import annotations

from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.road_map import (
    ROAD_ALL,
    ROAD_NONE,
    ROAD_TILE_NORMAL,
    ROAD_X,
    ROADTYPE_ROAD,
    TRANSPORT_ROAD,
    diagdir_to_road_bits,
    get_any_road_bits,
    get_road_bits,
    get_road_tile_type,
    get_tunnel_bridge_direction,
    get_tunnel_bridge_transport_type,
    has_tile_road_type,
    is_normal_road_tile,
    is_straight_road,
    make_road_normal,
    mirror_road_bits,
    set_road_bits,
)
from viewer.engine.tgp.game.slope_func import (  # noqa: F401  (re-exported for growth)
    FOUNDATION_INCLINED_X,
    FOUNDATION_INCLINED_Y,
    FOUNDATION_LEVELED,
    FOUNDATION_NONE,
    SLOPE_ELEVATED,
    SLOPE_NE,
    SLOPE_NW,
    SLOPE_SE,
    SLOPE_SW,
    apply_foundation_to_slope,
    complement_slope,
    flattening_foundation,
    get_highest_slope_corner,
    get_inclined_slope_direction,
    inclined_slope,
    is_slope_with_one_corner_raised,
    is_steep_slope,
)
from viewer.engine.tgp.game.tiles import (
    DIAGDIR_DX,
    DIAGDIR_DY,
    OWNER_TOWN,
    SLOPE_FLAT,
    GameMap,
    TileType,
)
from viewer.engine.tgp.game.tunnelbridge_map import get_bridge_foundation

from ..landscape_clear import is_valid_tile, landscape_clear

# _invalid_tileh_slopes_road[0]: the inverse of the mixable road bits on a
# levelled slope; [1]: the inverse of the straight roads allowed on a slope
_R_NW, _R_SW, _R_SE, _R_NE = 1, 2, 4, 8
_INVALID_LEVELLED = (0, _R_NE | _R_SE, _R_NE | _R_NW, _R_NE, _R_NW | _R_SW, 0, _R_NW, 0,
                     _R_SE | _R_SW, _R_SE, 0, 0, _R_SW, 0, 0)
_INVALID_STRAIGHT = (0, 0, 0, _R_NW | _R_SE, 0, ROAD_ALL, ROAD_X, ROAD_ALL, 0, ROAD_X, ROAD_ALL,
                     ROAD_ALL, _R_NW | _R_SE, ROAD_ALL, ROAD_ALL)


# --- foundations --------------------------------------------------------------
def get_road_foundation(tileh: int, bits: int) -> int:
    """``GetRoadFoundation``."""
    if tileh == SLOPE_FLAT or bits == ROAD_NONE:
        return FOUNDATION_NONE
    if is_steep_slope(tileh):
        tileh = 1 << get_highest_slope_corner(tileh)
    if _INVALID_LEVELLED[tileh] & bits == ROAD_NONE:
        return FOUNDATION_LEVELED
    if not is_slope_with_one_corner_raised(tileh) and _INVALID_STRAIGHT[tileh] & bits == ROAD_NONE:
        return FOUNDATION_NONE
    return FOUNDATION_INCLINED_X if bits == ROAD_X else FOUNDATION_INCLINED_Y


def get_foundation_slope(m: GameMap, t: int) -> int:
    """``std::get<0>(GetFoundationSlope(tile))``: the slope on top of the
    tile's foundation (the tile type's get_foundation_proc)."""
    tileh = m.get_tile_slope(t)
    tt = m.get_tile_type(t)
    if tt == TileType.ROAD:
        if get_road_tile_type(m, t) == ROAD_TILE_NORMAL:
            f = get_road_foundation(tileh, get_road_bits(m, t) | (int(m.m3[t]) & 0xF))
        else:
            f = flattening_foundation(tileh)
    elif tt == TileType.HOUSE:
        f = flattening_foundation(tileh)
    elif tt == TileType.TUNNELBRIDGE:
        from viewer.engine.tgp.game.tunnelbridge_map import is_tunnel
        f = FOUNDATION_NONE if is_tunnel(m, t) else \
            get_bridge_foundation(tileh, get_tunnel_bridge_direction(m, t) & 1)
    else:
        f = FOUNDATION_NONE
    return apply_foundation_to_slope(f, tileh)[1]


# --- CheckRoadSlope / CmdBuildRoad -----------------------------------------------
def check_road_slope(tileh: int, pieces: int, existing: int, other: int,
                     build_on_slopes: bool) -> tuple[bool, int, bool]:
    """``CheckRoadSlope``: (ok, the pieces to build, whether a foundation
    is paid for)."""
    pieces &= ~existing
    if pieces == ROAD_NONE:
        return False, pieces, False
    if tileh == SLOPE_FLAT:
        return True, pieces, False
    if is_steep_slope(tileh):
        tileh = 1 << get_highest_slope_corner(tileh)
    type_bits = existing | pieces
    if build_on_slopes and _INVALID_LEVELLED[tileh] & (other | type_bits) == ROAD_NONE:
        return True, pieces, (other | existing) == ROAD_NONE
    pieces |= mirror_road_bits(pieces)
    type_bits = existing | pieces
    if (is_straight_road(type_bits) and (other == type_bits or other == ROAD_NONE)
            and _INVALID_STRAIGHT[tileh] & (other | type_bits) == ROAD_NONE):
        if is_slope_with_one_corner_raised(tileh):
            if build_on_slopes:
                return True, pieces, (other | existing) == ROAD_NONE
        else:
            foundation = (existing and existing & (existing - 1) == 0
                          and get_road_foundation(tileh, existing) == FOUNDATION_NONE)
            return True, pieces, foundation
    return False, pieces, False


def town_road_type(world: World) -> int:
    """``GetTownRoadType``: without NewGRF, the original road."""
    return ROADTYPE_ROAD


def build_road(world: World, tile: int, pieces: int, town_index: int, *, execute: bool,
               no_water: bool = True) -> bool:
    """``Command<CMD_BUILD_ROAD>::Do({Auto, NoWater?} [+Execute], tile,
    pieces, town road type, DRD_NONE, town)`` with the town as the current
    company: True when it succeeds (built when ``execute``)."""
    m = world.map
    if tile != 0 and (tile >= m.size or not is_valid_tile(m, tile)):
        return False
    if pieces == ROAD_NONE:
        return False
    build_on_slopes = bool(world.setting("construction.build_on_slopes", True))
    tileh = m.get_tile_slope(tile)
    existing = ROAD_NONE
    other_bits = ROAD_NONE
    need_to_clear = False
    tt = m.get_tile_type(tile)
    if tt == TileType.ROAD:
        rtt = get_road_tile_type(m, tile)
        if rtt == ROAD_TILE_NORMAL:
            if int(m.m7[tile]) & 0xF:          # road works
                return False
            other_bits = int(m.m3[tile]) & 0xF
            if has_tile_road_type(m, tile):
                existing = get_road_bits(m, tile)
                crossing = not is_straight_road(existing | pieces)
                if (int(m.m5[tile]) >> 4) & 3 and crossing:
                    return False
                if existing & pieces == pieces:
                    return False                # already built
        else:
            need_to_clear = True                # depots/crossings do not occur here
    elif tt == TileType.TUNNELBRIDGE:
        if get_tunnel_bridge_transport_type(m, tile) != TRANSPORT_ROAD:
            need_to_clear = True
        elif mirror_road_bits(diagdir_to_road_bits(get_tunnel_bridge_direction(m, tile))) != pieces:
            need_to_clear = True
        elif has_tile_road_type(m, tile):
            return False
        else:
            raise NotImplementedError("adding road to a tram tunnel/bridge")
    else:
        need_to_clear = True

    if need_to_clear:
        # test first: a failing clear leaves the tile alone even under execute
        if not landscape_clear(world, tile, execute=False, auto=True, no_water=no_water):
            return False

    ok, pieces, foundation = check_road_slope(tileh, pieces, existing, other_bits,
                                              build_on_slopes)
    if not ok or (foundation and not build_on_slopes):
        return False                            # a foundation needs build_on_slopes
    if not need_to_clear:
        pieces &= ~existing
    if not execute:
        return True

    if need_to_clear:
        landscape_clear(world, tile, execute=True, auto=True, no_water=no_water)
        make_road_normal(m, tile, pieces, town_road_type(world), town_index, OWNER_TOWN)
    else:
        set_road_bits(m, tile, existing | pieces)
    # SetDisallowedRoadDirections: unchanged for a straight road, none for a junction
    if not is_straight_road(get_road_bits(m, tile)):
        m.m5[tile] = int(m.m5[tile]) & ~0x30
    return True


# --- CleanUpRoadBits -----------------------------------------------------------
def clean_up_road_bits(m: GameMap, tile: int, org_rb: int) -> int:
    """``CleanUpRoadBits``: drop the planned bits towards neighbours a road
    cannot connect to (houses, real water, void, other tiles without a
    fitting road)."""
    if not is_valid_tile(m, tile):
        return ROAD_NONE
    for d in range(4):
        target_rb = diagdir_to_road_bits(d)
        if not org_rb & target_rb:
            continue
        nb = tile + m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
        connective = False
        if is_valid_tile(m, nb):
            tt = m.get_tile_type(nb)
            if tt in (TileType.CLEAR, TileType.TREES):
                connective = True
            elif tt in (TileType.TUNNELBRIDGE, TileType.STATION, TileType.ROAD):
                if is_normal_road_tile(m, nb):
                    connective = True
                else:
                    connective = bool(get_any_road_bits(m, nb) & mirror_road_bits(target_rb))
            elif tt == TileType.WATER:
                connective = ((int(m.m5[nb]) >> 4) & 0xF) != 0      # !IsWater
        if not connective:
            org_rb ^= target_rb
    return org_rb
