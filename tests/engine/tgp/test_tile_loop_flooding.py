"""Flooding in the tile loops (viewer.engine.tgp.openttd15.tile_loop.land)
on small made-up maps: the sea takes flat land at sea level beside it,
clearing what stands there as the game does (a town's road, a whole house,
an industry not built on water, a lighthouse, a bridge with both its ends;
a sloped tunnel entrance stays), and marks itself non-flooding when nothing
is left to take.  The compiled loops hand the visits they leave to the
Python loops one at a time and end on the same map."""

from __future__ import annotations

from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game.object_map import OBJECT_LIGHTHOUSE, make_object
from viewer.engine.tgp.game.tiles import BYTES, OWNER_NONE, OWNER_TOWN, TileType
from viewer.engine.tgp.game.tunnelbridge_map import (
    make_road_bridge_ramp,
    make_road_tunnel,
    set_bridge_middle,
)
from viewer.engine.tgp.openttd15.industries.industry import Industry
from viewer.engine.tgp.openttd15.objects import ObjectRecord
from viewer.engine.tgp.openttd15.tile_loop import kernel, run_tile_loops
from viewer.engine.tgp.openttd15.tile_loop.land import tile_loop_water
from viewer.engine.tgp.openttd15.tile_loop.loop import TileLoopContext

SEA_M1 = 0x11                       # water class sea, owner water


def _world() -> World:
    m = GameMap.empty(64, 64)
    m.height[:] = 1                 # land at height 1 everywhere ...
    for t in (m.tile_xy(10, 10), m.tile_xy(11, 10), m.tile_xy(10, 11), m.tile_xy(11, 11)):
        m.height[t] = 0             # ... but the tile (10, 10), flat at sea level
    m.m5[:] = 3                     # grass of density 3
    m.m1[:] = 0x10
    town = {"index": 0, "xy": m.tile_xy(30, 30), "population": 50, "num_houses": 5,
            "flags": 0, "squared_town_zone_radius": [16, 0, 0, 0, 0]}
    return World(map=m, rng=Randomizer(1, 2), towns=[town])


def _sea(m, t):
    m.type[t] = TileType.WATER << 4
    m.m1[t] = SEA_M1
    m.m5[t] = 0
    m.m3[t] = 0


def test_the_sea_floods_flat_land_at_sea_level_and_only_that():
    world = _world()
    m = world.map
    sea, land, high = m.tile_xy(9, 10), m.tile_xy(10, 10), m.tile_xy(8, 10)
    _sea(m, sea)
    tile_loop_water(TileLoopContext(world), sea)
    assert m.is_tile_type(land, TileType.WATER) and (int(m.m5[land]) >> 4) == 0
    assert m.is_tile_type(high, TileType.CLEAR)         # its lowest corner is above 0


def test_flooding_destroys_an_industry_on_its_way():
    world = _world()
    m = world.map
    sea, ind_tile, other = m.tile_xy(9, 10), m.tile_xy(10, 10), m.tile_xy(10, 9)
    _sea(m, sea)
    for t in (ind_tile, other):
        m.type[t] = TileType.INDUSTRY << 4
        m.m1[t] = 0x80 | 0x60       # completed, on land
        m.m2[t] = 0
    world.industries = [Industry(0, m.tile_xy(10, 9), type=0, w=1, h=2)]
    tile_loop_water(TileLoopContext(world), sea)
    assert world.industries == []
    assert m.is_tile_type(ind_tile, TileType.WATER)
    assert m.is_tile_type(other, TileType.CLEAR) and int(m.m5[other]) & 3 == 0   # density 0


def test_flooding_takes_a_whole_house_from_its_town():
    world = _world()
    m = world.map
    sea, house = m.tile_xy(9, 10), m.tile_xy(10, 10)
    _sea(m, sea)
    m.type[house] = TileType.HOUSE << 4
    m.m2[house] = 0                 # town 0
    m.m3[house] = 0x80              # completed
    m.m8[house] = 0                 # house 0: a 1x1 office block, population 187
    world.towns[0]["population"] = 200
    tile_loop_water(TileLoopContext(world), sea)
    assert m.is_tile_type(house, TileType.WATER)
    assert world.towns[0]["population"] == 13 and world.towns[0]["num_houses"] == 4


def test_sea_with_nothing_to_flood_marks_itself_non_flooding():
    world = _world()
    m = world.map
    centre = m.tile_xy(20, 20)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            _sea(m, centre + dy * m.size_x + dx)
    tile_loop_water(TileLoopContext(world), centre)
    assert int(m.m3[centre]) & 1


def test_the_compiled_loops_hand_a_flooded_house_to_the_python_loops():
    def made_up():
        world = _world()
        m = world.map
        _sea(m, m.tile_xy(9, 10))
        house = m.tile_xy(10, 10)
        m.type[house] = TileType.HOUSE << 4
        m.m3[house] = 0x80
        world.towns[0]["population"] = 200
        return world

    compiled, python = made_up(), made_up()
    handed = []
    run_tile_loops(compiled, runs=300, python_visits=handed)
    run_tile_loops(python, runs=300, compiled=False)
    assert handed == [(kernel.FLOOD_HOUSE, compiled.map.tile_xy(9, 10))]
    assert compiled.map == python.map and compiled.rng.words() == python.rng.words()
    assert compiled.towns == python.towns and compiled.towns[0]["num_houses"] == 4
    assert compiled.map.is_tile_type(compiled.map.tile_xy(10, 10), TileType.WATER)


def _sea_world() -> World:
    """A 64x64 sea at height 0 (every tile sea), one town far away."""
    world = _world()
    m = world.map
    m.height[:] = 0
    for t in range(m.size):
        _sea(m, t)
    return world


def _oil_rig(world: World) -> tuple[int, int]:
    m = world.map
    a, b = m.tile_xy(10, 10), m.tile_xy(11, 10)
    for t in (a, b):
        m.type[t] = TileType.INDUSTRY << 4
        m.m1[t] = 0x80 | OWNER_NONE     # completed, on sea (water class 0)
        m.m2[t] = 0
        m.m5[t] = 24                    # an oil rig's graphics
    world.industries = [Industry(0, a, type=5, w=2, h=1)]                 # the oil rig
    return a, b


def test_the_sea_leaves_an_oil_rig_alone():
    world = _sea_world()
    a, b = _oil_rig(world)
    ctx = TileLoopContext(world)
    tile_loop_water(ctx, a)             # its own loop floods from its tiles ...
    tile_loop_water(ctx, world.map.tile_xy(9, 10))    # ... and so does the sea beside it
    assert len(world.industries) == 1
    assert world.map.is_tile_type(a, TileType.INDUSTRY) and world.map.is_tile_type(
        b, TileType.INDUSTRY)


def test_the_compiled_loops_leave_an_oil_rig_alone_without_the_python_loops():
    compiled, python = _sea_world(), _sea_world()
    _oil_rig(compiled)
    _oil_rig(python)
    handed = []
    run_tile_loops(compiled, runs=300, python_visits=handed)
    run_tile_loops(python, runs=300, compiled=False)
    assert handed == []
    assert compiled.map == python.map and compiled.rng.words() == python.rng.words()
    assert len(compiled.industries) == 1


def _lighthouse(world: World) -> int:
    m = world.map
    _sea(m, m.tile_xy(9, 10))
    t = m.tile_xy(10, 10)               # flat at sea level
    make_object(m, t, OWNER_NONE, 0, 3, 0x5A)                              # on land
    world.objects = [ObjectRecord(0, OBJECT_LIGHTHOUSE, t, 0, 4)]
    return t


def test_the_sea_takes_a_lighthouse_at_sea_level():
    world = _world()
    t = _lighthouse(world)
    tile_loop_water(TileLoopContext(world), world.map.tile_xy(9, 10))
    m = world.map
    assert m.is_tile_type(t, TileType.WATER) and (int(m.m5[t]) >> 4) == 0    # sea, not shore
    assert world.objects == [None]                   # the object left the pool


def _bridge(world: World) -> tuple[int, int, int]:
    """A town's road bridge along X from (10, 10), flat at sea level, to
    (14, 10) at height 1, over a road with roadside trees at (12, 10)."""
    m = world.map
    _sea(m, m.tile_xy(9, 10))
    west, east, road = m.tile_xy(10, 10), m.tile_xy(14, 10), m.tile_xy(12, 10)
    make_road_bridge_ramp(m, west, OWNER_TOWN, 0, 2, 0)        # facing SW, onto the bridge
    make_road_bridge_ramp(m, east, OWNER_TOWN, 0, 0, 0)        # facing NE
    m.type[road] = TileType.ROAD << 4
    m.m2[road] = 0                      # town 0's
    m.m5[road] = 0x0A                   # a normal road along X (NE and SW bits)
    m.m6[road] = 5 << 3                 # roadside trees
    for x in range(11, 14):
        set_bridge_middle(m, m.tile_xy(x, 10), 0)
    return west, east, road


def test_the_sea_takes_a_bridge_whose_flat_ramp_is_at_sea_level():
    world = _world()
    west, east, road = _bridge(world)
    m = world.map
    tile_loop_water(TileLoopContext(world), m.tile_xy(9, 10))
    assert m.is_tile_type(west, TileType.WATER)
    assert m.is_tile_type(east, TileType.CLEAR) and int(m.m5[east]) & 3 == 0   # density 0
    assert all(not m.is_bridge_above(m.tile_xy(x, 10)) for x in range(11, 14))
    assert (int(m.m6[road]) >> 3) & 7 == 2          # the trees too low under it: paved


def test_the_sea_leaves_a_tunnel_entrance_at_sea_level():
    world = _world()
    m = world.map
    _sea(m, m.tile_xy(9, 10))
    t = m.tile_xy(10, 10)
    m.height[m.tile_xy(11, 10)] = 1     # its east corners raised: an entrance facing NE
    m.height[m.tile_xy(11, 11)] = 1
    make_road_tunnel(m, t, OWNER_TOWN, 0, 0)
    before = [int(getattr(m, b)[t]) for b in BYTES]
    tile_loop_water(TileLoopContext(world), m.tile_xy(9, 10))
    assert [int(getattr(m, b)[t]) for b in BYTES] == before


def test_the_compiled_loops_hand_a_lighthouse_and_a_bridge_to_the_python_loops():
    def made_up():
        world = _world()
        _lighthouse(world)
        m = world.map
        for t in (m.tile_xy(10, 10), m.tile_xy(11, 10), m.tile_xy(10, 11), m.tile_xy(11, 11)):
            m.height[t + 20 * m.size_x] = 0     # a second tile at sea level, (10, 30)
        _sea(m, m.tile_xy(9, 30))
        west, east = m.tile_xy(10, 30), m.tile_xy(14, 30)
        make_road_bridge_ramp(m, west, OWNER_TOWN, 0, 2, 0)
        make_road_bridge_ramp(m, east, OWNER_TOWN, 0, 0, 0)
        for x in range(11, 14):
            set_bridge_middle(m, m.tile_xy(x, 30), 0)
        return world

    compiled, python = made_up(), made_up()
    handed = []
    run_tile_loops(compiled, runs=300, python_visits=handed)
    run_tile_loops(python, runs=300, compiled=False)
    m = compiled.map
    assert sorted(handed) == [(kernel.FLOOD_OBJECT, m.tile_xy(9, 10)),
                              (kernel.FLOOD_BRIDGE, m.tile_xy(9, 30))]
    assert compiled.map == python.map and compiled.rng.words() == python.rng.words()
    assert compiled.objects == python.objects == [None]
    assert m.is_tile_type(m.tile_xy(10, 30), TileType.WATER)
