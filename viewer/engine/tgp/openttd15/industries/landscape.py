"""What placing an industry does to the land, as far as GenerateIndustries
uses it: ``CmdLandscapeClear`` with each tile type's ClearTile
(``landscape.cpp`` and the ``*_cmd.cpp``), ``DoClearSquare`` and
``CmdTerraformLand`` for one tile's north corner (``terraform_cmd.cpp``,
with each tile type's TerraformTile).

At world generation the current company is OWNER_NONE (OWNER_TOWN while an
industry's platform is levelled), so autoslope is off, town ratings are not
asked and town roads may be removed; no vehicle, station, rail or object is
on the map yet.  Each function takes the :class:`~.placement.Placer` (map,
settings, towns) as ``ctx``.
"""

from __future__ import annotations

from ...game.clear_map import CLEAR_GRASS, make_clear
from ...game.tiles import OWNER_NONE, OWNER_WATER, TileType
from ...game.water_map import is_water_tile
from ..landscape_clear import clear_neighbour_non_flooding_states, is_valid_tile

# DoCommandFlag
EXECUTE = 1
AUTO = 2
NO_WATER = 4
FORCE_CLEAR_TILE = 8

WATER_TILE_CLEAR, WATER_TILE_COAST = 0, 1


def water_tile_type(m, t: int) -> int:
    return int(m.m5[t]) >> 4


WATER_CLASS_TYPES = (TileType.WATER, TileType.STATION, TileType.INDUSTRY, TileType.OBJECT,
                     TileType.TREES)
"""The tile types that keep a water class (``HasTileWaterClass``)."""


def do_clear_square(m, t: int, density: int = 3) -> None:
    """``DoClearSquare``: grass of density 3 while the world is generated,
    0 after (the tile loops at the end of generation run after it)."""
    make_clear(m, t, CLEAR_GRASS, density)
    clear_neighbour_non_flooding_states(m, t)


def _road_bits(m, t: int) -> int:
    return (int(m.m5[t]) & 0x0F) | (int(m.m3[t]) & 0x0F)


def clear_tile(ctx, t: int, flags: int) -> bool:
    """``CmdLandscapeClear`` (its tile type's ClearTile): whether it may be
    cleared; with EXECUTE, cleared."""
    m = ctx.map
    tt = int(m.type[t]) >> 4
    execute = bool(flags & EXECUTE)
    if tt in (TileType.CLEAR, TileType.TREES):
        if execute:
            do_clear_square(m, t)
        return True
    if tt == TileType.WATER:
        wt = water_tile_type(m, t)
        if wt == WATER_TILE_CLEAR:
            if flags & NO_WATER:
                return False
            x, y = t % m.size_x, t // m.size_x
            if not ctx.freeform_edges and not (1 <= x < m.max_x - 1 and 1 <= y < m.max_y - 1):
                return False
            if (int(m.m1[t]) & 0x1F) not in (OWNER_WATER, OWNER_NONE):
                return False
            if execute:
                do_clear_square(m, t)
            return True
        if wt == WATER_TILE_COAST:
            if execute:
                do_clear_square(m, t)
            return True
        return False                      # locks and depots: none at generation
    if tt == TileType.ROAD:
        if (int(m.m5[t]) >> 6) != 0:      # crossing or depot: none a town removes here
            return False
        bits = _road_bits(m, t)
        if (flags & AUTO) and bin(bits).count("1") != 1:
            return False
        # RemoveRoad of a town's road by OWNER_NONE/OWNER_TOWN: allowed; the
        # tile's last road goes, the tile becomes clear.
        if execute:
            do_clear_square(m, t)
        return True
    if tt == TileType.HOUSE:
        if flags & AUTO:
            return False
        if execute:
            ctx.clear_town_house(t)
        return True
    return False                          # tunnels, bridges, industries, void


# --- CmdTerraformLand --------------------------------------------------------

def _tunnel_in_way_dir(m, t: int, z: int, dx: int, dy: int, direction: int) -> bool:
    while True:
        t -= dy * m.size_x + dx
        if not is_valid_tile(m, t):
            return False
        height = m.get_tile_z(t)
        if not z < height:
            break
    return (z == height and (int(m.type[t]) >> 4) == TileType.TUNNELBRIDGE
            and not (int(m.m5[t]) & 0x80) and (int(m.m5[t]) & 3) == direction)


def is_tunnel_in_way(m, t: int, z: int) -> bool:
    """``IsTunnelInWay``."""
    x, y = t % m.size_x, t // m.size_x
    # DIAGDIR_NE (0) offset (-1, 0), SW (2) (1, 0), SE (1) (0, 1), NW (3) (0, -1)
    if x > m.max_x // 2:
        a = _tunnel_in_way_dir(m, t, z, -1, 0, 0)
    else:
        a = _tunnel_in_way_dir(m, t, z, 1, 0, 2)
    if a:
        return True
    if y > m.max_y // 2:
        return _tunnel_in_way_dir(m, t, z, 0, -1, 3)
    return _tunnel_in_way_dir(m, t, z, 0, 1, 1)


def _bridge_height(m, t: int) -> int:
    """The height of the bridge above ``t`` (its southern head's height
    plus one, a sloped head one more)."""
    axis_x = ((int(m.type[t]) >> 2) & 3) == 1
    dx, dy = (1, 0) if axis_x else (0, 1)
    want = 0 if axis_x else 3            # the southern head faces NE (0) or NW (3)
    while True:
        t += dy * m.size_x + dx
        if ((int(m.type[t]) >> 4) == TileType.TUNNELBRIDGE and (int(m.m5[t]) & 0x80)
                and (int(m.m5[t]) & 3) == want):
            break
    slope, z = m.get_tile_slope_z(t)
    return z + 1 + (1 if slope else 0)


class _Terraformer:
    def __init__(self) -> None:
        self.dirty: set[int] = set()
        self.new_height: dict[int, int] = {}


def _height(m, ts: _Terraformer, t: int) -> int:
    return ts.new_height.get(t, int(m.height[t]))


def _terraform_tile_height(ctx, ts: _Terraformer, t: int, height: int) -> bool:
    m = ctx.map
    if height < 0 or height > ctx.height_limit:
        return False
    if height == _height(m, ts, t):
        return False
    x, y = t % m.size_x, t // m.size_x
    if not ctx.freeform_edges and (x <= 1 or y <= 1 or x >= m.max_x - 1 or y >= m.max_y - 1):
        return False
    sx = m.size_x
    if y >= 1:
        ts.dirty.add(t - sx)
    if y >= 1 and x >= 1:
        ts.dirty.add(t - sx - 1)
    if x >= 1:
        ts.dirty.add(t - 1)
    ts.dirty.add(t)
    ts.new_height[t] = height
    for ddx, ddy in ((-1, 0), (0, 1), (1, 0), (0, -1)):      # NE, SE, SW, NW
        nx, ny = x + ddx, y + ddy
        if not (0 <= nx < m.size_x and 0 <= ny < m.size_y):
            continue
        n = ny * sx + nx
        r = _height(m, ts, n)
        diff = height - r
        if abs(diff) > 1:
            diff += -1 if diff > 0 else 1
            if not _terraform_tile_height(ctx, ts, n, r + diff):
                return False
    return True


def _terraform_tile_ok(ctx, t: int, flags: int, z_min: int, tileh: int) -> bool:
    """Each tile type's TerraformTile with autoslope off: clear it (AUTO,
    FORCE_CLEAR_TILE and the caller's flags)."""
    m = ctx.map
    tt = int(m.type[t]) >> 4
    if tt == TileType.WATER and is_water_tile(m, t) and ((int(m.m1[t]) >> 5) & 3) == 1:
        return False                      # canals
    return clear_tile(ctx, t, flags | AUTO | FORCE_CLEAR_TILE)


def terraform_land(ctx, t: int, dir_up: bool, flags: int) -> bool:
    """``CmdTerraformLand(flags, t, SLOPE_N, dir_up)``: raise or lower the
    north corner of ``t`` (and the corners it drags); with EXECUTE, done
    (after the same checks without)."""
    m = ctx.map
    ts = _Terraformer()
    if not _terraform_tile_height(ctx, ts, t, int(m.height[t]) + (1 if dir_up else -1)):
        return False
    direction = 1 if dir_up else -1
    sx = m.size_x
    # The game runs the command twice when executing (a test, then for
    # real), and each run checks every dirty tile twice (pass 0 with the
    # checks of bridges and tunnels, pass 1 asking the tile types with the
    # command's flags).  Nothing changes the map before pass 1 executes and
    # the tile types answer a test the same in both passes, so one checking
    # pass decides, and an executing run adds the executing pass.
    for pass_ in ((0, 1) if flags & EXECUTE else (0,)):
        for d in sorted(ts.dirty):
            if (int(m.type[d]) >> 4) == TileType.VOID:
                continue
            zn = _height(m, ts, d)
            zw = _height(m, ts, d + 1)
            zs = _height(m, ts, d + sx + 1)
            ze = _height(m, ts, d + sx)
            z_min, z_max = min(zn, zw, zs, ze), max(zn, zw, zs, ze)
            tileh = 0x10 if z_max > z_min + 1 else 0
            tileh |= (1 if zw > z_min else 0) | (2 if zs > z_min else 0) | \
                (4 if ze > z_min else 0) | (8 if zn > z_min else 0)
            if pass_ == 0:
                if (int(m.type[d]) >> 2) & 3:
                    bh = _bridge_height(m, d)
                    if direction == 1 and bh <= z_max:
                        return False
                    if direction == -1 and bh > z_min + ctx.max_bridge_height:
                        return False
                if direction == -1 and ctx.has_tunnels and is_tunnel_in_way(m, d, z_min):
                    return False
            tile_flags = flags if pass_ == 1 else (flags & ~EXECUTE)
            if not _terraform_tile_ok(ctx, d, tile_flags, z_min, tileh):
                return False
    if flags & EXECUTE:
        for d, hgt in ts.new_height.items():
            m.height[d] = hgt
    return True
