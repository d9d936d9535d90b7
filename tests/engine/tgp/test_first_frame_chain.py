"""The steps after GenerateTowns run one after another from the
reference's ``towns`` stage (industries, objects, trees, the start-up
draws, the 1,280 tile loops) end on the game's first frame: every tile
byte, the Randomizer's state, the industries and the towns equal the
game's at ``world`` (ff-02: a water tower replaced houses)."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.openttd15.industries import generate_industries
from viewer.engine.tgp.openttd15.objects import generate_objects
from viewer.engine.tgp.openttd15.startup import startup
from viewer.engine.tgp.openttd15.tile_loop import run_tile_loops
from viewer.engine.tgp.openttd15.trees import generate_trees


@pytest.mark.parametrize("case_id", ["ff-04", "ff-16", "ff-17", "ff-02"])
def test_towns_to_the_first_frame(case_id):
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    world = ff.world(case_id, "towns")
    generate_industries(world)
    generate_objects(world)
    generate_trees(world)
    startup(world)
    run_tile_loops(world)
    theirs = ff.world(case_id, "world")
    assert ff.first_difference(world.map, theirs.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "world")["random_state"])
    assert [i.manifest_fields() for i in world.industries] == theirs.industries
    # the towns too: houses an industry replaced, houses finished by the tile loops
    assert world.towns == theirs.towns


@pytest.mark.parametrize("case_id", ["ff-04", "ff-16", "ff-02"])
def test_clear_stage_to_the_first_frame_with_our_towns(case_id):
    """From ``clear``: the towns step's own GenerateTowns (its Town records,
    not the manifest's dicts), then these steps: the game's first frame."""
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    from viewer.engine.tgp.openttd15.towns.founding import generate_towns
    world = ff.world(case_id, "clear")
    assert generate_towns(world)
    generate_industries(world)
    generate_objects(world)
    generate_trees(world)
    startup(world)
    run_tile_loops(world)
    theirs = ff.world(case_id, "world")
    assert ff.first_difference(world.map, theirs.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "world")["random_state"])
    assert [i.manifest_fields() for i in world.industries] == theirs.industries
    assert [t.manifest_fields() for t in world.towns if t is not None] == theirs.towns
