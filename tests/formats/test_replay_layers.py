"""Comparing a bundle's layers with the map made again: identical layers
named, each difference counted cell by cell or explained."""

from __future__ import annotations

import numpy as np

from viewer.formats.replay import compare_layers


def test_identical_changed_and_missing_layers():
    a = np.arange(12).reshape(3, 4)
    b = a.copy()
    b[1, 2] += 1
    same, diffs = compare_layers({"x": a, "y": a, "z": a}, {"x": a.copy(), "y": b})
    assert same == ("x",)
    by = {d.name: d for d in diffs}
    assert (by["y"].cells, by["y"].total) == (1, 12)
    assert by["y"].line() == "layer y: 1 of 12 cells differ"
    assert by["z"].why and by["z"].line().startswith("layer z: ")
