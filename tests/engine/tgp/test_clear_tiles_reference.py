"""GenerateClearTile (rough and rocky land, ``openttd15.clear_tiles``)
against the ``openttd-firstframe`` reference: from the reference's
``landscape`` stage, and end to end from the case's seed and settings, every
tile byte and the Randomizer's state equal the game's at ``clear``."""

from __future__ import annotations

import pytest

import firstframe as ff
from viewer.engine.tgp import game_settings
from viewer.engine.tgp.game import GameMap
from viewer.engine.tgp.game.clear_map import CLEAR_ROCKS, CLEAR_ROUGH, clear_ground_array
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.clear_tiles import generate_clear_tiles, scale_by_size

CASES = ff.case_ids() or ["none"]


@pytest.mark.parametrize("case_id", CASES)
def test_from_the_landscape_stage(case_id):
    world = ff.world(case_id, "landscape")
    before = world.map.copy()
    made = generate_clear_tiles(world)
    theirs = GameMap.from_grids(ff.grids(case_id, "clear"))
    assert ff.first_difference(world.map, theirs) is None
    assert list(world.rng.words()) == ff.stage_record(case_id, "clear")["random_state"]
    assert world.stage == "clear"
    # it made rough and rocky land, and changed nothing but clear tiles' m5
    ground = clear_ground_array(world.map)
    changed = before.m5 != world.map.m5
    assert made["rough"] > 0 and made["rocky"] > 0
    assert set(ground[changed].tolist()) <= {CLEAR_ROUGH, CLEAR_ROCKS}
    assert all((before.grid(b) == world.map.grid(b)).all() for b in ("type", "height", "m3"))


@pytest.mark.parametrize("case_id", CASES)
def test_end_to_end_from_the_seed(case_id):
    c = ff.case(case_id)
    values = dict(game_settings.to_values(c["settings"]), stop_after="clear")
    result = TGP.generate(values, seed=c["seed"])
    world = result.detail.world
    theirs = GameMap.from_grids(ff.grids(case_id, "clear"))
    assert ff.first_difference(world.map, theirs) is None
    assert list(world.rng.words()) == ff.stage_record(case_id, "clear")["random_state"]
    assert list(result.detail.rng_state_after) == list(world.rng.words())


def test_scale_by_size_is_the_games():
    assert scale_by_size(0x400, 256, 256) == 0x400
    assert scale_by_size(0x400, 64, 64) == 0x40
    assert scale_by_size(0x81, 64, 128) == 17           # 0x81 / 8 rounded up
    assert scale_by_size(0x7FF, 4096, 4096) == 0x7FF * 256
