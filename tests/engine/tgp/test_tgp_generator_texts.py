"""The words TerraGenesis says about itself: the climate settings' help
names the climate as the game does, every step a 15.2 map may stop after
has its own description, and the rivers' line of the messages counts the
trees the wetlands planted, not those GenerateTrees planted later."""

from __future__ import annotations

import re

import numpy as np

from viewer.engine.tgp.generator import PARAMS, TGP, WHAT_THE_MAP_IS
from viewer.engine.tgp.game.tiles import TileType
from viewer.engine.tgp.options import LANDSCAPE_NAMES, LANDSCAPES, STOP_AFTER


def test_a_climate_setting_help_names_its_climate_as_the_game_does():
    bound = [(p, c) for p in PARAMS for c in p.conditions() if c.param == "landscape"]
    assert {p.name for p, _ in bound} == {"snow_coverage", "desert_coverage"}
    for p, cond in bound:
        (climate,) = cond.values
        assert p.help.startswith(LANDSCAPE_NAMES[LANDSCAPES.index(climate)] + ": "), p.help


def test_every_stop_says_what_its_map_is():
    assert tuple(WHAT_THE_MAP_IS) == STOP_AFTER
    assert len(set(WHAT_THE_MAP_IS.values())) == len(STOP_AFTER)
    assert not any("not made" in text for text in WHAT_THE_MAP_IS.values())
    assert "first frame" in WHAT_THE_MAP_IS["world"]


def rivers_line(result) -> str:
    return next(line for line in result.messages.splitlines() if "river wells" in line)


def test_the_rivers_line_counts_the_wetland_trees_only():
    values = {"size": (64, 64), "rivers": 3, "stop_after": "trees"}
    r = TGP.generate(values, seed=3)
    world = r.detail.world
    trees = int(np.count_nonzero((world.map.type >> 4) == TileType.TREES))
    wetland = len(world.wetland_trees)
    assert trees > wetland                  # GenerateTrees planted more
    line = rivers_line(r)
    said = int(re.search(r"(\d+) wetland tree tiles", line).group(1))
    assert said == wetland
    # before GenerateTrees the wetlands' trees are the map's: the same count
    before = TGP.generate(dict(values, stop_after="rivers"), seed=3)
    assert rivers_line(before) == line


def test_the_industries_step_counts_industries_by_the_name_a_player_reads():
    from viewer.engine.tgp.game import GameMap, Randomizer, World
    from viewer.engine.tgp.generator import stage_note
    from viewer.engine.tgp.openttd15.industries.industry import Industry

    kinds = [0, 12, 1, 0, 16, 0]            # coal mines, two kinds of bank, a power station
    industries = [Industry(i, 10 * i, type=k) for i, k in enumerate(kinds)]
    industries.insert(2, None)              # (a free slot)
    world = World(map=GameMap.empty(16, 16), rng=Randomizer(1, 2), industries=industries)
    assert stage_note("industries", world) == \
        "; 6 industries placed (coal mine 3, bank 2, power station 1)"
