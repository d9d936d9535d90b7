"""OpenTTD 15.2 maps made one after another in one process (a sweep, the
command line called in-process): what is kept between them (the variety
curves' set-up per size, CreateRivers' work arrays handed from a finished
run to the next) leaves every map as a fresh process makes it."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.protocol import CancelToken, Cancelled
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15 import pipeline
from viewer.engine.tgp.openttd15.rivers import create


def _map(values, seed):
    r = TGP.generate({"openttd": "15.2", **values}, seed=seed)
    return {k: np.array(v) for k, v in r.layers.items()}, r.messages, r.detail.rng_state_after


def _same(a, b):
    assert a[0].keys() == b[0].keys()
    for k in a[0]:
        np.testing.assert_array_equal(a[0][k], b[0][k], err_msg=k)
    assert a[1:] == b[1:]


def test_variety_maps_of_other_sizes_between_leave_a_map_as_it_was():
    a = {"size": (128, 128), "variety": 3, "terrain": 4, "stop_after": "water"}
    b = {"size": (64, 128), "variety": 5, "smoothness": 3, "stop_after": "water"}
    pipeline.curves_setup.cache_clear()
    first = _map(a, 11)
    other = _map(b, 12)
    _same(_map(a, 11), first)
    assert other[0]["tile_height"].shape == (128, 64)
    # what the kernel read is what a new set-up makes (it never writes it)
    args = (128, 128, 3, pipeline.ModernPipeline(TGP.validate(a), 11).h_max_new)
    kept, fresh = pipeline.curves_setup(*args), pipeline.curves_setup.__wrapped__(*args)
    assert pipeline.curves_setup.cache_info().hits >= 1
    for name in ("lut", "x1", "x2", "xr", "xri", "y1", "y2", "yr", "yri"):
        np.testing.assert_array_equal(getattr(kept, name), getattr(fresh, name), err_msg=name)


RIVERS_A = {"size": (128, 128), "rivers": 2, "stop_after": "rivers"}
RIVERS_B = {"size": (64, 64), "rivers": 3, "landscape": "arctic", "stop_after": "rivers"}


def test_a_finished_rivers_run_hands_its_work_arrays_to_the_next():
    _map(RIVERS_A, 1)
    threshold = min(int(2 * np.sqrt(128 * 128)), 1024)
    spare = create._SPARE_SCRATCH.get(threshold)
    assert spare is not None
    borrowed = create._borrow_scratch(threshold)
    assert borrowed is spare and threshold not in create._SPARE_SCRATCH
    create._give_back_scratch(threshold, borrowed)


def test_rivers_maps_after_others_and_dirty_work_arrays_are_fresh_runs():
    first = _map(RIVERS_A, 1)
    other = _map(RIVERS_B, 2)
    for spare in list(create._SPARE_SCRATCH.values()):     # as a cancelled search leaves it
        spare.hash_table[::7] = 12345
        for name in spare._fields:
            if name != "hash_table":
                getattr(spare, name).fill(-3)
    _same(_map(RIVERS_A, 1), first)
    _same(_map(RIVERS_B, 2), other)
    assert other[0]["tile_height"].shape == (64, 64)


def test_a_cancelled_rivers_run_leaves_the_next_map_as_a_fresh_run_s():
    first = _map(RIVERS_A, 4)
    token = CancelToken()

    def progress(phase, done):
        if phase == "rivers":
            token.cancel()

    with pytest.raises(Cancelled):
        TGP.generate({"openttd": "15.2", **RIVERS_A}, seed=4, cancel=token, progress=progress)
    _same(_map(RIVERS_A, 4), first)
