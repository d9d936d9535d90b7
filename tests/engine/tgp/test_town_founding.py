"""GenerateTowns' founding by its own rules, where the reference says
nothing: a town deleted as CmdDeleteTown deletes it (no reference case
drops a town) leaves no house, road or bridge of its own and its pool index
to the next town; the town events a timeline steps by; the spiral of tiles
the placement checks walk; the grid alignment of the layouts."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.tgp.game import TileType
from viewer.engine.tgp.game.tiles import GameMap
from viewer.engine.tgp.openttd15.towns import founding
from viewer.engine.tgp.openttd15.towns.overview import KIND_BRIDGE, town_tile_kinds
from viewer.engine.tgp.openttd15.towns.town import new_town


def _towns_world(case_id: str):
    world = ff.world(case_id, "clear")
    events = []
    assert founding.generate_towns(world, on_town=lambda t, e: events.append((t.index, e)))
    return world, events


def _owned(m: GameMap, index: int) -> np.ndarray:
    kind = m.type >> 4
    road = (kind == TileType.ROAD) & ((m.m1 & 0x1F) == 0x0F)
    return ((kind == TileType.HOUSE) | road) & (m.m2 == index)


@pytest.mark.parametrize("case_id", ["ff-00"] if ff.case_ids() else ["none"])
def test_a_deleted_town_leaves_nothing_and_its_index(case_id):
    world, events = _towns_world(case_id)
    n = len(world.towns)
    assert events == [(i, e) for i in range(n) for e in ("founded", "grown")]
    m = world.map
    ends = np.flatnonzero(town_tile_kinds(m).reshape(-1) == KIND_BRIDGE)
    # a town with a bridge, not the last one (its index leaves a hole)
    bridge_towns = {t.index for t in world.towns for b in ends
                    if founding.town_owns_bridge(m, t, b)} - {n - 1}
    assert bridge_towns
    victim = world.towns[min(bridge_towns)]
    its_ends = [b for b in ends if founding.town_owns_bridge(m, victim, b)]
    owned = _owned(m, victim.index)
    before = m.copy()
    others = ~owned
    founding.delete_town(world, victim)
    assert not _owned(m, victim.index).any()
    assert all((m.type[owned] >> 4) == TileType.CLEAR)
    assert all(((m.m5[owned] >> 2) & 7) == 0) and all((m.m5[owned] & 3) == 3)   # grass, density 3
    assert world.towns[victim.index] is None and len([t for t in world.towns if t]) == n - 1
    # the other towns' houses and roads are as they were
    for i in range(n):
        if i != victim.index:
            assert np.array_equal(_owned(m, i), _owned(before, i))
    assert np.array_equal(m.height, before.height)
    changed = others & (m.type != before.type)
    assert not (changed & ((before.type >> 4) != TileType.TUNNELBRIDGE)
                & (((before.type >> 2) & 3) == 0)).any()
    # its bridge goes with it, both ends, and nothing is under a bridge there any more
    for b in its_ends:
        assert m.get_tile_type(b) == TileType.CLEAR
    gone = (before.type >> 4 == TileType.TUNNELBRIDGE) & (m.type >> 4 != TileType.TUNNELBRIDGE)
    assert gone.sum() >= 2
    ys, xs = np.nonzero(gone.reshape(m.size_y, m.size_x))
    between = m.grid("type")[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    assert not ((between >> 2) & 3).any()
    # the next town takes the freed index; none is close to a freed slot
    again = new_town(world.towns, victim.xy)
    assert again.index == victim.index
    assert founding.is_close_to_town(world, victim.xy, 1)


def test_the_spiral_walks_the_square_ring_by_ring():
    m = GameMap.empty(64, 64)
    for d in (1, 2, 5, 10):
        c = m.tile_xy(30, 30)
        tiles = list(founding.spiral_tile_sequence(m, c, d))
        assert len(tiles) == len(set(tiles)) == d * d
        xs, ys = [m.tile_x(t) - 30 for t in tiles], [m.tile_y(t) - 30 for t in tiles]
        lo = -((d - 1) // 2)
        assert (min(xs), max(xs), min(ys), max(ys)) == (lo, lo + d - 1, lo, lo + d - 1)
        rings = [max(abs(2 * x - (d - 1) - 2 * lo), abs(2 * y - (d - 1) - 2 * lo))
                 for x, y in zip(xs, ys)]
        assert rings == sorted(rings)
    corner = list(founding.spiral_tile_sequence(m, 0, 5))
    assert len(corner) == 9 and all(m.tile_x(t) <= 2 and m.tile_y(t) <= 2 for t in corner)


@pytest.mark.parametrize("layout,step", [(founding.TL_2X2_GRID, 3), (founding.TL_3X3_GRID, 4),
                                         (founding.TL_ORIGINAL, 1)])
def test_tiles_align_to_the_layouts_grid(layout, step):
    m = GameMap.empty(128, 64)
    for x, y in ((0, 0), (5, 7), (127, 63), (64, 33)):
        t = founding.align_tile_to_grid(m, m.tile_xy(x, y), layout)
        ax, ay = m.tile_x(t), m.tile_y(t)
        assert 0 <= x - ax < step and 0 <= y - ay < step
        assert founding.is_tile_aligned_to_grid(m, t, layout)
        assert ax % step == 0 and ay % step == 0


def test_a_new_town_takes_the_lowest_free_index_and_the_live_towns_skip_free_slots():
    from viewer.engine.tgp.openttd15.towns.town import free_town, live_towns

    towns: list = []
    made = [new_town(towns, 100 + i) for i in range(5)]
    assert [t.index for t in made] == [0, 1, 2, 3, 4]
    free_town(towns, made[3])
    free_town(towns, made[1])
    assert [t.xy for t in live_towns(towns)] == [100, 102, 104]
    again = new_town(towns, 7)
    assert again.index == 1 and towns[1] is again
    assert new_town(towns, 8).index == 3
    assert new_town(towns, 9).index == 5 and len(towns) == 6
    free_town(towns, towns[5])
    assert len(towns) == 5                     # (trailing free slots dropped)
