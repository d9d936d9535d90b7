"""The whole first frame through the TGP generator, end to end from each
case's seed and settings: ``stop_after`` world gives the reference's
``world`` stage (every tile byte, the Randomizer's state, the towns and the
industries as the game holds them), and each stop on the way its stage."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

import firstframe as ff
from viewer.engine.tgp import game_settings
from viewer.engine.tgp.game import GameMap
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15 import stages


def _case_values(case_id: str, stop_after: str) -> tuple[dict, int]:
    c = ff.case(case_id)
    return dict(game_settings.to_values(c["settings"]), stop_after=stop_after), c["seed"]


def _needs(case_id: str) -> None:
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")


def _assert_stage(r, case_id: str, stage: str) -> None:
    world = r.detail.world
    rec = ff.stage_record(case_id, stage)
    assert ff.first_difference(world.map, GameMap.from_grids(ff.grids(case_id, stage))) is None
    assert list(world.rng.words()) == rec["random_state"]
    assert stages.town_records(world) == rec["towns"]
    assert stages.industry_records(world) == rec["industries"]


@pytest.mark.parametrize("case_id", ["ff-04", "ff-16", "ff-17", "ff-02"])
def test_the_first_frame_from_the_seed_is_the_games(case_id):
    _needs(case_id)
    values, seed = _case_values(case_id, "world")
    r = TGP.generate(values, seed=seed)
    assert tuple(r.detail.stages) == stages.STAGES
    _assert_stage(r, case_id, "world")
    assert r.detail.world.stage == "world"
    assert "the game's first frame" in r.messages


@pytest.mark.parametrize("stop", ["industries", "objects", "trees", "startup"])
def test_each_stop_on_the_way_is_the_games_stage(stop):
    _needs("ff-04")
    values, seed = _case_values("ff-04", stop)
    r = TGP.generate(values, seed=seed)
    assert tuple(r.detail.stages) == stages.stages_until(stop)
    _assert_stage(r, "ff-04", stop)


def test_the_timeline_steps_through_the_tile_loops_and_ends_on_the_first_frame():
    _needs("ff-04")
    values, seed = _case_values("ff-04", "world")
    r = TGP.generate(values, seed=seed, trace=True)
    t = r.trace
    names = [name for name, _ in t.phases()]
    assert names[-5:] == ["industries", "objects", "trees", "startup", "world"]
    last = t.state_at(t.n_steps)
    for name in ("tile_type", "m1", "m5"):
        np.testing.assert_array_equal(last[name], r.layers[name], err_msg=name)
    # the tile loops come in a few steps, each a part of the 1,280
    loops = [k for k in range(1, t.n_steps + 1) if t.describe(k).startswith("tile loops")]
    assert 1 < len(loops) <= 8
    trees = GameMap.from_grids(ff.grids("ff-04", "trees"))
    before = t.state_at(loops[0] - 1)
    ours = GameMap.from_grids({"type": before["tile_type"], "height": before["tile_height"],
                               **{f"m{i}": before[f"m{i}"] for i in range(1, 9)}})
    assert ff.first_difference(ours, trees) is None


def test_npz_industries_are_the_manifests_fields():
    _needs("ff-04")
    from viewer.cli.tgp import npz_bytes

    values, seed = _case_values("ff-04", "industries")
    with np.load(io.BytesIO(npz_bytes(TGP.generate(values, seed=seed)))) as z:
        assert json.loads(str(z["industries"])) == \
            ff.stage_record("ff-04", "industries")["industries"]
        assert json.loads(str(z["towns"])) == ff.stage_record("ff-04", "industries")["towns"]


def test_sweep_metrics_count_the_first_frames_industries_and_towns():
    _needs("ff-04")
    import math
    from collections import Counter

    from viewer.engine.tgp.metrics import METRICS
    from viewer.engine.tgp.openttd15.overview import industry_type_names

    values, seed = _case_values("ff-04", "world")
    m = METRICS(TGP.generate(values, seed=seed))
    rec = ff.stage_record("ff-04", "world")
    per_type = Counter(i["type"] for i in rec["industries"])
    for k, name in enumerate(industry_type_names()):
        assert m[f"industries_{name}"] == per_type.get(k, 0), name
    assert m["industries"] == len(rec["industries"]) > 0
    assert m["towns"] == len(rec["towns"])
    assert 0 <= m["towns_without_industry_near"] <= m["towns"]
    assert 0 <= m["coal_mines_near_water"] <= m["industries_coal_mine"]
    assert m["tree_tiles"] == int(((ff.grids("ff-04", "world")["type"] >> 4) == 4).sum())
    # a map stopped at the towns has no industry figures
    early = METRICS(TGP.generate(_case_values("ff-04", "towns")[0], seed=seed))
    assert math.isnan(early["industries_coal_mine"]) and math.isnan(early["tree_tiles"])
    assert early["towns"] == m["towns"]


def test_the_tile_loops_stop_when_cancelled():
    _needs("ff-04")
    from viewer.engine.protocol import CancelToken, Cancelled

    world = ff.world("ff-04", "startup")
    ticks = world.tick_counter
    stages.run_stage("world", 0, world, flag=np.array([1, 0, 0, 0], np.int64))
    assert world.tick_counter == ticks                       # nothing run once cancelled
    stages.run_stage("world", 0, world, flag=np.zeros(4, np.int64))
    assert world.tick_counter == ticks + 1280 // stages.PARTS["world"]
    token = CancelToken()
    seen = []

    def progress(phase, fraction):
        seen.append(phase)
        if phase == "world":
            token.cancel()

    values, seed = _case_values("ff-04", "world")
    with pytest.raises(Cancelled):
        TGP.make(TGP.validate(values), seed, cancel=token, progress=progress)
    assert seen.count("world") == 1                          # the first part, then stopped


def test_a_map_id_carries_the_first_frames_settings():
    from viewer import registry
    from viewer.workbench.map_id import map_id, parse_map_id

    decl = registry.declaration("tgp")
    values = decl.validate({"size": (64, 64), "stop_after": "world",
                            "industry_density": "custom", "custom_industry_number": 77,
                            "tree_placer": "original", "extra_tree_placement": "no growth",
                            "starting_year": 1800})
    text = map_id(decl, values, 5)
    assert "--stop-after world" in text and "--custom-industry-number 77" in text
    back = parse_map_id(text)
    assert back.values == values and back.seed == 5


def test_the_industries_stop_when_cancelled():
    case = "ff-02"      # 256²: more industries than the mandatory ones
    _needs(case)
    world = ff.world(case, "towns")
    stages.run_stage("industries", 0, world, flag=np.array([1, 0, 0, 0], np.int64))
    whole = ff.world(case, "towns")
    stages.run_stage("industries", 0, whole, flag=np.zeros(4, np.int64))
    assert stages.industry_records(whole) == ff.stage_record(case, "industries")["industries"]
    # only the mandatory industries, if any, before the first look at the flag
    assert len(world.industries) < len(whole.industries)


def test_the_inspectors_class_names_are_the_map_layers():
    from viewer.engine.tgp.game.map_layers import CLASS_NAMES as MAP_CLASSES
    from viewer.engine.tgp.inspect import CLASS_NAMES

    assert len(CLASS_NAMES) == len(MAP_CLASSES)
    assert CLASS_NAMES[4:] == MAP_CLASSES[4:]
    assert CLASS_NAMES[9] == "industry" and CLASS_NAMES[10] == "object"


def test_industries_are_named_as_a_player_reads_them():
    from viewer.engine.tgp.openttd15.overview import industry_display_name, industry_type_names

    names = industry_type_names()
    assert industry_display_name(names.index("coal_mine")) == "coal mine"
    assert industry_display_name(names.index("bank_temp")) == \
        industry_display_name(names.index("bank_tropic_arctic")) == "bank"
    assert industry_display_name(names.index("farm_2")) == "farm"
