"""GenerateTowns of OpenTTD 15.2 (``town_cmd.cpp``): how many towns, where,
named how, and each founded and grown at once.

1. **How many** (GenerateTowns): a custom number as set; otherwise the
   density's count for a 256x256 map (very low 5, low 11, normal 23,
   high 46) scaled by the map's area (ScaleBySize), plus ``Random() & 7``,
   scaled by the share of land (ScaleByLandProportion: the tiles that are
   not plain water, counted after GenerateClearTile, plus a twelfth).
2. **Cities**: one town in ``economy.larger_towns`` is a city, counted from
   a random offset (``Random() % larger_towns``).
3. **Each town**: a name (GenerateTownName: Random() until a word renders a
   new name), then CreateRandomTown with 20 attempts: a random tile
   (RandomTile) aligned to the layout's grid; on water, the best coastal
   spot nearby (FindNearestGoodCoastalTownSpot); elsewhere the tile must pass
   TownCanBePlacedHere (12 tiles from the edge, 20 from any town, clear or
   trees and flat, half of the 5x5 around it usable and level with it).
4. **Founding** (DoCreateTown): the fields set, the layout (TL_RANDOM: from
   the tile's hash), a size of ``(Random() & 15) + 8`` (times
   ``initial_city_size`` for a city), then ``4 x size`` GrowTown while the
   size counts as extra houses for the zone radii; then the radii, growth
   rate and grow counter from the houses built.  A town that got no
   population is deleted with its roads and houses (CmdDeleteTown) and the
   attempt counts as failed; its pool index goes to the next town.
5. **None at all**: one more name and 10000 attempts.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from viewer.engine.tgp.game import TileType, World
from viewer.engine.tgp.game.road_map import has_town_owned_road
from viewer.engine.tgp.game.tiles import DIAGDIR_DX, DIAGDIR_DY, OWNER_TOWN, GameMap
from viewer.engine.tgp.game.town_map import get_town_index

from .growth import TEM_ALL, grow_town_times
from .names import SPECSTR_TOWNNAME_START, generate_town_name, town_name
from .town import (  # noqa: F401 - the layouts and placement rules, named here too
    CLEAR_ROUGH,
    MIN_EDGE_DISTANCE,
    MIN_TOWN_DISTANCE,
    NUM_TLS,
    SEARCH_DIAMETER,
    TL_2X2_GRID,
    TL_3X3_GRID,
    TL_BETTER_ROADS,
    TL_ORIGINAL,
    TL_RANDOM,
    TOWN_POOL_MAX_SIZE,
    TREE_GROUND_ROUGH,
    VALID_TILE_GOAL,
    WATER_CLASS_INVALID,
    WATER_TILE_COAST,
    Town,
    TownPool,
    free_town,
    new_town,
    town_ticks_to_game_ticks,
    update_town_growth_rate,
    update_town_radius,
)

# TownSize
TSZ_SMALL, TSZ_MEDIUM, TSZ_LARGE, TSZ_RANDOM = range(4)

CUSTOM_TOWN_NUMBER_DIFFICULTY = 4
NUM_INITIAL_TOWNS = (5, 11, 23, 46)   # very low, low, normal, high (for 256x256)
CREATE_ATTEMPTS = 20
LAST_TRY_ATTEMPTS = 10000


# --- settings ---------------------------------------------------------------
def _setting(world: World, name: str, default: int) -> int:
    return int(world.setting(name, default))


def town_layout_setting(world: World) -> int:
    """``economy.town_layout`` (TL_ORIGINAL by default)."""
    return _setting(world, "economy.town_layout", TL_ORIGINAL)


# --- map helpers -------------------------------------------------------------
def _log2(n: int) -> int:
    return n.bit_length() - 1


def scale_by_size(m: GameMap, n: int) -> int:
    """``Map::ScaleBySize``: ``n`` for a 256x256 map scaled to this area,
    rounded up."""
    v = n << (_log2(m.size_x) + _log2(m.size_y) - 12)
    return -(-v // 16)


def initial_land_count(m: GameMap) -> int:
    """``Map::CountLandTiles``: tiles that are not plain water (IsWaterTile:
    a water tile of type clear, so coast counts as land), plus a twelfth,
    at most the map's size."""
    water = ((m.type >> 4) == TileType.WATER) & ((m.m5 >> 4) == 0)
    land = m.size - int(np.count_nonzero(water))
    return min(land + land // 12, m.size)


def scale_by_land_proportion(m: GameMap, n: int, land: int) -> int:
    """``Map::ScaleByLandProportion``: ``n * land / size``, rounded down."""
    return n * land // m.size


def random_tile(world: World) -> int:
    """``RandomTile()``: one Random() wrapped to the map."""
    return world.rng.next() & (world.map.size - 1)


def tile_hash(x: int, y: int) -> int:
    """``TileHash`` (uint arithmetic)."""
    h = (x >> 4) ^ (x >> 6) ^ (y >> 4)
    return (h - (y >> 6)) & 0xFFFFFFFF


@lru_cache(maxsize=8)
def _spiral_offsets(diameter: int) -> tuple[tuple[int, int], ...]:
    from viewer.engine.tgp.openttd15.rivers.tiles import spiral

    dx, dy = spiral(diameter)
    return tuple(zip(dx.tolist(), dy.tolist()))


def spiral_tile_sequence(m: GameMap, centre: int, diameter: int) -> Iterator[int]:
    """``SpiralTileSequence(centre, diameter)``: the tiles of the square of
    that edge around ``centre``, ring by ring outwards (odd diameters start
    at the centre, even ones at the west corner of the central 2x2), those
    off the map skipped."""
    cx, cy = m.tile_x(centre), m.tile_y(centre)
    sx, sy = m.size_x, m.size_y
    for dx, dy in _spiral_offsets(diameter):
        x, y = cx + dx, cy + dy
        if 0 <= x < sx and 0 <= y < sy:
            yield y * sx + x


def _water_class(m: GameMap, t: int) -> int:
    return (int(m.m1[t]) >> 5) & 3


def has_tile_water_ground(m: GameMap, t: int) -> bool:
    """``HasTileWaterGround``: a tile with a water class (water, station,
    industry, object, trees) on water, not coast (a coast water tile or
    trees on a shore)."""
    tt = m.get_tile_type(t)
    if tt not in (TileType.WATER, TileType.STATION, TileType.INDUSTRY, TileType.OBJECT,
                  TileType.TREES):
        return False
    if _water_class(m, t) == WATER_CLASS_INVALID:
        return False
    if tt == TileType.TREES:
        return False        # trees with a water class are coast
    if tt == TileType.WATER and (int(m.m5[t]) >> 4) == WATER_TILE_COAST:
        return False
    return True


def get_closest_water_distance(world: World, tile: int) -> int:
    """``GetClosestWaterDistance(tile, true)``: the Manhattan distance to the
    nearest water ground (at most 0x7F), void tiles not looked at."""
    m = world.map
    if has_tile_water_ground(m, tile):
        return 0
    max_dist = 0x7F
    x, y = m.tile_x(tile), m.tile_y(tile)
    min_xy = 1 if world.freeform_edges else 0
    ddx = (-1, 1, 1, -1)
    ddy = (1, 1, -1, -1)
    for dist in range(1, max_dist):
        y -= 1
        for d in range(4):
            for _ in range(dist):
                if min_xy <= x < m.max_x and min_xy <= y < m.max_y:
                    if has_tile_water_ground(m, y * m.size_x + x):
                        return dist
                x += ddx[d]
                y += ddy[d]
    return max_dist


# --- placement ---------------------------------------------------------------
def align_tile_to_grid(m: GameMap, tile: int, layout: int) -> int:
    """``AlignTileToGrid``: the 2x2 grid's tiles are every third, the 3x3
    grid's every fourth, in x and y."""
    x, y = m.tile_x(tile), m.tile_y(tile)
    if layout == TL_2X2_GRID:
        return m.tile_xy(x - x % 3, y - y % 3)
    if layout == TL_3X3_GRID:
        return m.tile_xy(x & ~3, y & ~3)
    return tile


def is_tile_aligned_to_grid(m: GameMap, tile: int, layout: int) -> bool:
    """``IsTileAlignedToGrid``."""
    x, y = m.tile_x(tile), m.tile_y(tile)
    if layout == TL_2X2_GRID:
        return x % 3 == 0 and y % 3 == 0
    if layout == TL_3X3_GRID:
        return x % 4 == 0 and y % 4 == 0
    return True


def is_close_to_town(world: World, tile: int, dist: int) -> bool:
    """``IsCloseToTown``: a town within Manhattan distance ``dist`` - 1 (the
    game asks its Manhattan k-d tree for the nearest town)."""
    m = world.map
    return any(m.distance_manhattan(tile, t.xy) < dist for t in world.towns if t is not None)


def town_can_be_placed_here(world: World, tile: int, check_surrounding: bool) -> bool:
    """``TownCanBePlacedHere``: far enough from the edge and other towns, a
    flat clear or trees tile, and (checking the surrounding) 12 of the 25
    tiles around it clear or trees, not rough, and within one level."""
    m = world.map
    if m.distance_from_edge(tile) < MIN_EDGE_DISTANCE:
        return False
    if is_close_to_town(world, tile, MIN_TOWN_DISTANCE):
        return False
    tt = m.get_tile_type(tile)
    if tt not in (TileType.CLEAR, TileType.TREES) or not m.is_tile_flat(tile):
        return False
    if not check_surrounding:
        return True
    counter = 0
    town_height = m.get_tile_z(tile)
    for t in spiral_tile_sequence(m, tile, SEARCH_DIAMETER):
        if counter == VALID_TILE_GOAL:
            break
        tt = m.get_tile_type(t)
        if tt == TileType.CLEAR:
            if (int(m.m5[t]) >> 2) & 7 == CLEAR_ROUGH:       # GetClearGround
                continue
        elif tt == TileType.TREES:
            if (int(m.m2[t]) >> 6) & 7 == TREE_GROUND_ROUGH:  # GetTreeGround
                continue
        else:
            continue
        n, w, e, s = m.corner_heights(t)
        if max(n, w, e, s) <= town_height + 1 and min(n, w, e, s) >= town_height - 1:
            counter += 1
    return counter >= VALID_TILE_GOAL


def find_nearest_good_coastal_town_spot(world: World, tile: int, layout: int) -> int | None:
    """``FindNearestGoodCoastalTownSpot``: from a water tile, the nearest
    clear tile of the 40x40 spiral; of the tiles in the 10x10 spiral around
    that one where a town can be placed (flat, clear, on the grid), the one
    farthest from water.  None when there is no clear tile or no such spot."""
    m = world.map
    for coast in spiral_tile_sequence(m, tile, 40):
        if not m.is_tile_type(coast, TileType.CLEAR):
            continue
        furthest = None
        max_dist = 0
        for test in spiral_tile_sequence(m, coast, 10):
            if (not m.is_tile_type(test, TileType.CLEAR) or not m.is_tile_flat(test)
                    or not is_tile_aligned_to_grid(m, test, layout)):
                continue
            if not town_can_be_placed_here(world, test, True):
                continue
            dist = get_closest_water_distance(world, test)
            if dist > max_dist:
                furthest = test
                max_dist = dist
        return furthest
    return None


# --- founding ----------------------------------------------------------------
def initialize_layout(m: GameMap, town: Town, layout: int) -> None:
    """``Town::InitializeLayout``: TL_RANDOM picks one of the four layouts
    by the centre tile's hash (no Random())."""
    if layout != TL_RANDOM:
        town.layout = layout
    else:
        town.layout = tile_hash(m.tile_x(town.xy), m.tile_y(town.xy)) % (NUM_TLS - 1)


TownEvent = Callable[[Town, str], None]
"""Told of each town as it is ``founded`` (its fields set, before it
grows), ``grown`` (its growth done) and ``deleted`` (it got no population):
a timeline steps town by town with it."""


def do_create_town(world: World, town: Town, tile: int, townnameparts: int, size: int,
                   city: bool, layout: int, manual: bool = False,
                   on_town: TownEvent | None = None, fast: bool = True) -> None:
    """``DoCreateTown``: the town's fields, its size (one Random() for
    TSZ_RANDOM), ``4 x size`` GrowTown (the numba kernels when ``fast``,
    else the readable Python), then its radii and growth rate."""
    world.rng.mark("DoCreateTown")
    town.xy = tile
    town.num_houses = 0
    town.time_until_rebuild = 10
    update_town_radius(town)
    town.flags = 0
    town.population = 0
    town.building_counts = {}
    town.grow_counter = town.index % 70
    town.growth_rate = town_ticks_to_game_ticks(250)
    town.fund_buildings_months = 0
    town.townnametype = SPECSTR_TOWNNAME_START + _setting(world, "game_creation.town_name", 0)
    town.townnameparts = townnameparts
    town.name = town_name(town.townnametype, townnameparts)
    initialize_layout(world.map, town, layout)
    town.larger_town = city

    x = size * 16 + 3
    if size == TSZ_RANDOM:
        x = (world.rng.next() & 0xF) + 8
    if city and not manual:
        x *= _setting(world, "economy.initial_city_size", 2)

    town.num_houses += x
    update_town_radius(town)
    if on_town is not None:
        on_town(town, "founded")
    grow_town_times(world, town, TEM_ALL, x * 4, fast)
    town.num_houses -= x
    update_town_radius(town)
    update_town_growth_rate(world, town)
    # UpdateTownMaxPass: cargo statistics only, nothing on the map.
    if on_town is not None:
        on_town(town, "grown")


def town_owns_bridge(m: GameMap, town: Town, tile: int) -> bool:
    """``TestTownOwnsBridge``: a town-owned tunnel or bridge end next to a
    road of this town (the road before this end, or before the tile in the
    other end's entry direction, as the game looks)."""
    from viewer.engine.tgp.game.road_map import get_tunnel_bridge_direction
    from viewer.engine.tgp.game.tunnelbridge_map import get_other_tunnel_bridge_end
    if not m.is_tile_owner(tile, OWNER_TOWN):
        return False

    def town_road_behind(direction: int) -> bool:
        back = direction ^ 2          # ReverseDiagDir
        adjacent = tile + m.tile_diff_xy(DIAGDIR_DX[back], DIAGDIR_DY[back])
        return (m.is_tile_type(adjacent, TileType.ROAD) and m.is_tile_owner(adjacent, OWNER_TOWN)
                and get_town_index(m, adjacent) == town.index)

    other_end = get_other_tunnel_bridge_end(m, tile)
    return (town_road_behind(get_tunnel_bridge_direction(m, tile))
            or town_road_behind(get_tunnel_bridge_direction(m, other_end)))


def delete_town(world: World, town: Town) -> None:
    """``CmdDeleteTown`` at world generation: the town's bridges and tunnels
    cleared first, then, tile by tile, its roads and houses
    (CMD_LANDSCAPE_CLEAR), then the town freed from the pool."""
    from ..landscape_clear import landscape_clear
    m = world.map
    for t in range(m.size):
        if m.is_tile_type(t, TileType.TUNNELBRIDGE) and town_owns_bridge(m, town, t):
            landscape_clear(world, t, execute=True)
    for t in range(m.size):
        tt = m.get_tile_type(t)
        if tt == TileType.ROAD:
            clear = has_town_owned_road(m, t) and get_town_index(m, t) == town.index
        elif tt == TileType.HOUSE:
            clear = get_town_index(m, t) == town.index
        else:
            clear = False
        if clear:
            landscape_clear(world, t, execute=True)
    free_town(world.towns, town)


SpotFinder = Callable[[World, int, int], "tuple[int | None, int]"]
"""``(world, layout, attempts) -> (tile or None, attempts left)``: the
tries of CreateRandomTown until a tile passes (:func:`next_town_spot`, or
the numba twin :func:`.founding_kernel.next_town_spot_fast`)."""


def next_town_spot(world: World, layout: int, attempts: int) -> tuple[int | None, int]:
    """CreateRandomTown's tries until a tile passes, each one Random()
    (RandomTile) aligned to the grid, a water tile's coastal spot, or a
    tile TownCanBePlacedHere: (the tile, the attempts left after its own),
    or (None, 0)."""
    m = world.map
    while attempts > 0:
        attempts -= 1
        tile = align_tile_to_grid(m, random_tile(world), layout)
        if m.is_tile_type(tile, TileType.WATER):
            tile = find_nearest_good_coastal_town_spot(world, tile, layout)
            if tile is None:
                continue
        elif not town_can_be_placed_here(world, tile, True):
            continue
        return tile, attempts
    return None, 0


def _default_spot_finder(fast: bool) -> SpotFinder:
    if not fast:
        return next_town_spot
    from .founding_kernel import next_town_spot_fast
    return next_town_spot_fast


def create_random_town(world: World, attempts: int, townnameparts: int, size: int,
                       city: bool, layout: int, on_town: TownEvent | None = None,
                       spot_finder: SpotFinder | None = None,
                       fast: bool = True) -> Town | None:
    """``CreateRandomTown``: up to ``attempts`` random tiles; the town
    founded on the first good one that gets a population."""
    world.rng.mark("CreateRandomTown")
    if len(world.towns) >= TOWN_POOL_MAX_SIZE:
        return None
    find = spot_finder or _default_spot_finder(fast)
    left = attempts
    while left > 0:
        tile, left = find(world, layout, left)
        if tile is None:
            return None
        town = new_town(world.towns, tile)
        do_create_town(world, town, tile, townnameparts, size, city, layout, on_town=on_town,
                       fast=fast)
        if town.population > 0:
            return town
        delete_town(world, town)
        if on_town is not None:
            on_town(town, "deleted")
    return None


def number_of_towns(world: World) -> int:
    """The towns GenerateTowns tries for (one Random() unless the number
    is custom), before clamping to 1 .. the pool's size."""
    number = _setting(world, "difficulty.number_towns", 2)
    if number == CUSTOM_TOWN_NUMBER_DIFFICULTY:
        return _setting(world, "game_creation.custom_town_number", 1)
    m = world.map
    n = scale_by_size(m, NUM_INITIAL_TOWNS[number]) + (world.rng.next() & 7)
    return scale_by_land_proportion(m, n, initial_land_count(m))


@dataclass
class TownsRun:
    """GenerateTowns part way: what it holds between two towns (with the
    World, all it needs to go on; a copy of both goes on from there)."""

    layout: int
    total: int                      # the towns tried for
    town_names: set[str]            # the names taken (the uniqueness check's)
    larger: int                     # economy.larger_towns
    city_random_offset: int
    current: int = 0                # towns made
    tried: int = 0                  # names drawn for (the loop's turns done)


def start_towns(world: World, layout: int | None = None) -> TownsRun:
    """GenerateTowns' start: how many towns (one Random() unless custom),
    the city offset (one Random() when cities are on).  The World's towns
    become a :class:`.town.TownPool` (if not one yet)."""
    if not isinstance(world.towns, TownPool):
        world.towns = TownPool(world.towns)
    if layout is None:
        layout = town_layout_setting(world)
    total = min(max(number_of_towns(world), 1), TOWN_POOL_MAX_SIZE)
    names = {t.name for t in world.towns if t is not None}
    larger = _setting(world, "economy.larger_towns", 4)
    offset = 0 if larger == 0 else world.rng.next() % larger
    return TownsRun(layout, total, names, larger, offset)


def towns_one_by_one(world: World, layout: int | None = None,
                     on_town: TownEvent | None = None,
                     spot_finder: SpotFinder | None = None,
                     fast: bool = True, run: TownsRun | None = None
                     ) -> Generator[Town, None, bool]:
    """GenerateTowns a town at a time: yields each town made (founded and
    grown, with a population) as soon as it is, so that a caller can stop
    after any town and go on later (a timeline steps town by town with
    it); returns what :func:`generate_towns` returns.  Stopped after ``n``
    towns, ``world`` is exactly the game's map after its ``n``-th town.
    ``run``: from :func:`start_towns` (made here when None), kept up to
    date between towns; a copy of it and of the World then go on from
    there in a new call."""
    if run is None:
        run = start_towns(world, layout)
    spot_finder = spot_finder or _default_spot_finder(fast)
    rng = world.rng
    larger = run.larger
    while run.tried < run.total:
        run.tried += 1
        city = larger != 0 and (run.city_random_offset + run.current) % larger == 0
        parts = generate_town_name(rng, run.town_names)
        if parts is None:
            continue
        town = create_random_town(world, CREATE_ATTEMPTS, parts, TSZ_RANDOM, city, run.layout,
                                  on_town, spot_finder, fast)
        if town is not None:
            run.current += 1
            yield town
    world.stage = "towns"
    if run.current:
        return True
    parts = generate_town_name(rng, None, [t.name for t in world.towns if t is not None])
    if parts is None:
        return False
    town = create_random_town(world, LAST_TRY_ATTEMPTS, parts, TSZ_RANDOM, larger != 0,
                              run.layout, on_town, spot_finder, fast)
    if town is None:
        return False
    run.current += 1
    yield town
    return True


def generate_towns(world: World, layout: int | None = None,
                   on_town: TownEvent | None = None,
                   spot_finder: SpotFinder | None = None, fast: bool = True) -> bool:
    """``GenerateTowns(layout)`` (the game's stage between ``clear`` and
    ``towns``): towns founded and grown on ``world`` in place; False when
    not one town could be made (the game then aborts the generation).
    ``on_town`` is told of each town founded, grown or deleted;
    ``spot_finder`` finds the towns' places; ``fast``: the numba kernels
    place and grow the towns (else the readable Python, the same map)."""
    towns = towns_one_by_one(world, layout, on_town, spot_finder, fast)
    while True:
        try:
            next(towns)
        except StopIteration as done:
            return bool(done.value)
