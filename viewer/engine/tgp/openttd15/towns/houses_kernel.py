"""TryBuildTownHouse and BuildTownHouse as numba kernels: the same rules and
the same Random() stream as :mod:`.houses` (the readable reference, and the
one the tests hold to the game), on arrays a numba GrowTown can pass on.

What the kernels take, all named:

* ``tiles``: :class:`TileBytes`, the map's byte arrays (``GameMap``'s own,
  flat, no copies).
* ``ctx``: a record of :data:`CONTEXT_DTYPE`: the map's size and the
  settings a house reads (landscape, starting year, snow line, free-form
  edges, town growth rate).
* ``town``: a record of :data:`TOWN_DTYPE` (the Town fields a house reads
  or writes); ``counts``: the town's building count per house id.
* ``specs``: the house table as records of :data:`HOUSE_DTYPE`
  (:func:`house_table`).
* ``rng``: the Randomizer's int64 state ``[s0, s1, calls]``; ``trail``: an
  int64 ``(n, 3)`` array receiving ``(label, s0, s1)`` on entering
  TryBuildTownHouse (:data:`LABEL_TRY`) and BuildTownHouse
  (:data:`LABEL_BUILD`) while ``trail_len[0] < n``.

``try_build_town_house_k(tiles, ctx, town, counts, specs, rng, trail,
trail_len, tile, modes) -> bool`` is the entry point;
:func:`try_build_town_house_fast` calls it for a Python World and Town.
"""

from __future__ import annotations

from collections import namedtuple
from functools import lru_cache
from operator import attrgetter

import numpy as np

from viewer.engine.jit import njit
from viewer.engine.tgp.game import World
from viewer.engine.tgp.game.tiles import OWNER_NONE, TileType
from viewer.engine.tgp.kernel import corner_slope
from viewer.engine.tgp.openttd15.rivers.tiles import rand as _random
from viewer.engine.tgp.openttd15.rivers.tiles import rand_range as _random_range

from .house_specs import (
    ABOVE_SNOW,
    ANIMATED,
    BELOW_SNOW,
    BUILDING_2_TILES_X,
    BUILDING_2_TILES_Y,
    BUILDING_HAS_4_TILES,
    CHURCH,
    NOT_SLOPED,
    NUM_ORIGINAL_HOUSES,
    SIZE_1X2,
    SIZE_2X1,
    SIZE_2X2,
    STADIUM,
    SUBTROPIC,
    TEMPERATE,
    TOWN_HOUSE_COMPLETED,
    TOYLAND,
    house_specs,
)
from .houses import (
    TEM_BUILDINGS,
    TEM_ROADS,
    TL_2X2_GRID,
    TL_3X3_GRID,
    current_year,
    highest_snow_line,
)
from .town import (
    _GROW_COUNT_FUNDED,
    _GROW_COUNT_NORMAL,
    _ZONE_RADII,
    MAX_TOWN_GROWTH_TICKS,
    TF_CUSTOM_GROWTH,
    TF_HAS_CHURCH,
    TF_HAS_STADIUM,
    TOWN_GROWTH_RATE_NONE,
    TOWN_GROWTH_TICKS,
    Town,
)

JIT = dict(nogil=True, cache=True)
INLINE = dict(nogil=True, cache=True, inline="always")

TileBytes = namedtuple("TileBytes", "type height m1 m2 m3 m4 m5 m6 m7 m8")

CONTEXT_DTYPE = np.dtype([("size_x", np.int64), ("size_y", np.int64), ("landscape", np.int64),
                          ("year", np.int64), ("snow_line", np.int64),
                          ("freeform_edges", np.int64), ("town_growth_rate", np.int64)])
TOWN_DTYPE = np.dtype([("index", np.int64), ("xy", np.int64), ("num_houses", np.int64),
                       ("population", np.int64), ("flags", np.int64), ("layout", np.int64),
                       ("fund_buildings_months", np.int64), ("larger_town", np.int64),
                       ("growth_rate", np.int64), ("grow_counter", np.int64),
                       ("squared_town_zone_radius", np.int64, 5)])
HOUSE_DTYPE = np.dtype([("min_year", np.int64), ("max_year", np.int64), ("population", np.int64),
                        ("building_flags", np.int64), ("building_availability", np.int64),
                        ("probability", np.int64), ("enabled", np.int64)])

LABEL_TRY, LABEL_BUILD = 0, 1
TRAIL_LABELS = ("TryBuildTownHouse", "BuildTownHouse")

ZONE_RADII = np.array(_ZONE_RADII, np.int64)
GROW_COUNT = np.array([_GROW_COUNT_NORMAL, _GROW_COUNT_FUNDED], np.int64)
DIAG_DX = np.array([-1, 0, 1, 0], np.int64)       # NE, SE, SW, NW
DIAG_DY = np.array([0, 1, 0, -1], np.int64)
DIR_DX = np.array([-1, -1, -1, 0, 1, 1, 1, 0], np.int64)    # N NE E SE S SW W NW
DIR_DY = np.array([-1, 0, 1, 1, 1, 0, -1, -1], np.int64)
_SE, _SW, _NW = 1, 2, 3
MASK32 = 0xFFFFFFFF
T_CLEAR, T_ROAD, T_HOUSE, T_TREES, T_WATER, T_VOID = (
    int(TileType.CLEAR), int(TileType.ROAD), int(TileType.HOUSE), int(TileType.TREES),
    int(TileType.WATER), int(TileType.VOID))


@lru_cache(maxsize=4)
def house_table(landscape: int) -> np.ndarray:
    """:func:`.house_specs.house_specs` as records of :data:`HOUSE_DTYPE`."""
    specs = house_specs(landscape)
    out = np.zeros(len(specs), HOUSE_DTYPE)
    for i, hs in enumerate(specs):
        out[i] = (hs.min_year, hs.max_year, hs.population, hs.building_flags,
                  hs.building_availability, hs.probability, int(hs.enabled))
    return out


# --- Random() ---------------------------------------------------------------

@njit(**INLINE)
def _chance16(rng, a, b):
    return (((_random(rng) & 0xFFFF) * b + b // 2) >> 16) < a


@njit(**INLINE)
def _mark(rng, trail, trail_len, label):
    n = trail_len[0]
    if n < trail.shape[0]:
        trail[n, 0] = label
        trail[n, 1] = rng[0]
        trail[n, 2] = rng[1]
        trail_len[0] = n + 1


# --- the map ------------------------------------------------------------------

@njit(**INLINE)
def _tile_type(tiles, t):
    return np.int64(tiles.type[t]) >> 4


@njit(**INLINE)
def _is_valid_tile(tiles, ctx, t):
    return 0 <= t < ctx.size_x * ctx.size_y and _tile_type(tiles, t) != T_VOID


@njit(**JIT)
def _slope_z(tiles, ctx, t):
    """(slope, lowest corner, highest corner) as GetTileSlopeZ/GetTileMaxZ
    (the far corners of the last row and column clamp to the map)."""
    sx = ctx.size_x
    x, y = t % sx, t // sx
    x2, y2 = min(x + 1, sx - 1), min(y + 1, ctx.size_y - 1)
    h = tiles.height
    hn, hw = np.int64(h[y * sx + x]), np.int64(h[y * sx + x2])
    he, hs = np.int64(h[y2 * sx + x]), np.int64(h[y2 * sx + x2])
    slope, lo = corner_slope(hn, hw, he, hs)
    return slope, lo, max(max(hn, hw), max(he, hs))


@njit(**JIT)
def _do_clear_square(tiles, ctx, t):
    """DoClearSquare while generating: MakeClear(grass, 3) and the eight
    neighbouring water tiles may flood again."""
    tiles.type[t] = (np.int64(tiles.type[t]) & 0x0F) | (T_CLEAR << 4)
    tiles.m1[t] = OWNER_NONE
    tiles.m2[t] = 0
    tiles.m3[t] = 0
    tiles.m4[t] = 0
    tiles.m5[t] = 3
    tiles.m6[t] = 0
    tiles.m7[t] = 0
    tiles.m8[t] = 0
    for d in range(8):
        n = t + DIR_DY[d] * ctx.size_x + DIR_DX[d]
        if _is_valid_tile(tiles, ctx, n) and _tile_type(tiles, n) == T_WATER:
            tiles.m3[n] = np.int64(tiles.m3[n]) & 0xFE


@njit(**JIT)
def landscape_clear_k(tiles, ctx, t, execute, auto, no_water):
    """:func:`..landscape_clear.landscape_clear` for the tiles a house may
    go on or a town meets (a house is never cleared here: refused under
    ``auto``, an error otherwise)."""
    if not _is_valid_tile(tiles, ctx, t):
        return False
    tt = _tile_type(tiles, t)
    if tt == T_CLEAR or tt == T_TREES:
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True
    if tt == T_WATER:
        wtt = (np.int64(tiles.m5[t]) >> 4) & 0xF
        if wtt == 0:
            if no_water:
                return False
            x, y = t % ctx.size_x, t // ctx.size_x
            inside = 1 <= x < ctx.size_x - 2 and 1 <= y < ctx.size_y - 2
            if ctx.freeform_edges == 0 and not inside:
                return False
        elif wtt != 1:
            if auto:
                return False
            raise ValueError("clearing a lock or ship depot")
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True
    if tt == T_ROAD:
        m5 = np.int64(tiles.m5[t])
        if m5 >> 6 == 0:
            road, tram = m5 & 0xF, np.int64(tiles.m3[t]) & 0xF
            bits = road | tram
            if auto and not (bits != 0 and bits & (bits - 1) == 0 and tram == 0):
                return False
            if execute:
                _do_clear_square(tiles, ctx, t)
            return True
        if auto:
            return False
        raise ValueError("clearing a level crossing or road depot")
    if auto:
        return False
    raise ValueError("clearing a house, tunnel or bridge: not in the kernel")


# --- the town -------------------------------------------------------------------

@njit(**JIT)
def update_town_radius_k(town):
    """UpdateTownRadius (as :func:`.town.update_town_radius`)."""
    n = town.num_houses
    r = town.squared_town_zone_radius
    if n < ZONE_RADII.shape[0] * 4:
        for i in range(5):
            r[i] = ZONE_RADII[n // 4, i]
    else:
        mass = n // 8
        r[0] = (mass * 15 - 40) & MASK32
        r[1] = (mass * 9 - 15) & MASK32
        r[2] = 0
        r[3] = (mass * 5 - 5) & MASK32
        r[4] = (mass * 3 + 5) & MASK32


@njit(**INLINE)
def _town_ticks_to_game_ticks(ticks):
    return ((min(ticks, MAX_TOWN_GROWTH_TICKS) + 1) * TOWN_GROWTH_TICKS - 1) & 0xFFFF


@njit(**INLINE)
def _round_div_su(a, b):
    if a > 0:
        return (a + b // 2) // b
    q = a - (b - 1) // 2
    return -((-q) // b)


@njit(**JIT)
def update_town_growth_rate_k(town, ctx):
    """UpdateTownGrowthRate (as :func:`.town.update_town_growth_rate`; no
    stations while generating)."""
    if town.flags & TF_CUSTOM_GROWTH:
        return
    old = town.growth_rate
    m = GROW_COUNT[1 if town.fund_buildings_months != 0 else 0, 0]
    rate = ctx.town_growth_rate
    m >>= (rate - 1) if rate != 0 else 1
    if town.larger_town:
        m //= 2
    town.growth_rate = _town_ticks_to_game_ticks(m // (town.num_houses // 50 + 1))
    if town.growth_rate == TOWN_GROWTH_RATE_NONE:
        return
    if old == TOWN_GROWTH_RATE_NONE:
        town.grow_counter = min(town.growth_rate, town.grow_counter)
        return
    town.grow_counter = _round_div_su(town.grow_counter * (town.growth_rate + 1), old + 1) & 0xFFFF


@njit(**INLINE)
def _town_radius_group(ctx, town, t):
    sx = ctx.size_x
    dx = t % sx - town.xy % sx
    dy = t // sx - town.xy // sx
    dist = dx * dx + dy * dy
    if town.fund_buildings_months != 0 and dist <= 25:
        return 4
    smallest = 0
    for i in range(5):
        if dist < town.squared_town_zone_radius[i]:
            smallest = i
    return smallest


@njit(**INLINE)
def _cmod(a, n):
    r = abs(a) % n
    return -r if a < 0 else r


@njit(**JIT)
def _layout_allows(ctx, town, t, modes, two_by_two):
    """TownLayoutAllowsHouseHere (``two_by_two``: ...2x2HouseHere)."""
    if not modes & TEM_BUILDINGS:
        return False
    if not modes & TEM_ROADS:
        return True
    sx = ctx.size_x
    x = town.xy % sx - t % sx
    y = town.xy // sx - t // sx
    if town.layout == TL_2X2_GRID:
        x, y = _cmod(x, 3), _cmod(y, 3)
        if two_by_two:
            return (x == 2 or x == -1) and (y == 2 or y == -1)
        return x != 0 and y != 0
    if town.layout == TL_3X3_GRID:
        if two_by_two:
            return (x & 3) >= 2 and (y & 3) >= 2
        return _cmod(x, 4) != 0 and _cmod(y, 4) != 0
    return True


# --- can a house stand here -------------------------------------------------

@njit(**JIT)
def _can_build_house_here(tiles, ctx, t, noslope):
    if not 0 <= t < ctx.size_x * ctx.size_y:
        return False
    slope = _slope_z(tiles, ctx, t)[0]
    if (noslope and slope != 0) or slope & 16:
        return False
    if (np.int64(tiles.type[t]) >> 2) & 3:
        return False
    return landscape_clear_k(tiles, ctx, t, False, True, True)


@njit(**JIT)
def _same_z(tiles, ctx, t, z, noslope):
    if not _can_build_house_here(tiles, ctx, t, noslope):
        return False
    return _slope_z(tiles, ctx, t)[2] == z


@njit(**JIT)
def _free_2x2(tiles, ctx, t, z, noslope):
    if not _same_z(tiles, ctx, t, z, noslope):
        return False
    for d in (_SE, _SW, _NW):
        t += DIAG_DY[d] * ctx.size_x + DIAG_DX[d]
        if not _same_z(tiles, ctx, t, z, noslope):
            return False
    return True


@njit(**JIT)
def _room_for_2(tiles, ctx, town, t, z, noslope, second, modes):
    """CheckTownBuild2House: the north tile, or -1."""
    t2 = t + DIAG_DY[second] * ctx.size_x + DIAG_DX[second]
    if _layout_allows(ctx, town, t2, modes, False) and _same_z(tiles, ctx, t2, z, noslope):
        return t
    back = (second + 2) % 4
    t2 = t + DIAG_DY[back] * ctx.size_x + DIAG_DX[back]
    if _layout_allows(ctx, town, t2, modes, False) and _same_z(tiles, ctx, t2, z, noslope):
        return t2
    return -1


@njit(**JIT)
def _room_for_2x2(tiles, ctx, town, t, z, noslope, modes):
    """CheckTownBuild2x2House: the north tile, or -1."""
    t2 = t
    for d in (_SE, _SW, _NW, 4):
        if _layout_allows(ctx, town, t2, modes, True) and _free_2x2(tiles, ctx, t2, z, noslope):
            return t2
        if d == 4:
            break
        back = (d + 2) % 4
        t2 += DIAG_DY[back] * ctx.size_x + DIAG_DX[back]
    return -1


# --- building -----------------------------------------------------------------

@njit(**JIT)
def _make_house_part(tiles, ctx, town, counts, specs, t, counter, stage, house, random_bits):
    ok = landscape_clear_k(tiles, ctx, t, True, True, True)
    if not ok:
        raise ValueError("a house tile could not be cleared")
    counts[house] += 1
    tiles.type[t] = (np.int64(tiles.type[t]) & 0x0F) | (T_HOUSE << 4)
    tiles.m1[t] = random_bits & 0xFF
    tiles.m2[t] = town.index
    completed = stage == TOWN_HOUSE_COMPLETED
    tiles.m3[t] = 0x80 if completed else 0
    tiles.m5[t] = 0 if completed else ((stage << 3) | counter) & 0xFF
    tiles.m7[t] = 0
    m6 = np.int64(tiles.m6[t]) & 0x03
    if specs[house].building_flags & ANIMATED:
        m6 |= 3
    tiles.m6[t] = m6
    tiles.m8[t] = house & 0x0FFF


@njit(**JIT)
def build_town_house_k(tiles, ctx, town, counts, specs, rng, trail, trail_len, t, house,
                       random_bits):
    """BuildTownHouse while generating (as :func:`.houses.build_town_house`)."""
    _mark(rng, trail, trail_len, LABEL_BUILD)
    flags = specs[house].building_flags
    town.num_houses += 1
    counter = 0
    r = _random(rng)
    stage = TOWN_HOUSE_COMPLETED
    if _chance16(rng, 1, 7):
        stage = r & 3
    if stage == TOWN_HOUSE_COMPLETED:
        town.population += specs[house].population
    else:
        counter = (r >> 2) & 3
    sx = ctx.size_x
    _make_house_part(tiles, ctx, town, counts, specs, t, counter, stage, house, random_bits)
    part = house
    if flags & BUILDING_2_TILES_Y:
        part += 1
        _make_house_part(tiles, ctx, town, counts, specs, t + sx, counter, stage, part, random_bits)
    if flags & BUILDING_2_TILES_X:
        part += 1
        _make_house_part(tiles, ctx, town, counts, specs, t + 1, counter, stage, part, random_bits)
    if flags & BUILDING_HAS_4_TILES:
        part += 1
        _make_house_part(tiles, ctx, town, counts, specs, t + sx + 1, counter, stage, part,
                         random_bits)
    update_town_radius_k(town)
    update_town_growth_rate_k(town, ctx)


@njit(**JIT)
def try_build_town_house_k(tiles, ctx, town, counts, specs, rng, trail, trail_len, tile, modes):
    """TryBuildTownHouse (as :func:`.houses.try_build_town_house`)."""
    _mark(rng, trail, trail_len, LABEL_TRY)
    if not _layout_allows(ctx, town, tile, modes, False):
        return False
    if not _can_build_house_here(tiles, ctx, tile, False):
        return False
    slope, _lo, maxz = _slope_z(tiles, ctx, tile)
    zones = 1 << _town_radius_group(ctx, town, tile)
    if ctx.landscape == 0:
        zones |= TEMPERATE
    elif ctx.landscape == 1:
        zones |= ABOVE_SNOW if maxz > ctx.snow_line else BELOW_SNOW
    elif ctx.landscape == 2:
        zones |= SUBTROPIC
    else:
        zones |= TOYLAND
    ids = np.empty(specs.shape[0], np.int64)
    probs = np.empty(specs.shape[0], np.int64)
    n = 0
    probability_max = 0
    for h in range(specs.shape[0]):
        if specs[h].enabled and specs[h].building_availability & zones == zones:
            ids[n] = h
            probs[n] = specs[h].probability
            probability_max += probs[n]
            n += 1
    while probability_max > 0:
        r = _random_range(rng, probability_max)
        i = 0
        while i < n and probs[i] <= r:
            r -= probs[i]
            i += 1
        house = ids[i]
        probability_max -= probs[i]
        ids[i] = ids[n - 1]
        probs[i] = probs[n - 1]
        n -= 1
        hs = specs[house]
        if ctx.year < hs.min_year or ctx.year > hs.max_year:
            continue
        oneof = 0
        if hs.building_flags & CHURCH:
            oneof = TF_HAS_CHURCH
        elif hs.building_flags & STADIUM:
            oneof = TF_HAS_STADIUM
        if town.flags & oneof:
            continue
        noslope = (hs.building_flags & NOT_SLOPED) != 0
        if noslope and slope != 0:
            continue
        if hs.building_flags & SIZE_2X2:
            found = _room_for_2x2(tiles, ctx, town, tile, maxz, noslope, modes)
        elif hs.building_flags & SIZE_2X1:
            found = _room_for_2(tiles, ctx, town, tile, maxz, noslope, _SW, modes)
        elif hs.building_flags & SIZE_1X2:
            found = _room_for_2(tiles, ctx, town, tile, maxz, noslope, _SE, modes)
        else:
            found = tile
        if found < 0:
            continue
        random_bits = _random(rng) & 0xFF
        town.flags |= oneof
        build_town_house_k(tiles, ctx, town, counts, specs, rng, trail, trail_len, found, house,
                           random_bits)
        return True
    return False


# --- from Python ---------------------------------------------------------------

def tile_bytes(world: World) -> TileBytes:
    m = world.map
    return TileBytes(m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8)


def context(world: World) -> np.ndarray:
    """The :data:`CONTEXT_DTYPE` record of a World (a 1-element array)."""
    ctx = np.zeros(1, CONTEXT_DTYPE)
    snow = highest_snow_line(world) if world.landscape == 1 else 0
    ctx[0] = (world.map.size_x, world.map.size_y, world.landscape, current_year(world), snow,
              int(world.freeform_edges), int(world.setting("economy.town_growth_rate", 2)))
    return ctx


_TOWN_FIELDS = ("index", "xy", "num_houses", "population", "flags", "layout",
                "fund_buildings_months", "larger_town", "growth_rate", "grow_counter")
_town_fields = attrgetter(*_TOWN_FIELDS)


def town_record(town: Town) -> tuple[np.ndarray, np.ndarray]:
    """(a 1-element :data:`TOWN_DTYPE` array, the building counts per id)."""
    rec = np.array([(*map(int, _town_fields(town)), town.squared_town_zone_radius)], TOWN_DTYPE)
    counts = np.zeros(NUM_ORIGINAL_HOUSES, np.int64)
    if town.building_counts:
        counts[list(town.building_counts)] = list(town.building_counts.values())
    return rec, counts


def _store_town(town: Town, rec: np.ndarray, counts: np.ndarray) -> None:
    """The town's fields from :func:`town_record`'s arrays as a kernel left
    them (each of its own Python type; the building counts of every house
    built or counted before, by id)."""
    *values, radii = rec[0].item()
    for f, v in zip(_TOWN_FIELDS, values):
        setattr(town, f, type(getattr(town, f))(v))
    town.squared_town_zone_radius = radii.tolist()
    per_id = counts.tolist()
    built = set(np.flatnonzero(counts).tolist()).union(town.building_counts)
    town.building_counts = {h: per_id[h] for h in sorted(built)}


def try_build_town_house_fast(world: World, town: Town, tile: int, modes: int) -> bool:
    """:func:`.houses.try_build_town_house` through the kernel: the same
    tiles, town fields, Random() draws and trail marks."""
    rec, counts = town_record(town)
    trail = np.zeros((4, 3), np.int64)
    trail_len = np.zeros(1, np.int64)
    built = try_build_town_house_k(tile_bytes(world), context(world)[0], rec[0], counts,
                                   house_table(world.landscape), world.rng.state, trail,
                                   trail_len, tile, modes)
    _store_town(town, rec, counts)
    if world.rng.trail is not None:
        for label, s0, s1 in trail[:trail_len[0]]:
            world.rng.trail.append((TRAIL_LABELS[label], int(s0), int(s1)))
    return bool(built)
