"""The TGP timeline: one step per noise round and normalisation step, then
tile heights and water; any step rebuilt exactly, wherever the checkpoints are."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.protocol import Trace
from viewer.engine.tgp import generator as G
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import LAYER_NAMES
from viewer.engine.tgp.r13671.pipeline import NORMALISE_NAMES

VALUES = {"openttd": "r13671", "size": (128, 256), "smoothness": 2, "terrain": 3,
          "sea_level": 2, "landscape": "tropic"}


@pytest.fixture(scope="module")
def run():
    return TGP.generate(VALUES, seed=42, trace=True)


def test_no_trace_unless_asked():
    assert TGP.generate(VALUES, seed=42).trace is None


def test_steps_and_phases(run):
    trace = run.trace
    assert isinstance(trace, Trace)
    rounds = 8  # log2(128) + 1
    assert trace.n_steps == rounds + len(NORMALISE_NAMES) + 2
    names = [name for name, _ in trace.phases()]
    assert names == ["noise", *NORMALISE_NAMES, "tile heights", "water and shore"]
    assert trace.phases()[0] == ("noise", 1)
    assert trace.phase_at(0) == "start"
    assert trace.phase_at(rounds) == "noise"
    assert trace.phase_at(rounds + 1) == "water level"
    assert trace.phase_at(trace.n_steps) == "water and shore"
    assert "amplitude" in trace.describe(1)
    assert "sine transform for tropic" in trace.describe(rounds + 6)


def test_final_state_is_the_result(run):
    final = run.trace.state_at(run.trace.n_steps)
    assert set(final) == set(run.layers) == set(run.layer_info)
    for name in (*LAYER_NAMES, "change"):
        np.testing.assert_array_equal(final[name], run.layers[name])


def test_noise_rounds_add_the_noise(run):
    """The change layer of a round is the noise added after interpolation.
    The last round of a rough map has amplitude 64 (x1024): RandomHeight
    gives (q - 64) >> 6 with q in [-128, 128], so -3..1."""
    trace = run.trace
    rounds = trace.pipe.n_rounds
    last = trace.state_at(rounds)["change"]
    assert last.min() >= -3 and last.max() <= 1 and last.any()
    np.testing.assert_array_equal(trace.state_at(rounds)["noise"], run.layers["noise"])


def test_change_is_the_difference_in_normalisation(run):
    trace = run.trace
    for k in range(trace.pipe.n_rounds + 2, trace.pipe.last_heightmap_step + 1):
        before, after = trace.heightmap_at(k - 1), trace.heightmap_at(k)
        change = trace.state_at(k)["change"]
        np.testing.assert_array_equal(change, (after.astype(np.int32) - before)[:256, :128])


def test_meaningful_layers(run):
    trace = run.trace
    rounds = trace.pipe.n_rounds
    assert trace.meaningful_at(0) == frozenset()
    assert trace.meaningful_at(1) == {"noise", "change"}
    assert "heightmap" in trace.meaningful_at(rounds + 1)
    assert "tile_class" not in trace.meaningful_at(trace.n_steps - 1)
    assert trace.meaningful_at(trace.n_steps) >= {"tile_height", "tile_class", "water"}


def test_replay_from_sparse_checkpoints(monkeypatch):
    """With a tiny budget only step 0 is kept; every step still rebuilds exactly."""
    full = TGP.generate(VALUES, seed=42, trace=True).trace
    monkeypatch.setattr(G._Recorder, "BUDGET", 1)
    sparse = TGP.generate(VALUES, seed=42, trace=True).trace
    assert sorted(sparse._checkpoints) == [0]
    for k in (5, 3, full.pipe.last_heightmap_step - 1, 12, 0):
        np.testing.assert_array_equal(sparse.heightmap_at(k), full.heightmap_at(k))
        np.testing.assert_array_equal(sparse.state_at(k)["change"], full.state_at(k)["change"])
