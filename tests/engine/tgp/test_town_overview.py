"""What the window shows of towns, read from the game's own tile bytes (the
openttd-firstframe ``towns`` stage): the kinds of town tiles, the towns as
a table, and the inspector's rows of a house, a town road and a bridge."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest
from towns_tgp import with_towns

from viewer.engine.protocol import MapState
from viewer.engine.tgp.game.town_map import get_house_building_stage
from viewer.engine.tgp.openttd15.towns.overview import (
    KIND_BRIDGE,
    KIND_HOUSE,
    KIND_ROAD,
    game_map_of_layers,
    tile_rows,
    town_rows,
    town_tile_kinds,
)

CASES = ["ff-04", "ff-00", "ff-10"]


@pytest.mark.parametrize("case_id", CASES if ff.case_ids() else ["none"])
def test_tile_kinds_and_rows_name_the_houses_town(case_id):
    world = ff.world(case_id, "towns")
    m, towns = world.map, world.towns
    k = town_tile_kinds(m)
    assert np.array_equal(k == KIND_HOUSE, m.grid("type") >> 4 == 3)
    names = {t["index"]: t["name"] for t in towns}
    houses = np.zeros(len(towns), int)
    for y, x in zip(*np.nonzero(k == KIND_HOUSE)):
        rows = dict(tile_rows(m, towns, int(x), int(y)))
        index = int(m.m2[m.tile_xy(int(x), int(y))])
        assert rows["town"] == f"{names[index]} ({index})"
        stage = get_house_building_stage(m, m.tile_xy(int(x), int(y)))
        assert (rows["construction stage"] == "completed") == (stage == 3)
        houses[index] += 1
    # a house covers one to four tiles
    want = np.array([t["num_houses"] for t in towns])
    assert (houses >= want).all() and (houses <= 4 * want).all()
    ys, xs = np.nonzero(k == KIND_ROAD)
    rows = dict(tile_rows(m, towns, int(xs[0]), int(ys[0])))
    assert rows["road owner"] == "a town" and rows["town"].split(" (")[0] in names.values()
    assert rows["road bits"].endswith(f"({int(m.m5[m.tile_xy(int(xs[0]), int(ys[0]))]) & 15:#x})")
    bridges = np.nonzero(k == KIND_BRIDGE)
    if bridges[0].size:
        rows = dict(tile_rows(m, towns, int(bridges[1][0]), int(bridges[0][0])))
        assert rows["road"] == "road bridge end"
    clear = np.nonzero(k == 0)
    assert tile_rows(m, towns, int(clear[1][0]), int(clear[0][0])) == []


@pytest.mark.parametrize("case_id", CASES[:1] if ff.case_ids() else ["none"])
def test_the_towns_table_is_the_pool(case_id):
    world = ff.world(case_id, "towns")
    rows = town_rows(world.towns, world.map.size_x)
    assert [(r.name, r.population, r.houses, r.city, r.y * world.map.size_x + r.x)
            for r in rows] == [(t["name"], t["population"], t["num_houses"], t["larger_town"],
                                t["xy"]) for t in world.towns]


def test_the_inspector_shows_a_houses_town():
    from viewer.engine.tgp.generator import TGP
    from viewer.engine.tgp.inspect import rows

    terrain = {"openttd": "15.2", "size": (64, 64), "stop_after": "rivers"}
    result = with_towns(TGP.generate(terrain, seed=5), "ff-04")
    state = MapState(result, result.layers, ())
    m = game_map_of_layers(result.layers)
    ref = ff.world("ff-04", "towns").map
    assert all(np.array_equal(getattr(m, b), getattr(ref, b)) for b in ("type", "m2", "m5", "m8"))
    y, x = (int(v[0]) for v in np.nonzero(town_tile_kinds(m) == KIND_HOUSE))
    got = dict(rows(state, x, y))
    assert got["town"].split(" (")[0] in {t["name"] for t in result.detail.towns}
    assert "construction stage" in got
    from viewer.engine.tgp.openttd15.towns.house_specs import house_specs
    house = int(m.m8[m.tile_xy(x, y)]) & 0xFFF
    assert got["house type"] == f"{house_specs(0)[house].name} ({house})"
    plain = TGP.generate(terrain, seed=5)
    assert "town" not in dict(rows(MapState(plain, plain.layers, ()), x, y))
