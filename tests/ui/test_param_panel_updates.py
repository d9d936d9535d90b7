"""What a step of a slider updates in the parameter panel: its own value
(number or name), the value column's width when a value needs more room,
and the greying of the parameters that depend on the value changed; a
greyed parameter keeps following the values it is given."""

from __future__ import annotations

from viewer.engine.params import Param
from viewer.ui.param_editors import NumberSlider
from viewer.ui.param_panel import ParamPanel
from viewer.workbench import Workbench


def tgp_panel(qtbot) -> tuple[ParamPanel, Workbench]:
    wb = Workbench("tgp")
    panel = ParamPanel(wb.generator.params)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_values(wb.values)
    panel.paramChanged.connect(wb.set_value)
    panel.follow(wb)
    return panel, wb


def value_boxes(panel: ParamPanel) -> list:
    return [w.editor.value_box() for w in panel.widgets.values()
            if isinstance(w.editor, NumberSlider)]


def test_each_slider_step_shows_the_new_values_name(qtbot):
    panel, wb = tgp_panel(qtbot)
    w = panel.widgets["smoothness"]
    names = w.param.labels
    seen = []
    panel.paramChanged.connect(lambda p, v: seen.append((p, v)))
    w.editor.slider.setValue(0)
    seen.clear()
    start = value = 0
    for step in (1, 2, -1):
        value += step
        w.editor.slider.setValue(w.editor.slider.value() + step)
        assert w.value() == value == wb.values["smoothness"]
        assert w.value_label() == names[value]
        assert w.editor.name_label.text() == names[value]
    assert seen == [("smoothness", start + 1), ("smoothness", start + 3),
                    ("smoothness", start + 2)]


def test_a_step_of_a_number_slider_shows_the_number(qtbot):
    panel, wb = tgp_panel(qtbot)
    panel.widgets["terrain"].editor.slider.setValue(5)       # custom: its height counts
    w = panel.widgets["custom_terrain"]
    for v in (40, 41, 42):
        w.editor.setValue(v)
        assert w.editor.field.text() == str(v) and wb.values["custom_terrain"] == v


def test_a_longer_value_widens_every_value_box_alike(qtbot):
    wide = Param("wide", "Wide", "int", 5, minimum=0, help="no maximum")
    panel = ParamPanel((wide, Param("other", "Other", "int", 3, minimum=0, maximum=9)))
    qtbot.addWidget(panel)
    panel.show()
    before = {b.width() for b in value_boxes(panel)}
    assert len(before) == 1
    field = panel.widgets["wide"].editor.field
    field.setText("1234567890")
    field.editingFinished.emit()          # (Return, or leaving the field)
    assert panel.values()["wide"] == 1234567890
    boxes = value_boxes(panel)
    widths = {b.minimumWidth() for b in boxes}
    assert len(widths) == 1 and widths.pop() > before.pop()
    assert field.fontMetrics().horizontalAdvance(field.text()) <= field.minimumWidth()
    # a step back to a short value keeps the column (no jump while dragging)
    panel.widgets["wide"].editor.setValue(7)
    assert {b.minimumWidth() for b in boxes} == {boxes[0].minimumWidth()}
    assert boxes[0].minimumWidth() >= field.fontMetrics().horizontalAdvance("1234567890")


def test_greyed_params_keep_the_values_they_are_given(qtbot):
    panel, wb = tgp_panel(qtbot)
    custom = panel.widgets["custom_terrain"]
    label = panel._label_of["custom_terrain"]
    panel.widgets["terrain"].editor.slider.setValue(5)
    assert custom.isEnabled() and label.isEnabled()
    panel.widgets["terrain"].editor.slider.setValue(1)
    assert not custom.isEnabled() and not label.isEnabled()
    assert "has no such setting" in custom.toolTip() and "has no such setting" in label.toolTip()
    wb.set_value("custom_terrain", 77)             # e.g. a preset, while it does not count
    assert custom.value() == 77 and custom.editor.field.text() == "77"
    panel.widgets["terrain"].editor.slider.setValue(5)
    assert custom.isEnabled() and label.isEnabled()
    assert custom.toolTip() == custom.param.help == label.toolTip()
    assert custom.value() == 77 and custom.editor.field.text() == "77"


def test_a_new_reason_while_greyed_reaches_the_tooltip_and_the_editor(qtbot):
    panel, wb = tgp_panel(qtbot)
    custom = panel.widgets["custom_terrain"]
    panel.widgets["terrain"].editor.slider.setValue(1)
    assert not custom.isEnabled()
    flat_tip = custom.toolTip()
    assert not custom.editor.absent_label.isVisibleTo(panel)
    wb.set_value("openttd", "r13671")               # still greyed, now for another reason
    assert not custom.isEnabled()
    assert custom.toolTip() != flat_tip and "15.2" in custom.toolTip()
    assert custom.editor.absent_label.isVisibleTo(panel)      # r13671 has no such setting
    wb.set_value("openttd", "15.2")
    assert custom.toolTip() == flat_tip and not custom.editor.absent_label.isVisibleTo(panel)


def test_a_step_of_a_value_nothing_depends_on_leaves_the_greying_alone(qtbot):
    panel, wb = tgp_panel(qtbot)
    panel.widgets["terrain"].editor.slider.setValue(1)
    greyed = {n for n, w in panel.widgets.items() if not w.isEnabled()}
    assert "custom_terrain" in greyed
    panel.widgets["smoothness"].editor.slider.setValue(2)
    assert {n for n, w in panel.widgets.items() if not w.isEnabled()} == greyed
    panel.widgets["terrain"].editor.slider.setValue(5)
    assert "custom_terrain" not in {n for n, w in panel.widgets.items() if not w.isEnabled()}


def test_remembered_widths_are_those_of_their_own_font(qtbot):
    from PySide6.QtGui import QFont, QFontMetrics

    from viewer.ui.text_width import widest

    small, big = QFont(), QFont()
    small.setPointSize(8)
    big.setPointSize(24)
    texts = ("very smooth  ", "rough  ", "1234567")
    for font in (small, big, small):            # (the second time for small: remembered)
        assert widest(font, texts) == max(QFontMetrics(font).horizontalAdvance(t)
                                          for t in texts)
    assert widest(big, texts) > widest(small, texts)
    assert widest(small, ()) == 0
