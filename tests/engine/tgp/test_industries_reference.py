"""GenerateIndustries (viewer.engine.tgp.openttd15.industries) against the
real game: from the reference's ``towns`` stage, every tile byte, the
Randomizer's state and every industry's fields equal the game's at
``industries``, in every case (each climate, each industry density, the
custom count); where not, the message names the first placement try
(CreateNewIndustryHelper) whose Random() state parts from the game's."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.openttd15.industries import generate_industries
from viewer.engine.tgp.openttd15.industries.specs import (
    GFX_WATERTILE_SPECIALCHECK,
    INDUSTRY_SPECS,
    INDUSTRY_TILE_SLOPES_REFUSED,
)


def _trail_divergence(ours, theirs) -> str:
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if (a[1], a[2]) != (b[1], b[2]):
            return f"placement try {i} of {len(theirs)} enters with another Random() state"
    if len(ours) != len(theirs):
        return f"{len(ours)} placement tries, the game {len(theirs)}"
    return "the trail agrees"


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_industries_equal_the_games(case_id):
    world = ff.world(case_id, "towns")
    world.rng.trail = []
    generate_industries(world)
    theirs = ff.world(case_id, "industries")
    trail = [e for e in ff.events(case_id) if e[0] == "CreateNewIndustryHelper"]
    where = _trail_divergence(world.rng.trail, trail)
    assert [i.manifest_fields() for i in world.industries] == theirs.industries, where
    assert ff.first_difference(world.map, theirs.map) is None, where
    assert world.rng.words() == tuple(ff.stage_record(case_id, "industries")["random_state"]), where
    # a town whose houses an industry replaced (water towers, banks) as the game has it
    assert world.towns == theirs.towns


def test_every_layout_names_known_tiles_and_covers_its_north_corner_area():
    for spec in INDUSTRY_SPECS:
        assert spec.layouts, spec.name
        for layout in spec.layouts:
            gfx = [g for _, _, g in layout if g != GFX_WATERTILE_SPECIALCHECK]
            assert gfx and all(0 <= g < len(INDUSTRY_TILE_SLOPES_REFUSED) for g in gfx)
            # the industry tiles lie south and east of the north tile
            assert all(dx >= 0 and dy >= 0 for dx, dy, g in layout
                       if g != GFX_WATERTILE_SPECIALCHECK)


def test_each_climate_generates_its_own_industries_only():
    for climate in range(4):
        generated = [s for s in INDUSTRY_SPECS if s.appear_creation[climate] > 0]
        assert generated and all(climate in s.climates for s in generated)
