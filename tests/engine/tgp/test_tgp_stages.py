"""The stages of ``_GenerateWorld`` after GenerateLandscape in the TGP
generator (``stop_after`` clear, towns): the timeline steps through them,
each step's layers are read from the game's tile bytes (the step before the
first stage is the reference's ``landscape`` stage, the last its ``clear``
stage), the Random() calls are counted per stage, and a stage this build
does not have yet is said, the map stopping before it."""

from __future__ import annotations

import numpy as np
import pytest

import firstframe as ff
from viewer.engine.tgp import game_settings
from viewer.engine.tgp.game import GameMap
from viewer.engine.tgp.game.map_layers import CLASS_NAMES, byte_layers
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import GAME_BYTE_LAYERS, layer_names
from viewer.engine.tgp.openttd15 import stages


def _case_values(case_id: str, stop_after: str) -> tuple[dict, int]:
    c = ff.case(case_id)
    return dict(game_settings.to_values(c["settings"]), stop_after=stop_after), c["seed"]


def _bytes_of(layers: dict) -> GameMap:
    return GameMap.from_grids({"type": layers["tile_type"], "height": layers["tile_height"],
                               **{b: layers[b] for b in GAME_BYTE_LAYERS[1:]}})


@pytest.mark.parametrize("case_id", (ff.case_ids() or ["none"])[:5])
def test_the_timeline_steps_through_the_landscape_and_clear_stages(case_id):
    values, seed = _case_values(case_id, "clear")
    r = TGP.generate(values, seed=seed, trace=True)
    t = r.trace
    assert t.phases()[-1] == ("clear", t.n_steps)
    assert set(layer_names("15.2", "clear")) <= set(r.layers)
    last, before = t.state_at(t.n_steps), t.state_at(t.n_steps - 1)
    for name in r.layers:
        np.testing.assert_array_equal(last[name], r.layers[name], err_msg=name)
    landscape = GameMap.from_grids(ff.grids(case_id, "landscape"))
    assert ff.first_difference(_bytes_of(before), landscape) is None
    assert ff.first_difference(_bytes_of(last), GameMap.from_grids(ff.grids(case_id, "clear"))) \
        is None
    made = r.detail.stages["clear"]
    assert t.describe(t.n_steps).endswith(f"{made['rough']} rough, {made['rocky']} rocky")
    # every step has the same layers (the bytes too: zeros before the tiles exist)
    assert all(set(t.state_at(k)) == set(r.layers) for k in (0, 1, t.n_steps // 2))


def test_layers_are_read_from_the_bytes():
    r = TGP.generate({"size": (64, 64), "stop_after": "clear", "landscape": "arctic"}, seed=11)
    world = r.detail.world
    assert r.detail.tile_class_counts == tuple(
        int((r.layers["tile_class"] == k).sum()) for k in range(len(CLASS_NAMES)))
    assert sum(r.detail.tile_class_counts) == 64 * 64
    for name, grid in byte_layers(world.map).items():
        np.testing.assert_array_equal(r.layers[name], grid, err_msg=name)
    clear = (r.layers["tile_type"] >> 4) == 0
    assert ((r.layers["ground"][clear] & 7) == ((r.layers["m5"][clear] >> 2) & 7)).all()
    assert (r.layers["rocks"][clear] == (((r.layers["m5"][clear] >> 2) & 7) == 2)).all()
    assert (r.layers["tropic"] == (r.layers["tile_type"] & 3)).all()


def test_random_calls_are_counted_per_stage():
    base = {"size": (128, 64), "landscape": "tropic"}
    rivers = TGP.generate(dict(base, stop_after="rivers"), seed=5).detail
    clear = TGP.generate(dict(base, stop_after="clear"), seed=5).detail
    calls = clear.rng_calls
    assert calls["total"] == sum(v for k, v in calls.items() if k != "total")
    assert calls["clear"] == clear.random_calls - rivers.random_calls > 2
    assert {k: v for k, v in calls.items() if k not in ("clear", "total")} == \
        {k: v for k, v in rivers.rng_calls.items() if k not in ("clear", "total")}


def test_the_towns_stage_or_a_word_that_it_is_not_there_yet():
    values = {"size": (64, 64), "stop_after": "towns"}
    r = TGP.generate(values, seed=3)
    clear = TGP.generate(dict(values, stop_after="clear"), seed=3)
    if stages.available("towns"):
        assert "towns" in r.detail.stages and r.detail.towns
        assert r.detail.rng_calls["towns"] > 0
        assert (r.layers["tile_type"] >> 4 == 3).any()        # houses
    else:
        assert any("no towns stage yet" in w for w in r.detail.warnings)
        assert r.detail.rng_state_after == clear.detail.rng_state_after
        np.testing.assert_array_equal(r.layers["m5"], clear.layers["m5"])


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_towns_stage_from_the_seed_is_the_games(case_id):
    """End to end through the generator: the seed and settings of each case
    make the reference's ``towns`` stage (bytes, Random() state, towns)."""
    if not stages.available("towns"):
        pytest.skip("GenerateTowns is not in this build (openttd15/towns/founding.py)")
    values, seed = _case_values(case_id, "towns")
    r = TGP.generate(values, seed=seed)
    world = r.detail.world
    rec = ff.stage_record(case_id, "towns")
    assert ff.first_difference(world.map, GameMap.from_grids(ff.grids(case_id, "towns"))) is None
    assert list(world.rng.words()) == rec["random_state"]
    assert stages.town_records(world) == rec["towns"]
