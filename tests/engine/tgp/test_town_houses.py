"""Town houses (openttd15.towns.houses, house_specs, game.town_map) against
the openttd-firstframe reference: every house tile the real game left at the
``towns`` stage decodes to a house of the case's climate whose population
and count add up to the towns' figures; the Random() draws the trail records
on entering BuildTownHouse make exactly the reference houses' random bits
and construction stages; houses cleared and rebuilt give back the game's
bytes; and TryBuildTownHouse's rules on small maps of our own."""

from __future__ import annotations

import copy
from collections import Counter

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.tgp.game import GameMap, Randomizer, World
from viewer.engine.tgp.game import town_map as tm
from viewer.engine.tgp.game.randomizer import next_state
from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.openttd15.towns import house_specs as hsp
from viewer.engine.tgp.openttd15.towns.houses import (
    TL_3X3_GRID,
    TL_ORIGINAL,
    build_town_house,
    candidate_houses,
    change_population,
    clear_town_house,
    current_year,
    draw_candidate,
    get_town_radius_group,
    house_zones,
    make_town_house,
    try_build_town_house,
)
from viewer.engine.tgp.openttd15.towns.town import (
    TF_HAS_CHURCH,
    TF_HAS_STADIUM,
    Town,
    update_town_radius,
)

CASES = ff.case_ids() or ["none"]
TEM_ALL = 3


def _house_tiles(m: GameMap) -> np.ndarray:
    return np.flatnonzero((m.type >> 4) == TileType.HOUSE)


def _north_tiles(m: GameMap, specs) -> list[int]:
    return [int(t) for t in _house_tiles(m)
            if specs[tm.get_house_type(m, int(t))].building_flags & hsp.BUILDING_HAS_1_TILE]


def _parts(m: GameMap, t: int, flags: int) -> list[int]:
    """The tiles of a house from its north tile, in the game's id order."""
    out = []
    if flags & hsp.BUILDING_2_TILES_Y:
        out.append(t + m.tile_diff_xy(0, 1))
    if flags & hsp.BUILDING_2_TILES_X:
        out.append(t + m.tile_diff_xy(1, 0))
    if flags & hsp.BUILDING_HAS_4_TILES:
        out.append(t + m.tile_diff_xy(1, 1))
    return out


def _towns(w: World) -> list[Town | None]:
    """The manifest's towns as Town records at their pool index."""
    pool: list[Town | None] = [None] * (max((t["index"] for t in w.towns), default=-1) + 1)
    for d in w.towns:
        town = Town(d["index"], d["xy"], num_houses=d["num_houses"], population=d["population"],
                    flags=d["flags"], larger_town=d["larger_town"], layout=d["layout"],
                    grow_counter=d["grow_counter"], growth_rate=d["growth_rate"],
                    squared_town_zone_radius=list(d["squared_town_zone_radius"]))
        pool[town.index] = town
    m = w.map
    for t in _house_tiles(m):
        town = pool[tm.get_town_index(m, int(t))]
        h = tm.get_house_type(m, int(t))
        town.building_counts[h] = town.building_counts.get(h, 0) + 1
    w.towns = pool
    return pool


# --- the table ----------------------------------------------------------------

def test_house_table_has_the_games_shape():
    specs = hsp.ORIGINAL_HOUSE_SPECS
    assert len(specs) == hsp.NUM_ORIGINAL_HOUSES
    sizes = Counter()
    for hs in specs:
        size = hs.building_flags & hsp.BUILDING_HAS_1_TILE
        if not size:
            continue
        assert bin(size).count("1") == 1, hs
        sizes[size] += 1
        n = {hsp.SIZE_1X1: 0, hsp.SIZE_2X1: 1, hsp.SIZE_1X2: 1, hsp.SIZE_2X2: 3}[size]
        for part in specs[hs.id + 1: hs.id + 1 + n]:
            # the extra tiles: no size, no zone (never a candidate), no population
            assert part.building_flags == part.population == 0
            assert not part.building_availability & hsp.HZ_ZONE_ALL
        assert hs.building_availability & hsp.HZ_ZONE_ALL
        assert hs.building_availability & hsp.HZ_CLIMATE_ALL
    assert sizes[hsp.SIZE_2X2] and sizes[hsp.SIZE_2X1] and sizes[hsp.SIZE_1X2]
    assert all(hs.probability == 16 for hs in specs)


@pytest.mark.parametrize("landscape", range(4))
def test_every_climate_and_zone_has_a_house_from_year_0(landscape):
    specs = hsp.house_specs(landscape)
    assert all(hs.enabled for hs in specs)
    for climate in hsp.CLIMATE_MASKS[landscape]:
        for zone in hsp.ZONE_BITS:
            mask = climate | zone
            assert min(hs.min_year for hs in specs
                       if hs.building_availability & mask == mask) == 0


# --- the reference's houses ---------------------------------------------------

@pytest.mark.parametrize("case_id", CASES)
def test_every_reference_house_decodes_to_a_house_of_its_climate(case_id):
    w = ff.world(case_id, "towns")
    m = w.map
    specs = hsp.house_specs(w.landscape)
    climate = sum(hsp.CLIMATE_MASKS[w.landscape])
    houses = _house_tiles(m)
    assert houses.size
    # the bytes a house leaves alone or clears: m4, the processing time, m7, m8's top
    assert not m.m4[houses].any() and not (m.m6[houses] >> 2).any()
    assert not m.m7[houses].any() and not (m.m8[houses] >> 12).any()
    population, count, flags = Counter(), Counter(), Counter()
    covered = set()
    for t in _north_tiles(m, specs):
        hs = specs[tm.get_house_type(m, t)]
        assert hs.building_availability & climate, (t, hs.id)
        town = tm.get_town_index(m, t)
        count[town] += 1
        if tm.is_house_completed(m, t):
            population[town] += hs.population
            assert m.m5[t] == 0 and tm.get_house_building_stage(m, t) == hsp.TOWN_HOUSE_COMPLETED
        else:
            assert tm.get_house_building_stage(m, t) < hsp.TOWN_HOUSE_COMPLETED
        if hs.building_flags & hsp.CHURCH:
            flags[town] |= TF_HAS_CHURCH
        if hs.building_flags & hsp.STADIUM:
            flags[town] |= TF_HAS_STADIUM
        animated = 3 if hs.building_flags & hsp.ANIMATED else 0
        covered.add(t)
        for k, p in enumerate(_parts(m, t, hs.building_flags), 1):
            assert m.is_tile_type(p, TileType.HOUSE) and tm.get_house_type(m, p) == hs.id + k
            assert (m.m1[p], m.m2[p], m.m3[p], m.m5[p]) == (m.m1[t], m.m2[t], m.m3[t], m.m5[t])
            covered.add(p)
        assert int(m.m6[t]) & 3 == animated
    assert covered == set(int(t) for t in houses)      # no stray part
    for d in w.towns:
        i = d["index"]
        assert (population[i], count[i]) == (d["population"], d["num_houses"]), d["name"]
        assert d["flags"] & (TF_HAS_CHURCH | TF_HAS_STADIUM) == flags[i], d["name"]


@pytest.mark.parametrize("case_id", CASES)
def test_build_town_house_draws_make_the_reference_houses(case_id):
    """On entering BuildTownHouse the last draw was the house's random bits;
    BuildTownHouse then draws the construction word and Chance16(1, 7)."""
    w = ff.world(case_id, "towns")
    m = w.map
    specs = hsp.house_specs(w.landscape)
    made = Counter()
    for function, s0, s1, _ in ff.events(case_id):
        if function != "BuildTownHouse":
            continue
        rng = Randomizer(s0, s1)
        r = rng.next()
        stage = r & 3 if rng.chance16(1, 7) else hsp.TOWN_HOUSE_COMPLETED
        counter = 0 if stage == hsp.TOWN_HOUSE_COMPLETED else (r >> 2) & 3
        made[(s1 & 0xFF, stage, counter)] += 1
    found = Counter((tm.get_house_random_bits(m, t), tm.get_house_building_stage(m, t),
                     tm.get_house_construction_tick(m, t)) for t in _north_tiles(m, specs))
    assert found == made


@pytest.mark.parametrize("case_id", CASES)
def test_houses_cleared_and_rebuilt_give_back_the_games_bytes(case_id):
    w = ff.world(case_id, "towns")
    reference = w.map.copy()
    m = w.map
    specs = hsp.house_specs(w.landscape)
    towns = _towns(w)
    saved = []
    for t in _north_tiles(m, specs):
        saved.append((t, tm.get_house_type(m, t), tm.get_house_random_bits(m, t),
                      tm.get_house_building_stage(m, t), tm.get_house_construction_tick(m, t),
                      towns[tm.get_town_index(m, t)]))
    for t, _, _, _, _, town in saved:
        clear_town_house(w, town, t)
    assert not _house_tiles(m).size
    for town in filter(None, towns):
        assert (town.population, town.num_houses) == (0, 0)
        assert not town.flags & (TF_HAS_CHURCH | TF_HAS_STADIUM)
        assert not any(town.building_counts.values())
        assert town.squared_town_zone_radius == [4, 0, 0, 0, 0]
    for t, house, bits, stage, counter, town in saved:
        make_town_house(w, town, t, counter, stage, house, bits, False)
        town.num_houses += 1
        if stage == hsp.TOWN_HOUSE_COMPLETED:
            change_population(town, specs[house].population)
    assert ff.first_difference(m, reference) is None
    for d in ff.stage_record(case_id, "towns")["towns"]:
        town = towns[d["index"]]
        update_town_radius(town)
        assert (town.population, town.num_houses) == (d["population"], d["num_houses"])
        assert town.squared_town_zone_radius == d["squared_town_zone_radius"]


# --- TryBuildTownHouse on maps of our own ------------------------------------

def _flat_world(size=32, landscape="temperate", year=1950, seed=1) -> tuple[World, Town]:
    m = GameMap.empty(size, size)
    m.type[:] = TileType.CLEAR << 4
    m.m1[:] = 0x10
    m.m5[:] = 3
    m.height[:] = 2
    for t in range(m.size):        # the void border of the south-east edges
        if m.tile_x(t) == m.max_x or m.tile_y(t) == m.max_y:
            m.type[t] = TileType.VOID << 4
            m.m1[t] = 0
            m.m5[t] = 0
    w = World(map=m, rng=Randomizer.seeded(seed),
              settings={"game_creation.landscape": landscape,
                        "game_creation.starting_year": year})
    town = Town(0, m.tile_xy(size // 2, size // 2))
    update_town_radius(town)
    w.towns = [town]
    return w, town


def test_a_house_on_free_flat_land_is_built_with_its_draws():
    w, town = _flat_world()
    tile = w.map.tile_xy(17, 15)
    calls = w.rng.calls
    w.rng.trail = []
    assert try_build_town_house(w, town, tile, TEM_ALL)
    labels = [label for label, *_ in w.rng.trail]
    assert labels == ["TryBuildTownHouse", "BuildTownHouse"]
    # at least one RandomRange, the random bits, the construction word, Chance16
    assert w.rng.calls - calls >= 4
    assert town.num_houses == 1
    houses = _house_tiles(w.map)
    assert tile in houses and all(tm.get_town_index(w.map, int(t)) == 0 for t in houses)
    assert sum(town.building_counts.values()) == houses.size
    # the drawn house belongs to the tile's zone and the climate
    north = _north_tiles(w.map, hsp.house_specs(0))
    hs = hsp.house_specs(0)[tm.get_house_type(w.map, north[0])]
    zone = hsp.ZONE_BITS[get_town_radius_group(w, town, tile)]
    assert hs.building_availability & (zone | hsp.TEMPERATE) == zone | hsp.TEMPERATE
    assert hs.min_year <= 1950 <= hs.max_year


def test_no_house_on_the_3x3_grid_roads_water_or_a_steep_slope_and_no_draw():
    w, town = _flat_world()
    town.layout = TL_3X3_GRID
    m = w.map
    cx, cy = m.tile_x(town.xy), m.tile_y(town.xy)
    calls = w.rng.calls
    assert not try_build_town_house(w, town, m.tile_xy(cx + 4, cy + 1), TEM_ALL)
    assert try_build_town_house(w, town, m.tile_xy(cx + 4, cy + 1), 1)   # no roads: anywhere
    calls = w.rng.calls
    water = m.tile_xy(cx + 2, cy + 2)
    m.type[water] = TileType.WATER << 4        # sea (water tile type 0)
    m.m5[water] = 0
    assert not try_build_town_house(w, town, water, TEM_ALL)
    steep = m.tile_xy(cx + 6, cy + 6)
    m.height[steep] = 4                        # north corner two up: a steep slope
    assert not try_build_town_house(w, town, steep, TEM_ALL)
    assert w.rng.calls == calls


def test_houses_fill_a_town_and_only_one_church():
    w, town = _flat_world(size=32, year=2000, seed=7)
    m = w.map
    cx, cy = m.tile_x(town.xy), m.tile_y(town.xy)
    built = 0
    for dy in range(-6, 7):
        for dx in range(-6, 7):
            t = m.tile_xy(cx + dx, cy + dy)
            if m.is_tile_type(t, TileType.CLEAR) and try_build_town_house(w, town, t, TEM_ALL):
                built += 1
    specs = hsp.house_specs(0)
    north = _north_tiles(m, specs)
    assert built == len(north) == town.num_houses > 20
    churches = [t for t in north if specs[tm.get_house_type(m, t)].building_flags & hsp.CHURCH]
    assert len(churches) <= 1 and bool(churches) == bool(town.flags & TF_HAS_CHURCH)
    completed = sum(specs[tm.get_house_type(m, t)].population for t in north
                    if tm.is_house_completed(m, t))
    assert town.population == completed
    # every house keeps to its years
    years = [(specs[tm.get_house_type(m, t)].min_year, specs[tm.get_house_type(m, t)].max_year)
             for t in north]
    assert all(lo <= 2000 <= hi for lo, hi in years)


def test_clearing_a_multi_tile_house_from_any_of_its_tiles():
    w, town = _flat_world()
    m = w.map
    specs = hsp.house_specs(0)
    stadium = next(hs for hs in specs if hs.building_flags & hsp.SIZE_2X2)
    tile = m.tile_xy(10, 10)
    build_town_house(w, town, tile, stadium.id, 0x5A)
    assert len(_house_tiles(m)) == 4 and town.num_houses == 1
    assert town.flags & TF_HAS_STADIUM == 0      # the flag is TryBuildTownHouse's to set
    clear_town_house(w, town, tile + m.tile_diff_xy(1, 1))
    assert not _house_tiles(m).size and town.num_houses == 0 and town.population == 0
    assert all(m.m5[t] == 3 and m.is_tile_type(t, TileType.CLEAR)
               for t in (tile, tile + 1, tile + m.size_x, tile + m.size_x + 1))


def test_original_layout_allows_houses_anywhere():
    w, town = _flat_world()
    assert town.layout == TL_ORIGINAL
    m = w.map
    tile = m.tile_xy(m.tile_x(town.xy) + 4, m.tile_y(town.xy))
    assert try_build_town_house(w, town, tile, TEM_ALL)


def _draws_between(start: tuple[int, int], end: tuple[int, int], limit: int = 500) -> int | None:
    s = start
    for n in range(limit):
        if s == end:
            return n
        s = next_state(*s)
    return None


@pytest.mark.parametrize("case_id", CASES)
def test_each_house_is_drawn_as_the_trail_says(case_id):
    """Between entering TryBuildTownHouse and entering BuildTownHouse the
    game draws one RandomRange per candidate tried and the random bits: from
    the trail's state, the candidates of the built house's zone and climate
    (the town then had DoCreateTown's GrowTown count / 4 + the houses built
    so far for its radii) must be drawn so that the last one tried is the
    house the reference holds, every one before it a house the game would
    turn down (out of its years, a second church or stadium, a multi-tile
    house without room).  Where the random bits and stage are not unique in
    the town, one of the houses holding them must be so drawn."""
    w = ff.world(case_id, "towns")
    m = w.map
    specs = hsp.house_specs(w.landscape)
    year = current_year(w)
    events = [e for e in ff.events(case_id) if e[3] == 3]
    grows: Counter = Counter()
    tries: dict[int, list] = {}
    k = -1
    for i, (function, s0, s1, _) in enumerate(events):
        if function == "DoCreateTown":
            k += 1
            tries[k] = []
        elif function == "GrowTown":
            grows[k] += 1
        elif function == "TryBuildTownHouse" and events[i + 1:i + 2] and \
                events[i + 1][0] == "BuildTownHouse":
            tries[k].append(((s0, s1), events[i + 1][1:3]))
    assert k + 1 == len(w.towns)      # no town deleted: pool index = order of founding
    by_key: dict[tuple, list[int]] = {}
    for t in _north_tiles(m, specs):
        key = (tm.get_town_index(m, t), tm.get_house_random_bits(m, t),
               tm.get_house_building_stage(m, t), tm.get_house_construction_tick(m, t))
        by_key.setdefault(key, []).append(t)
    checked = total = 0
    for d in w.towns:
        town = Town(d["index"], d["xy"])
        for j, (start, (b0, b1)) in enumerate(tries[town.index]):
            total += 1
            n = _draws_between(start, (b0, b1))
            assert n is not None and n >= 2
            rng = Randomizer(b0, b1)
            r = rng.next()
            stage = r & 3 if rng.chance16(1, 7) else hsp.TOWN_HOUSE_COMPLETED
            counter = 0 if stage == hsp.TOWN_HOUSE_COMPLETED else (r >> 2) & 3
            town.num_houses = grows[town.index] // 4 + j
            update_town_radius(town)
            explained = False
            for north in by_key[(town.index, b1 & 0xFF, stage, counter)]:
                house = tm.get_house_type(m, north)
                for base in [north] + _parts(m, north, specs[house].building_flags):
                    probs = candidate_houses(w, house_zones(w, town, base))
                    pmax = sum(p for _, p in probs)
                    rng = Randomizer(*start)
                    picks = []
                    while pmax > 0 and len(picks) < n - 1:
                        picked, p = draw_candidate(rng, probs, pmax)
                        picks.append(picked)
                        pmax -= p
                    turned_down = hsp.CHURCH | hsp.STADIUM | hsp.BUILDING_HAS_2_TILES
                    refusable = all(not specs[h].min_year <= year <= specs[h].max_year
                                    or specs[h].building_flags & turned_down for h in picks[:-1])
                    explained |= len(picks) == n - 1 and picks[-1] == house and refusable
            assert explained, (town.index, j, n)
            checked += 1
    assert checked == total > 0


KERNEL_CASES = [c for c in ("ff-04", "ff-13", "ff-16", "ff-17", "ff-21") if c in ff.case_ids()]
"""Small cases of each climate and the grid layouts for the kernel's run."""


@pytest.mark.parametrize("case_id", KERNEL_CASES or ["none"])
def test_the_house_kernel_grows_the_games_towns(case_id, monkeypatch):
    """GenerateTowns with every TryBuildTownHouse through the numba kernel
    (houses_kernel): the game's Random() trail, tiles, towns and state."""
    from viewer.engine.tgp.openttd15.towns import founding, growth
    from viewer.engine.tgp.openttd15.towns.houses_kernel import try_build_town_house_fast
    monkeypatch.setattr(growth, "try_build_town_house", try_build_town_house_fast)
    w = ff.world(case_id, "clear")
    w.rng.trail = []
    assert founding.generate_towns(w)
    want = [e[:3] for e in ff.events(case_id) if e[3] == 3]
    assert [tuple(e) for e in w.rng.trail] == want
    assert ff.first_difference(w.map, GameMap.from_grids(ff.grids(case_id, "towns"))) is None
    rec = ff.stage_record(case_id, "towns")
    assert [t.manifest_fields() for t in w.towns] == rec["towns"]
    assert w.rng.words() == tuple(rec["random_state"])


DELETE_CASES = [c for c in ("ff-06", "ff-13") if c in ff.case_ids()]
"""A case of one town with a bridge, and one of two towns."""


@pytest.mark.parametrize("case_id", DELETE_CASES or ["none"])
def test_deleting_a_grown_town_clears_its_bridges_roads_and_houses(case_id):
    """CmdDeleteTown (founding.delete_town, through CMD_LANDSCAPE_CLEAR) on
    a town the game grew with a bridge: nothing of the town is left, its
    house and bridge-end tiles are grass, no tile is under a bridge any
    more, the other towns keep theirs."""
    from viewer.engine.tgp.openttd15.towns.founding import delete_town
    w = ff.world(case_id, "towns")
    m = w.map
    towns = _towns(w)
    kind = m.type >> 4
    bridge_ends = np.flatnonzero(kind == TileType.TUNNELBRIDGE)
    assert bridge_ends.size
    victim = towns[tm.get_town_index(m, int(np.flatnonzero(kind == TileType.HOUSE)[0]))]
    houses = [int(t) for t in np.flatnonzero(kind == TileType.HOUSE)
              if tm.get_town_index(m, int(t)) == victim.index]
    others = [int(t) for t in np.flatnonzero(kind == TileType.HOUSE)
              if tm.get_town_index(m, int(t)) != victim.index]
    delete_town(w, victim)
    kind = m.type >> 4
    assert victim not in w.towns
    assert victim.num_houses == victim.population == 0
    assert all(kind[t] == TileType.CLEAR and m.m5[t] == 3 for t in houses)
    assert all(kind[t] == TileType.HOUSE for t in others)
    road = kind == TileType.ROAD
    assert not (road & (m.m2 == victim.index) & ((m.m1 & 0x1F) == 0x0F)).any()
    if len(w.towns) == 0 or all(t is None for t in w.towns):
        assert not (kind == TileType.TUNNELBRIDGE).any() and not (m.type & 0x0C).any()
        assert all(kind[t] == TileType.CLEAR and m.m5[t] == 3 for t in bridge_ends)


def test_the_snow_line_from_the_finished_heights_is_the_games():
    """HighestSnowLine for a World without GenerateLandscape's value: from
    the map's heights, the snow line the game reported for every arctic
    case of the tgp-rivers reference (its heights after the rivers)."""
    import json

    from refdata import require_reference

    from viewer.engine.tgp.openttd15.towns.houses import calculate_snow_line
    ref = require_reference("tgp-rivers")
    cases = [c for c in json.loads((ref / "manifest.json").read_text())["cases"]
             if c["derived"]["snow_line_height"] >= 0]
    assert cases
    for c in cases:
        heights = np.load(ref / c["arrays"]["tile_height"]["file"])
        m = GameMap.empty(heights.shape[1], heights.shape[0])
        m.height[:] = heights.reshape(-1)
        w = World(map=m, rng=Randomizer(),
                  settings={"game_creation.snow_coverage": c["settings"]["snow_coverage"]})
        assert calculate_snow_line(w) == c["derived"]["snow_line_height"], c["id"]


def test_a_town_comes_back_from_the_kernels_record_as_it_went_in():
    from viewer.engine.tgp.openttd15.towns.houses_kernel import _store_town, town_record
    from viewer.engine.tgp.openttd15.towns.town import Town

    town = Town(4, 5000, num_houses=30, population=700, flags=3, layout=2, larger_town=True,
                grow_counter=12, growth_rate=400, building_counts={7: 2, 3: 0, 40: 1})
    town.squared_town_zone_radius = [64, 0, 9, 0, 4]
    rec, counts = town_record(town)
    assert counts[[3, 7, 40]].tolist() == [0, 2, 1] and counts.sum() == 3
    before = copy.deepcopy(town)
    _store_town(town, rec, counts)
    assert town == before and town.larger_town is True
    assert list(town.building_counts) == [3, 7, 40]        # (by id; a count of 0 kept)
    rec[0]["population"] += 10
    counts[9] = 1
    _store_town(town, rec, counts)
    assert town.population == 710 and town.building_counts == {3: 0, 7: 2, 9: 1, 40: 1}
