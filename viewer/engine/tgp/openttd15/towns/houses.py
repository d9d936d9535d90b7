"""Town houses of OpenTTD 15.2 at world generation (``town_cmd.cpp``):
TryBuildTownHouse and what it calls, BuildTownHouse, ClearTownHouse.

The entry points the rest of the towns package calls:

* :func:`try_build_town_house` (TryBuildTownHouse): GrowTownInTile and
  GrowTownWithExtraHouse build a house through it.
* :func:`clear_town_house` (ClearTownHouse): deleting a town that could
  not grow clears its houses through it (CMD_LANDSCAPE_CLEAR on a house).
* :func:`get_town_radius_group` (GetTownRadiusGroup).

How a house is chosen and built (TryBuildTownHouse):

1. The town's layout must allow a house on the tile (none on the road
   grid of the 2x2 and 3x3 layouts), the tile must not be steep, be under
   a bridge, or fail CMD_LANDSCAPE_CLEAR with ``auto`` and ``no_water``
   (clear land, trees, a coast and a one-piece road can be cleared).
2. The tile's zone (GetTownRadiusGroup: the innermost of the town's five
   squared zone radii the tile lies within) and the climate (in arctic,
   above the snow line when the tile's highest corner is above it) select
   the candidate houses, each with its probability (16 for every original
   house), in house id order.
3. Until none is left: ``RandomRange(sum of probabilities)`` picks one; it
   leaves the candidates (the last moves into its place); it is skipped
   when the year is outside its years, when the town has its church or
   stadium already, when it needs flat land on a slope, or when a 2x1,
   1x2 or 2x2 house finds no room at the same height around the tile.
   Otherwise one ``Random()`` gives the house's random bits and it is built.
4. BuildTownHouse while generating: one ``Random()`` and ``Chance16(1, 7)``:
   one house in seven is left under construction at stage ``r & 3`` with
   counter ``(r >> 2) & 3`` (stage 3 is completed after all); a completed
   house adds its population.  Every tile of the house is cleared and made
   a house tile; the town's radius and growth rate are updated.
"""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

from viewer.engine.tgp.openttd15.climate import snow_line_height
from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.tiles import SLOPE_FLAT, SLOPE_STEEP, TileType
from viewer.engine.tgp.game.town_map import (
    get_house_type,
    get_town_index,
    is_house_completed,
    make_house_tile,
)

from ..landscape_clear import CLEAR_TILE_PROCS, do_clear_square, landscape_clear
from .house_specs import (
    ABOVE_SNOW,
    ANIMATED,
    BELOW_SNOW,
    BUILDING_2_TILES_X,
    BUILDING_2_TILES_Y,
    BUILDING_HAS_4_TILES,
    CHURCH,
    NOT_SLOPED,
    SIZE_1X2,
    SIZE_2X1,
    SIZE_2X2,
    STADIUM,
    SUBTROPIC,
    TEMPERATE,
    TOWN_HOUSE_COMPLETED,
    TOYLAND,
    ZONE_BITS,
    HouseSpec,
    house_specs,
)
from .town import TF_HAS_CHURCH, TF_HAS_STADIUM, Town, update_town_growth_rate, update_town_radius

# TownExpandMode bits (as growth.py defines them)
TEM_BUILDINGS = 1 << 0
TEM_ROADS = 1 << 1

# TownLayout (town_type.h)
TL_ORIGINAL, TL_BETTER_ROADS, TL_2X2_GRID, TL_3X3_GRID, TL_RANDOM = range(5)

# DiagDirection offsets (dx, dy): NE, SE, SW, NW
_DIAG = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGDIR_NE, DIAGDIR_SE, DIAGDIR_SW, DIAGDIR_NW = range(4)

DEFAULT_STARTING_YEAR = 1950


# --- where the game keeps what a house reads -------------------------------

def current_year(world: World) -> int:
    """``TimerGameCalendar::year`` while generating: the starting year."""
    return int(world.setting("game_creation.starting_year", DEFAULT_STARTING_YEAR))


def highest_snow_line(world: World) -> int:
    """``HighestSnowLine()`` (no NewGRF snow line table):
    ``game_creation.snow_line_height`` as GenerateLandscape set it; when
    the World does not carry it, CalculateSnowLine on the map's heights
    (those of the `clear` stage are GenerateLandscape's but for the rivers'
    widening)."""
    v = world.settings.get("game_creation.snow_line_height")
    if v is None:
        v = calculate_snow_line(world)
        world.settings["game_creation.snow_line_height"] = v
    return int(v)


def calculate_snow_line(world: World) -> int:
    """``CalculateSnowLine``: the height whose tiles and those above cover
    ``snow_coverage`` percent of the land tiles (at least 2), as TGP's
    climate step finds it (its heights are the map's)."""
    m = world.map
    heights = SimpleNamespace(height=m.height, kind=None, size_x=m.size_x, size_y=m.size_y)
    return snow_line_height(heights, int(world.setting("game_creation.snow_coverage", 40)))


def _specs(world: World) -> tuple[HouseSpec, ...]:
    return house_specs(world.landscape)


def _tile_add(world: World, t: int, d: int) -> int:
    dx, dy = _DIAG[d]
    return t + world.map.tile_diff_xy(dx, dy)


# --- zones and layout -------------------------------------------------------

def get_town_radius_group(world: World, town: Town, tile: int) -> int:
    """``GetTownRadiusGroup``: the zone (0 edge .. 4 centre) of ``tile``:
    the innermost zone whose squared radius exceeds the tile's squared
    distance from the centre (the centre within 5 tiles while the town
    funds buildings)."""
    dist = world.map.distance_square(tile, town.xy)
    if town.fund_buildings_months != 0 and dist <= 25:
        return 4
    smallest = 0
    for i in range(len(ZONE_BITS)):
        if dist < town.squared_town_zone_radius[i]:
            smallest = i
    return smallest


def _grid_pos(world: World, town: Town, tile: int) -> tuple[int, int]:
    """``TileIndexToTileIndexDiffC(t->xy, tile)``: the centre minus the tile."""
    m = world.map
    return m.tile_x(town.xy) - m.tile_x(tile), m.tile_y(town.xy) - m.tile_y(tile)


def _cmod(a: int, n: int) -> int:
    """C's ``a % n`` (the sign of ``a``)."""
    r = abs(a) % n
    return -r if a < 0 else r


def _decided_by_modes(modes: int) -> bool | None:
    """What the expand modes alone decide of a house's place: none without
    buildings, anywhere without roads; None when the layout decides."""
    if not modes & TEM_BUILDINGS:
        return False
    if not modes & TEM_ROADS:
        return True
    return None


def town_layout_allows_house_here(world: World, town: Town, tile: int, modes: int) -> bool:
    """``TownLayoutAllowsHouseHere``: not on the road lines of the 2x2 and
    3x3 grids (while the town may build roads)."""
    decided = _decided_by_modes(modes)
    if decided is not None:
        return decided
    x, y = _grid_pos(world, town, tile)
    if town.layout == TL_2X2_GRID:
        return _cmod(x, 3) != 0 and _cmod(y, 3) != 0
    if town.layout == TL_3X3_GRID:
        return _cmod(x, 4) != 0 and _cmod(y, 4) != 0
    return True


def town_layout_allows_2x2_house_here(world: World, town: Town, tile: int, modes: int) -> bool:
    """``TownLayoutAllows2x2HouseHere``: a 2x2 house's north tile only
    where the whole house fits between the grid's roads."""
    decided = _decided_by_modes(modes)
    if decided is not None:
        return decided
    x, y = _grid_pos(world, town, tile)
    if town.layout == TL_2X2_GRID:
        x, y = _cmod(x, 3), _cmod(y, 3)
        return x in (2, -1) and y in (2, -1)
    if town.layout == TL_3X3_GRID:
        return (x & 3) >= 2 and (y & 3) >= 2
    return True


# --- can a house stand here -------------------------------------------------

def can_build_house_here(world: World, tile: int, noslope: bool) -> bool:
    """``CanBuildHouseHere``: no steep slope (nor any slope for a house that
    wants flat land), no bridge above, and the land can be cleared
    (RoadTypesAllowHouseHere always allows: the original road types allow
    houses)."""
    m = world.map
    if not 0 <= tile < m.size:
        return False
    slope = m.get_tile_slope(tile)
    if (noslope and slope != SLOPE_FLAT) or slope & SLOPE_STEEP:
        return False
    if m.is_bridge_above(tile):
        return False
    return landscape_clear(world, tile, execute=False, auto=True, no_water=True)


def check_build_house_same_z(world: World, tile: int, z: int, noslope: bool) -> bool:
    """``CheckBuildHouseSameZ``: buildable, with its highest corner at ``z``."""
    return can_build_house_here(world, tile, noslope) and world.map.get_tile_max_z(tile) == z


def check_free_2x2_area(world: World, tile: int, z: int, noslope: bool) -> bool:
    """``CheckFree2x2Area``: the four tiles from ``tile`` (its north), in
    the order north, +SE, +SW, +NW."""
    if not check_build_house_same_z(world, tile, z, noslope):
        return False
    for d in (DIAGDIR_SE, DIAGDIR_SW, DIAGDIR_NW):
        tile = _tile_add(world, tile, d)
        if not check_build_house_same_z(world, tile, z, noslope):
            return False
    return True


def check_town_build_2_house(world: World, town: Town, tile: int, maxz: int, noslope: bool,
                             second: int, modes: int) -> int | None:
    """``CheckTownBuild2House``: the north tile of a 2x1 or 1x2 house over
    ``tile`` (its second tile towards ``second``, else the other way), None
    when neither fits."""
    tile2 = _tile_add(world, tile, second)
    if (town_layout_allows_house_here(world, town, tile2, modes)
            and check_build_house_same_z(world, tile2, maxz, noslope)):
        return tile
    tile2 = _tile_add(world, tile, (second + 2) % 4)
    if (town_layout_allows_house_here(world, town, tile2, modes)
            and check_build_house_same_z(world, tile2, maxz, noslope)):
        return tile2
    return None


def check_town_build_2x2_house(world: World, town: Town, tile: int, maxz: int, noslope: bool,
                               modes: int) -> int | None:
    """``CheckTownBuild2x2House``: the north tile of a 2x2 house covering
    ``tile``, trying the tile itself, then one to the north-west, then
    north, then north-east; None when none fits."""
    tile2 = tile
    for d in (DIAGDIR_SE, DIAGDIR_SW, DIAGDIR_NW, None):
        if (town_layout_allows_2x2_house_here(world, town, tile2, modes)
                and check_free_2x2_area(world, tile2, maxz, noslope)):
            return tile2
        if d is None:
            break
        tile2 = _tile_add(world, tile2, (d + 2) % 4)
    return None


# --- building ---------------------------------------------------------------

def change_population(town: Town, mod: int) -> None:
    """``ChangePopulation`` (while generating a town: the count alone)."""
    town.population += mod


def increase_building_count(town: Town, house: int) -> None:
    town.building_counts[house] = town.building_counts.get(house, 0) + 1


def decrease_building_count(town: Town, house: int) -> None:
    if town.building_counts.get(house, 0) > 0:
        town.building_counts[house] -= 1


def _house_parts(world: World, tile: int, house: int, flags: int):
    """(tile, house id) of each tile of a house, in the game's order: the
    north tile, then +y (1x2, 2x2), +x (2x1, 2x2), +x+y (2x2), the ids
    counting up."""
    m = world.map
    yield tile, house
    if flags & BUILDING_2_TILES_Y:
        house += 1
        yield tile + m.tile_diff_xy(0, 1), house
    if flags & BUILDING_2_TILES_X:
        house += 1
        yield tile + m.tile_diff_xy(1, 0), house
    if flags & BUILDING_HAS_4_TILES:
        house += 1
        yield tile + m.tile_diff_xy(1, 1), house


def add_animated_tile(world: World, tile: int) -> None:
    """``AddAnimatedTile``: the tile's animation state (bits 0..1 of m6)
    becomes Animated (3).  The game's list of animated tiles (its order
    matters to the tile animation, not to the map) is not kept here."""
    world.map.m6[tile] = int(world.map.m6[tile]) | 3


def make_town_house(world: World, town: Town, tile: int, counter: int, stage: int, house: int,
                    random_bits: int, is_protected: bool) -> None:
    """``MakeTownHouse``: every tile of the house cleared (ClearMakeHouseTile:
    CMD_LANDSCAPE_CLEAR executed), counted, and made a house tile."""
    specs = _specs(world)
    for part_tile, part in _house_parts(world, tile, house, specs[house].building_flags):
        ok = landscape_clear(world, part_tile, execute=True, auto=True, no_water=True)
        assert ok, f"house tile {part_tile} could not be cleared"
        increase_building_count(town, part)
        make_house_tile(world.map, part_tile, town.index, counter, stage, part, random_bits,
                        is_protected)
        if specs[part].building_flags & ANIMATED:
            add_animated_tile(world, part_tile)


def build_town_house(world: World, town: Town, tile: int, house: int, random_bits: int,
                     house_completed: bool = False, is_protected: bool = False) -> None:
    """``BuildTownHouse`` while generating the world: one ``Random()`` for
    the construction and ``Chance16(1, 7)`` whether it stays under
    construction (at stage ``r & 3``, counter ``(r >> 2) & 3``); a completed
    house adds its population.  Then MakeTownHouse, UpdateTownRadius and
    UpdateTownGrowthRate.  Marks ``BuildTownHouse`` in the trail."""
    rng = world.rng
    rng.mark("BuildTownHouse")
    hs = _specs(world)[house]
    town.num_houses += 1
    counter = 0
    r = rng.next()
    stage = TOWN_HOUSE_COMPLETED
    if rng.chance16(1, 7):           # no original house is historical
        stage = r & 3
    if stage == TOWN_HOUSE_COMPLETED:
        change_population(town, hs.population)
    else:
        counter = (r >> 2) & 3
    make_town_house(world, town, tile, counter, stage, house, random_bits, is_protected)
    update_town_radius(town)
    update_town_growth_rate(world, town)


def house_zones(world: World, town: Town, tile: int) -> int:
    """The HouseZones a house on ``tile`` must be available in: the tile's
    town zone and the climate (in arctic, above the snow line when the
    tile's highest corner is above HighestSnowLine)."""
    zones = ZONE_BITS[get_town_radius_group(world, town, tile)]
    landscape = world.landscape
    if landscape == 0:
        return zones | TEMPERATE
    if landscape == 1:
        above = world.map.get_tile_max_z(tile) > highest_snow_line(world)
        return zones | (ABOVE_SNOW if above else BELOW_SNOW)
    if landscape == 2:
        return zones | SUBTROPIC
    return zones | TOYLAND


def candidate_houses(world: World, zones: int) -> list[tuple[int, int]]:
    """(house id, probability) of every enabled house available in all of
    ``zones``, in id order: TryBuildTownHouse's ``probs`` (a new list)."""
    return list(_candidates(world.landscape, zones))


@lru_cache(maxsize=64)
def _candidates(landscape: int, zones: int) -> tuple[tuple[int, int], ...]:
    return tuple((hs.id, hs.probability) for hs in house_specs(landscape)
                 if hs.enabled and hs.building_availability & zones == zones)


def draw_candidate(rng, probs: list[tuple[int, int]], probability_max: int) -> tuple[int, int]:
    """One ``RandomRange(probability_max)`` picks a candidate by its
    probability; it leaves ``probs`` (the last candidate takes its place).
    Returns (house id, probability)."""
    r = rng.next_range(probability_max)
    i = 0
    while i < len(probs) and probs[i][1] <= r:
        r -= probs[i][1]
        i += 1
    picked = probs[i]
    probs[i] = probs[-1]
    probs.pop()
    return picked


def try_build_town_house(world: World, town: Town, tile: int, modes: int) -> bool:
    """``TryBuildTownHouse(t, tile, modes)``: pick a house by probability
    among the specs available for the tile's zone, the climate (above or
    below the snow line in arctic), the year, the slope and the town's
    church/stadium flags, find room for its size, and build it (see the
    module's account).  Marks ``TryBuildTownHouse`` in the Randomizer's
    trail on entering.  True when a house was built."""
    rng = world.rng
    rng.mark("TryBuildTownHouse")
    if not town_layout_allows_house_here(world, town, tile, modes):
        return False
    if not can_build_house_here(world, tile, False):
        return False
    m = world.map
    slope = m.get_tile_slope(tile)
    maxz = m.get_tile_max_z(tile)
    specs = _specs(world)
    probs = candidate_houses(world, house_zones(world, town, tile))
    probability_max = sum(p for _, p in probs)
    year = current_year(world)
    while probability_max > 0:
        # a multi-tile house may move its north tile (found); the next
        # candidate starts from the tile again
        house, p = draw_candidate(rng, probs, probability_max)
        probability_max -= p
        hs = specs[house]
        if year < hs.min_year or year > hs.max_year:
            continue
        oneof = 0
        if hs.building_flags & CHURCH:
            oneof = TF_HAS_CHURCH
        elif hs.building_flags & STADIUM:
            oneof = TF_HAS_STADIUM
        if town.flags & oneof:
            continue
        noslope = bool(hs.building_flags & NOT_SLOPED)
        if noslope and slope != SLOPE_FLAT:
            continue
        if hs.building_flags & SIZE_2X2:
            found = check_town_build_2x2_house(world, town, tile, maxz, noslope, modes)
        elif hs.building_flags & SIZE_2X1:
            found = check_town_build_2_house(world, town, tile, maxz, noslope, DIAGDIR_SW, modes)
        elif hs.building_flags & SIZE_1X2:
            found = check_town_build_2_house(world, town, tile, maxz, noslope, DIAGDIR_SE, modes)
        else:
            found = tile
        if found is None:
            continue
        random_bits = rng.next() & 0xFF
        town.flags |= oneof
        build_town_house(world, town, found, house, random_bits, False, False)
        return True
    return False


# --- removing ---------------------------------------------------------------

def get_house_north_part(world: World, house: int) -> tuple[int, int, int]:
    """``GetHouseNorthPart``: (north house id, dx, dy) of the tile holding
    house id ``house``."""
    specs = _specs(world)
    if house >= 3:
        if specs[house - 1].building_flags & SIZE_2X1:
            return house - 1, -1, 0
        if specs[house - 1].building_flags & BUILDING_2_TILES_Y:
            return house - 1, 0, -1
        if specs[house - 2].building_flags & BUILDING_HAS_4_TILES:
            return house - 2, -1, 0
        if specs[house - 3].building_flags & BUILDING_HAS_4_TILES:
            return house - 3, -1, -1
    return house, 0, 0


def clear_town_house(world: World, town: Town, tile: int) -> None:
    """``ClearTownHouse(t, tile)``: remove the whole house that ``tile`` is
    part of (population when completed, house count, church/stadium flags,
    building counts, every part's tile cleared to grass as DoClearSquare
    leaves it), then UpdateTownRadius.  No Random() draw."""
    m = world.map
    assert m.is_tile_type(tile, TileType.HOUSE)
    house, dx, dy = get_house_north_part(world, get_house_type(m, tile))
    tile += m.tile_diff_xy(dx, dy)
    hs = _specs(world)[house]
    if is_house_completed(m, tile):
        change_population(town, -hs.population)
    town.num_houses -= 1
    if hs.building_flags & CHURCH:
        town.flags &= ~TF_HAS_CHURCH
    elif hs.building_flags & STADIUM:
        town.flags &= ~TF_HAS_STADIUM
    for part_tile, part in _house_parts(world, tile, house, hs.building_flags):
        decrease_building_count(town, part)
        do_clear_square(world, part_tile)
    update_town_radius(town)


def clear_tile_town(world: World, tile: int, *, execute: bool, auto: bool) -> bool:
    """``ClearTile_Town`` without a company: refused under ``auto``; else
    the town's house cleared (ClearTownHouse) when executing."""
    if auto:
        return False
    if execute:
        clear_town_house(world, world.towns[get_town_index(world.map, tile)], tile)
    return True


CLEAR_TILE_PROCS[TileType.HOUSE] = clear_tile_town
