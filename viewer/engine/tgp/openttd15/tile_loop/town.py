"""The tile loops of what towns built (``road_cmd.cpp``, ``town_cmd.cpp``,
``tunnelbridge_cmd.cpp``).

* Town roads: snow (arctic: the tile's height on its foundation above the
  snow line) and desert (tropic, in the desert zone) come and go; the
  roadside moves a step a visit towards what the road's zone of its town
  wants (grass at the edge, paved, trees, street lights towards the centre).
* Houses: a house under construction advances a tick (all its tiles from
  its north tile), a finished one draws one Random() (two more, for its
  passengers and mail, on one pass in four by the tile's low bits), an
  animated one first draws for its lift.
* Tunnels and bridges: snow and desert as roads.
"""

from __future__ import annotations

from ...game.tiles import TileType
from ..towns.house_specs import (
    ANIMATED,
    BUILDING_2_TILES_X,
    BUILDING_2_TILES_Y,
    BUILDING_HAS_1_TILE,
    BUILDING_HAS_4_TILES,
)

# Roadside
BARREN, GRASS, PAVED, STREET_LIGHTS, TREES = 0, 1, 2, 3, 5
ROAD_WORKS_FIRST = 6
_TOWN_ROAD_TYPES = ((GRASS, GRASS), (PAVED, PAVED), (PAVED, PAVED), (TREES, TREES),
                    (STREET_LIGHTS, PAVED))
_TOWN_ROAD_TYPES_TOYLAND = ((GRASS, GRASS), (PAVED, PAVED), (STREET_LIGHTS, PAVED),
                            (STREET_LIGHTS, PAVED), (STREET_LIGHTS, PAVED))
NUM_HOUSE_ZONES = 5
TCGM_ORIGINAL = 0
TOWN_FLAG_IS_GROWING = 1

# _invalid_tileh_slopes_road[0]: per slope (0..14) the road bits a levelled
# foundation cannot mix (NW 1, SW 2, SE 4, NE 8)
_ROAD_LEVELLED_REFUSED = (0, 12, 9, 8, 3, 0, 1, 0, 6, 4, 0, 0, 2, 0, 0)
_STEEP_HIGHEST = {0x1B: 1, 0x17: 2, 0x1E: 4, 0x1D: 8}    # steep slope -> its highest corner alone


def _road_foundation_levelled(tileh: int, bits: int) -> bool:
    """Whether ``GetRoadFoundation`` levels the road (else none or inclined)."""
    if tileh == 0 or bits == 0:
        return False
    if tileh & 0x10:
        tileh = _STEEP_HIGHEST[tileh]
    return _ROAD_LEVELLED_REFUSED[tileh] & bits == 0


def foundation_slope_of(m, t: int) -> tuple[int, int]:
    """``GetFoundationSlope`` as far as the first frame needs it: clear
    land, trees, water and void have no foundation; houses, industries and
    objects level a slope; roads level it where their bits allow, else
    keep it (their inclined foundations only matter for flooding, which no
    road meets); tunnels and bridges keep it."""
    tileh, z = m.get_tile_slope_z(t)
    tt = int(m.type[t]) >> 4
    levelled = False
    if tt in (TileType.HOUSE, TileType.INDUSTRY, TileType.OBJECT):
        levelled = tileh != 0
    elif tt == TileType.ROAD:
        if (int(m.m5[t]) >> 6) == 2:                         # depot
            levelled = tileh != 0
        elif (int(m.m5[t]) >> 6) == 0:
            bits = (int(m.m5[t]) & 0xF) | (int(m.m3[t]) & 0xF)
            levelled = _road_foundation_levelled(tileh, bits)
    if levelled:
        return 0, z + 1 + (1 if tileh & 0x10 else 0)
    return tileh, z


def tile_loop_road(ctx, t: int) -> None:
    """``TileLoop_Road`` (no road works at generation)."""
    m = ctx.map
    if ctx.landscape == 1:
        slope, _z = foundation_slope_of(m, t)
        tile_z = m.get_tile_max_z(t) if slope == 0 else m.get_tile_z(t)
        if bool(int(m.m7[t]) & 0x20) != (tile_z > ctx.snow_line):
            m.m7[t] = int(m.m7[t]) ^ 0x20
    elif ctx.landscape == 2:
        if m.get_tropic_zone(t) == 1 and not int(m.m7[t]) & 0x20:
            m.m7[t] = int(m.m7[t]) ^ 0x20
    if (int(m.m5[t]) >> 6) == 2:
        return                                                  # depot
    town = ctx.towns.closest_town_from_tile(m, t)
    cur = (int(m.m6[t]) >> 3) & 7
    if cur >= ROAD_WORKS_FIRST:
        raise NotImplementedError("road works at world generation")
    grp = 0
    if town is not None:
        grp = town_radius_group(m, town, t)
        if int(town.get("road_build_months", 0)):
            raise NotImplementedError("a town rebuilding its roads at world generation")
    want = (_TOWN_ROAD_TYPES_TOYLAND if ctx.landscape == 3 else _TOWN_ROAD_TYPES)[grp]
    if cur == want[0]:
        return
    if cur == want[1]:
        cur = want[0]
    elif cur == BARREN:
        cur = want[1]
    else:
        cur = BARREN
    m.m6[t] = (int(m.m6[t]) & ~0x38) | (cur << 3)


def town_radius_group(m, town, t: int) -> int:
    """``GetTownRadiusGroup``: the innermost house zone whose radius the
    tile lies within (0 the edge .. 4 the centre)."""
    dist = m.distance_square(t, town.xy)
    if int(town.get("fund_buildings_months", 0)) and dist <= 25:
        return 4
    radius = town.get("squared_town_zone_radius", [0] * NUM_HOUSE_ZONES)
    smallest = 0
    for i in range(NUM_HOUSE_ZONES):
        if dist < radius[i]:
            smallest = i
    return smallest


def _advance_single_house_construction(ctx, m, t: int) -> None:
    m5 = int(m.m5[t])
    m5 = (m5 & ~0x1F) | ((m5 + 1) & 0x1F)                      # IncHouseConstructionTick
    m.m5[t] = m5
    if (m5 >> 3) & 3 == 3:
        m.m3[t] = int(m.m3[t]) | 0x80                           # completed
    completed = bool(int(m.m3[t]) & 0x80)
    if not completed and m5 & 7:
        return
    if completed:
        town = ctx.towns.by_index[int(m.m2[t])]
        town.change("population", ctx.towns.specs[int(m.m8[t]) & 0xFFF].population)
        m.m5[t] = 0                                             # ResetHouseAge


def tile_loop_town(ctx, t: int) -> None:
    """``TileLoop_Town`` for the original houses."""
    m = ctx.map
    house = int(m.m8[t]) & 0xFFF
    flags = ctx.towns.specs[house].building_flags
    if not int(m.m3[t]) & 0x80:
        sx = m.size_x
        if flags & BUILDING_HAS_1_TILE:
            _advance_single_house_construction(ctx, m, t)
        if flags & BUILDING_2_TILES_Y:
            _advance_single_house_construction(ctx, m, t + sx)
        if flags & BUILDING_2_TILES_X:
            _advance_single_house_construction(ctx, m, t + 1)
        if flags & BUILDING_HAS_4_TILES:
            _advance_single_house_construction(ctx, m, t + sx + 1)
        return
    rng = ctx.rng
    if flags & ANIMATED and not int(m.m7[t]) & 1 and rng.chance16(1, 2):
        m.m6[t] = int(m.m6[t]) | 3                              # AddAnimatedTile: the lift
    rng.next()
    if ctx.town_cargogen_mode == TCGM_ORIGINAL or ((ctx.counter >> 8) & 3) == (t & 3):
        rng.next()                                              # passengers
        rng.next()                                              # mail
    town = ctx.towns.by_index[int(m.m2[t])]
    if flags & BUILDING_HAS_1_TILE and \
            int(town.get("flags", 0)) & TOWN_FLAG_IS_GROWING:
        raise NotImplementedError("a growing town rebuilding a house (TryBuildTownHouse)")


def tile_loop_tunnelbridge(ctx, t: int) -> None:
    """``TileLoop_TunnelBridge``."""
    m = ctx.map
    snow = bool(int(m.m7[t]) & 0x20)
    if ctx.landscape == 1:
        z = m.get_tile_max_z(t) if int(m.m5[t]) & 0x80 else m.get_tile_z(t)
        if snow != (z > ctx.snow_line):
            m.m7[t] = int(m.m7[t]) ^ 0x20
    elif ctx.landscape == 2:
        if m.get_tropic_zone(t) == 1 and not snow:
            m.m7[t] = int(m.m7[t]) | 0x20
