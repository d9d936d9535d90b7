"""The town pool GenerateTowns keeps (``TownPool``): the live towns' xy the
placement kernel reads and the lowest free index a new town takes, kept as
towns are made and freed instead of walked at each town, equal to what a
walk of the towns gives after founding, freeing, the list's own changes and
copies; a World copied part way through GenerateTowns goes on to the game's
towns stage."""

from __future__ import annotations

import copy
import pickle
import random

import firstframe as ff
import numpy as np
import pytest
from test_towns_reference import towns_difference

from viewer.engine.tgp.game import GameMap
from viewer.engine.tgp.openttd15.towns import founding
from viewer.engine.tgp.openttd15.towns.town import (
    TownPool,
    free_town,
    live_towns,
    new_town,
)


def _walked_xy(towns) -> list[int]:
    return [t.xy for t in live_towns(towns)]


def _lowest_free(towns) -> int:
    return next((i for i, t in enumerate(towns) if t is None), len(towns))


def _same(pool: TownPool) -> None:
    assert pool.live_xy().dtype == np.int64
    assert pool.live_xy().tolist() == _walked_xy(pool)
    assert pool.lowest_free() == _lowest_free(pool)


def test_the_pool_makes_and_frees_towns_as_a_plain_list_does():
    rng = random.Random(5)
    pool, plain = TownPool(), []
    views = []
    for _ in range(600):
        live = [t for t in plain if t is not None]
        if live and rng.random() < 0.2:
            victim = rng.choice(live)
            free_town(plain, victim)
            free_town(pool, pool[victim.index])
        else:
            xy = rng.randrange(1 << 20)
            a, b = new_town(plain, xy), new_town(pool, xy)
            assert (a.index, a.xy) == (b.index, b.xy)
        assert [None if t is None else (t.index, t.xy) for t in pool] == \
            [None if t is None else (t.index, t.xy) for t in plain]
        _same(pool)
        views.append((pool.live_xy(), _walked_xy(pool)))
    # a view given earlier is not changed by the towns made and freed after it
    assert all(v.tolist() == want for v, want in views)


def test_the_lists_own_changes_are_seen():
    pool = TownPool()
    made = [new_town(pool, 10 + i) for i in range(6)]
    pool[2] = None
    _same(pool)
    assert new_town(pool, 99).index == 2
    del pool[5]
    pool.append(None)
    _same(pool)
    assert new_town(pool, 98).index == 5
    pool.pop()
    pool.extend([None, made[0]])
    _same(pool)
    pool.clear()
    _same(pool)
    assert new_town(pool, 7).index == 0


@pytest.mark.parametrize("how", ["deepcopy", "copy", "pickle"])
def test_a_copy_keeps_its_own_xy_and_free_slots(how):
    pool = TownPool()
    made = [new_town(pool, 100 + i) for i in range(70)]       # (past the first capacity)
    free_town(pool, made[30])
    pool.live_xy()
    dup = {"deepcopy": copy.deepcopy, "copy": copy.copy,
           "pickle": lambda p: pickle.loads(pickle.dumps(p))}[how](pool)
    assert type(dup) is TownPool
    _same(dup)
    # each goes on alone: a town made in one is not in the other's xy
    assert new_town(dup, 5).index == 30 and new_town(dup, 6).index == 70
    assert new_town(pool, 7).index == 30 and new_town(pool, 8).index == 70
    _same(dup)
    _same(pool)
    assert dup.live_xy()[-1] == 6 and pool.live_xy()[-1] == 8


@pytest.mark.parametrize("case_id", ff.case_ids()[:1] or ["none"])
def test_a_world_copied_part_way_goes_on_to_the_games_towns(case_id):
    world = ff.world(case_id, "clear")
    run = founding.start_towns(world)
    assert isinstance(world.towns, TownPool)
    towns = founding.towns_one_by_one(world, run=run)
    for _ in range(3):
        next(towns)
    _same(world.towns)
    world2, run2 = copy.deepcopy((world, run))
    for _ in towns:                        # (the original goes on first)
        _same(world.towns)
    for _ in founding.towns_one_by_one(world2, run=run2):
        _same(world2.towns)
    rec = ff.stage_record(case_id, "towns")
    theirs = GameMap.from_grids(ff.grids(case_id, "towns"))
    for w in (world, world2):
        diff = ff.first_difference(w.map, theirs)
        assert diff is None, diff
        assert w.rng.words() == tuple(rec["random_state"])
        bad = towns_difference(w.towns, rec["towns"], rec["towns"][0].keys())
        assert bad is None, bad


@pytest.mark.parametrize("case_id", ff.case_ids()[:1] or ["none"])
def test_a_deleted_towns_xy_leaves_and_its_index_is_taken_again(case_id):
    world = ff.world(case_id, "clear")
    assert founding.generate_towns(world)
    n = len(world.towns)
    assert n > 2
    victim = world.towns[1]
    founding.delete_town(world, victim)
    _same(world.towns)
    assert len(world.towns.live_xy()) == n - 1
    again = new_town(world.towns, victim.xy)
    assert again.index == 1
    _same(world.towns)
    assert world.towns.live_xy().tolist()[1] == victim.xy
