"""The tile loops of the land (``clear_cmd.cpp``, ``tree_cmd.cpp``,
``water_cmd.cpp``, ``void_cmd.cpp``).

* Clear land: in the tropic desert ground follows the desert zone (density
  1 next to a tile that is not desert or is sea, else 3); in the arctic
  snow comes and goes a density step a visit with the lowest corner
  against the snow line; grass below density 3 grows a step every 8th
  visit; fields get fences where no field is beside them, and age.
* Trees: their ground follows the desert zone or the snow (rainforest and
  full snow draw one Random() each visit, the game's ambient sound); grass
  under them grows; every 16th visit (by 11x + 9y + ticks / 256) they
  grow, die, add a tree or spread to a neighbour, drawing Random().
* Water and void: sea, one-corner shore and the void flood land whose
  lowest corner is at 0 and whose slope takes water from their side; a sea
  tile with nothing left to flood is marked non-flooding; shore with more
  corners raised (and trees on shore) dries up unless a neighbour on its
  wet side floods.
"""

from __future__ import annotations

import numpy as np

from ...game.clear_map import (
    CLEAR_DESERT,
    CLEAR_FIELDS,
    CLEAR_GRASS,
    CLEAR_ROUGH,
    clear_snow,
    get_clear_ground,
    is_snow_tile,
    make_clear,
    make_snow,
    set_clear_ground_density,
)
from ...game.object_map import get_object_index
from ...game.road_map import get_tunnel_bridge_direction, is_normal_road_tile
from ...game.tiles import DIAGDIR_DX, DIAGDIR_DY, TROPICZONE_DESERT, TROPICZONE_RAINFOREST, TileType
from ...game.tree_map import (
    TREE_CACTUS,
    TREE_GROUND_GRASS,
    TREE_GROUND_ROUGH,
    TREE_GROUND_ROUGH_SNOW,
    TREE_GROUND_SHORE,
    TREE_GROUND_SNOW_DESERT,
    get_tree_ground,
    set_tree_ground_density,
)
from ...game.tunnelbridge_map import get_bridge_height, get_other_tunnel_bridge_end, is_bridge
from ...game.water_map import make_sea, make_shore
from ...kernel import FLOOD_FROM_DIRS
from ..industries.closure import _field, destroy_industry
from ..industries.fields import get_fence, is_fields, set_fence
from ..industries.landscape import WATER_CLASS_TYPES, do_clear_square
from ..industries.specs import INDUSTRY_SPECS
from ..landscape_clear import is_valid_tile
from ..trees import can_plant_trees_on_tile, plant_trees_on_tile
from .town import PAVED, TREES, foundation_slope_of

_DIAG = ((-1, 0), (0, 1), (1, 0), (0, -1))                                 # NE SE SW NW
_DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))  # N .. NW
_ONE_CORNER = (1, 2, 4, 8)
ETP_SPREAD_RAINFOREST, ETP_SPREAD_ALL, ETP_NO_GROWTH_NO_SPREAD = 1, 2, 3
GROWING_1, GROWN, DEAD = 0, 3, 6
WATER_CLASS_SEA, WATER_CLASS_INVALID = 0, 3
FLOOD_NONE, FLOOD_ACTIVE, FLOOD_DRYUP = 0, 1, 3


# --- clear land --------------------------------------------------------------

def _neighbour_is_normal(m, t: int) -> bool:
    sx = m.size_x
    for dx, dy in _DIAG:
        u = t + dy * sx + dx
        if not is_valid_tile(m, u):
            continue
        if m.get_tropic_zone(u) != TROPICZONE_DESERT:
            return True
        if (int(m.type[u]) >> 4) in WATER_CLASS_TYPES and \
                ((int(m.m1[u]) >> 5) & 3) == WATER_CLASS_SEA:
            return True
    return False


def _clear_desert(m, t: int) -> None:
    current = int(m.m5[t]) & 3 if get_clear_ground(m, t) == CLEAR_DESERT else 0
    expected = 0
    if m.get_tropic_zone(t) == TROPICZONE_DESERT:
        expected = 1 if _neighbour_is_normal(m, t) else 3
    if current == expected:
        return
    if expected == 0:
        set_clear_ground_density(m, t, CLEAR_GRASS, 3)
    else:
        set_clear_ground_density(m, t, CLEAR_DESERT, expected)


def _clear_alps(ctx, m, t: int) -> None:
    k = m.get_tile_z(t) - ctx.snow_line + 1
    if not is_snow_tile(m, t):
        if k >= 0:
            make_snow(m, t, 0)
        return
    current = int(m.m5[t]) & 3
    req = 0 if k < 0 else min(k, 3)
    if current == req:
        if k >= 0:
            return
        clear_snow(m, t)
    else:
        m.m5[t] = int(m.m5[t]) + (1 if current < req else -1)


def _update_fences(m, t: int) -> None:
    sx = m.size_x
    for d, (dx, dy) in enumerate(_DIAG):
        if get_fence(m, t, d) != 0:
            continue
        u = t + dy * sx + dx
        if is_fields(m, u):
            continue
        set_fence(m, t, d, 3)


def tile_loop_clear(ctx, t: int) -> None:
    """``TileLoop_Clear``."""
    m = ctx.map
    if ctx.landscape == 2:
        _clear_desert(m, t)
    elif ctx.landscape == 1:
        _clear_alps(ctx, m, t)
    if is_snow_tile(m, t):
        return
    g = get_clear_ground(m, t)
    m5 = int(m.m5[t])
    if g == CLEAR_GRASS:
        if m5 & 3 == 3:
            return
        if (m5 >> 5) < 7:
            m.m5[t] = m5 + (1 << 5)
        else:
            m.m5[t] = (m5 & 0x1F) + 1
    elif g == CLEAR_FIELDS:
        _update_fences(m, t)
        m5 = int(m.m5[t])
        if (m5 >> 5) < 7:
            m.m5[t] = m5 + (1 << 5)
            return
        m.m5[t] = m5 & 0x1F
        ft = int(m.m3[t]) & 0xF
        if int(m.m2[t]) == 0xFFFF and ft >= 7:
            make_clear(m, t, CLEAR_GRASS, 2)
        else:
            m.m3[t] = (int(m.m3[t]) & ~0xF) | (ft + 1 if ft < 8 else 0)


# --- trees -------------------------------------------------------------------

def _trees_desert(ctx, m, t: int) -> None:
    zone = m.get_tropic_zone(t)
    if zone == TROPICZONE_DESERT:
        if get_tree_ground(m, t) != TREE_GROUND_SNOW_DESERT:
            set_tree_ground_density(m, t, TREE_GROUND_SNOW_DESERT, 3)
    elif zone == TROPICZONE_RAINFOREST:
        ctx.rng.next()                                  # the forest's ambient sound


def _trees_alps(ctx, m, t: int) -> None:
    k = m.get_tile_z(t) - ctx.snow_line + 1
    g = get_tree_ground(m, t)
    if k < 0:
        if g == TREE_GROUND_SNOW_DESERT:
            set_tree_ground_density(m, t, TREE_GROUND_GRASS, 3)
        elif g == TREE_GROUND_ROUGH_SNOW:
            set_tree_ground_density(m, t, TREE_GROUND_ROUGH, 3)
        return
    density = min(k, 3)
    if g not in (TREE_GROUND_SNOW_DESERT, TREE_GROUND_ROUGH_SNOW):
        tg = TREE_GROUND_ROUGH_SNOW if g == TREE_GROUND_ROUGH else TREE_GROUND_SNOW_DESERT
        set_tree_ground_density(m, t, tg, density)
    elif (int(m.m2[t]) >> 4) & 3 != density:
        set_tree_ground_density(m, t, g, density)
    elif density == 3:
        ctx.rng.next()                                  # the snow's ambient sound


def _trees_can_spread(ctx, m, t: int) -> bool:
    etp = ctx.extra_tree_placement
    if ctx.landscape == 2:
        zone = m.get_tropic_zone(t)
        if zone == TROPICZONE_DESERT:
            return False
        if zone == TROPICZONE_RAINFOREST:
            return etp in (ETP_SPREAD_ALL, ETP_SPREAD_RAINFOREST)
    return etp == ETP_SPREAD_ALL


def _tree_growth_visit(ctx, m, t: int) -> None:
    m5 = int(m.m5[t])
    growth = m5 & 7
    if growth == GROWN:
        if ctx.landscape == 2 and int(m.m3[t]) != TREE_CACTUS and \
                m.get_tropic_zone(t) == TROPICZONE_DESERT:
            m.m5[t] = m5 + 1
            return
        r = ctx.rng.next() & 7
        if r == 0:
            m.m5[t] = m5 + 1
            return
        if r == 1 and (m5 >> 6) + 1 < 4 and _trees_can_spread(ctx, m, t):
            m.m5[t] = ((m5 + (1 << 6)) & ~7) | GROWING_1
            return
        if r > 2:
            return
        if not _trees_can_spread(ctx, m, t):
            return
        tree_type = int(m.m3[t])
        dx, dy = _DIRS[ctx.rng.next() % 8]
        u = t + dy * m.size_x + dx
        if not 0 <= u < m.size or not can_plant_trees_on_tile(m, u, False):
            return
        if m.is_tile_type(u, TileType.CLEAR) and get_clear_ground(m, u) == CLEAR_GRASS and \
                not is_snow_tile(m, u) and int(m.m5[u]) & 3 != 3:
            return
        plant_trees_on_tile(m, u, tree_type, 0, GROWING_1)
    elif growth == DEAD:
        if not _trees_can_spread(ctx, m, t):
            m.m5[t] = (m5 & ~7) | GROWING_1
        elif (m5 >> 6) + 1 > 1:
            m.m5[t] = ((m5 - (1 << 6)) & ~7) | GROWN
        else:
            g = get_tree_ground(m, t)
            density = (int(m.m2[t]) >> 4) & 3
            if g == TREE_GROUND_SHORE:
                make_shore(m, t)
            elif g == TREE_GROUND_GRASS:
                make_clear(m, t, CLEAR_GRASS, density)
            elif g == TREE_GROUND_ROUGH:
                make_clear(m, t, CLEAR_ROUGH, 3)
            elif g == TREE_GROUND_ROUGH_SNOW:
                make_clear(m, t, CLEAR_ROUGH, 3)
                make_snow(m, t, density)
            elif ctx.landscape == 2:
                make_clear(m, t, CLEAR_DESERT, density)
            else:
                make_clear(m, t, CLEAR_GRASS, 3)
                make_snow(m, t, density)
    else:
        m.m5[t] = m5 + 1


def tile_loop_trees(ctx, t: int) -> None:
    """``TileLoop_Trees``."""
    m = ctx.map
    if get_tree_ground(m, t) == TREE_GROUND_SHORE:
        tile_loop_water(ctx, t)
    elif ctx.landscape == 2:
        _trees_desert(ctx, m, t)
    elif ctx.landscape == 1:
        _trees_alps(ctx, m, t)
    x, y = t % m.size_x, t // m.size_x
    cycle = (11 * x + 9 * y + (ctx.counter >> 8)) & 0xFFFFFFFF
    if (cycle & 7) == 7 and get_tree_ground(m, t) == TREE_GROUND_GRASS:
        density = (int(m.m2[t]) >> 4) & 3
        if density < 3:
            set_tree_ground_density(m, t, TREE_GROUND_GRASS, density + 1)
    if ctx.extra_tree_placement == ETP_NO_GROWTH_NO_SPREAD:
        return
    if cycle % 16 != 15:
        return
    _tree_growth_visit(ctx, m, t)


# --- water and void -----------------------------------------------------------

def flooding_behaviour(m, t: int) -> int:
    """``GetFloodingBehaviour``."""
    tt = int(m.type[t]) >> 4
    if tt == TileType.WATER:
        if (int(m.m5[t]) >> 4) == 1:                       # coast
            return FLOOD_ACTIVE if m.get_tile_slope(t) in _ONE_CORNER else FLOOD_DRYUP
        return FLOOD_ACTIVE if ((int(m.m1[t]) >> 5) & 3) == WATER_CLASS_SEA else FLOOD_NONE
    if tt in (TileType.STATION, TileType.INDUSTRY, TileType.OBJECT):
        return FLOOD_ACTIVE if ((int(m.m1[t]) >> 5) & 3) == WATER_CLASS_SEA else FLOOD_NONE
    if tt == TileType.TREES:
        return FLOOD_DRYUP if get_tree_ground(m, t) == TREE_GROUND_SHORE else FLOOD_NONE
    if tt == TileType.VOID:
        return FLOOD_ACTIVE
    return FLOOD_NONE


def foundation_slope(m, t: int) -> tuple[int, int]:
    """``GetFoundationSlope``: (slope, z) on top of the tile's foundation."""
    return foundation_slope_of(m, t)


def _neighbour(m, t: int, d: int) -> int | None:
    """``AddTileIndexDiffCWrap`` by Direction ``d``."""
    dx, dy = _DIRS[d]
    x, y = t % m.size_x + dx, t // m.size_x + dy
    if 0 <= x < m.size_x and 0 <= y < m.size_y:
        return y * m.size_x + x
    return None


def built_on_water(world, index: int) -> bool:
    """Whether industry ``index`` is built on water (an oil rig)."""
    for ind in world.industries:
        if ind is not None and int(_field(ind, "index")) == index:
            return INDUSTRY_SPECS[int(_field(ind, "type"))].has("BuiltOnWater")
    return False


def industries_on_water(world) -> np.ndarray:
    """Per industry index, 1 where it is built on water (the compiled
    loops' table)."""
    live = [i for i in world.industries if i is not None]
    out = np.zeros(max((int(_field(i, "index")) for i in live), default=0) + 1, np.uint8)
    for i in live:
        out[int(_field(i, "index"))] = INDUSTRY_SPECS[int(_field(i, "type"))].has("BuiltOnWater")
    return out


def _clear_object(ctx, m, t: int) -> None:
    """``ClearTile_Object`` by the water (which may remove any object not
    built on water): ``ReallyClearObjectTile``, the object leaves the pool.
    Generation's lighthouses and transmitters are one tile on land, so
    ``MakeWaterKeepingClass`` leaves cleared land."""
    if ((int(m.m1[t]) >> 5) & 3) != WATER_CLASS_INVALID:
        raise NotImplementedError("the sea flooding an object built on water")
    index = get_object_index(m, t)
    do_clear_square(m, t, 0)
    objects = ctx.world.objects
    if index < len(objects):
        objects[index] = None


def _clear_bridge(m, t: int) -> None:
    """``DoClearBridge`` by the water (which may remove any bridge): both
    ends cleared, the tiles under it no longer under a bridge (a road's
    roadside trees there too low for it paved)."""
    end = get_other_tunnel_bridge_end(m, t)
    height = get_bridge_height(m, t)
    d = get_tunnel_bridge_direction(m, t)
    delta = m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
    do_clear_square(m, t, 0)
    do_clear_square(m, end, 0)
    c = t + delta
    while c != end:
        if is_normal_road_tile(m, c) and (int(m.m6[c]) >> 3) & 7 == TREES and \
                height < m.get_tile_max_z(c) + 3:
            m.m6[c] = (int(m.m6[c]) & ~0x38) | (PAVED << 3)
        m.type[c] = int(m.type[c]) & ~0x0C                    # ClearBridgeMiddle
        c += delta


def _do_flood_tile(ctx, m, t: int) -> None:
    """``DoFloodTile`` (the current company OWNER_WATER): sloped clear land
    becomes shore (trees on more than one raised corner get shore ground);
    a flat tile is cleared as ``CMD_LANDSCAPE_CLEAR`` does for the water (a
    town road goes, a house goes whole, an industry not built on water is
    destroyed, a lighthouse or transmitter goes, a bridge goes with both
    its ends; a tunnel is never flat) and becomes sea.  After generation a
    cleared tile is grass of density 0."""
    tt = int(m.type[t]) >> 4
    tileh = m.get_tile_slope(t)
    if tileh != 0:
        if tt == TileType.TREES and tileh not in _ONE_CORNER:
            set_tree_ground_density(m, t, TREE_GROUND_SHORE, 3)
        elif tt in (TileType.CLEAR, TileType.TREES):
            do_clear_square(m, t, 0)
            make_shore(m, t)
        return
    if tt in (TileType.CLEAR, TileType.TREES):
        do_clear_square(m, t, 0)
    elif tt == TileType.ROAD and (int(m.m5[t]) >> 6) == 0:
        do_clear_square(m, t, 0)
    elif tt == TileType.HOUSE:
        ctx.towns.clear_town_house(m, t, 0)
    elif tt == TileType.INDUSTRY:
        index = int(m.m2[t])
        if built_on_water(ctx.world, index):
            return                                    # the water cannot clear an oil rig
        destroy_industry(ctx.world, m, index)
    elif tt == TileType.OBJECT:
        _clear_object(ctx, m, t)
    elif tt == TileType.TUNNELBRIDGE and is_bridge(m, t):
        _clear_bridge(m, t)
    else:
        return            # level crossings and road depots: none at generation
    make_sea(m, t)


def tile_loop_water(ctx, t: int) -> None:
    """``TileLoop_Water`` (also the void's and shore trees')."""
    m = ctx.map
    tt = int(m.type[t]) >> 4
    if tt == TileType.WATER and int(m.m3[t]) & 1:
        return                                                # non-flooding
    b = flooding_behaviour(m, t)
    if b == FLOOD_ACTIVE:
        go_on = False
        for d in range(8):
            u = _neighbour(m, t, d)
            if u is None or not is_valid_tile(m, u):
                continue
            tu = int(m.type[u]) >> 4
            if tu == TileType.WATER:
                continue
            go_on = True
            if tu == TileType.TREES and get_tree_ground(m, u) == TREE_GROUND_SHORE:
                continue
            slope, z = foundation_slope(m, u)
            if z > 0:
                continue
            if not (int(FLOOD_FROM_DIRS[slope & 15]) >> ((d + 4) & 7)) & 1:
                continue
            _do_flood_tile(ctx, m, u)
        if not go_on and tt == TileType.WATER:
            m.m3[t] = int(m.m3[t]) | 1
    elif b == FLOOD_DRYUP:
        slope = foundation_slope(m, t)[0] & 15
        dirs = int(FLOOD_FROM_DIRS[slope])
        for d in range(8):
            if not (dirs >> d) & 1:
                continue
            u = _neighbour(m, t, d)
            if u is None:
                continue
            if flooding_behaviour(m, u) == FLOOD_ACTIVE:
                return
        if tt == TileType.TREES:
            set_tree_ground_density(m, t, TREE_GROUND_GRASS, 3)
        else:
            do_clear_square(m, t, 0)
            make_clear(m, t, CLEAR_GRASS, 3)
