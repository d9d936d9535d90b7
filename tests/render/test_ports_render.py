"""Port placement pictures (no Qt): the overlays follow their View toggles
and the legend lists what is drawn."""

from __future__ import annotations

import numpy as np

from viewer import registry
from viewer.render.picture import picture
from viewer.render.ports import PORT_ROUTE


def count(img, rgb) -> int:
    return int(np.all(img[..., :3] == np.array(rgb[:3], np.uint8), axis=-1).sum())


def test_routes_are_drawn_only_when_asked_and_the_legend_says_so():
    r = registry.declaration("ports").engine.generate({"tgp_size": (128, 128), "n_ports": 8}, seed=3)
    assert any(p["route_length"] > 0 for p in r.detail.ports)
    on = picture(r, "height", {"routes": True})
    off = picture(r, "height", {"routes": False})
    assert count(on.rgba, PORT_ROUTE) > 0 and count(off.rgba, PORT_ROUTE) == 0
    assert "route to open sea" in [t for t, _c in on.legend.entries]
    assert "route to open sea" not in [t for t, _c in off.legend.entries]
    # the classes in the legend are the classes placed
    placed = {p["class"] for p in r.detail.ports}
    listed = {t.removeprefix("port: ") for t, _c in on.legend.entries if t.startswith("port: ")}
    assert listed == placed
