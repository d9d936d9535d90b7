"""GenerateIndustries under settings the reference cases leave at their
defaults (several industries of a type per town, the platform's margin,
the original economy, a custom count): the game's rules hold on what it
builds."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.game.industry_map import get_industry_index
from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.openttd15.industries import generate_industries
from viewer.engine.tgp.openttd15.industries.specs import INDUSTRY_SPECS, IT_INVALID


def _generate(case_id: str, **settings):
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    world = ff.world(case_id, "towns")
    world.settings.update(settings)
    generate_industries(world)
    return world


def _check_rules(world, one_per_town: bool) -> None:
    m = world.map
    inds = world.industries
    assert [i.index for i in inds] == list(range(len(inds)))
    owned = {}
    for t in range(m.size):
        if m.is_tile_type(t, TileType.INDUSTRY):
            owned.setdefault(get_industry_index(m, t), []).append(t)
    assert sorted(owned) == [i.index for i in inds]
    for ind in inds:
        x0, y0 = m.tile_x(ind.tile), m.tile_y(ind.tile)
        for t in owned[ind.index]:                  # every tile within its area
            assert x0 <= m.tile_x(t) < x0 + ind.w and y0 <= m.tile_y(t) < y0 + ind.h
        spec = INDUSTRY_SPECS[ind.type]
        assert world.landscape in spec.climates
        for other in inds:                          # conflicting types keep 15 tiles away
            if other.type in spec.conflicting and other.type != IT_INVALID and other is not ind:
                assert m.distance_max(ind.tile, other.tile) > 14
    if one_per_town:
        pairs = [(i.type, i.town) for i in inds]
        assert len(pairs) == len(set(pairs))


def test_the_default_rules_hold():
    _check_rules(_generate("ff-00"), one_per_town=True)


def test_several_of_a_type_may_share_a_town():
    world = _generate("ff-00", **{"economy.multiple_industry_per_town": True})
    _check_rules(world, one_per_town=False)
    assert len(world.industries) >= len(_generate("ff-00").industries) - 2


@pytest.mark.parametrize("platform", [0, 4])
def test_the_platform_margin_only_moves_industries(platform):
    world = _generate("ff-04", **{"construction.industry_platform": platform})
    _check_rules(world, one_per_town=True)
    assert world.industries


def test_the_original_economy_draws_no_production():
    smooth = _generate("ff-04")
    original = _generate("ff-04", **{"economy.type": 0})
    _check_rules(original, one_per_town=True)
    # the first industry is placed on the same try, with the table's production
    first = original.industries[0]
    assert first.manifest_fields() == smooth.industries[0].manifest_fields()
    spec = INDUSTRY_SPECS[first.type]
    assert first.production_rate == [r for _, r in spec.produced[:spec.produced_count]]


def test_a_custom_count_bounds_the_industries():
    world = _generate("ff-00", **{"difficulty.industry_density": 6,
                                  "game_creation.custom_industry_number": 12})
    _check_rules(world, one_per_town=True)
    forced = sum(1 for s in INDUSTRY_SPECS if s.appear_creation[world.landscape] > 0)
    assert len(world.industries) <= max(12, forced)


def test_funding_only_builds_nothing_and_draws_nothing():
    world = _generate("ff-00", **{"difficulty.industry_density": 0})
    assert world.industries == []
    assert world.rng.words() == tuple(ff.stage_record("ff-00", "towns")["random_state"])
