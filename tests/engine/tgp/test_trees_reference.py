"""GenerateTrees (viewer.engine.tgp.openttd15.trees) against the real game:
from the reference's ``objects`` stage, every tile byte and the
Randomizer's state equal the game's at ``trees`` in every case (no trees,
the original and the improved placer, each climate), by the compiled loops
and by the Python loops they mirror; each PlaceTreesRandomly pass enters
with the game's Random() state."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.game.tree_map import get_tree_count, get_tree_growth
from viewer.engine.tgp.openttd15.trees import generate_trees


def _cases(python: bool):
    """The cases; by the Python loops, those larger than 256x256 marked
    slow."""
    out = []
    for cid in ff.case_ids():
        rec = ff.stage_record(cid, "trees")
        big = rec["size_x"] * rec["size_y"] > 256 * 256
        out.append(pytest.param(cid, python, marks=[pytest.mark.slow] if big and python else []))
    return out


@pytest.mark.parametrize(("case_id", "python"),
                         (_cases(False) + _cases(True)) or [("none", False)])
def test_trees_equal_the_games(case_id, python):
    world = ff.world(case_id, "objects")
    world.rng.trail = []
    generate_trees(world, compiled=not python)
    theirs = ff.world(case_id, "trees")
    passes = [e for e in ff.events(case_id) if e[0] == "PlaceTreesRandomly"]
    assert [(a, b) for _, a, b in world.rng.trail] == [(a, b) for _, a, b, _ in passes]
    assert ff.first_difference(world.map, theirs.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "trees")["random_state"])


def test_trees_have_one_to_four_trees_and_a_growth_stage_below_seven():
    world = ff.world("ff-04", "objects") if "ff-04" in ff.case_ids() else pytest.skip(
        "the openttd-firstframe reference is absent")
    generate_trees(world)
    m = world.map
    trees = [t for t in range(m.size) if m.is_tile_type(t, TileType.TREES)]
    assert trees
    assert all(1 <= get_tree_count(m, t) <= 4 and get_tree_growth(m, t) <= 6 for t in trees)


@pytest.mark.parametrize("case_id", ["ff-02", "ff-13"])
def test_the_plantable_tiles_follow_can_plant_trees_on_tile(case_id):
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    from viewer.engine.tgp.openttd15.trees import _Trees
    trees = _Trees(ff.world(case_id, "objects"))
    for t in range(0, trees.map.size, 7):
        assert trees.plantable[t] == trees.can_plant_trees_on_tile(t, True)
        assert trees.plantable_no_desert[t] == trees.can_plant_trees_on_tile(t, False)


def test_the_grove_mask_is_the_point_in_polygon_rule():
    """By the Python loops' mask and the kernel's (each triangle tried on
    its bounding box)."""
    import random

    from viewer.engine.tgp.openttd15.trees import (
        _point_in_star_shaped_polygon,
        _star_shaped_polygon_mask,
    )
    from viewer.engine.tgp.openttd15.trees_kernel import star_polygon_mask
    rnd = random.Random(5)
    for k in range(40):
        # (and shapes with repeated, collinear and (0, 0) vertices)
        spread = 16 if k < 30 else 2
        shape = [(rnd.randint(-spread, spread), rnd.randint(-spread, spread)) for _ in range(16)]
        mask = _star_shaped_polygon_mask(shape)
        compiled = np.empty((32, 32), np.int8)
        star_polygon_mask(np.array([p[0] for p in shape], np.int64),
                          np.array([p[1] for p in shape], np.int64), compiled)
        assert mask.any()
        assert all(mask[y + 16, x + 16] == _point_in_star_shaped_polygon(x, y, shape)
                   for y in range(-16, 16) for x in range(-16, 16))
        assert np.array_equal(compiled.astype(bool), mask)
