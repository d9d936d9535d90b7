"""The 15.2 timeline past the water pass: GenerateTowns stepped town by town
(each step exactly the map of GenerateTowns stopped after that many towns),
the rough-land pass and the later stages as steps of their own, and every
step rebuilt exactly from the states kept by their differences, in any
order and whatever the budget."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.tgp import generator as G
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import GAME_BYTE_LAYERS
from viewer.engine.tgp.openttd15.towns.founding import generate_towns

VALUES = {"openttd": "15.2", "size": (256, 256), "stop_after": "towns"}
SEED = 7
BYTES = GAME_BYTE_LAYERS + ("tile_height",)


@pytest.fixture(scope="module")
def run():
    return TGP.generate(TGP.validate(VALUES), seed=SEED, trace=True)


def towns_phase(trace) -> tuple[int, int]:
    """The first and last step of the towns."""
    phases = trace.phases()
    first = dict(phases)["towns"]
    later = [s for _, s in phases if s > first]
    return first, (later[0] - 1 if later else trace.n_steps)


def test_the_towns_are_a_step_each(run):
    trace = run.trace
    towns = run.detail.towns
    first, last = towns_phase(trace)
    assert last - first + 1 == len(towns) > 10
    assert trace.phase_at(first - 1) == "clear"
    assert "GenerateClearTile" in trace.describe(first - 1)
    for n, step in ((1, first), (12, first + 11), (len(towns), last)):
        text = trace.describe(step)
        town = towns[n - 1]
        assert text.startswith(f"Town {n} of {len(towns)}: {town.name} founded and grown")
        assert f"{town.num_houses} houses" in text
    assert "GenerateTowns done" in trace.describe(last)


def same_bytes(layers, world, what="") -> None:
    """The layers' tile bytes are ``world``'s."""
    grids = world.map.grids()
    for name in BYTES:
        ours = grids["type" if name == "tile_type" else
                     "height" if name == "tile_height" else name]
        np.testing.assert_array_equal(layers[name], ours, err_msg=f"{what} {name}")


def _stopped_after(n: int):
    """GenerateTowns on the map of the rough-land pass, stopped after ``n``
    towns (counted as they are grown with a population)."""
    world = TGP.generate(TGP.validate(dict(VALUES, stop_after="clear")), seed=SEED).detail.world
    grown = []

    class Enough(Exception):
        pass

    def count(town, event):
        if event == "grown" and town.population > 0:
            grown.append(town)
            if len(grown) == n:
                raise Enough

    with pytest.raises(Enough):
        generate_towns(world, on_town=count)
    return world


@pytest.mark.parametrize("n", [1, 12])
def test_a_towns_step_is_the_map_after_that_many_towns(run, n):
    trace = run.trace
    first, _ = towns_phase(trace)
    world = _stopped_after(n)
    shown = trace.state_at(first + n - 1)
    same_bytes(shown, world)
    # and the step before is one town fewer: only that town's tiles differ
    before = trace.state_at(first + n - 2)
    town = run.detail.towns[n - 1]
    changed = np.flatnonzero((before["m2"] != shown["m2"]) | (before["tile_type"]
                                                              != shown["tile_type"]))
    assert changed.size and town.xy in changed


def test_towns_steps_in_any_order_are_the_same(run):
    trace = run.trace
    first, last = towns_phase(trace)
    order = [first + 5, first + 6, first + 2, last, first + 3, first + 5]
    seen = {}
    for step in order:
        layers = trace.state_at(step)
        if step in seen:
            for name in BYTES:
                np.testing.assert_array_equal(layers[name], seen[step][name])
        seen[step] = {name: np.array(layers[name]) for name in BYTES}
    for name in BYTES:     # the last step is the finished map
        np.testing.assert_array_equal(seen[last][name], run.layers[name])


def _bytes_at(trace, steps):
    return {k: {name: np.array(trace.state_at(k)[name]) for name in BYTES + ("change",)}
            for k in steps}


def test_steps_past_the_water_pass_rebuild_exactly_whatever_the_budget(monkeypatch):
    values = TGP.validate(dict(VALUES, size=(128, 128), rivers=3, stop_after="world"))
    # (a state kept after every step: how often the recorder keeps one by
    # itself depends on the machine's speed, so a loaded machine kept fewer)
    monkeypatch.setattr(G._Recorder, "KEEP_RATIO", 0)
    full = TGP.generate(values, seed=3, trace=True).trace
    water = full.pipe.water_step
    steps = list(range(full.n_steps, water, -1))
    forward = _bytes_at(full, sorted(steps))
    assert len(full._kept.steps) > 3
    monkeypatch.setattr(G._Recorder, "DIFF_BUDGET", 1)   # the first state, and no change
    sparse = TGP.generate(values, seed=3, trace=True).trace
    assert sparse._kept.used <= 1 and len(sparse._kept.steps) < len(full._kept.steps)
    for trace in (full, sparse):
        backward = _bytes_at(trace, steps)         # from the end back, as a user steps
        for k in steps:
            for name, a in forward[k].items():
                np.testing.assert_array_equal(backward[k][name], a, err_msg=f"{k} {name}")


def test_towns_steps_go_on_from_the_towns_states_kept(monkeypatch):
    """With a state of the towns kept after every town made, a step back or
    a jump goes on from the nearest (GenerateTowns resumed part way) and
    makes the same map as GenerateTowns stopped there."""
    from viewer.engine.tgp import trace as T

    monkeypatch.setattr(T, "KEEP_RATIO", 0)
    trace = TGP.generate(TGP.validate(VALUES), seed=SEED, trace=True).trace
    first, _ = towns_phase(trace)
    trace.state_at(first + 5)                          # towns 1..6 made, each kept
    done = trace._pos[first - 1][0]
    assert trace._towns_kept[done].steps == [1, 2, 3, 4, 5, 6]
    trace._live = None                                 # (as after another map's towns)
    trace._cache.clear()
    shown = trace.state_at(first + 9)                  # town 10: on from town 6's state
    assert trace._live[1] == 10 and trace._towns_kept[done].steps[-1] == 10
    same_bytes(shown, _stopped_after(10), 10)
    trace._cache.clear()
    shown = trace.state_at(first + 2)                  # back to town 3: its state kept
    assert trace._live[1] == 3
    same_bytes(shown, _stopped_after(3), 3)
