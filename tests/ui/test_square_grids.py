"""A generator on a square grid (not a torus) shows in the same window."""

from __future__ import annotations

import numpy as np
from menus_by_generator import others
from PySide6.QtCore import QPointF

from viewer import registry
from viewer.declaration import Declaration
from viewer.engine.params import Param
from viewer.engine.protocol import LayerInfo, Marker, Result, SquareGrid

WAIT = 30_000


class Ramp:
    name = "ramp"
    params = (Param("w", "Width", "int", 20, minimum=2, maximum=64),)
    layer_info = {"height": LayerInfo("height", "x + y", "scalar", 0, 100)}

    def validate(self, values):
        v = {"w": 20, **values}
        v["w"] = self.params[0].coerce(v["w"])
        return v

    def generate(self, values, *, seed, trace=False, cancel=None, progress=None):
        v = self.validate(values)
        w, h = v["w"], 10
        height = (np.arange(w)[None, :] + np.arange(h)[:, None]).astype(np.int16)
        return Result("ramp", SquareGrid(w, h), {"height": height}, dict(self.layer_info),
                      markers=[Marker("end", "1", 3, 4)], params=v, seed=seed)


def test_a_square_grid_generator_is_drawn_as_squares(qtbot, window):
    registry.register(Declaration("ramp", "Test ramp", Ramp(), layer_info=Ramp.layer_info))
    try:
        _drawn_as_squares(qtbot, window)
    finally:
        registry.unregister("ramp")


def _drawn_as_squares(qtbot, window):
    window.set_generator("ramp")
    qtbot.waitUntil(lambda: window.result is not None and window.result.generator == "ramp"
                    and not window.busy(),
                    timeout=WAIT)
    view = window.map_view
    scale = view.scale
    assert window.shown_image().shape[:2] == (10 * scale, 20 * scale)
    assert not view.hexes and view.letters() == ["1"]
    assert not set(window.menu_actions()) & others("ramp")
    # hovering cell (7, 2)
    (x0, _), (y0, _) = view.vb.viewRange()
    pos = view.vb.mapViewToScene(QPointF(7.5 * scale, 2.5 * scale))
    assert view.sector_at_scene(pos) == (7, 2)
    rows = window.inspect(7, 2)
    assert rows["cell"] == "7,2" and rows["height"] == "9"
    window.param_panel.widgets["w"].editor.setValue(30)
    qtbot.waitUntil(lambda: window.result.params["w"] == 30 and not window.busy(),
                    timeout=WAIT)
    assert window.shown_image().shape[1] == 30 * view.scale
