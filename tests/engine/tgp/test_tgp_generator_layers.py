"""The layers a TerraGenesis map will have, known before it is made
(:func:`layer_info_for`, the window's Layers list before the first map):
those of the map the values make, version by version and stop by stop."""

from __future__ import annotations

import pytest

from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import layer_info_for


@pytest.mark.parametrize("values", [
    {"openttd": "r13671"}, {"openttd": "15.2", "stop_after": "water"},
    {"openttd": "15.2", "stop_after": "climate", "landscape": "arctic"},
    {"openttd": "15.2", "stop_after": "rivers"}, {"openttd": "15.2", "stop_after": "clear"},
], ids=lambda v: "-".join(str(x) for x in v.values()))
def test_the_layers_known_before_are_the_maps(values):
    made = TGP.generate(dict(values, size=(64, 64)), seed=2)
    assert list(layer_info_for(values)) == list(made.layer_info)
