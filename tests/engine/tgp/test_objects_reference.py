"""GenerateObjects (viewer.engine.tgp.openttd15.objects) against the real
game: from the reference's ``industries`` stage, every tile byte and the
Randomizer's state equal the game's at ``objects`` in every case; and, run
after our own GenerateIndustries from ``towns``, still."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.game.object_map import OBJECT_LIGHTHOUSE, OBJECT_TRANSMITTER
from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.openttd15.industries import generate_industries
from viewer.engine.tgp.openttd15.objects import generate_objects


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_objects_equal_the_games(case_id, compiled):
    world = ff.world(case_id, "industries")
    generate_objects(world, compiled=compiled)
    theirs = ff.world(case_id, "objects")
    assert ff.first_difference(world.map, theirs.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "objects")["random_state"])
    # one record per object tile, each a transmitter or a lighthouse on its own tile
    tiles = [t for t in range(world.map.size) if world.map.is_tile_type(t, TileType.OBJECT)]
    assert sorted(o.tile for o in world.objects) == tiles
    assert {o.type for o in world.objects} <= {OBJECT_TRANSMITTER, OBJECT_LIGHTHOUSE}


@pytest.mark.parametrize("case_id", ["ff-04", "ff-13"])
def test_industries_then_objects_from_the_towns_stage(case_id):
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    world = ff.world(case_id, "towns")
    generate_industries(world)
    generate_objects(world)
    theirs = ff.world(case_id, "objects")
    assert ff.first_difference(world.map, theirs.map) is None
    assert world.rng.words() == tuple(ff.stage_record(case_id, "objects")["random_state"])


@pytest.mark.parametrize("case_id", ["ff-00", "ff-09", "ff-14"])
def test_the_compiled_tries_make_the_python_loops_records(case_id):
    """Each object's index, type, tile, town and colour, by both."""
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    records = []
    for compiled in (True, False):
        world = ff.world(case_id, "industries")
        generate_objects(world, compiled=compiled)
        records.append([(o.index, o.type, o.tile, o.town, o.colour) for o in world.objects])
    assert records[0] == records[1]
    assert records[0] and all(town >= 0 for _i, _k, _t, town, _c in records[0])
