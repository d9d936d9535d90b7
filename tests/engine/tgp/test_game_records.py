"""The game's pool items (towns, industries, objects) copy deep as
copy.deepcopy's generic path does, each copy its own, and are not entered
by the walks that look for a state's large arrays."""

from __future__ import annotations

import copy
from dataclasses import fields

import numpy as np

from viewer.engine.tgp.game.records import record_deepcopy
from viewer.engine.tgp.kept_states import DIFFED_ELEMENTS, walk
from viewer.engine.tgp.openttd15.industries.industry import Industry
from viewer.engine.tgp.openttd15.objects import ObjectRecord
from viewer.engine.tgp.openttd15.towns.town import Town
from viewer.engine.tgp.pipeline import SLICE_BYTES, _sliced_copies


def generic_deepcopy(x):
    """copy.deepcopy without the record's own ``__deepcopy__``."""
    memo: dict = {}
    cls = type(x)
    saved = cls.__deepcopy__
    try:
        del cls.__deepcopy__
        return copy.deepcopy(x, memo)
    finally:
        cls.__deepcopy__ = saved


def records():
    town = Town(3, 4097, name="Fratborough", num_houses=17, population=614, larger_town=True)
    town.squared_town_zone_radius[2] = 81
    town.building_counts.update({5: 2, 9: 1})
    ind = Industry(7, 12345, type=4, w=3, h=2, town=3, production_rate=[5, 9])
    obj = ObjectRecord(1, 2, 999, 3, 12)
    return [town, ind, obj]


def test_a_record_copied_deep_equals_the_generic_copy_and_is_its_own():
    for rec in records():
        ours, theirs = copy.deepcopy(rec), generic_deepcopy(rec)
        assert ours == theirs == rec
        assert type(ours) is type(rec) and ours is not rec
        for f in fields(rec):
            value = getattr(rec, f.name)
            if isinstance(value, (list, dict)):
                assert getattr(ours, f.name) is not value       # (changing one leaves the other)


def test_a_record_names_every_field_that_may_hold_a_list_or_dict():
    scalars = {"int", "str", "bool", "float"}
    for rec in records():
        named = set(type(rec).RECORD_CONTAINERS)
        for f in fields(rec):
            kind = f.type if isinstance(f.type, str) else f.type.__name__
            if f.name in named:
                assert kind.startswith(("list", "dict")), (type(rec).__name__, f.name, kind)
            else:
                assert kind in scalars, (type(rec).__name__, f.name, kind)


def test_a_record_holding_something_else_copies_it_deep_through_the_memo():
    town = Town(0, 1)
    shared = [[1, 2]]
    town.extra = shared                         # (not a list of numbers)
    both = copy.deepcopy([town, shared])
    assert both[0].extra is both[1] and both[1] is not shared and both[1][0] == [1, 2]
    memo: dict = {}
    assert record_deepcopy(town, memo) is memo[id(town)]


def test_the_walks_for_large_arrays_skip_records_but_find_the_rest():
    big = np.zeros(max(DIFFED_ELEMENTS, 2 * SLICE_BYTES), np.uint8)
    town = Town(0, 1)
    town.inside = big.copy()                    # (a record is declared to hold none: not entered)
    root = {"towns": [town], "map": big}
    arrays, _ = walk(root)
    assert list(arrays) == [("map",)]
    memo = _sliced_copies(root)
    assert id(big) in memo and len(memo) == 1


def test_the_walk_skips_a_list_of_records_but_not_a_list_with_anything_else():
    big = np.zeros(DIFFED_ELEMENTS, np.uint8)
    towns = [Town(0, 1), None, Industry(1, 2)]
    arrays, _ = walk({"towns": towns, "mixed": [Town(0, 1), big]})
    assert list(arrays) == [("mixed", 1)]


def test_a_river_attempt_is_shared_by_a_deep_copy():
    from viewer.engine.tgp.openttd15.rivers.create import RiverAttempt

    well = RiverAttempt(0, True, 3, 17, True, 1, "sea", 99, 4, 2, "well 1: a river")
    assert copy.deepcopy([well])[0] is well
