"""The map OpenTTD 15.2's GenerateLandscape leaves, as the game's tile bytes:
our 15.2 pipeline run from each ``openttd-firstframe`` case's seed and
settings (read from the case's settings by the game's names), converted to
the game's bytes (``landscape.game_map``), equals the reference's
``landscape`` stage on every byte of every tile, on the Randomizer's state
and on the tile loop's position; and the layers read from the bytes are the
layers of the map."""

from __future__ import annotations

import numpy as np
import pytest

import firstframe as ff
from viewer.engine.tgp import game_settings
from viewer.engine.tgp.game import GameMap
from viewer.engine.tgp.openttd15.landscape import game_map
from viewer.engine.tgp.generator import TGP


def landscape_of(case_id: str):
    """Our finished GenerateLandscape of a reference case (the generator's result)."""
    c = ff.case(case_id)
    values = dict(game_settings.to_values(c["settings"]), stop_after="rivers")
    return TGP.generate(values, seed=c["seed"])


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_landscape_stage_is_the_games_on_every_byte(case_id):
    result = landscape_of(case_id)
    land = result.detail.landscape
    ours = game_map(land)
    rec = ff.stage_record(case_id, "landscape")
    theirs = GameMap.from_grids(ff.grids(case_id, "landscape"))
    assert (ours.size_x, ours.size_y) == (rec["size_x"], rec["size_y"])
    assert ff.first_difference(ours, theirs) is None
    assert ours == theirs
    assert [int(land.rng[0]), int(land.rng[1])] == rec["random_state"]
    assert land.loop_tile == rec["cur_tileloop_tile"]


def test_extra_tree_placement_decides_whether_wetland_trees_grow():
    """ff-23 says "no growth": its wetland trees' growth draws no Random(),
    so the same map with "spread" ends GenerateLandscape elsewhere in the
    Randomizer's stream, with other trees."""
    if "ff-23" not in ff.case_ids():
        pytest.skip("reference case ff-23 absent")
    c = ff.case("ff-23")
    values = dict(game_settings.to_values(c["settings"]), stop_after="rivers")
    assert values["extra_tree_placement"] == "no growth"
    still = TGP.generate(values, seed=c["seed"]).detail
    grows = TGP.generate(dict(values, extra_tree_placement="spread"), seed=c["seed"]).detail
    assert grows.random_calls > still.random_calls
    assert list(still.rng_state_after) == ff.stage_record("ff-23", "landscape")["random_state"]
    assert not np.array_equal(still.landscape.tree_growth, grows.landscape.tree_growth)
