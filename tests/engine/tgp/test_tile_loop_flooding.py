"""Flooding in the tile loops (viewer.engine.tgp.openttd15.tile_loop.land)
on small made-up maps: the sea takes flat land at sea level beside it,
clearing what stands there as the game does (a town's road, a whole house,
an industry), and marks itself non-flooding when nothing is left to take."""

from __future__ import annotations

from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.openttd15.industries.industry import Industry
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
    from viewer.engine.tgp.openttd15.tile_loop import run_tile_loops

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
    run_tile_loops(compiled, runs=300)
    run_tile_loops(python, runs=300, compiled=False)
    assert compiled.map == python.map and compiled.rng.words() == python.rng.words()
    assert compiled.towns == python.towns and compiled.towns[0]["num_houses"] == 4
    assert compiled.map.is_tile_type(compiled.map.tile_xy(10, 10), TileType.WATER)
