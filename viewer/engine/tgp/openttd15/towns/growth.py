"""Town growth of OpenTTD 15.2 (``town_cmd.cpp``): GrowTown and what it
calls to lay roads, bridges and tunnels and to level land; houses are
:mod:`.houses`' (TryBuildTownHouse).

1. GrowTown looks for a road on the town's centre or the 12 tiles of
   ``_town_coord_mod`` around it and grows from the first (GrowTownAtRoad);
   without one it clears the first flat, house-free of those tiles and
   builds a random two-piece road there (GenRandomRoadBits).
2. GrowTownAtRoad walks the road network from that tile at random, at
   most ``10 + houses * k / 9`` steps (k by layout), trying GrowTownInTile
   at each tile until something is built or the search stops.
3. GrowTownInTile, on a tile without road, builds one when the layout
   allows (the 2x2/3x3 grids by the tile's place relative to the centre;
   original and better roads by IsRoadAllowedHere, with a random turn);
   on a partial road it completes the piece towards where it came from;
   on a complete road it picks a random side and builds a house there (or,
   where a road may go on that way, a road 4 times in 10).
   Roads reaching water, rails or a steep valley may become a bridge or a
   tunnel first.
4. Land is levelled at random (LevelTownLand through TerraformTownTile)
   when the terraforming costs less than eight times a corner's price
   plus 16, the construction cost setting deciding the prices.

This module is the readable reference the tests hold to the game;
:mod:`.growth_kernel` is its numba twin (the same Random() stream and
bytes), which :func:`grow_town_times` runs by default.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.road_map import (
    ROAD_ALL,
    ROAD_E,
    ROAD_N,
    ROAD_NE,
    ROAD_NONE,
    ROAD_NW,
    ROAD_S,
    ROAD_SE,
    ROAD_SW,
    ROAD_W,
    ROAD_X,
    ROAD_Y,
    TRANSPORT_ROAD,
    diagdir_to_road_bits,
    get_disallowed_road_directions,
    get_town_road_bits,
    get_tunnel_bridge_direction,
    get_tunnel_bridge_transport_type,
    has_tile_road_type,
    is_normal_road_tile,
    is_road_depot,
)
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
    get_other_tunnel_bridge_end,
    is_bridge_tile,
)

from ..landscape_clear import is_valid_tile, landscape_clear
from ..prices import world_prices
from .bridges import MAX_BRIDGES, build_bridge, build_tunnel, has_tile_water_ground
from .houses import try_build_town_house
from .roads import (
    SLOPE_ELEVATED,
    SLOPE_NE,
    SLOPE_NW,
    build_road,
    clean_up_road_bits,
    complement_slope,
    get_foundation_slope,
    inclined_slope,
    is_slope_with_one_corner_raised,
    is_steep_slope,
)
from .terraform import terraform_land
from .town import Town

# TownExpandMode bits (``town_type.h``): TownExpandModes is a bit set of these.
TEM_BUILDINGS = 1 << 0
TEM_ROADS = 1 << 1
TEM_ALL = TEM_BUILDINGS | TEM_ROADS

# TownLayout
TL_ORIGINAL, TL_BETTER_ROADS, TL_2X2_GRID, TL_3X3_GRID, TL_RANDOM = 0, 1, 2, 3, 4

# TownGrowthResult
SUCCEED, SEARCH_STOPPED, CONTINUE = 0, 1, 2

DIAGDIR_END = 4

# _town_coord_mod: the walk from the centre over the 13 tiles GrowTown tries
_TOWN_COORD_MOD = ((-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 0), (0, 2), (2, 0), (0, -2),
                   (-1, -1), (-2, 2), (2, 2), (2, -2), (0, 0))

# Direction offsets (x, y): N, NE, E, SE, S, SW, W, NW
_DIR_N, _DIR_E, _DIR_S, _DIR_W = (-1, -1), (-1, 1), (1, 1), (1, -1)


def _diag_offset(m: GameMap, d: int) -> int:
    """``TileOffsByDiagDir``."""
    return m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])


def _valid(m: GameMap, t: int) -> bool:
    """``IsValidTile`` on an index that may have left the map (a C++
    TileIndex wraps to a huge value, which is invalid)."""
    return is_valid_tile(m, t)


def _tile_type(m: GameMap, t: int) -> int:
    return m.get_tile_type(t)


def _is_type(m: GameMap, t: int, tt: int) -> bool:
    return 0 <= t < m.size and m.is_tile_type(t, tt)


def _is_water_tile(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.WATER) and ((int(m.m5[t]) >> 4) & 0xF) == 0


def _is_sea(m: GameMap, t: int) -> bool:
    return ((int(m.m5[t]) >> 4) & 0xF) == 0 and ((int(m.m1[t]) >> 5) & 3) == 0


def _chance16(world: World, a: int, b: int) -> bool:
    return world.rng.chance16(a, b)


def _random_diag_dir(world: World) -> int:
    return world.rng.next_range(DIAGDIR_END)


# --- IsNeighbourRoadTile / IsRoadAllowedHere --------------------------------------
def is_neighbour_road_tile(m: GameMap, tile: int, d: int, dist_multi: int) -> bool:
    """``IsNeighbourRoadTile``: a road parallel to ``d`` beside the way
    into ``tile``, within ``dist_multi`` tiles left or right."""
    if not _valid(m, tile):
        return False
    tid = (_diag_offset(m, (d + 1) % 4), _diag_offset(m, (d + 3) % 4), _diag_offset(m, d ^ 2))
    dist_multi = (dist_multi + 1) * 4
    for pos in range(4, dist_multi):
        cur = tid[0 if pos & 1 else 1] * (pos // 4)
        if pos & 2:
            cur += tid[2]
        t = tile + cur
        towards = d if pos & 2 else d ^ 2
        if _valid(m, t) and get_town_road_bits(m, t) & diagdir_to_road_bits(towards):
            return True
    return False


def is_road_allowed_here(world: World, town: Town, tile: int, d: int) -> bool:
    """``IsRoadAllowedHere`` while generating the world (no terraforming
    there: the Chance16(1, 10) is not drawn)."""
    m = world.map
    if m.distance_from_edge(tile) == 0:
        return False
    if m.is_bridge_above(tile) and get_bridge_axis(m, tile) == (d & 1):
        return False
    if get_town_road_bits(m, tile) == ROAD_NONE:
        pieces = ROAD_Y if d in (3, 1) else ROAD_X
        if (not build_road(world, tile, pieces, town.index, execute=False, no_water=True)
                and not landscape_clear(world, tile, execute=False, auto=True, no_water=True)):
            return False
    if world.setting("construction.build_on_slopes", True):
        cur_slope = get_foundation_slope(m, tile)
    else:
        cur_slope = m.get_tile_slope(tile)
    ret = not is_neighbour_road_tile(m, tile, d, 1 if town.layout == TL_ORIGINAL else 2)
    if cur_slope == SLOPE_FLAT:
        return ret
    desired = SLOPE_NW if d in (3, 1) else SLOPE_NE
    if desired != cur_slope and complement_slope(desired) != cur_slope:
        if _chance16(world, 1, 8):
            # CMD_TERRAFORM_LAND is not tried while generating: res stays an error
            if _chance16(world, 1, 3):
                return ret
        return False
    return ret


# --- TerraformTownTile / LevelTownLand -----------------------------------------
def terraform_town_tile(world: World, tile: int, edges: int, up: bool) -> bool:
    """``TerraformTownTile``: terraform when it costs less than
    (PR_TERRAFORM + 2) * 8."""
    cost = terraform_land(world, tile, edges, up, execute=False, no_water=True)
    pr = world_prices(world)["PR_TERRAFORM"]
    if cost is None or cost >= (pr + 2) * 8:
        return False
    terraform_land(world, tile, edges, up, execute=True, no_water=True)
    return True


def level_town_land(world: World, tile: int) -> None:
    """``LevelTownLand``: raise the low corners, or else lower the high
    ones (not under a house, not on flat land)."""
    m = world.map
    if m.is_tile_type(tile, TileType.HOUSE):
        return
    tileh = m.get_tile_slope(tile)
    if tileh == SLOPE_FLAT:
        return
    if not terraform_town_tile(world, tile, ~tileh & SLOPE_ELEVATED, True):
        terraform_town_tile(world, tile, tileh & SLOPE_ELEVATED, False)


# --- GetTownRoadGridElement ------------------------------------------------------
_GRID_TEMPLATE = {1: ROAD_NW | ROAD_SW, 3: ROAD_Y | ROAD_SW, 2: ROAD_SW | ROAD_SE,
                  6: ROAD_X | ROAD_SE, 4: ROAD_SE | ROAD_NE, 12: ROAD_Y | ROAD_NE,
                  8: ROAD_NE | ROAD_NW, 9: ROAD_X | ROAD_NW,
                  16 | 11: ROAD_NONE, 16 | 7: ROAD_NONE, 16 | 14: ROAD_NONE, 16 | 13: ROAD_NONE}


def _cmod(a: int, n: int) -> int:
    """C's ``%`` (the sign of the dividend)."""
    r = abs(a) % n
    return -r if a < 0 else r


def get_town_road_grid_element(world: World, town: Town, tile: int, d: int) -> int:
    """``GetTownRoadGridElement``: the road bits of a 2x2 or 3x3 grid tile."""
    m = world.map
    gx = m.tile_x(town.xy) - m.tile_x(tile)
    gy = m.tile_y(town.xy) - m.tile_y(tile)
    n = 3 if town.layout == TL_2X2_GRID else 4
    rcmd = ROAD_NONE
    if _cmod(gx, n) == 0:
        rcmd |= ROAD_Y
    if _cmod(gy, n) == 0:
        rcmd |= ROAD_X
    if rcmd != ROAD_ALL:
        return rcmd
    rb_template = _GRID_TEMPLATE.get(m.get_tile_slope(tile), ROAD_ALL)
    if diagdir_to_road_bits(d ^ 2) & rb_template:
        return rb_template
    return diagdir_to_road_bits(d) | diagdir_to_road_bits(d ^ 2)


# --- GrowTownWithExtraHouse / Road / Bridge / Tunnel ---------------------------------
def grow_town_with_extra_house(world: World, town: Town, tile: int, modes: int) -> bool:
    """``GrowTownWithExtraHouse``: a house where three of the four
    neighbours are houses (or void)."""
    m = world.map
    if m.distance_from_edge(tile) == 0:
        return False
    counter = 0
    for d in range(4):
        tt = _tile_type(m, tile + _diag_offset(m, d))
        if tt in (TileType.HOUSE, TileType.VOID):
            counter += 1
        if counter >= 3:
            return try_build_town_house(world, town, tile, modes)
    return False


def grow_town_with_road(world: World, town: Town, tile: int, rcmd: int) -> bool:
    return build_road(world, tile, rcmd, town.index, execute=True, no_water=True)


def can_road_continue_into_next_tile(world: World, town: Town, tile: int, road_dir: int) -> bool:
    """``CanRoadContinueIntoNextTile``."""
    m = world.map
    next_tile = tile + _diag_offset(m, road_dir)
    rcmd = diagdir_to_road_bits(road_dir ^ 2)
    if not _valid(m, next_tile):
        return False
    if m.is_tile_type(next_tile, TileType.TUNNELBRIDGE):
        return (get_tunnel_bridge_transport_type(m, next_tile) == TRANSPORT_ROAD
                and get_tunnel_bridge_direction(m, next_tile) == road_dir)
    if m.is_tile_type(next_tile, TileType.STATION):
        return False
    if m.is_tile_type(next_tile, TileType.ROAD):
        return is_road_depot(m, next_tile) and (int(m.m5[next_tile]) & 3) == road_dir ^ 2
    if (m.is_tile_type(next_tile, TileType.RAILWAY)
            and not world.setting("economy.allow_town_level_crossings", True)):
        return False
    return build_road(world, next_tile, rcmd, town.index, execute=False, no_water=True)


def _is_plain_rail_tile(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.RAILWAY) and (int(m.m5[t]) >> 6) < 2


def _bridge_crossable(m: GameMap, t: int, rivers_only: bool) -> bool:
    if not _valid(m, t):
        return False
    if _is_water_tile(m, t) and not (rivers_only and _is_sea(m, t)):
        return True
    if _is_plain_rail_tile(m, t):
        return True
    return is_normal_road_tile(m, t) and get_disallowed_road_directions(m, t) != 0


def grow_town_with_bridge(world: World, town: Town, tile: int, bridge_dir: int) -> bool:
    """``GrowTownWithBridge``."""
    m = world.map
    slope = m.get_tile_slope(tile)
    if slope != SLOPE_FLAT and slope & inclined_slope(bridge_dir):
        return False
    behind = tile + _diag_offset(m, bridge_dir ^ 2)
    if not get_town_road_bits(m, behind) & diagdir_to_road_bits(bridge_dir):
        return False
    bridge_length = 0
    bridge_tile = tile
    delta = _diag_offset(m, bridge_dir)
    base_bridge_length = 5
    max_bridge_length = min(town.population // 1000 + base_bridge_length, 11)
    # from flat land only across rivers (not seas), rails or one-way roads,
    # and no longer than the base length
    flat = slope == SLOPE_FLAT
    limit = base_bridge_length if flat else max_bridge_length
    while True:
        if bridge_length >= limit:
            return False
        bridge_length += 1
        bridge_tile += delta
        if not _bridge_crossable(m, bridge_tile, flat):
            break
    if bridge_length == 1:
        return False
    if not can_road_continue_into_next_tile(world, town, bridge_tile, bridge_dir):
        return False
    if slope != SLOPE_FLAT:
        x0, y0 = m.tile_x(tile), m.tile_y(tile)
        want = inclined_slope(bridge_dir ^ 2)
        for y in range(y0 - (bridge_length - 1), y0 + bridge_length + 1):
            if not 0 <= y < m.size_y:
                continue
            for x in range(x0 - (bridge_length - 1), x0 + bridge_length + 1):
                if not 0 <= x < m.size_x:
                    continue
                s = m.tile_xy(x, y)
                if not is_bridge_tile(m, s):
                    continue
                if get_tunnel_bridge_transport_type(m, s) != TRANSPORT_ROAD:
                    continue
                if m.get_tile_slope(s) & want:
                    return False
    for _ in range(23):
        bridge_type = world.rng.next_range(MAX_BRIDGES - 1)
        if build_bridge(world, tile, bridge_tile, bridge_type, execute=False):
            build_bridge(world, tile, bridge_tile, bridge_type, execute=True)
            return True
    return False


def grow_town_with_tunnel(world: World, town: Town, tile: int, tunnel_dir: int) -> bool:
    """``GrowTownWithTunnel``."""
    m = world.map
    slope = m.get_tile_slope(tile)
    if slope != inclined_slope(tunnel_dir):
        return False
    behind = tile + _diag_offset(m, tunnel_dir ^ 2)
    if not get_town_road_bits(m, behind) & diagdir_to_road_bits(tunnel_dir):
        return False
    delta = _diag_offset(m, tunnel_dir)
    if can_road_continue_into_next_tile(world, town, tile, tunnel_dir):
        slope_tile = tile
        for _ in range(4):
            if not _valid(m, slope_tile):
                return False
            s = m.get_tile_slope(slope_tile)
            if (s != inclined_slope(tunnel_dir) and not is_steep_slope(s)
                    and not is_slope_with_one_corner_raised(s)):
                return False
            slope_tile += delta
        max_tunnel_length = town.population // 1000 + 7
    else:
        max_tunnel_length = 5
    tunnel_length = 0
    tunnel_tile = tile
    z = m.get_tile_z(tile)
    while True:
        if tunnel_length >= max_tunnel_length:
            return False
        tunnel_length += 1
        tunnel_tile += delta
        if not (_valid(m, tunnel_tile) and m.get_tile_z(tunnel_tile) != z):
            break
    if tunnel_length == 1:
        return False
    if not can_road_continue_into_next_tile(world, town, tunnel_tile, tunnel_dir):
        return False
    if build_tunnel(world, tile, execute=False):
        build_tunnel(world, tile, execute=True)
        return True
    return False


def town_can_grow_road(world: World, tile: int) -> bool:
    """``TownCanGrowRoad``: the original road is town-buildable."""
    return True


def _road_types_allow_house_here(world: World, t: int) -> bool:
    """``RoadTypesAllowHouseHere``: a road (any, without NewGRF) among the
    eight neighbours (a road tile is never void: the bounds suffice)."""
    m = world.map
    sx, n, types = m.size_x, m.size, m.type
    for off in (-sx - 1, -1, sx - 1, -sx, sx, -sx + 1, 1, sx + 1):
        cur = t + off
        if 0 <= cur < n and types[cur] >> 4 == TileType.ROAD:
            return True
    return False


# --- GrowTownInTile ---------------------------------------------------------------------
def grow_town_in_tile(world: World, tile: int, cur_rb: int, target_dir: int, town: Town,
                      modes: int) -> tuple[int, int]:
    """``GrowTownInTile``: (result, tile) — the tile changes when the walk
    crosses a tunnel or bridge."""
    m = world.map
    rcmd = ROAD_NONE
    roads_allowed = bool(modes & TEM_ROADS)

    if cur_rb == ROAD_NONE:
        if not roads_allowed:
            return SEARCH_STOPPED, tile
        if (not world.setting("economy.allow_town_level_crossings", True)
                and m.is_tile_type(tile, TileType.RAILWAY)):
            return SEARCH_STOPPED, tile
        if not world.setting("construction.build_on_slopes", True) or _chance16(world, 1, 6):
            level_town_land(world, tile)
        if town.layout in (TL_2X2_GRID, TL_3X3_GRID):
            rcmd = get_town_road_grid_element(world, town, tile, target_dir)
            if rcmd == ROAD_NONE:
                return SEARCH_STOPPED, tile
        else:
            if not is_road_allowed_here(world, town, tile, target_dir):
                return SEARCH_STOPPED, tile
            source_dir = target_dir ^ 2
            if _chance16(world, 1, 4):
                while True:
                    target_dir = _random_diag_dir(world)
                    if target_dir != source_dir:
                        break
            ahead = tile + _diag_offset(m, target_dir)
            if not is_road_allowed_here(world, town, ahead, target_dir):
                if target_dir != source_dir ^ 2:
                    return SEARCH_STOPPED, tile
                right = tile + _diag_offset(m, (target_dir + 1) % 4)
                left = tile + _diag_offset(m, (target_dir + 3) % 4)
                if not _is_type(m, right, TileType.HOUSE) and not _is_type(m, left, TileType.HOUSE):
                    return SEARCH_STOPPED, tile
            rcmd = diagdir_to_road_bits(target_dir) | diagdir_to_road_bits(source_dir)

    elif target_dir < DIAGDIR_END and not cur_rb & diagdir_to_road_bits(target_dir ^ 2):
        if not town_can_grow_road(world, tile):
            return CONTINUE, tile
        if not roads_allowed:
            return SEARCH_STOPPED, tile
        if town.layout in (TL_2X2_GRID, TL_3X3_GRID):
            rcmd = get_town_road_grid_element(world, town, tile, target_dir)
        else:
            rcmd = diagdir_to_road_bits(target_dir ^ 2)

    else:
        allow_house = True
        if m.is_tile_type(tile, TileType.TUNNELBRIDGE):
            if get_tunnel_bridge_transport_type(m, tile) == TRANSPORT_ROAD and (
                    target_dir != DIAGDIR_END or _chance16(world, 1, 2)):
                tile = get_other_tunnel_bridge_end(m, tile)
            return CONTINUE, tile

        target_dir = _random_diag_dir(world)
        target_rb = diagdir_to_road_bits(target_dir)
        if cur_rb & target_rb:
            if (cur_rb & ROAD_X) != target_rb:
                return CONTINUE, tile
            if cur_rb == ROAD_N:
                house_tile = tile + m.tile_diff_xy(*_DIR_S)
            elif cur_rb == ROAD_S:
                house_tile = tile + m.tile_diff_xy(*_DIR_N)
            elif cur_rb == ROAD_E:
                house_tile = tile + m.tile_diff_xy(*_DIR_W)
            elif cur_rb == ROAD_W:
                house_tile = tile + m.tile_diff_xy(*_DIR_E)
            else:
                return CONTINUE, tile
            target_dir = DIAGDIR_END
        else:
            house_tile = tile + _diag_offset(m, target_dir)

        if 0 <= house_tile < m.size and has_tile_water_ground(m, house_tile):
            return CONTINUE, tile
        if not _valid(m, house_tile):
            return CONTINUE, tile

        result = CONTINUE
        if target_dir != DIAGDIR_END and roads_allowed:
            layout = town.layout
            if layout == TL_3X3_GRID or layout == TL_2X2_GRID:
                if layout == TL_3X3_GRID and grow_town_with_extra_house(
                        world, town, house_tile + _diag_offset(m, target_dir), modes):
                    result = SUCCEED
                rcmd = get_town_road_grid_element(world, town, tile, target_dir)
                allow_house = (rcmd & target_rb) == ROAD_NONE
            else:
                if layout == TL_BETTER_ROADS and grow_town_with_extra_house(
                        world, town, house_tile + _diag_offset(m, target_dir), modes):
                    result = SUCCEED
                rcmd = target_rb
                allow_house = (not is_road_allowed_here(world, town, house_tile, target_dir)
                               or _chance16(world, 6, 10))

        allow_house = allow_house and _road_types_allow_house_here(world, house_tile)

        if allow_house:
            if not m.is_tile_type(house_tile, TileType.HOUSE):
                if _chance16(world, 1, 6):
                    level_town_land(world, house_tile)
                if try_build_town_house(world, town, house_tile, modes):
                    result = SUCCEED
            return result, tile

        if not town_can_grow_road(world, tile):
            return result, tile

    if has_tile_water_ground(m, tile):
        return SEARCH_STOPPED, tile

    rcmd = clean_up_road_bits(m, tile, rcmd)
    if rcmd == ROAD_NONE:
        return SEARCH_STOPPED, tile

    if target_dir < DIAGDIR_END:
        if grow_town_with_bridge(world, town, tile, target_dir):
            return SUCCEED, tile
        if grow_town_with_tunnel(world, town, tile, target_dir):
            return SUCCEED, tile
    else:
        raise AssertionError("GrowTownWithBridge with DIAGDIR_END")

    if grow_town_with_road(world, town, tile, rcmd):
        return SUCCEED, tile
    return SEARCH_STOPPED, tile


# --- CanFollowRoad / GrowTownAtRoad ----------------------------------------------------
def can_follow_road(world: World, tile: int, d: int, modes: int) -> bool:
    """``CanFollowRoad``."""
    m = world.map
    target = tile + _diag_offset(m, d)
    if not 0 <= target < m.size:
        return False
    tt = int(m.type[target]) >> 4
    if tt == TileType.VOID or has_tile_water_ground(m, target):
        return False
    if modes & TEM_ROADS:
        if tt == TileType.ROAD:
            return get_town_road_bits(m, target) != ROAD_NONE
        if tt == TileType.STATION:
            return False
        if tt == TileType.TUNNELBRIDGE:
            return get_tunnel_bridge_transport_type(m, target) == TRANSPORT_ROAD
        if tt in (TileType.HOUSE, TileType.INDUSTRY, TileType.OBJECT):
            return False
        return True
    target_rb = get_town_road_bits(m, target)
    back_rb = diagdir_to_road_bits(d ^ 2)
    return bool(target_rb & back_rb) and bool(target_rb & ~back_rb)


def grow_town_at_road(world: World, town: Town, tile: int, modes: int) -> bool:
    """``GrowTownAtRoad``."""
    m = world.map
    target_dir = DIAGDIR_END
    if town.layout == TL_BETTER_ROADS:
        iterations = 10 + town.num_houses * 2 // 9
    elif town.layout in (TL_2X2_GRID, TL_3X3_GRID):
        iterations = 10 + town.num_houses * 1 // 9
    else:
        iterations = 10 + town.num_houses * 4 // 9

    while True:
        cur_rb = get_town_road_bits(m, tile)
        result, tile = grow_town_in_tile(world, tile, cur_rb, target_dir, town, modes)
        if result == SUCCEED:
            return True
        if result == SEARCH_STOPPED:
            iterations = 0

        if target_dir < DIAGDIR_END:
            cur_rb &= ~diagdir_to_road_bits(target_dir ^ 2)
        if cur_rb == ROAD_NONE:
            return False

        if m.is_tile_type(tile, TileType.TUNNELBRIDGE):
            target_dir = get_tunnel_bridge_direction(m, tile) ^ 2
        else:
            while True:
                if cur_rb == ROAD_NONE:
                    return False
                while True:
                    target_dir = _random_diag_dir(world)
                    target_bits = diagdir_to_road_bits(target_dir)
                    if cur_rb & target_bits:
                        break
                cur_rb &= ~target_bits
                if can_follow_road(world, tile, target_dir, modes):
                    break
        tile = tile + _diag_offset(m, target_dir)

        if (int(m.type[tile]) >> 4 == TileType.ROAD and not is_road_depot(m, tile)
                and has_tile_road_type(m, tile)):
            # a normal road's owner is in m1 (depots are excluded above)
            if int(m.m1[tile]) & 0x1F == OWNER_TOWN and int(m.m2[tile]) != town.index:
                return False

        iterations -= 1
        if iterations < 0:
            return False


def gen_random_road_bits(world: World) -> int:
    """``GenRandomRoadBits``: two different pieces from one Random()."""
    r = world.rng.next()
    a = r & 3
    b = (r >> 8) & 3
    if a == b:
        b ^= 2
    return (ROAD_NW << a) + (ROAD_NW << b)


def grow_town(world: World, town: Town, modes: int = TEM_ALL) -> bool:
    """``GrowTown(t, modes)``: find a road near the town's centre (the 13
    offsets of ``_town_coord_mod``) and grow from it (GrowTownAtRoad), or,
    when there is none and roads are allowed, build a random road piece on
    the first flat, clearable, house-free tile of those offsets.  Marks
    ``GrowTown`` in the Randomizer's trail on entering.  Changes
    ``world.map``, the town (houses, population via :mod:`.houses`) and
    draws from ``world.rng``; True when a road or house was built."""
    world.rng.mark("GrowTown")
    m = world.map
    tile = town.xy
    for dx, dy in _TOWN_COORD_MOD:
        if get_town_road_bits(m, tile) != ROAD_NONE:
            return grow_town_at_road(world, town, tile, modes)
        tile = tile + m.tile_diff_xy(dx, dy)

    if modes & TEM_ROADS:
        tile = town.xy
        for dx, dy in _TOWN_COORD_MOD:
            if not m.is_tile_type(tile, TileType.HOUSE) and m.is_tile_flat(tile):
                if landscape_clear(world, tile, execute=False, auto=True, no_water=True):
                    bits = gen_random_road_bits(world)
                    build_road(world, tile, bits, town.index, execute=True, no_water=False)
                    return True
            tile = tile + m.tile_diff_xy(dx, dy)
    return False


@cache
def _kernels() -> ModuleType:
    """:mod:`.growth_kernel` (numba), imported at the first town grown fast
    and then not again: in the window's process an import statement runs
    PySide6's import hook in Python, at every town."""
    from . import growth_kernel
    return growth_kernel


def grow_town_times(world: World, town: Town, modes: int, times: int, fast: bool = True) -> None:
    """DoCreateTown's ``times`` GrowTown calls in one: through the numba
    kernels of :mod:`.growth_kernel` (``fast``; the same tiles, town
    fields, Random() draws and trail marks, the tests hold both to the
    game) or through :func:`grow_town`, the readable reference."""
    if fast:
        _kernels().grow_town_fast(world, town, modes, times)
        return
    for _ in range(times):
        grow_town(world, town, modes)


__all__ = ["TEM_ALL", "TEM_BUILDINGS", "TEM_ROADS", "grow_town", "grow_town_at_road",
           "grow_town_in_tile", "grow_town_times"]
