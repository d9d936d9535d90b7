"""OpenTTD 15.2's CreateRivers (viewer.engine.tgp.openttd15.rivers) against the
``tgp-rivers`` reference, and its pieces on small hand-made maps: the
spiral, terraforming with its propagation and clearing, the binary heap's
tie order, the river route, lakes' and rivers' desert clearing.

Reference cases: the 15.2 pipeline through the water pass, the climate
passes (climate.py, the tropic's tile loop), every well and finish_water;
then the heights, the river tiles, the Random() calls of ``rivers_built``
and the terraform counts that do not depend on set order must be the
reference's; after the 256 tile-loop runs (tileloop.py) every array and
the Randomizer state must be.  The 1024x1024 case is marked ``slow``.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from refdata import reference_dir, require_reference
from test_tgp_modern_reference import values_of

from viewer.engine.tgp.openttd15 import climate
from viewer.engine.tgp.openttd15 import landscape_tile_loop as tileloop
from viewer.engine.tgp.openttd15.rivers import route as RR
from viewer.engine.tgp.openttd15.rivers import tiles as RT
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.landscape import (
    CLEAR,
    DESERT_ZONE,
    RIVER,
    SEA,
    VOID,
    from_water_pass,
    reference_arrays,
)
from viewer.engine.tgp.openttd15.rivers.create import CreateRivers, RiverSettings, river_wells


def _manifest() -> dict | None:
    path = reference_dir() / "tgp-rivers" / "manifest.json"
    return json.loads(path.read_text()) if path.is_file() else None


MANIFEST = _manifest()
SKIP = pytest.mark.skip(reason=f"OpenTTD 15.2 CreateRivers reference not found at "
                               f"{reference_dir() / 'tgp-rivers'}")


def _cases(with_rivers: bool = True):
    if MANIFEST is None:
        return [pytest.param(None, marks=SKIP)]
    out = []
    for c in MANIFEST["cases"]:
        s = c["settings"]
        if with_rivers and s["amount_of_rivers"] == 0:
            continue
        marks = [pytest.mark.slow] if s["size_x"] * s["size_y"] > 512 * 512 else []
        out.append(pytest.param(c, id=c["id"], marks=marks))
    return out


def _settings_of(case: dict) -> RiverSettings:
    s = case["settings"]
    return RiverSettings(amount=s["amount_of_rivers"], min_length=s["min_river_length"],
                         route_random=s["river_route_random"], tree_placer=2,
                         landscape=s["landscape"], freeform=bool(s["freeform_edges"]),
                         height_limit=case["derived"]["effective_map_height_limit"])


def _before_rivers(case: dict):
    """The Landscape as CreateRivers finds it, and the arctic snow line."""
    s = case["settings"]
    result = TGP.generate(values_of(s), seed=s["generation_seed"])
    d = result.detail
    rng = np.array([*d.rng_state_after, d.random_calls], np.int64)
    land = from_water_pass(result.layers["tile_height"], result.layers["tile_class"],
                           result.layers["rocks"], rng)
    snow = 0
    if s["landscape"] == 1:
        snow = climate.snow_line_height(land, s["snow_coverage"])
    elif s["landscape"] == 2:
        climate.make_desert(land, climate.desert_line(land, s["desert_coverage"]))
        tileloop.run_tile_loop(land, 2, 0, 256)
        climate.make_rainforest(land)
    return land, snow


@pytest.mark.parametrize("case", _cases())
def test_reference_case(case):
    ref = require_reference("tgp-rivers")
    land, snow = _before_rivers(case)
    calls0 = int(land.rng[2])
    rivers = CreateRivers(land, _settings_of(case))
    assert rivers.n_wells == case["derived"]["river_wells"]
    attempts = [rivers.attempt(i) for i in range(rivers.n_wells)]
    rivers.finish_water()
    assert int(land.rng[2]) - calls0 == case["rng_calls"]["rivers_built"]
    name = case["id"]
    ref_height = np.load(ref / f"{name}.tile_height.npy")
    ref_class = np.load(ref / f"{name}.tile_class.npy")
    np.testing.assert_array_equal(land.grid("height"), ref_height)
    np.testing.assert_array_equal(land.grid("kind") == RIVER, ref_class == 4)
    # the counts the fill order cannot change (see rivers.py)
    want = case["derived"]["terraform"]
    got = rivers.stats
    for key in ("sea_fill_calls", "widen_calls", "widen_ok"):
        assert got[key] == want[key], key
    assert (got["sea_fill_ok"] == 0) == (want["sea_fill_ok"] == 0)
    # the attempts describe what happened
    made = [a for a in attempts if a.made]
    assert [a.river for a in made] == list(range(1, len(made) + 1))
    assert set(np.unique(land.river_id[land.kind == RIVER])) <= set(range(1, len(made) + 1))
    for a in attempts:
        assert a.text and (a.made == (a.end != ""))
        assert a.long == (a.index < max(1, rivers.n_wells // 10))
    # and after the tile loop, everything is the reference's
    tileloop.run_tile_loop(land, case["settings"]["landscape"], snow, 256)
    for key, arr in reference_arrays(land).items():
        np.testing.assert_array_equal(arr, np.load(ref / f"{name}.{key}.npy"), err_msg=key)
    assert [int(land.rng[0]), int(land.rng[1])] == list(case["rng_calls"]["state_after"])


def test_river_wells_per_case():
    require_reference("tgp-rivers")
    for c in MANIFEST["cases"]:
        s = c["settings"]
        assert river_wells(s["amount_of_rivers"], s["size_x"], s["size_y"]) \
            == c["derived"]["river_wells"], c["id"]


def _case(prefix: str):
    require_reference("tgp-rivers")
    return next(c for c in MANIFEST["cases"] if c["id"].startswith(prefix))


def test_no_tree_placer_plants_no_trees():
    """rpub021 has wetlands with trees; with the tree placer "none" the
    wetlands draw no Random() for trees and plant none."""
    case = _case("rpub021")
    land, _snow = _before_rivers(case)
    calls0 = int(land.rng[2])
    s = _settings_of(case)
    rivers = CreateRivers(land, RiverSettings(**{**s.__dict__, "tree_placer": 0}))
    for i in range(rivers.n_wells):
        rivers.attempt(i)
    rivers.finish_water()
    assert not (land.kind == 5).any()
    assert int(land.rng[2]) - calls0 != case["rng_calls"]["rivers_built"]
    assert rivers.made > 0 and any(a.end == "wetland" for a in rivers.attempts)


def test_landscape_copied_between_attempts():
    """Going on with a copy of the Landscape after each attempt makes the
    same map as going on with the original."""
    case = _case("rpub013")
    land, _snow = _before_rivers(case)
    straight = land.copy()
    a = CreateRivers(straight, _settings_of(case))
    texts_a = [a.attempt(i).text for i in range(a.n_wells)]
    a.finish_water()
    b = CreateRivers(land, _settings_of(case))
    texts_b = []
    for i in range(b.n_wells):
        b.land = b.land.copy()
        texts_b.append(b.attempt(i).text)
    b.finish_water()
    assert texts_a == texts_b
    for key, arr in reference_arrays(straight).items():
        np.testing.assert_array_equal(arr, reference_arrays(b.land)[key], err_msg=key)
    np.testing.assert_array_equal(straight.river_id, b.land.river_id)
    np.testing.assert_array_equal(straight.rng, b.land.rng)


# ---------------------------------------------------------------------------
# hand-made maps

def _land(heights: np.ndarray, freeform: bool = True):
    """A Landscape of these tile heights: void on the far row and column
    (and row/column 0 with freeform edges), clear land elsewhere, sea on flat
    tiles at height 0."""
    sy, sx = heights.shape
    cls = np.zeros((sy, sx), np.uint8)
    cls[-1, :] = VOID
    cls[:, -1] = VOID
    if freeform:
        cls[0, :] = VOID
        cls[:, 0] = VOID
    land = from_water_pass(heights.astype(np.uint8), cls, np.zeros((sy, sx), np.uint8),
                           np.array([0x12345678, 0x9ABCDEF0, 0], np.int64))
    kind = land.grid("kind")
    h = heights.astype(int)
    flat0 = np.zeros_like(cls, bool)
    flat0[:-1, :-1] = (h[:-1, :-1] == 0) & (h[1:, :-1] == 0) & (h[:-1, 1:] == 0) & (h[1:, 1:] == 0)
    kind[flat0 & (kind == CLEAR)] = SEA
    return land


def _rivers(land, freeform=True, limit=15, route_random=5, landscape=0):
    return CreateRivers(land, RiverSettings(amount=1, min_length=4, route_random=route_random,
                                            tree_placer=2, landscape=landscape,
                                            freeform=freeform, height_limit=limit))


def test_spiral_orders():
    dx, dy = RT.spiral(3)
    assert list(zip(dx, dy)) == [(0, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
                                 (0, 1), (1, 1), (1, 0)]
    dx, dy = RT.spiral(2)
    assert list(zip(dx, dy)) == [(1, 0), (0, 0), (0, 1), (1, 1)]
    for d in (1, 4, 5, 8, 11, 16):
        dx, dy = RT.spiral(d)
        pts = list(zip(dx.tolist(), dy.tolist()))
        assert len(pts) == d * d == len(set(pts))
        # rings by distance: the Chebyshev distance from the centre (of the
        # centre 2x2 block for even diameters) never decreases
        ring = [max(abs(2 * x - (d % 2 == 0)), abs(2 * y - (d % 2 == 0))) for x, y in pts]
        assert ring == sorted(ring)
        # consecutive tiles are neighbours within a ring
        for (x0, y0), (x1, y1), r0, r1 in zip(pts, pts[1:], ring, ring[1:]):
            if r0 == r1:
                assert abs(x0 - x1) + abs(y0 - y1) == 1


def test_spiral_skips_off_map_tiles():
    sx, sy = 8, 8
    dx, dy = RT.spiral(5)
    tiles = [RT.spiral_tile(3, sy, 0, a, b) for a, b in zip(dx, dy)]
    inside = [t for t in tiles if t >= 0]
    assert len(inside) == 9 and sorted(inside) == [0, 1, 2, 8, 9, 10, 16, 17, 18]


def test_terraform_raises_with_propagation_and_clears():
    h = np.full((16, 16), 2, np.uint8)
    land = _land(h)
    land.kind[5 * 16 + 5] = RIVER     # tile (5, 5)
    land.ground[6 * 16 + 7] = 2       # rocks on tile (7, 6)
    land.ground[9 * 16 + 9] = 2       # and on (9, 9), untouched
    r = _rivers(land)
    assert r.terraform(6 * 16 + 6, 8, True)   # N corner of (6, 6) up by one
    assert r.terraform(6 * 16 + 6, 8, True)   # and again: 4 now
    g = land.grid("height")
    assert g[6, 6] == 4
    # the four neighbouring corners are pulled up to within one; no others
    assert g[5, 6] == g[7, 6] == g[6, 5] == g[6, 7] == 3
    assert (g != 2).sum() == 5
    # every tile touching a changed corner is clear grass at density 3
    kind, ground, dens = land.grid("kind"), land.grid("ground"), land.grid("density")
    assert kind[5, 5] == CLEAR and ground[5, 5] == 0 and dens[5, 5] == 3
    assert ground[6, 7] == 0 and ground[9, 9] == 2


def test_terraform_propagates_down_a_whole_slope():
    # a pyramid: raising its top by one lifts every corner of it by one
    y, x = np.mgrid[0:64, 0:64]
    dist = np.abs(x - 32) + np.abs(y - 32)
    h = np.clip(20 - dist, 0, None).astype(np.uint8)
    land = _land(h)
    r = _rivers(land, limit=30)
    assert r.terraform(32 * 64 + 32, 8, True)
    np.testing.assert_array_equal(land.grid("height"), np.maximum(h, np.clip(21 - dist, 0, None)))
    # sea tiles that got a raised corner were cleared; the rest stay sea
    g = land.grid("height").astype(int)
    flat0 = (g[:-1, :-1] == 0) & (g[1:, :-1] == 0) & (g[:-1, 1:] == 0) & (g[1:, 1:] == 0)
    kind = land.grid("kind")[:-1, :-1]
    inner = np.zeros_like(flat0)
    inner[1:, 1:] = True
    np.testing.assert_array_equal((kind == SEA)[inner], flat0[inner])
    assert (kind[(~flat0) & inner & (dist[:-1, :-1] > 15)] == CLEAR).all()


def test_terraform_failures_change_nothing():
    h = np.full((16, 16), 3, np.uint8)
    land = _land(h, freeform=False)
    before = land.copy()
    r = _rivers(land, freeform=False, limit=3)
    assert not r.terraform(8 * 16 + 8, 15, True)      # above the height limit
    assert not r.terraform(1 * 16 + 8, 15, False)     # within 1 of the edge
    np.testing.assert_array_equal(land.height, before.height)
    np.testing.assert_array_equal(land.kind, before.kind)
    flat0 = _land(np.zeros((16, 16), np.uint8))
    r0 = _rivers(flat0)
    assert not r0.terraform(8 * 16 + 8, 15, False)    # below 0
    # raising W pulls the lower N corner up with it; N's own step then has
    # no effect, which fails the whole command
    land2 = _land(np.full((16, 16), 3, np.uint8))
    land2.height[8 * 16 + 8] = 2
    before = land2.copy()
    r2 = _rivers(land2)
    assert not r2.terraform(8 * 16 + 8, 1 | 8, True)
    np.testing.assert_array_equal(land2.height, before.height)
    assert r2.terraform(8 * 16 + 8, 1, True)          # W alone is fine
    assert land2.height[8 * 16 + 8] == 3 and land2.height[8 * 16 + 9] == 4


def test_heap_ties_never_move_up():
    n = 8
    heap = np.zeros(n + 2, np.int32)
    pos = np.zeros(n + 2, np.int32)
    est = np.array([3, 3, 3, 5, 2, 3, 0, 0], np.int32)
    items = 0
    for item in (0, 1, 2):
        items = RR.heap_include(heap, pos, est, items, item)
    assert heap[1] == 0
    order = []
    while items:
        order.append(int(heap[1]))
        items = RR.heap_remove(heap, pos, est, items, 1)
    # the last item fills the gap and stays on top of an equal child
    assert order == [0, 2, 1]
    # a smaller estimate goes to the top; removal from the middle keeps the heap
    items = 0
    for item in (0, 1, 2, 3, 4, 5):
        items = RR.heap_include(heap, pos, est, items, item)
    assert heap[1] == 4
    items = RR.heap_remove(heap, pos, est, items, int(pos[1]))
    for i in range(2, items + 1):
        assert est[heap[i]] >= est[heap[i // 2]]
        assert pos[heap[i]] == i
    order = []
    while items:
        order.append(int(heap[1]))
        items = RR.heap_remove(heap, pos, est, items, 1)
    assert [int(est[i]) for i in order] == [2, 3, 3, 3, 5]


def test_route_follows_the_water_downhill():
    # terraces falling to the south-west: flat for x % 3 in (0, 1), inclined at 2
    sx = sy = 32
    x = np.arange(sx)
    h = np.tile((30 - x // 3).astype(np.uint8), (sy, 1))
    land = _land(h)
    r = _rivers(land, limit=60)
    begin, end = 3 * sx + 3, 18 * sx + 20
    calls = int(land.rng[2])
    path = r.route(begin, end)
    assert path[0] == begin and path[-1] == end
    for a, b in zip(path, path[1:]):
        assert abs(a % sx - b % sx) + abs(a // sx - b // sx) == 1
        assert RT.flows_down(land.height, 5, sy, a, b)
    assert int(land.rng[2]) > calls + len(path)  # one Random() per generated node
    assert (land.kind == CLEAR).sum() + (land.kind == VOID).sum() == sx * sy  # no tile changed
    # uphill there is no route
    assert r.route(end, begin) == []


def _python_route(land, begin, end, route_random):
    """YAPF's river search written plainly over the module's heap
    functions, for comparing with the kernel's closures."""
    sx, sy, n = land.size_x, land.size_y, land.size_x * land.size_y
    lx = sx.bit_length() - 1
    rng = land.rng
    est = np.zeros(n, np.int64)
    heap = np.zeros(n + 2, np.int64)
    pos = np.zeros(n, np.int64)
    cost, parent, closed = {begin: 0}, {begin: -1}, set()
    items = RR.heap_include(heap, pos, est, 0, begin)
    while items:
        best = int(heap[1])
        if best == end:
            path = [end]
            while parent[path[-1]] != -1:
                path.append(parent[path[-1]])
            return path[::-1]
        for off in (-1, sx, 1, -sx):
            t = best + off
            if not (0 <= t < n and land.kind[t] != VOID
                    and RT.flows_down(land.height, lx, sy, best, t)):
                continue
            c = cost[best] + 1 + int(RT.rand_range(rng, route_random))
            e = c + abs(t % sx - end % sx) + abs(t // sx - end // sx)
            if t in cost:
                if t not in closed and e < est[t]:
                    items = RR.heap_remove(heap, pos, est, items, int(pos[t]))
                    cost[t], parent[t], est[t] = c, best, e
                    items = RR.heap_include(heap, pos, est, items, t)
                continue
            cost[t], parent[t], est[t] = c, best, e
            items = RR.heap_include(heap, pos, est, items, t)
        items = RR.heap_remove(heap, pos, est, items, int(pos[best]))
        closed.add(best)
    return []


@pytest.mark.parametrize("route_random", [1, 5, 50])
def test_route_matches_the_plain_search(route_random):
    # rough terraces: many ties and many nodes generated twice
    sx = sy = 32
    y, x = np.mgrid[0:sy, 0:sx]
    h = (40 - x // 3 - y // 4).astype(np.uint8)
    land = _land(h)
    r = _rivers(land, limit=60, route_random=route_random)
    plain = land.copy()
    begin, end = 2 * sx + 2, 29 * sx + 27
    path = r.route(begin, end)
    assert path and path == _python_route(plain, begin, end, route_random)
    np.testing.assert_array_equal(land.rng, plain.rng)


def test_river_tiles_clear_desert_nearby():
    h = np.full((32, 32), 5, np.uint8)
    land = _land(h)
    land.tropic[:] = DESERT_ZONE
    r = _rivers(land, landscape=2)
    from viewer.engine.tgp.openttd15.rivers.kernel import make_lake
    centre = 16 * 32 + 16
    make_lake(r._T, land.river_id, land.rng, r._P, centre, 5, *r._sp[5])
    river = land.grid("kind") == RIVER
    assert river[16, 16] and river.sum() > 1
    near = np.zeros_like(river)
    for y, x in zip(*np.nonzero(river)):
        near[max(y - 2, 0):y + 3, max(x - 2, 0):x + 3] = True
    np.testing.assert_array_equal(land.grid("tropic") == 0, near)


# ---------------------------------------------------------------------------
# settings the reference does not have: the map's invariants

EXTREMES = [
    # landscape, size, freeform, amount, min_length, route_random, seed
    ("temperate", (256, 128), False, 3, 2, 255, 7),
    ("arctic", (128, 256), False, 3, 255, 1, 11),
    ("tropic", (256, 256), True, 3, 2, 1, 5),
    ("toyland", (64, 512), False, 2, 16, 50, 3),
]


@pytest.mark.parametrize("landscape,size,freeform,amount,min_length,route_random,seed",
                         EXTREMES)
def test_rivers_keep_the_map_valid(landscape, size, freeform, amount, min_length,
                                   route_random, seed):
    values = {"openttd": "15.2", "size": size, "landscape": landscape,
              "freeform_edges": freeform, "terrain": 3, "sea_level": 2,
              "stop_after": "water"}
    result = TGP.generate(values, seed=seed)
    d = result.detail
    land = from_water_pass(result.layers["tile_height"], result.layers["tile_class"],
                           result.layers["rocks"],
                           np.array([*d.rng_state_after, d.random_calls], np.int64))
    lid = ("temperate", "arctic", "tropic", "toyland").index(landscape)
    if lid == 2:
        climate.make_desert(land, climate.desert_line(land, 50))
        tileloop.run_tile_loop(land, 2, 0, 256)
        climate.make_rainforest(land)
    void_before = land.kind == VOID
    rivers = CreateRivers(land, RiverSettings(amount, min_length, route_random, 2, lid,
                                              freeform, d.height_limit))
    calls0 = int(land.rng[2])
    attempts = [rivers.attempt(i) for i in range(rivers.n_wells)]
    rivers.finish_water()
    assert int(land.rng[2]) - calls0 >= rivers.n_wells
    g = land.grid("height").astype(int)
    assert g.max() <= d.height_limit
    assert np.abs(np.diff(g, axis=0)).max() <= 1 and np.abs(np.diff(g, axis=1)).max() <= 1
    sx, sy = size
    lx = sx.bit_length() - 1
    river = np.nonzero(land.kind == RIVER)[0]
    for t in river:
        s, _z = RT.slope_z(land.height, lx, sy, int(t))
        assert s in (0, 3, 6, 9, 12), (t, s)
    np.testing.assert_array_equal(land.river_id > 0, land.kind == RIVER)
    assert land.river_id.max() <= rivers.made
    np.testing.assert_array_equal(land.kind[void_before] == VOID,
                                  np.ones(void_before.sum(), bool))
    if freeform is False:
        # nothing terraformed within 1 of the edge
        np.testing.assert_array_equal(g[:2], result.layers["tile_height"][:2])
        np.testing.assert_array_equal(g[:, :2], result.layers["tile_height"][:, :2])
    assert all(a.text for a in attempts)
