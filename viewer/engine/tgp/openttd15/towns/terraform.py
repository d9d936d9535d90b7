"""``CmdTerraformLand`` (``terraform_cmd.cpp``) on the game's map as a
town runs it while the world is generated: LevelTownLand through
TerraformTownTile, and the tunnel command lowering its far end.

The corners' propagation is the one :mod:`viewer.engine.tgp.openttd15.rivers.terraform`
runs for the rivers (there on the Landscape's arrays, without costs or the
tile checks a town meets); here it is kept in a dict as the game keeps it,
so that every corner changed counts a PR_TERRAFORM (the game adds one per
successful TerraformTileHeight call).  Then each tile touching a changed
corner (the ``dirty`` set) is checked twice: bridges above and tunnels
below it (first pass), and its type's terraform proc: clear land and coast
are cleared (and cost their clearing), a road piece alone on its tile is
removed, water fails under NoWater, houses, other roads and tunnel/bridge
ends fail (autoslope is off for a town: OWNER_TOWN is no company).
Nothing here draws Random().
"""

from __future__ import annotations

from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.road_map import ROAD_TILE_NORMAL, get_road_bits, get_road_tile_type
from viewer.engine.tgp.game.tiles import GameMap, TileType
from viewer.engine.tgp.game.tunnelbridge_map import (
    get_bridge_height,
    get_southern_bridge_end,
    is_tunnel_in_way_dir,
)

from ...height_limit import world_height_limit
from ..landscape_clear import do_clear_square
from ..prices import world_prices

_NEIGHBOURS = ((-1, 0), (0, 1), (1, 0), (0, -1))      # DiagDir NE, SE, SW, NW


class _Failed(Exception):
    pass


def _model(world: World, tile: int, slope: int, up: bool) -> tuple[dict[int, int], int]:
    """The corners the command would change ({corner tile: new height},
    in the order the game stores them) and how many TerraformTileHeight
    calls succeeded; raises _Failed."""
    m = world.map
    direction = 1 if up else -1
    limit = world_height_limit(world)
    freeform = world.freeform_edges
    model: dict[int, int] = {}
    calls = 0

    def height(c: int) -> int:
        return model.get(c, int(m.height[c]))

    def tile_height(c: int, h: int) -> None:
        nonlocal calls
        if h < 0 or h > limit:
            raise _Failed
        if h == height(c):
            raise _Failed
        x, y = m.tile_x(c), m.tile_y(c)
        if not freeform and (x <= 1 or y <= 1 or x >= m.max_x - 1 or y >= m.max_y - 1):
            raise _Failed
        model[c] = h
        calls += 1
        for dx, dy in _NEIGHBOURS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < m.size_x and 0 <= ny < m.size_y):
                continue
            nb = m.tile_xy(nx, ny)
            r = height(nb)
            diff = h - r
            if abs(diff) > 1:
                diff += 1 if diff < 0 else -1
                tile_height(nb, r + diff)

    for bit, dx, dy in ((1, 1, 0), (2, 1, 1), (4, 0, 1), (8, 0, 0)):   # W, S, E, N
        if not slope & bit:
            continue
        c = tile + m.tile_diff_xy(dx, dy)
        if bit != 8 and c >= m.size:
            continue
        tile_height(c, int(m.height[c]) + direction)
    return model, calls


def _dirty(m: GameMap, model: dict[int, int]) -> list[int]:
    """TerraformAddDirtyTileAround of every changed corner, sorted (a
    std::set)."""
    out = set()
    for c in model:
        x, y = m.tile_x(c), m.tile_y(c)
        if y >= 1:
            out.add(c - m.size_x)
        if y >= 1 and x >= 1:
            out.add(c - m.size_x - 1)
        if x >= 1:
            out.add(c - 1)
        out.add(c)
    return sorted(out)


def _tile_proc_cost(world: World, t: int, *, no_water: bool, execute: bool) -> int:
    """The tile type's terraform_tile_proc with Auto and ForceClearTile:
    its cost, or _Failed."""
    m = world.map
    pr = world_prices(world)
    tt = m.get_tile_type(t)
    if tt == TileType.CLEAR:
        ground = (int(m.m5[t]) >> 2) & 7
        density = int(m.m5[t]) & 3
        table = ("PR_CLEAR_GRASS", "PR_CLEAR_ROUGH", "PR_CLEAR_ROCKS", "PR_CLEAR_FIELDS",
                 "PR_CLEAR_ROUGH", "PR_CLEAR_ROUGH")
        cost = 0
        if int(m.m3[t]) & 0x10:                       # snow
            cost = pr[table[ground]] + abs(pr["PR_CLEAR_ROUGH"] - pr["PR_CLEAR_GRASS"])
        elif ground != 0 or density != 0:
            cost = pr[table[ground]]
        if execute:
            do_clear_square(world, t)
        return cost
    if tt == TileType.TREES:
        # ClearTile_Trees: per tree (four per rainforest tree); on water
        # (shore trees) CmdLandscapeClear adds the water's clearing
        num = ((int(m.m5[t]) >> 6) & 3) + 1
        if 0x14 <= int(m.m3[t]) < 0x1B:
            num *= 4
        cost = num * pr["PR_CLEAR_TREES"]
        water_class = (int(m.m1[t]) >> 5) & 3
        if water_class == 1:                           # canal, under Auto
            raise _Failed
        if water_class != 3:
            cost += pr["PR_CLEAR_WATER"]
        if execute:
            do_clear_square(world, t)
        return cost
    if tt == TileType.WATER:
        wtt = (int(m.m5[t]) >> 4) & 0xF
        if wtt == 0:                                   # clear water (sea, river, canal)
            if (int(m.m1[t]) >> 5) & 3 == 1:           # canal
                raise _Failed
            if no_water:
                raise _Failed
            if not world.freeform_edges and not (1 <= m.tile_x(t) < m.max_x - 1
                                                 and 1 <= m.tile_y(t) < m.max_y - 1):
                raise _Failed
            cost = pr["PR_CLEAR_WATER"]
        elif wtt == 1:                                 # coast
            from .roads import is_slope_with_one_corner_raised
            cost = pr["PR_CLEAR_WATER"] if is_slope_with_one_corner_raised(m.get_tile_slope(t)) \
                else pr["PR_CLEAR_ROUGH"]
        else:
            raise _Failed
        if execute:
            do_clear_square(world, t)
        return cost
    if tt == TileType.ROAD:
        if get_road_tile_type(m, t) != ROAD_TILE_NORMAL:
            raise _Failed
        bits = get_road_bits(m, t)
        tram = int(m.m3[t]) & 0xF
        if tram or bits == 0 or bits & (bits - 1):
            raise _Failed                              # MUST_REMOVE_ROAD_FIRST under Auto
        if execute:
            do_clear_square(world, t)                  # RemoveRoad of the last piece
        return pr["PR_CLEAR_ROAD"]
    raise _Failed                                      # houses, tunnels/bridges (Auto)


def terraform_land(world: World, tile: int, slope: int, up: bool, *, execute: bool,
                   no_water: bool = True, cleared: frozenset = frozenset()) -> int | None:
    """``CmdTerraformLand(flags, tile, slope, up)`` for a town: its cost,
    or None when it fails; with ``execute`` the tiles are cleared and the
    heights set.  ``cleared``: tiles the calling command already cleared
    (the tunnel's far end), passed through CMD_LANDSCAPE_CLEAR instead."""
    m = world.map
    pr = world_prices(world)
    try:
        model, calls = _model(world, tile, slope, up)
    except _Failed:
        return None
    direction = 1 if up else -1
    max_bridge_height = int(world.setting("construction.max_bridge_height", 12))
    dirty = _dirty(m, model)
    total = calls * pr["PR_TERRAFORM"]

    def h(c: int) -> int:
        return model.get(c, int(m.height[c]))

    try:
        for pas in (0, 1):
            for t in dirty:
                if m.is_tile_type(t, TileType.VOID):
                    continue
                zn, zw = h(t), h(t + 1)
                zs, ze = h(t + m.size_x + 1), h(t + m.size_x)
                z_min, z_max = min(zn, zw, zs, ze), max(zn, zw, zs, ze)
                if pas == 0:
                    if m.is_bridge_above(t):
                        bh = get_bridge_height(m, get_southern_bridge_end(m, t))
                        if direction == 1 and bh <= z_max:
                            raise _Failed
                        if direction == -1 and bh > z_min + max_bridge_height:
                            raise _Failed
                    if direction == -1 and _is_tunnel_in_way(m, t, z_min):
                        raise _Failed
                if t in cleared:
                    # CMD_LANDSCAPE_CLEAR of an already cleared area: only NoWater
                    continue
                cost = _tile_proc_cost(world, t, no_water=no_water,
                                       execute=execute and pas == 1)
                if pas == 1:
                    total += cost
    except _Failed:
        return None
    if execute:
        for c, height in model.items():
            m.height[c] = height
    return total


def _is_tunnel_in_way(m: GameMap, t: int, z: int) -> bool:
    """``IsTunnelInWay``."""
    return (is_tunnel_in_way_dir(m, t, z, 0 if m.tile_x(t) > m.max_x // 2 else 2)
            or is_tunnel_in_way_dir(m, t, z, 3 if m.tile_y(t) > m.max_y // 2 else 1))

