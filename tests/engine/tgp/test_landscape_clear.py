"""CMD_LANDSCAPE_CLEAR as towns use it (openttd15.landscape_clear): which
tiles a house may be built over (``auto`` and ``no_water``, a test that
changes nothing) and what clearing leaves (DoClearSquare while generating:
grass of density 3, neighbouring water allowed to flood again)."""

from __future__ import annotations

import pytest

from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game import town_map as tm
from viewer.engine.tgp.game.tiles import OWNER_NONE, OWNER_TOWN, OWNER_WATER, TileType
from viewer.engine.tgp.openttd15.landscape_clear import landscape_clear
from viewer.engine.tgp.openttd15.towns.houses import build_town_house
from viewer.engine.tgp.openttd15.towns.town import Town, update_town_radius

SIZE = 16


def _world(freeform: bool = True) -> World:
    m = GameMap.empty(SIZE, SIZE)
    m.type[:] = TileType.CLEAR << 4
    m.m1[:] = OWNER_NONE
    for t in range(m.size):
        if m.tile_x(t) == m.max_x or m.tile_y(t) == m.max_y or (
                freeform and (m.tile_x(t) == 0 or m.tile_y(t) == 0)):
            m.type[t] = TileType.VOID << 4
    return World(map=m, rng=Randomizer.seeded(5),
                 settings={"construction.freeform_edges": freeform})


def _set(m: GameMap, t: int, tile_type: int, **bytes_) -> None:
    m.type[t] = (tile_type << 4) | (int(m.type[t]) & 0x0F)
    for name, value in bytes_.items():
        getattr(m, name)[t] = value


def _cleared_as_grass(m: GameMap, t: int, tropic: int) -> bool:
    return (m.get_tile_type(t) == TileType.CLEAR and m.get_tropic_zone(t) == tropic
            and m.m1[t] == OWNER_NONE and m.m5[t] == 3
            and not any(getattr(m, b)[t] for b in ("m2", "m3", "m4", "m6", "m7", "m8")))


@pytest.mark.parametrize("tile_type, m5", [(TileType.CLEAR, 1 << 2 | 3),    # rough land
                                           (TileType.TREES, 0x13)])
def test_land_and_trees_clear_to_grass_keeping_the_tropic_zone(tile_type, m5):
    w = _world()
    m = w.map
    t = m.tile_xy(5, 5)
    _set(m, t, tile_type, m2=0x1234, m3=7, m4=9, m5=m5, m6=1)
    m.set_tropic_zone(t, 2)
    before = m.copy()
    assert landscape_clear(w, t, execute=False, auto=True, no_water=True)
    assert m == before                      # a test changes nothing
    assert landscape_clear(w, t, execute=True, auto=True, no_water=True)
    assert _cleared_as_grass(m, t, 2)


def test_water_refuses_a_house_but_a_coast_does_not():
    w = _world()
    m = w.map
    sea, coast, river = m.tile_xy(4, 4), m.tile_xy(5, 4), m.tile_xy(6, 4)
    _set(m, sea, TileType.WATER, m1=OWNER_WATER, m5=0)
    _set(m, coast, TileType.WATER, m1=OWNER_WATER, m5=1 << 4)
    _set(m, river, TileType.WATER, m1=OWNER_WATER, m3=1, m5=0)   # may not flood: m3 bit 0
    assert not landscape_clear(w, sea, execute=False, auto=True, no_water=True)
    assert landscape_clear(w, sea, execute=False, auto=True)        # without no_water it could
    assert landscape_clear(w, coast, execute=True, auto=True, no_water=True)
    assert _cleared_as_grass(m, coast, 0)
    # the neighbouring water may flood again
    assert m.m3[river] & 1 == 0


def test_sea_on_the_edge_without_free_form_edges_stays():
    w = _world(freeform=False)
    m = w.map
    for edge in (m.tile_xy(0, 5), m.tile_xy(m.max_x - 1, 5), m.tile_xy(5, m.max_y - 1)):
        _set(m, edge, TileType.WATER, m1=OWNER_WATER, m5=0)
        assert not landscape_clear(w, edge, execute=False)
    inner = m.tile_xy(1, 5)
    _set(m, inner, TileType.WATER, m1=OWNER_WATER, m5=0)
    assert landscape_clear(w, inner, execute=False)


def test_a_town_clears_a_road_stub_but_not_a_road_through():
    w = _world()
    m = w.map
    stub, through = m.tile_xy(5, 5), m.tile_xy(6, 6)
    _set(m, stub, TileType.ROAD, m1=OWNER_TOWN, m2=0, m5=0x08)        # ROAD_NE only
    _set(m, through, TileType.ROAD, m1=OWNER_TOWN, m2=0, m5=0x0A)     # ROAD_X
    assert landscape_clear(w, stub, execute=False, auto=True, no_water=True)
    assert not landscape_clear(w, through, execute=False, auto=True, no_water=True)
    assert landscape_clear(w, through, execute=True)                  # not auto: removed
    assert _cleared_as_grass(m, through, 0)


def test_houses_void_and_bridges_refuse_auto_and_a_house_clears_through_its_town():
    w = _world()
    m = w.map
    town = Town(0, m.tile_xy(8, 8))
    update_town_radius(town)
    w.towns = [town]
    house = m.tile_xy(7, 7)
    build_town_house(w, town, house, 6, 0x42)     # town houses, 1x1
    assert m.is_tile_type(house, TileType.HOUSE) and tm.get_town_index(m, house) == 0
    assert not landscape_clear(w, house, execute=False, auto=True)
    assert not landscape_clear(w, m.tile_xy(0, 3), execute=False)            # void
    bridge = m.tile_xy(3, 3)
    _set(m, bridge, TileType.TUNNELBRIDGE, m1=OWNER_TOWN, m5=0x80)
    assert not landscape_clear(w, bridge, execute=False, auto=True)
    assert landscape_clear(w, house, execute=True)
    assert _cleared_as_grass(m, house, 0)
    assert town.num_houses == 0 and town.population == 0
