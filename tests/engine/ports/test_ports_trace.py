"""The timeline: lakes, coast, candidates, weighting, each port drawn, local
terrain, in that order; its last step is the final result."""

from __future__ import annotations

import numpy as np

from viewer.engine.ports.generator import LAYER_NAMES, PORTS
from viewer.engine.protocol import Generator, Trace


def test_trace_steps_through_the_phases():
    assert isinstance(PORTS, Generator)
    r = PORTS.generate({"tgp_size": (128, 128), "n_ports": 12, "grid": 8}, seed=4, trace=True)
    t = r.trace
    assert isinstance(t, Trace)
    names = [p for p, _ in t.phases()]
    assert names == ["lakes", "coast", "candidates", "weighting", "ports", "local terrain"]
    starts = dict(t.phases())
    n_ports = len(r.detail.placement.ports)
    assert starts["local terrain"] - starts["ports"] == n_ports + (1 if r.detail.short else 0)
    assert t.n_steps - starts["local terrain"] + 1 == n_ports
    assert starts["weighting"] - starts["candidates"] == 16  # rows of grid squares
    final = t.state_at(t.n_steps)
    for name in LAYER_NAMES:
        assert np.array_equal(final[name], r.layers[name])
    assert t.markers_at(0) == [] and len(t.markers_at(t.n_steps)) == n_ports
    mid = starts["ports"] + 2
    assert len(t.markers_at(mid)) == 3
    assert int((t.state_at(mid)["ports"] >= 0).sum()) == 3
    assert t.meaningful_at(0) == frozenset({"height"})
    assert "candidates" in t.meaningful_at(starts["candidates"])
    assert "route" not in t.meaningful_at(starts["local terrain"] - 1)
    s = t.state_at(starts["candidates"])
    assert (s["candidates"][8:] == -1).all() and (s["candidates"][:8] >= -1).all()
    assert (t.state_at(starts["ports"])["route"] == -1).all()
    for k in range(t.n_steps + 1):
        assert t.describe(k)
        t.phase_at(k)
