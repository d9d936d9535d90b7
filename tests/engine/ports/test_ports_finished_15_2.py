"""Ports on a finished OpenTTD 15.2 map: the game's own corner heights (its
tile heights, with the valleys the rivers dug) and its river, lake and
wetland water as inland water: lakes for the ports whatever their height,
so no port touches them and no route to open sea crosses them."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.ports.generator import PORTS
from viewer.engine.ports.placement import Settings, find_sea, lake_corners, open_corners, place
from viewer.engine.ports.sources import finished_corners, off_sea_corners, tgp_heightmap
from viewer.engine.tgp.generator import TGP

CASES = [({"tgp_size": (256, 256), "tgp_terrain": 1, "tgp_sea_level": 1}, 42),
         ({"tgp_size": (256, 128), "tgp_landscape": "tropic", "tgp_sea_level": 2}, 7)]


def _values(given):
    return PORTS.validate({"tgp_openttd": "15.2", "n_ports": 60, "grid": 8,
                           "min_distance": 4, **given})


def test_a_river_channel_below_sea_level_is_a_lake_not_the_sea():
    rel = np.full((12, 12), 5.0)
    rel[:, :3] = -1.0                  # the sea on the west edge
    rel[6, 3:10] = -1.0                # a channel from it, as a river mouth at sea level
    inland = np.zeros(rel.shape, bool)
    inland[6, 3:10] = True
    label, is_open, _, _ = find_sea(rel)
    assert open_corners(label, is_open)[6, 3:10].all()        # without: the sea
    label, is_open, sizes, lake_ids = find_sea(rel, inland=inland)
    opened, lake = open_corners(label, is_open), lake_corners(label, is_open)
    assert not opened[inland].any() and lake[inland].all()
    assert opened[:, :3].all()
    # a lake above sea level (a river-made lake) is a lake too
    high = np.zeros(rel.shape, bool)
    high[2:4, 8:10] = True
    label, is_open, _, _ = find_sea(rel, inland=high)
    assert lake_corners(label, is_open)[high].all()
    pl = place(rel, Settings(grid=1, n_ports=50, min_distance=0, radius=2), 1, inland=inland)
    for p in pl.ports:
        assert not inland[p.row:p.row + 2, p.col:p.col + 2].any()


def test_finished_corners_are_the_games_corner_heights_and_rivers():
    th = np.array([[0, 1, 2], [1, 3, 2]], np.uint8)
    tc = np.array([[1, 4, 0], [0, 0, 0]], np.uint8)
    corners, inland = finished_corners(th, tc)
    assert corners.shape == (3, 4)
    assert (corners[:2, :3] == th * 16).all()
    assert (corners[2, :3] == th[1] * 16).all() and (corners[:, 3] == corners[:, 2]).all()
    want = np.zeros((3, 4), bool)
    want[0:2, 1:3] = True
    assert (inland == want).all()


@pytest.mark.parametrize("given, seed", CASES)
def test_no_port_touches_river_or_lake_water(given, seed):
    v = _values(given)
    hm = tgp_heightmap({"openttd": "15.2", "size": v["tgp_size"], "terrain": v["tgp_terrain"],
                        "sea_level": v["tgp_sea_level"], "landscape": v["tgp_landscape"],
                        "smoothness": v["tgp_smoothness"]}, seed)
    tgp = TGP.generate({"openttd": "15.2", "size": v["tgp_size"], "terrain": v["tgp_terrain"],
                        "sea_level": v["tgp_sea_level"], "landscape": v["tgp_landscape"],
                        "smoothness": v["tgp_smoothness"], "stop_after": "rivers"}, seed=seed)
    river = tgp.layers["tile_class"] == 4
    assert river.any(), "the map has rivers"
    assert hm.inland is not None and hm.inland[:-1, :-1][river].all()
    game = tgp.layers["tile_height"].astype(np.int16) * 16
    dry = off_sea_corners(tgp.layers["tile_class"])[:-1, :-1]
    assert (hm.corners[:-1, :-1] == np.where(dry, np.maximum(game, 16), game)).all()
    r = PORTS.generate(v, seed=seed)
    pl = r.detail.placement
    opened = open_corners(pl.label, pl.is_open)
    assert not opened[hm.inland].any(), "river water is never the ports' sea"
    assert lake_corners(pl.label, pl.is_open)[hm.inland].all()
    assert r.detail.ports, "some ports are placed"
    for p in pl.ports:
        assert not hm.inland[p.row:p.row + 2, p.col:p.col + 2].any(), p.index
        for row, col in p.route:
            assert not hm.inland[row, col]
    # river water at sea level by the sea: without the inland mask it would be sea
    assert ((hm.relative() < 0) & hm.inland).any()


@pytest.mark.parametrize("borders, seed", [(0, 3), (0, 11), (5, 42), (16, 7)])
def test_no_port_has_the_void_edge_or_a_one_tile_sea_for_its_sea(borders, seed):
    """Free-form edges: the outermost tiles are the game's void; with no
    sea along an edge, ports took the void for their sea (and one or two
    tiles of water at the edge)."""
    v = _values({"tgp_size": (128, 128), "tgp_sea_level": 1})
    v["n_ports"], v["grid"], v["min_distance"] = 200, 4, 0
    tgp_values = {"openttd": "15.2", "size": (128, 128), "terrain": v["tgp_terrain"],
                  "sea_level": 1, "landscape": v["tgp_landscape"],
                  "smoothness": v["tgp_smoothness"], "water_borders": borders}
    tgp = TGP.generate(tgp_values, seed=seed)
    tc = tgp.layers["tile_class"]
    corners, inland = finished_corners(tgp.layers["tile_height"], tc)
    rel = corners.astype(np.float64) - 16
    pl = place(rel, Settings(grid=4, n_ports=200, min_distance=0, radius=5), seed,
               inland=inland)
    label, is_open = pl.label, pl.is_open
    assert pl.ports, "some ports are placed"
    sea_tiles = tc == 1
    for p in pl.ports:
        y, x = p.ship                     # a corner of a sea tile, not of the void
        assert sea_tiles[max(y - 1, 0):y + 1, max(x - 1, 0):x + 1].any(), (p.index, p.ship)
        sea = label[p.ship]
        assert is_open[sea] and (label == sea).sum() >= 16, p.index


def test_a_small_sea_at_the_border_is_a_lake():
    rel = np.full((20, 20), 5.0)
    rel[0:2, 5:7] = -1.0                 # 4 corners of water at the border
    rel[:, 15:] = -1.0                   # the sea on the east edge
    label, is_open, sizes, _ = find_sea(rel)
    assert lake_corners(label, is_open)[0:2, 5:7].all()
    assert open_corners(label, is_open)[:, 15:].all()


def test_the_tgp_source_has_the_river_settings():
    names = {p.name: p for p in PORTS.params}
    for n in ("rivers", "min_river_length", "river_route_random"):
        p = names["tgp_" + n]
        assert p.group == "source" and p.cli == "--tgp-" + n.replace("_", "-")
    base = {"tgp_size": (128, 128), "tgp_sea_level": 1}
    none = PORTS.heightmap(PORTS.validate({**base, "tgp_rivers": 0}), 5)
    lots = PORTS.heightmap(PORTS.validate({**base, "tgp_rivers": 3}), 5)
    assert (none.inland is None or not none.inland.any()) and lots.inland.any()
    # r13671 has no rivers: its maps stay as they were
    old = PORTS.validate({**base, "tgp_openttd": "r13671", "tgp_rivers": 3})
    assert PORTS.heightmap(old, 5).inland is None
