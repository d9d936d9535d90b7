"""The parameter panel on its own: one editor per Param kind from one
table; an edit says which Param changed and its value (so a picture-only
Param redraws without a run); the slider moves by ``Param.step``; a
setting that does not apply is greyed out and says why."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSlider

from viewer import registry
from viewer.declaration import Declaration
from viewer.engine.params import KINDS, Param, coerce_values
from viewer.engine.protocol import LayerInfo, Result, SquareGrid
from viewer.ui.curve_editor import CurveEditor
from viewer.ui.param_editors import EDITORS, IntEditor, NumberSlider, editor_for, register_editor
from viewer.ui.param_panel import ParamPanel

SIDE = Param("side", "Side", "int", 8, minimum=2, maximum=40, help="cells a side")
SHADE = Param("shade", "Shade", "float", 1.0, minimum=0.0, maximum=4.0, step=0.5,
              help="how dark the picture is")
EVERY_KIND = (
    SIDE, SHADE,
    Param("wrap", "Wrap", "bool", False),
    Param("mode", "Mode", "choice", "b", choices=("a", "b", "c")),
    Param("size", "Size", "size", (4, 3), suggestions=("4x3", "8x6")),
    Param("name", "Name", "text", "x"),
    Param("file", "File", "path", ""),
    Param("curve", "Curve", "curve", ((0.0, 0.0), (1.0, 1.0))),
    Param("parts", "Parts", "int", 9, suggestions=(5, 9, 17)),
)


def panel_of(qtbot, params) -> ParamPanel:
    panel = ParamPanel(params)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def test_every_param_kind_has_one_registered_editor(qtbot):
    assert set(EDITORS) == set(KINDS)
    panel = panel_of(qtbot, EVERY_KIND)
    widgets = {name: type(w.editor) for name, w in panel.widgets.items()}
    assert widgets == {"side": NumberSlider, "shade": NumberSlider, "wrap": QCheckBox,
                       "mode": QComboBox, "size": QComboBox, "name": QLineEdit,
                       "file": type(panel.widgets["file"].editor), "curve": CurveEditor,
                       "parts": QComboBox}
    assert panel.widgets["file"].path_field.text() == ""
    # each shows its default and reads it back as the Param's type takes it
    values = panel.values()
    assert coerce_values(EVERY_KIND, values) == {p.name: p.default for p in EVERY_KIND}
    assert values["parts"] == 9 and values["side"] == 8 and values["shade"] == 1.0


def test_set_values_shows_them_without_announcing(qtbot):
    panel = panel_of(qtbot, EVERY_KIND)
    new = {"side": 30, "shade": 2.5, "wrap": True, "mode": "c", "size": (8, 6), "name": "y",
           "file": "/tmp/f.png", "curve": ((0.0, 1.0), (1.0, 0.0)), "parts": 17}
    with qtbot.assertNotEmitted(panel.changed), qtbot.assertNotEmitted(panel.paramChanged):
        panel.set_values(new)
    assert panel.values() == {**new, "size": "8x6"}


def test_moving_a_slider_says_which_param_changed_and_its_value(qtbot):
    panel = panel_of(qtbot, (SIDE, SHADE))
    slider = panel.widgets["side"].editor.slider
    seen = []
    panel.paramChanged.connect(lambda p, v: seen.append((p, v)))
    with qtbot.waitSignal(panel.changed):
        slider.setFocus()
        qtbot.keyClick(slider, Qt.Key.Key_Right)
    assert seen == [("side", 9)]
    assert panel.values()["side"] == 9 and panel.last_edited == "side"
    assert panel.widgets["side"].editor.field.text() == "9"


def test_a_param_is_announced_by_name_and_its_tooltip_is_its_help(qtbot):
    panel = panel_of(qtbot, (SIDE, SHADE))
    with qtbot.waitSignal(panel.paramChanged) as got:
        panel.widgets["shade"].editor.slider.triggerAction(
            QSlider.SliderAction.SliderSingleStepAdd)
    name, value = got.args
    assert name == "shade" and value == 1.5
    assert panel.widgets["shade"].editor.toolTip() == "how dark the picture is"
    assert panel.widgets["side"].editor.toolTip() == "cells a side"


def test_param_step_is_the_sliders_step(qtbot):
    coarse = Param("count", "Count", "int", 10, minimum=0, maximum=100, step=5)
    panel = panel_of(qtbot, (SHADE, coarse))
    shade = panel.widgets["shade"].editor
    assert shade.singleStep() == 0.5 and shade.slider.maximum() == 8    # 0..4 in halves
    shade.slider.triggerAction(QSlider.SliderAction.SliderSingleStepAdd)
    shade.slider.triggerAction(QSlider.SliderAction.SliderSingleStepAdd)
    assert panel.values()["shade"] == 2.0 and shade.field.text() == "2.0"
    count = panel.widgets["count"].editor
    count.slider.triggerAction(QSlider.SliderAction.SliderSingleStepSub)
    assert panel.values()["count"] == 5
    # a typed value off the steps is kept exactly, and the slider goes nearest
    count.field.setText("12")
    count.field.editingFinished.emit()
    assert panel.values()["count"] == 12 and count.slider.value() == 2


def test_a_float_without_a_step_gets_about_a_hundred(qtbot):
    p = Param("w", "Weight", "float", 0.37, minimum=0.0, maximum=5.0)
    panel = panel_of(qtbot, (p,))
    w = panel.widgets["w"].editor
    assert w.singleStep() == pytest.approx(0.01) and w.value() == 0.37
    assert w.field.text() == "0.37"


def test_a_setting_that_does_not_apply_is_greyed_with_the_reason(qtbot):
    """The edit goes to the Workbench; the panel greys what does not apply
    when the Workbench says the values changed (one way)."""
    from viewer.workbench import Workbench

    wb = Workbench("tgp")
    panel = panel_of(qtbot, wb.generator.params)
    panel.paramChanged.connect(wb.set_value)
    panel.follow(wb)
    owner = panel.widgets["openttd"]
    custom = panel.widgets["variety"]   # 15.2 only, whatever else
    assert custom.isEnabled() and custom.editor.toolTip() == custom.param.help
    owner.editor.setCurrentText("r13671")
    assert wb.values["openttd"] == "r13671"
    assert not custom.isEnabled() and not custom.editor.isEnabled()
    why = "has no such setting (only 15.2)"
    assert why in custom.toolTip() and why in custom.editor.toolTip()
    assert custom.param.help in custom.editor.toolTip()
    assert panel.widgets["rng_skip"].isEnabled()
    owner.editor.setCurrentText("15.2")
    assert custom.isEnabled() and custom.editor.toolTip() == custom.param.help
    assert not panel.widgets["rng_skip"].isEnabled()


def test_a_setting_with_several_conditions_needs_them_all(qtbot):
    """Snow coverage is 15.2's and the arctic's; the river settings need rivers."""
    panel = panel_of(qtbot, registry.declaration("tgp").params)
    snow, length = panel.widgets["snow_coverage"], panel.widgets["min_river_length"]
    panel.set_values({"openttd": "15.2", "landscape": "temperate"})
    assert not snow.isEnabled() and \
        "Climate Temperate has no such setting (only Sub-arctic)" in snow.toolTip()
    panel.set_values({"landscape": "arctic"})
    assert snow.isEnabled()
    panel.set_values({"openttd": "r13671"})
    assert not snow.isEnabled() and "r13671 has no such setting (only 15.2)" in snow.toolTip()
    panel.set_values({"openttd": "15.2", "rivers": 0})
    assert not length.isEnabled() and "Rivers none has no such setting" in length.toolTip()
    panel.set_values({"rivers": 1})
    assert length.isEnabled() and snow.isEnabled()


def test_the_seed_is_announced_as_the_seed(qtbot):
    panel = panel_of(qtbot, (SIDE,))
    with qtbot.waitSignal(panel.seedChanged) as got, \
            qtbot.assertNotEmitted(panel.paramChanged):
        panel.seed_row.set_seed(77, announce=True)
    assert got.args == [77]


def test_a_kind_takes_a_second_editor_only_when_asked_to_replace(monkeypatch):
    monkeypatch.setitem(EDITORS, "int", EDITORS["int"])
    with pytest.raises(ValueError, match="'int' has an editor already"):
        register_editor("int", NumberSlider)
    assert EDITORS["int"] is IntEditor
    register_editor("int", IntEditor, replace=True)
    assert EDITORS["int"] is IntEditor


def test_an_unknown_kind_has_no_editor():
    odd = Param("x", "X", "int", 1)
    object.__setattr__(odd, "kind", "colour")
    with pytest.raises(ValueError, match="no editor for the Param kind 'colour'"):
        editor_for(odd)


def test_a_declared_generators_panel_has_its_kind_of_seed(qtbot):
    for name in registry.names():
        decl = registry.declaration(name)
        panel = ParamPanel.for_declaration(decl)
        qtbot.addWidget(panel)
        assert set(panel.widgets) == {p.name for p in decl.params}
        assert panel.seed() == decl.default_seed and panel.seed_row.text == \
            (decl.seed_kind == "text")
