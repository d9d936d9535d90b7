"""The start-up draws (viewer.engine.tgp.openttd15.startup) against the
real game: from the reference's ``trees`` stage the Randomizer's state
equals the game's at ``startup`` in every case and no tile changes."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.openttd15.startup import startup


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_startup_draws_equal_the_games(case_id):
    world = ff.world(case_id, "trees")
    before = world.map.copy()
    result = startup(world)
    assert world.rng.words() == tuple(ff.stage_record(case_id, "startup")["random_state"])
    assert world.map == before
    assert ff.first_difference(world.map, ff.world(case_id, "startup").map) is None
    assert 730 <= result.disaster_delay < 730 + 512
