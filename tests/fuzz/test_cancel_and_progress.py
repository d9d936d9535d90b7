"""Cancelling stops every generator soon, in its last phases too, and progress
goes to standard error only when asked."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hostile import cancel_latency, cli


# Other findings ------------------------------------------------------------------------


@pytest.mark.parametrize("phase", [3, 4])  # elevate, resources: fairland's last phases
def test_cancel_fairland_last_phases(phase):
    from viewer.engine.fairland.generator import FAIRLAND

    values = FAIRLAND.validate({"world": (1024, 512), "nc": 10, "sc": 1000, "ni": 20,
                                "is": 300})
    FAIRLAND.generate({"world": (64, 32)}, seed=1)  # compiled before timing
    assert cancel_latency(FAIRLAND, values, lambda t: t.flag[1] >= phase) < 0.2


def test_cancel_ports_tgp_phase():
    from viewer.engine.ports.generator import PORTS

    PORTS.generate({"tgp_size": (64, 64)}, seed=1)
    values = PORTS.validate({"tgp_size": (2048, 2048)})
    started = time.perf_counter()
    latency = cancel_latency(PORTS, values, lambda t: time.perf_counter() - started > 0.15)
    assert latency < 0.2


def test_fairland_progress_says_it_is_working(tmp_path):
    run = cli(["fairland", "--progress", "-q", "--world", "512x512", "-R", "1", "5", "30"],
              tmp_path)
    assert run.status == 0
    assert run.err == "fairland: making a 512x512 world, this takes a while...\n"


@pytest.mark.parametrize("prog,argv", [
    ("tgp", ["--size", "64x64", "--seed", "1", "-q", "--progress"]),
    ("ports", ["--tgp-size", "64x64", "--seed", "1", "-q", "--progress"])])
def test_progress_on_request(tmp_path, prog, argv):
    run = cli([prog, *argv], tmp_path)
    assert run.status == 0 and run.err.startswith(f"{prog}: ") and "%)" in run.err


def test_many_seas_on_the_border_stay_quick():
    """A hostile heightmap with thousands of one-corner seas along its border
    (found by fuzzing): the open-sea targets take one pass, not one per sea."""
    from viewer.engine.ports.generator import PORTS
    from viewer.engine.ports.placement import place

    n = 2049
    rel = np.full((n, n), 100.0)
    rel[0, ::2] = rel[-1, ::2] = rel[::2, 0] = rel[::2, -1] = -1.0
    rel[n // 2 - 50: n // 2 + 50, n // 2 - 50: n // 2 + 50] = -5.0  # an inland sea (a lake)
    t0 = time.perf_counter()
    pl = place(rel, PORTS.settings(PORTS.validate({"n_ports": 5})), 1)
    assert time.perf_counter() - t0 < 10
    # each border sea is one corner, too small to be a port's sea: all lakes,
    # and the inland sea, the largest, is the open one (placement.MIN_OPEN_SEA)
    assert not pl.target[0, 0] and pl.is_open.sum() == 1 and pl.lake_ids.size == 4 * (n // 2)
