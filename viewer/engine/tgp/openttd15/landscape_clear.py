"""``CMD_LANDSCAPE_CLEAR`` as world generation uses it (``landscape.cpp``
CmdLandscapeClear and the ``ClearTile_*`` procs of the tile types present
while towns are built: clear land, trees, water, roads, houses, tunnels and
bridges, the void), and ``DoClearSquare``.

Towns ask it with ``auto`` and ``no_water`` before building a house
(CanBuildHouseHere: a test that changes nothing) and then execute it on
every tile of the house; deleting a town executes it on the town's tiles.
No Random() draw in any of them.
"""

from __future__ import annotations

from collections.abc import Callable

from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.clear_map import CLEAR_GRASS, make_clear
from viewer.engine.tgp.game.road_map import get_tunnel_bridge_direction
from viewer.engine.tgp.game.tiles import DIAGDIR_DX, DIAGDIR_DY, OWNER_NONE, GameMap, TileType
from viewer.engine.tgp.game.tunnelbridge_map import get_other_tunnel_bridge_end, is_bridge

# The eight neighbours (dx, dy) in Direction order N, NE, E, SE, S, SW, W, NW.
_TILEOFFS_BY_DIR = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))

WATER_TILE_CLEAR, WATER_TILE_COAST = 0, 1
ROAD_TILE_NORMAL = 0


CLEAR_TILE_PROCS: dict[int, Callable[..., bool]] = {}
"""``ClearTile_*`` of the tile types whose module sits above this one (as
the game's ``_tile_type_procs``): ``proc(world, tile, execute=, auto=)``.
:mod:`.towns.houses` gives the house's (ClearTile_Town) on import."""


def is_valid_tile(m: GameMap, t: int) -> bool:
    """``IsValidTile``: on the map and not a void tile."""
    return 0 <= t < m.type.size and (int(m.type[t]) >> 4) != TileType.VOID


def clear_neighbour_non_flooding_states(m: GameMap, t: int) -> None:
    """``ClearNeighbourNonFloodingStates``: the eight neighbouring water
    tiles may flood again (bit 0 of m3)."""
    for dx, dy in _TILEOFFS_BY_DIR:
        d = t + m.tile_diff_xy(dx, dy)
        if is_valid_tile(m, d) and m.is_tile_type(d, TileType.WATER):
            m.m3[d] = int(m.m3[d]) & 0xFE


def do_clear_square(world: World, t: int) -> None:
    """``DoClearSquare`` while generating the world: grass of density 3,
    and the neighbouring water may flood again."""
    make_clear(world.map, t, CLEAR_GRASS, 3)
    clear_neighbour_non_flooding_states(world.map, t)


def _water_tile_type(m: GameMap, t: int) -> int:
    return (int(m.m5[t]) >> 4) & 0xF


def landscape_clear(world: World, t: int, *, execute: bool, auto: bool = False,
                    no_water: bool = False) -> bool:
    """``Command<CMD_LANDSCAPE_CLEAR>::Do(flags, tile)`` as a town (no
    company) does it: True when it succeeds; with ``execute`` the tile is
    cleared (a house through ClearTownHouse: :data:`CLEAR_TILE_PROCS`)."""
    m = world.map
    if not is_valid_tile(m, t):
        return False
    tt = m.get_tile_type(t)
    if tt in (TileType.CLEAR, TileType.TREES):
        if execute:
            do_clear_square(world, t)
        return True
    if tt == TileType.WATER:
        wtt = _water_tile_type(m, t)
        if wtt == WATER_TILE_CLEAR:
            if no_water:
                return False
            if not world.freeform_edges and not (1 <= m.tile_x(t) < m.max_x - 1
                                                 and 1 <= m.tile_y(t) < m.max_y - 1):
                return False
        elif wtt != WATER_TILE_COAST:
            if auto:
                return False
            raise NotImplementedError("clearing a lock or ship depot")
        if execute:
            do_clear_square(world, t)
            clear_neighbour_non_flooding_states(m, t)
        return True
    if tt == TileType.ROAD:
        road_tile_type = int(m.m5[t]) >> 6
        if road_tile_type == ROAD_TILE_NORMAL:
            road, tram = int(m.m5[t]) & 0xF, int(m.m3[t]) & 0xF
            bits = road | tram
            if auto and not (bits and bits & (bits - 1) == 0 and tram == 0):
                return False
            if execute:
                # RemoveRoad of every piece (a town may remove its own road):
                # nothing left, so the square is cleared.
                do_clear_square(world, t)
            return True
        if auto:
            return False
        raise NotImplementedError("clearing a level crossing or road depot")
    if tt in CLEAR_TILE_PROCS:
        return CLEAR_TILE_PROCS[tt](world, t, execute=execute, auto=auto)
    if tt == TileType.TUNNELBRIDGE:
        if auto:
            return False
        if execute:
            clear_road_tunnel_bridge(world, t)
        return True
    return False


def clear_road_tunnel_bridge(world: World, t: int) -> None:
    """DoClearTunnel / DoClearBridge executed by a town (deleting itself)
    on its road tunnel or bridge: both ends cleared (DoClearSquare), the
    tiles under a bridge no longer under it.  (A town's bridge ends over
    road tiles without roadside trees: the tile loop has not yet run on
    roads while towns are built.)"""
    m = world.map
    end = get_other_tunnel_bridge_end(m, t)
    bridge = is_bridge(m, t)
    d = get_tunnel_bridge_direction(m, t)
    delta = m.tile_diff_xy(DIAGDIR_DX[d], DIAGDIR_DY[d])
    do_clear_square(world, t)
    do_clear_square(world, end)
    if bridge:
        c = t + delta
        while c != end:
            m.type[c] = int(m.type[c]) & ~0x0C & 0xFF       # ClearBridgeMiddle
            c += delta
