"""A legend's title and its colour bar say the same range
(a bar titled 0..30 ends at 30), for every layer of every registered
generator, at the finished map and at steps of its timeline.

And 7.12 in the exported picture: every swatch of a legend is outlined, so
that a white one shows on the legend's paper."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from registered import names, quick  # noqa: E402

from viewer import registry  # noqa: E402
from viewer.formats.replay import state_at  # noqa: E402
from viewer.render.picture import picture  # noqa: E402

RANGE = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)(?![\w.])")

MORE = {
    # the new user's map: custom terrain up to level 30
    "tgp": [{"terrain": 5, "custom_terrain": 30}, {"openttd": "r13671"}],
    "fairland": [{"world": (32, 16)}],
}


def maps(name: str, tmp: Path):
    more = list(MORE.get(name, []))
    if name == "ports":             # on a PNG heightmap, its sea level not the default
        from PIL import Image

        path = tmp / "ramp.png"
        Image.fromarray(np.tile(np.arange(0, 256, 4, dtype=np.uint8), (64, 1)), "L").save(path)
        more.append({"source": "png", "png_path": str(path), "png_sea_level": 90})
    for extra in [{}] + more:
        decl = registry.declaration(name)
        values = decl.checked({**quick(name), **extra})
        yield extra, decl.generate(values, trace=True)


def states(result):
    trace = result.trace
    steps = [None]
    if trace is not None and trace.n_steps > 1:
        steps += sorted({max(0, trace.n_steps * k // 4 - 1) for k in (1, 2, 3)})
    for step in steps:
        yield step, state_at(result, step)


@pytest.mark.parametrize("name", names())
def test_a_titles_range_is_its_colour_bars(name, tmp_path):
    checked = 0
    for extra, result in maps(name, tmp_path):
        for step, state in states(result):
            for layer in state.layers:
                if not state.ok(layer):
                    continue
                legend = picture(state, layer, {}).legend
                if legend is None or legend.lut is None:
                    continue
                where = f"{name} {extra} step {step} layer {layer}: {legend.title!r}"
                for lo, hi in RANGE.findall(legend.title):
                    assert (float(lo), float(hi)) == (legend.vmin, legend.vmax), (
                        f"{where} has a bar from {legend.vmin:g} to {legend.vmax:g}")
                    checked += 1
    if name in ("fairland", "tgp", "ports"):
        assert checked > 0          # they have titles naming a range


def test_custom_terrain_to_30_has_a_bar_ending_at_30_in_level_30s_colour():
    decl = registry.declaration("tgp")
    values = decl.checked({"size": (256, 256), "terrain": 5, "custom_terrain": 30,
                           "stop_after": "rivers"})
    result = decl.generate(values)
    levels = result.layers["tile_height"]
    assert int(levels.max()) == 30
    legend = picture(result, "tile_height", {}).legend
    assert RANGE.findall(legend.title)[-1] == ("0", "30")
    assert (legend.vmin, legend.vmax) == (0, 30)
    # the bar's two ends are the colours of the map's lowest and highest levels
    cells = picture(result, "tile_height", {"hill_shading": False}, 1).rgba
    for end, level in ((legend.lut[0], int(levels.min())), (legend.lut[-1], 30)):
        assert tuple(end[:3]) == tuple(cells[levels == level][0][:3]), level
