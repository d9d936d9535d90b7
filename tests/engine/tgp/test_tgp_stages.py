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


def test_a_stage_the_build_lacks_is_said_and_the_map_stops_before_it(monkeypatch):
    values = {"size": (64, 64), "stop_after": "towns"}
    r = TGP.generate(values, seed=3)
    assert "towns" in r.detail.stages and r.detail.towns and r.detail.warnings == ()
    assert r.detail.rng_calls["towns"] > 0
    assert (r.layers["tile_type"] >> 4 == 3).any()        # houses
    clear = TGP.generate(dict(values, stop_after="clear"), seed=3)
    real = stages.stage_function
    monkeypatch.setattr(stages, "stage_function",
                        lambda name: None if name == "towns" else real(name))
    lacking = TGP.generate(values, seed=3)
    assert any("no towns stage yet" in w for w in lacking.detail.warnings)
    assert lacking.detail.rng_state_after == clear.detail.rng_state_after
    np.testing.assert_array_equal(lacking.layers["m5"], clear.layers["m5"])
    assert lacking.detail.towns is None


def _big(case_id: str) -> bool:
    rec = ff.stage_record(case_id, "landscape")
    return rec["size_x"] * rec["size_y"] > 256 * 256


def _cases_small_first():
    """Every case; those larger than 256x256 marked slow."""
    return [pytest.param(c, marks=[pytest.mark.slow] if _big(c) else [])
            for c in ff.case_ids()] or ["none"]


@pytest.mark.parametrize("case_id", _cases_small_first())
def test_the_first_frame_from_the_seed_is_the_games(case_id):
    """End to end through the generator (``stop_after`` world): the seed and
    settings of each case make the reference's ``world`` stage: every tile
    byte, the Random() state, the towns, the industries, the tick counter
    and the tile loop's place."""
    values, seed = _case_values(case_id, "world")
    r = TGP.generate(values, seed=seed)
    world = r.detail.world
    rec = ff.stage_record(case_id, "world")
    assert ff.first_difference(world.map, GameMap.from_grids(ff.grids(case_id, "world"))) is None
    assert list(world.rng.words()) == rec["random_state"]
    assert stages.town_records(world) == rec["towns"]
    assert stages.industry_records(world) == rec["industries"]
    assert (world.tick_counter, world.cur_tileloop_tile) == \
        (rec["tick_counter"], rec["cur_tileloop_tile"])
    assert tuple(r.detail.stages) == stages.STAGES


@pytest.mark.parametrize("case_id", [c for c in ("ff-04", "ff-16") if c in ff.case_ids()]
                         or ["none"])
def test_the_timeline_shows_each_stage_as_the_game_left_it(case_id):
    """Stepping the timeline of a first-frame map: the step that ends each
    stage shows the reference's tile bytes of that stage; the tile loops
    come in five steps of 256."""
    values, seed = _case_values(case_id, "world")
    r = TGP.generate(values, seed=seed, trace=True)
    t = r.trace
    ends = {}
    for k in range(1, t.n_steps + 1):
        ends[t.phase_at(k)] = k
    assert [p for p, _ in t.phases()][-7:] == list(stages.STAGES)
    assert ends["world"] - ends["startup"] == stages.PARTS["world"] == 5
    for stage in stages.STAGES:
        shown = _bytes_of(t.state_at(ends[stage]))
        theirs = GameMap.from_grids(ff.grids(case_id, stage))
        assert ff.first_difference(shown, theirs) is None, stage
