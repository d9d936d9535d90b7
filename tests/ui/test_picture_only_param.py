"""A parameter declared ``regenerate=False`` only restyles the picture: an
edit in the panel goes to the Workbench, which redraws the map shown with
the new value and makes no new map."""

from __future__ import annotations

import numpy as np
import pytest

from viewer import registry
from viewer.declaration import Declaration
from viewer.engine.params import Param, coerce_values
from viewer.engine.protocol import LayerInfo, Result, SquareGrid
from viewer.render.picture import Renderer

WAIT = 30_000


class Shaded:
    name = "shaded"
    params = (Param("n", "N", "int", 8, minimum=2, maximum=32),
              Param("shade", "Shade", "int", 0, minimum=0, maximum=200, regenerate=False))
    layer_info = {"v": LayerInfo("v", "value", "scalar", 0, 10)}

    def __init__(self):
        self.runs = 0

    def validate(self, values):
        return coerce_values(self.params, dict(values))

    def generate(self, values, *, seed=0, trace=False, cancel=None, progress=None):
        v = self.validate(values)
        self.runs += 1
        n = v["n"]
        return Result("shaded", SquareGrid(n, n), {"v": np.zeros((n, n), np.int32)},
                      dict(self.layer_info), params=v, seed=int(seed))


class ShadeRenderer(Renderer):
    default_layer = "v"

    def cells(self, state, layer, options):
        n = state.result.grid.width
        out = np.zeros((n, n, 4), np.uint8)
        out[..., 0] = int(options.get("shade", 0))     # the picture-only value
        out[..., 3] = 255
        return out


@pytest.fixture
def shaded():
    engine = Shaded()
    registry.register(Declaration("shaded", "Shaded test maps", engine,
                                  layer_info=Shaded.layer_info, render=ShadeRenderer()))
    yield engine
    registry.unregister("shaded")


def test_a_picture_only_value_redraws_without_a_run(qtbot, shaded):
    from viewer.ui.main_window import MainWindow

    w = MainWindow(generate=False)
    qtbot.addWidget(w)
    w.show()
    try:
        w.set_generator("shaded")
        qtbot.waitUntil(lambda: w.result is not None and not w.busy(), timeout=WAIT)
        first, runs = w.result, shaded.runs
        assert w.shown_image()[0, 0, 0] == 0
        w.param_panel.widgets["shade"].editor.setValue(120)
        qtbot.waitUntil(lambda: w.shown_image()[0, 0, 0] == 120 and not w.busy(), timeout=WAIT)
        assert shaded.runs == runs and w.result is first       # no new map
        assert w.workbench.values["shade"] == 120
        w.param_panel.widgets["n"].editor.setValue(10)          # a value that makes the map
        qtbot.waitUntil(lambda: w.result.grid.width == 10 and not w.busy(), timeout=WAIT)
        assert shaded.runs == runs + 1 and w.shown_image()[0, 0, 0] == 120
    finally:
        w.shutdown()
