"""GenerateIndustries' compiled placement (industries.kernel) against the
Python placement it follows (industries.placement, the readable
reference): the same Random() draws in the same order, the same tiles,
industries and towns, under the game's defaults and under the settings
the reference cases leave at them (the original land generator with its
slope checks, the platform's margin, several industries per town, no
free-form edges, the original economy, a custom count)."""

from __future__ import annotations

import firstframe as ff
import pytest

from viewer.engine.tgp.openttd15.industries import generate_industries

VARIANTS = {
    "defaults": {},
    "original land generator": {"game_creation.land_generator": 0},
    "no platform": {"construction.industry_platform": 0},
    "wide platform": {"construction.industry_platform": 3},
    "several per town": {"economy.multiple_industry_per_town": True},
    "no free-form edges": {"construction.freeform_edges": False},
    "original economy": {"economy.type": 0},
    "custom count": {"difficulty.industry_density": 6,
                     "game_creation.custom_industry_number": 120},
    "low bridges": {"construction.max_bridge_height": 1},
}


def _both(case_id: str, settings: dict):
    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    out = []
    for compiled in (True, False):
        world = ff.world(case_id, "towns")
        world.settings.update(settings)
        world.rng.trail = []
        generate_industries(world, compiled=compiled)
        out.append(world)
    return out


def _fields(world):
    return [(i.index, i.type, i.tile, i.w, i.h, i.town, i.random, i.random_colour, i.counter,
             i.selected_layout, i.production_rate, i.prod_level, i.founder)
            for i in world.industries]


@pytest.mark.parametrize("case_id", ["ff-00", "ff-01", "ff-02", "ff-03"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_compiled_placement_draws_as_the_python(case_id, variant):
    ours, reference = _both(case_id, VARIANTS[variant])
    assert ours.rng.trail == reference.rng.trail
    assert ours.rng.words() == reference.rng.words()
    assert _fields(ours) == _fields(reference)
    assert ff.first_difference(ours.map, reference.map) is None
    assert ours.towns == reference.towns
    assert ours.industries, "a variant that builds nothing shows nothing"


@pytest.mark.parametrize("compiled", [True, False])
def test_a_cancelled_placement_draws_no_more_industries(compiled):
    if "ff-00" not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    full = ff.world("ff-00", "towns")
    generate_industries(full, compiled=compiled)
    asked = []
    world = ff.world("ff-00", "towns")
    generate_industries(world, stop=lambda: asked.append(1) or True, compiled=compiled)
    # the industries every climate must have are placed before the first look
    types = [i.type for i in world.industries]
    assert asked and types and len(types) == len(set(types)) < len(full.industries)


@pytest.mark.parametrize("case_id", ["ff-00", "ff-09", "ff-20"])
def test_the_closest_town_by_cells_is_the_nearest_with_the_lowest_index(case_id):
    import numpy as np

    from viewer.engine.tgp.openttd15.industries import kernel as k
    from viewer.engine.tgp.openttd15.industries.compiled import CompiledPlacer
    from viewer.engine.tgp.openttd15.industries.towns import TownIndex

    if case_id not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    world = ff.world(case_id, "towns")
    m = world.map
    placer, towns = CompiledPlacer(world), TownIndex(world)
    # every tile of a few rows and columns (ties between towns among them), and random tiles
    tiles = np.concatenate([np.arange(m.size_x) + y * m.size_x for y in (0, 7, m.size_y // 2)]
                           + [np.arange(m.size_y) * m.size_x + x for x in (3, m.size_x - 1)]
                           + [np.random.default_rng(5).integers(0, m.size, 3000)])
    for t in tiles.tolist():
        theirs = towns.closest_town_from_tile(m, t).index
        ours = k._closest_town(m.type, m.m2, m.m5, m.size_x, m.size_y, placer.cfg, t,
                               placer.town_order, placer.town_xy, placer.town_cell_start,
                               placer.town_cells)
        assert ours == theirs, f"tile {t}"
