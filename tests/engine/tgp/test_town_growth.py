"""Town growth (openttd15.towns.growth, roads, bridges, terraform) against
the openttd-firstframe reference and on small maps of our own.

Against the game: from each case's ``clear`` stage, the first town is
founded (founding's code) and grown alone; every GrowTown, TryBuildTownHouse
and BuildTownHouse on the way starts on the game's Random() state, and the
roads, bridges and tunnels of that town and the land it levelled are the
game's bytes at the ``towns`` stage.  A town road built on the game's
cleared land is the game's road tile, byte for byte.  On our own maps: the
road slope rules, CleanUpRoadBits, the grid layouts, the terraforming cost
limit set by the construction cost, bridges over a river."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game import road_map as rm
from viewer.engine.tgp.game.tiles import OWNER_TOWN, SLOPE_E, SLOPE_N, SLOPE_W, TileType
from viewer.engine.tgp.game.tunnelbridge_map import get_bridge_type, is_bridge_tile
from viewer.engine.tgp.openttd15 import prices
from viewer.engine.tgp.openttd15.towns import founding, growth
from viewer.engine.tgp.openttd15.towns.bridges import BRIDGES
from viewer.engine.tgp.openttd15.towns.roads import (
    SLOPE_NE,
    build_road,
    check_road_slope,
    clean_up_road_bits,
)
from viewer.engine.tgp.openttd15.towns.terraform import terraform_land
from viewer.engine.tgp.openttd15.towns.town import Town

CASES = ff.case_ids() or ["none"]
TOWNS_STAGES_DONE = 3
GROWTH_EVENTS = ("GrowTown", "TryBuildTownHouse", "BuildTownHouse")


class _SecondTown(Exception):
    pass


def _first_town_grown(case_id: str, monkeypatch) -> World:
    """The case's ``clear`` stage with its first town founded and grown
    (and nothing after), the Random() trail kept."""
    world = ff.world(case_id, "clear")
    world.rng.trail = []
    first = []

    def grow_first_only(w, town, modes, times, fast=True):
        if not first:
            first.append(town)
        if town is not first[0]:
            raise _SecondTown
        for _ in range(times):
            growth.grow_town(w, town, modes)

    monkeypatch.setattr(founding, "grow_town_times", grow_first_only)
    try:
        founding.generate_towns(world)
    except _SecondTown:
        pass
    world.first_town = first[0]
    return world


@pytest.mark.parametrize("case_id", CASES)
def test_first_towns_growth_follows_the_games_draws_and_bytes(case_id, monkeypatch):
    world = _first_town_grown(case_id, monkeypatch)
    ours = [e for e in world.rng.trail if e[0] in GROWTH_EVENTS]
    game = [e[:3] for e in ff.events(case_id)
            if e[3] == TOWNS_STAGES_DONE and e[0] in GROWTH_EVENTS][:len(ours)]
    for i, (a, b) in enumerate(zip(ours, game)):
        assert tuple(a) == tuple(b), (
            f"call {i}: ours {a[0]} ({a[1]:#010x}, {a[2]:#010x}), game's {b[0]} "
            f"({b[1]:#010x}, {b[2]:#010x})")
    assert ours and len(ours) == len(game)
    grows = sum(1 for e in ours if e[0] == "GrowTown")
    assert grows % 4 == 0 and grows >= 4 * 8      # x * 4 calls, x >= 8 (TSZ_RANDOM)

    m = world.map
    theirs = GameMap.from_grids(ff.grids(case_id, "towns"))
    before = GameMap.from_grids(ff.grids(case_id, "clear"))
    town = world.first_town.index
    mine = np.flatnonzero(((m.type >> 4) == TileType.ROAD) & (m.m2 == town)
                          | ((m.type >> 4) == TileType.TUNNELBRIDGE))
    games = np.flatnonzero(((theirs.type >> 4) == TileType.ROAD) & (theirs.m2 == town))
    assert mine.size > 0
    assert set(games) <= set(mine), "a road of the first town the game has and we do not"
    for b in ("type", "height", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"):
        a, t = getattr(m, b)[mine], getattr(theirs, b)[mine]
        bad = mine[a != t]
        assert bad.size == 0, (f"{b} of the first town's road at tile {bad[:5]}: "
                               f"ours {a[a != t][:5]}, game's {t[a != t][:5]}")
    levelled = np.flatnonzero(m.height != before.height)
    assert np.array_equal(m.height[levelled], theirs.height[levelled])
    under = np.flatnonzero((m.type & 0x0C) != 0)
    assert np.array_equal(m.type[under], theirs.type[under])


@pytest.mark.parametrize("case_id", CASES)
def test_a_town_road_on_the_games_cleared_land_is_the_games_road_tile(case_id):
    world = ff.world(case_id, "clear")
    m = world.map
    theirs = GameMap.from_grids(ff.grids(case_id, "towns"))
    roads = np.flatnonzero(((theirs.type >> 4) == TileType.ROAD) & ((m.type >> 4) == TileType.CLEAR)
                           & ((theirs.type & 0x0C) == 0))
    # the land the game built on, not levelled since
    roads = [int(t) for t in roads
             if m.get_tile_slope_z(int(t)) == theirs.get_tile_slope_z(int(t))]
    assert roads
    for t in roads[:: max(1, len(roads) // 60)]:
        bits = rm.get_road_bits(theirs, t)
        assert build_road(world, t, bits, int(theirs.m2[t]), execute=True, no_water=True), t
        for b in ("type", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"):
            assert getattr(m, b)[t] == getattr(theirs, b)[t], (t, b)


# --- small maps of our own ---------------------------------------------------------------
def _flat_world(size: int = 64, height: int = 2, **settings) -> World:
    m = GameMap.empty(size, size)
    m.height[:] = height
    m.m5[:] = 3                                      # grass, density 3
    for t in range(m.size):
        x, y = m.tile_x(t), m.tile_y(t)
        if x == 0 or y == 0 or x == m.max_x or y == m.max_y:
            m.set_tile_type(t, TileType.VOID)
            m.m5[t] = 0
    world = World(map=m, rng=Randomizer(0x1234, 0x5678), settings=dict(settings))
    world.towns = []
    return world


def _town(world: World, xy: int, layout: int = growth.TL_ORIGINAL) -> Town:
    town = Town(len(world.towns), xy)
    town.layout = layout
    town.num_houses = 20
    world.towns.append(town)
    return town


def _hill(world: World, s: int, top: int) -> None:
    """A ridge across the map: up one level a tile from x = s, down again
    to x = s + 2 * top (a road climbing it towards SW meets SLOPE_SW)."""
    m = world.map
    for t in range(m.size):
        if m.get_tile_type(t) != TileType.VOID:
            x = m.tile_x(t)
            m.height[t] = 2 + max(0, min(x - s, s + 2 * top - x))


def _river(world: World, xs, water_class: int = 2) -> None:
    """Water (a river, or the sea with class 0) across the map at ``xs``."""
    m = world.map
    for x in xs:
        for y in range(1, m.max_y):
            r = m.tile_xy(x, y)
            m.set_tile_type(r, TileType.WATER)
            m.m1[r] = (water_class << 5) | 0x11
            m.m5[r] = 0


def _trees(world: World, t: int, tree_type: int = 3, count: int = 4) -> None:
    """MakeTree on land: ``count`` grown trees of ``tree_type``."""
    m = world.map
    m.set_tile_type(t, TileType.TREES)
    m.m1[t] = (3 << 5) | 0x10                # no water, no owner
    m.m2[t] = 0
    m.m3[t] = tree_type
    m.m4[t] = 0
    m.m5[t] = ((count - 1) << 6) | 3
    m.m7[t] = 0
    m.m8[t] = 0


def test_road_slope_rules_complete_uphill_pieces_without_build_on_slopes():
    # on a slope rising along X, a single NE piece is fine with build_on_slopes
    assert check_road_slope(SLOPE_NE, rm.ROAD_NE, 0, 0, True) == (True, rm.ROAD_NE, True)
    # ... and is completed to a straight road up the slope without it
    ok, pieces, _ = check_road_slope(SLOPE_NE, rm.ROAD_NE, 0, 0, False)
    assert ok and pieces == rm.ROAD_X
    # a road across a slope with one corner raised needs build_on_slopes
    assert not check_road_slope(SLOPE_N, rm.ROAD_X, 0, 0, False)[0]
    # nothing to build where the pieces exist
    assert not check_road_slope(0, rm.ROAD_X, rm.ROAD_X, 0, True)[0]


def test_a_town_road_is_owned_by_the_town_and_joins_pieces():
    world = _flat_world()
    m = world.map
    t = m.tile_xy(20, 20)
    assert build_road(world, t, rm.ROAD_X, 3, execute=True)
    assert m.get_tile_type(t) == TileType.ROAD and rm.get_road_bits(m, t) == rm.ROAD_X
    assert rm.get_road_owner(m, t) == OWNER_TOWN and int(m.m2[t]) == 3
    assert not build_road(world, t, rm.ROAD_NE, 3, execute=False)   # already built
    assert build_road(world, t, rm.ROAD_SE, 3, execute=True)
    assert rm.get_road_bits(m, t) == rm.ROAD_X | rm.ROAD_SE
    void = m.tile_xy(0, 5)
    assert not build_road(world, void, rm.ROAD_X, 3, execute=False)


def test_clean_up_road_bits_drops_pieces_towards_houses_water_and_the_void():
    world = _flat_world()
    m = world.map
    t = m.tile_xy(10, 10)
    assert clean_up_road_bits(m, t, rm.ROAD_ALL) == rm.ROAD_ALL
    m.set_tile_type(t + 1, TileType.HOUSE)                     # SW neighbour
    river = t - 1                                              # NE neighbour
    m.set_tile_type(river, TileType.WATER)
    m.m1[river] = (2 << 5) | 0x11
    m.m5[river] = 0
    assert clean_up_road_bits(m, t, rm.ROAD_ALL) == rm.ROAD_Y
    m.m5[river] = 1 << 4                                       # coast connects
    assert clean_up_road_bits(m, t, rm.ROAD_ALL) == rm.ROAD_Y | rm.ROAD_NE
    edge = m.tile_xy(1, 10)
    assert clean_up_road_bits(m, edge, rm.ROAD_X) == rm.ROAD_SW


@pytest.mark.parametrize("layout,step", [(growth.TL_2X2_GRID, 3), (growth.TL_3X3_GRID, 4)])
def test_grid_layouts_put_roads_every_few_tiles_from_the_centre(layout, step):
    world = _flat_world()
    m = world.map
    centre = m.tile_xy(30, 30)
    town = _town(world, centre, layout)
    for dx in range(-8, 9):
        for dy in range(-8, 9):
            bits = growth.get_town_road_grid_element(world, town, m.tile_xy(30 + dx, 30 + dy), 0)
            want = (rm.ROAD_Y if dx % step == 0 else 0) | (rm.ROAD_X if dy % step == 0 else 0)
            assert bits == want, (dx, dy)


@pytest.mark.parametrize("cost_setting", [0, 1, 2])
def test_town_terraforming_stops_at_eight_corners_worth_of_the_construction_cost(cost_setting):
    pr = prices.prices(cost_setting)
    limit = (pr["PR_TERRAFORM"] + 2) * 8
    world = _flat_world(**{"difficulty.construction_cost": cost_setting})
    m = world.map
    t = m.tile_xy(20, 20)
    m.height[t] = 3                                            # the N corner raised
    assert m.get_tile_slope(t) == SLOPE_N
    cost = terraform_land(world, t, 15 ^ SLOPE_N, True, execute=False)
    assert cost is not None and cost < limit
    assert growth.terraform_town_tile(world, t, 15 ^ SLOPE_N, True)
    assert m.is_tile_flat(t) and m.get_tile_z(t) == 3
    # a ramp down to the x of height 2: raising its top corner raises every
    # corner down the ramp, more than a town pays
    ramp = _flat_world(**{"difficulty.construction_cost": cost_setting})
    rmap = ramp.map
    for t in range(rmap.size):
        if rmap.get_tile_type(t) != TileType.VOID:
            rmap.height[t] = max(2, 20 - rmap.tile_x(t))
    top = rmap.tile_xy(5, 20)
    cost = terraform_land(ramp, top, SLOPE_N, True, execute=False)
    assert cost is not None and cost >= limit
    before = rmap.height.copy()
    assert not growth.terraform_town_tile(ramp, top, SLOPE_N, True)
    assert np.array_equal(rmap.height, before)


def test_terraforming_next_to_a_house_fails_and_changes_nothing():
    world = _flat_world()
    m = world.map
    t = m.tile_xy(20, 20)
    m.height[t] = 3
    m.set_tile_type(t - m.size_x, TileType.HOUSE)               # a tile touching the N corner
    before = m.copy()
    assert not growth.terraform_town_tile(world, t, 15 ^ SLOPE_N, True)
    assert m == before


def test_a_town_bridges_a_river_from_a_road_facing_it():
    world = _flat_world(**{"game_creation.starting_year": 1950})
    m = world.map
    town = _town(world, m.tile_xy(20, 20))
    road = m.tile_xy(20, 20)
    assert build_road(world, road, rm.ROAD_X, town.index, execute=True)
    start = road + 1                                           # SW of the road
    _river(world, range(22, 25))                               # three tiles wide
    assert growth.grow_town_with_bridge(world, town, start, 2)  # towards SW
    end = m.tile_xy(25, 20)
    assert is_bridge_tile(m, start) and is_bridge_tile(m, end)
    bt = get_bridge_type(m, start)
    assert bt == get_bridge_type(m, end) and BRIDGES[bt].avail_year <= 1950
    assert BRIDGES[bt].min_length <= 3 <= BRIDGES[bt].max_length
    assert all(m.get_bridge_bits(m.tile_xy(x, 20)) == 1 for x in range(22, 25))
    assert rm.get_town_road_bits(m, start) == rm.ROAD_X
    # a sea is not bridged from flat land
    sea = _flat_world()
    town2 = _town(sea, sea.map.tile_xy(20, 20))
    build_road(sea, sea.map.tile_xy(20, 20), rm.ROAD_X, 0, execute=True)
    _river(sea, range(22, 25), water_class=0)
    assert not growth.grow_town_with_bridge(sea, town2, sea.map.tile_xy(21, 20), 2)


def test_a_new_town_without_roads_gets_a_two_piece_road_at_its_centre():
    world = _flat_world()
    m = world.map
    town = _town(world, m.tile_xy(30, 30))
    assert growth.grow_town(world, town)
    bits = rm.get_road_bits(m, town.xy)
    assert m.get_tile_type(town.xy) == TileType.ROAD and bin(bits).count("1") == 2
    # roads forbidden: nothing to grow from, nothing built
    bare = _flat_world()
    t2 = _town(bare, bare.map.tile_xy(30, 30))
    assert not growth.grow_town(bare, t2, growth.TEM_BUILDINGS)
    assert bare.map.get_tile_type(t2.xy) == TileType.CLEAR


def test_a_town_tunnels_through_a_hill_its_road_climbs():
    from viewer.engine.tgp.game.tunnelbridge_map import get_other_tunnel_bridge_end, is_tunnel_tile
    world = _flat_world()
    m = world.map
    s = 20                                         # the tunnel's mouth, rising towards SW (+x)
    _hill(world, s, 4)
    town = _town(world, m.tile_xy(s - 1, 20))
    assert build_road(world, m.tile_xy(s - 1, 20), rm.ROAD_X, town.index, execute=True)
    start, end = m.tile_xy(s, 20), m.tile_xy(s + 7, 20)
    assert m.get_tile_slope(start) == 3 and m.get_tile_z(end) == m.get_tile_z(start)
    assert growth.grow_town_with_tunnel(world, town, start, 2)
    assert is_tunnel_tile(m, start) and is_tunnel_tile(m, end)
    assert get_other_tunnel_bridge_end(m, start) == end
    assert rm.get_tunnel_bridge_direction(m, start) == 2
    assert rm.get_tunnel_bridge_direction(m, end) == 0
    assert rm.get_road_owner(m, start) == OWNER_TOWN and rm.get_town_road_bits(m, end) == rm.ROAD_X
    # a longer hill than a small town may tunnel (7 tiles) is left alone
    long = _flat_world()
    _hill(long, s, 5)
    town2 = _town(long, long.map.tile_xy(s - 1, 20))
    build_road(long, long.map.tile_xy(s - 1, 20), rm.ROAD_X, 0, execute=True)
    assert not growth.grow_town_with_tunnel(long, town2, long.map.tile_xy(s, 20), 2)


# --- the numba kernels ---------------------------------------------------------------------
def _kernels_only(world, town, modes, times, fast=False):
    """GrowTown through the growth kernels while the founding stays Python."""
    growth.grow_town_times(world, town, modes, times, fast=True)


@pytest.mark.parametrize("case_id", CASES)
def test_the_growth_kernels_grow_every_town_as_the_game(case_id, monkeypatch):
    world = ff.world(case_id, "clear")
    world.rng.trail = []
    monkeypatch.setattr(founding, "grow_town_times", _kernels_only)
    assert founding.generate_towns(world, fast=False)
    ours = [e for e in world.rng.trail if e[0] in GROWTH_EVENTS]
    game = [e[:3] for e in ff.events(case_id)
            if e[3] == TOWNS_STAGES_DONE and e[0] in GROWTH_EVENTS]
    first = next((i for i, (a, b) in enumerate(zip(ours, game)) if tuple(a) != tuple(b)), None)
    assert first is None and len(ours) == len(game), f"trail parts at call {first}"
    theirs = GameMap.from_grids(ff.grids(case_id, "towns"))
    diff = ff.first_difference(world.map, theirs)
    assert diff is None, diff
    assert world.rng.words() == tuple(ff.stage_record(case_id, "towns")["random_state"])


@pytest.mark.parametrize("case_id,layout,cost,slopes,year", [
    ("ff-04", growth.TL_BETTER_ROADS, 2, False, 2050),
    ("ff-13", growth.TL_ORIGINAL, 1, False, 1920),
    ("ff-15", growth.TL_3X3_GRID, 0, True, 1995),
    ("ff-21", 4, 2, False, 1950),
    ("ff-06", growth.TL_2X2_GRID, 1, True, 2010),
])
def test_the_growth_kernels_follow_the_python_growth_on_other_settings(
        case_id, layout, cost, slopes, year):
    if case_id not in CASES:
        pytest.skip("reference case absent")
    worlds = []
    for fast in (False, True):
        world = ff.world(case_id, "clear")
        world.settings.update({"economy.town_layout": layout, "difficulty.construction_cost": cost,
                               "construction.build_on_slopes": slopes,
                               "game_creation.starting_year": year,
                               "economy.initial_city_size": 3, "economy.larger_towns": 2})
        world.rng.trail = []
        founding.generate_towns(world, fast=fast)
        worlds.append(world)
    py, nb = worlds
    assert nb.rng.trail == py.rng.trail
    assert ff.first_difference(nb.map, py.map) is None
    assert [t.manifest_fields() for t in nb.towns] == [t.manifest_fields() for t in py.towns]


def test_a_tunnel_lowers_its_far_end_to_the_slope_facing_its_mouth():
    from viewer.engine.tgp.game.tunnelbridge_map import is_tunnel_tile
    from viewer.engine.tgp.openttd15.towns.bridges import build_tunnel
    world = _flat_world()
    m = world.map
    s = 20
    _hill(world, s, 4)
    end = m.tile_xy(s + 7, 20)
    m.height[end + 1] = 3                       # the far end's W corner up: slope N|W|E
    assert m.get_tile_slope(end) == SLOPE_N | SLOPE_E | SLOPE_W and m.get_tile_z(end) == 2
    start = m.tile_xy(s, 20)
    assert build_tunnel(world, start, execute=True)
    assert is_tunnel_tile(m, start) and is_tunnel_tile(m, end)
    assert m.get_tile_slope(end) == SLOPE_NE      # lowered to face the mouth (SW slope)


def test_land_under_a_bridge_is_not_raised_into_it():
    world = _flat_world(**{"game_creation.starting_year": 1950})
    m = world.map
    town = _town(world, m.tile_xy(20, 20))
    build_road(world, m.tile_xy(20, 20), rm.ROAD_X, town.index, execute=True)
    middle = m.tile_xy(23, 20)
    _river(world, range(22, 25))
    # without NoWater (as the tunnel's terraforming) the river could be raised
    assert terraform_land(world, middle, SLOPE_N, True, execute=False, no_water=False) is not None
    assert growth.grow_town_with_bridge(world, town, m.tile_xy(21, 20), 2)
    assert terraform_land(world, middle, SLOPE_N, True, execute=False, no_water=False) is None
    assert terraform_land(world, middle, SLOPE_N, False, execute=False, no_water=False) is not None


def _twin(world: World) -> World:
    return World(map=world.map.copy(), rng=world.rng.copy(), settings=dict(world.settings),
                 towns=list(world.towns))


def test_the_kernels_tunnel_bridge_and_terraform_as_the_python_commands():
    from viewer.engine.tgp.openttd15.towns import growth_kernel as gk
    from viewer.engine.tgp.openttd15.towns.bridges import build_bridge, build_tunnel
    world = _flat_world(**{"game_creation.starting_year": 1950})
    m = world.map
    s = 20
    _hill(world, s, 4)
    m.height[m.tile_xy(s + 8, 20)] = 3
    _river(world, range(40, 43))
    py, nb = world, _twin(world)
    tiles, ctx, grow, _ = gk._contexts(nb)
    assert build_tunnel(py, m.tile_xy(s, 20), execute=True)
    assert gk.build_tunnel_k(tiles, ctx, grow, m.tile_xy(s, 20), True)
    for bridge_type in range(gk.MAX_BRIDGES):
        a = build_bridge(py, m.tile_xy(39, 30), m.tile_xy(43, 30), bridge_type, execute=False)
        b = gk.build_bridge_k(tiles, ctx, grow, m.tile_xy(39, 30), m.tile_xy(43, 30),
                              bridge_type, False)
        assert a == b, bridge_type
    assert build_bridge(py, m.tile_xy(39, 30), m.tile_xy(43, 30), 4, execute=True)
    assert gk.build_bridge_k(tiles, ctx, grow, m.tile_xy(39, 30), m.tile_xy(43, 30), 4, True)
    for w in (py, nb):                        # trees under a bridge are cleared
        for x in range(40, 43):
            _trees(w, w.map.tile_xy(x, 36), tree_type=0x15)
        _trees(w, w.map.tile_xy(29, 30))
    assert build_bridge(py, m.tile_xy(39, 36), m.tile_xy(43, 36), 4, execute=True)
    assert gk.build_bridge_k(tiles, ctx, grow, m.tile_xy(39, 36), m.tile_xy(43, 36), 4, True)
    assert py.map.get_tile_type(m.tile_xy(41, 36)) == TileType.CLEAR
    for t, slope, up in ((m.tile_xy(41, 30), SLOPE_N, True), (m.tile_xy(41, 30), SLOPE_N, False),
                         (m.tile_xy(s + 3, 25), SLOPE_E, True), (m.tile_xy(30, 30), 15, True)):
        for no_water in (True, False):
            a = terraform_land(py, t, slope, up, execute=True, no_water=no_water)
            b = gk.terraform_k(tiles, ctx, grow, t, slope, up, True, no_water, -1)
            assert (-1 if a is None else a) == b
    assert ff.first_difference(nb.map, py.map) is None


def test_town_terraforming_clears_trees_and_pays_for_them():
    world = _flat_world()
    m = world.map
    t = m.tile_xy(20, 20)
    m.height[t] = 3                                             # the N corner raised
    plain = terraform_land(world, t, 15 ^ SLOPE_N, True, execute=False)
    _trees(world, t + 1, tree_type=0x15, count=2)               # rainforest: 4 a tree
    wooded = terraform_land(world, t, 15 ^ SLOPE_N, True, execute=False)
    pr = prices.prices(0)
    assert wooded == plain - pr["PR_CLEAR_GRASS"] + 2 * 4 * pr["PR_CLEAR_TREES"]
    assert growth.terraform_town_tile(world, t, 15 ^ SLOPE_N, True)
    assert m.get_tile_type(t + 1) == TileType.CLEAR and m.is_tile_flat(t)


@pytest.mark.parametrize("slopes", [True, False])
def test_joining_a_lone_piece_up_a_slope_needs_build_on_slopes_for_its_foundation(slopes):
    from viewer.engine.tgp.openttd15.towns import growth_kernel as gk
    world = _flat_world(**{"construction.build_on_slopes": slopes})
    m = world.map
    t = m.tile_xy(20, 20)
    m.height[t] = m.height[t + m.size_x] = 3                    # N and E up: SLOPE_NE
    assert m.get_tile_slope(t) == SLOPE_NE
    rm.make_road_normal(m, t, rm.ROAD_SW, rm.ROADTYPE_ROAD, 0, OWNER_TOWN)
    twin = _twin(world)
    assert build_road(world, t, rm.ROAD_NE, 0, execute=True) == slopes
    tiles, ctx, grow, _ = gk._contexts(twin)
    assert gk.build_road_k(tiles, ctx, grow, t, rm.ROAD_NE, 0, True, True) == slopes
    assert rm.get_road_bits(m, t) == (rm.ROAD_X if slopes else rm.ROAD_SW)
    assert ff.first_difference(twin.map, m) is None
