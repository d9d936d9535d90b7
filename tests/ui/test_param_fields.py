"""Numbers typed into a slider's field: what the Param takes is taken (the
slider widens past its usual range), anything else is refused beside the
field and the field shows the value kept."""

from __future__ import annotations

import pytest
import registered

from viewer import registry
from viewer.ui.param_panel import ParamPanel


def _type(qtbot, widget, text: str) -> None:
    label = widget.editor.field
    label.setText(text)
    label.editingFinished.emit()


@pytest.mark.parametrize(("name", "text"), [("sp", "999999"), ("ni", "1e400"), ("ni", "3.7"),
                                           ("ni", "-5"), ("ni", "abc"), ("ni", "")])
def test_a_refused_number_says_so_and_keeps_the_value(qtbot, name, text):
    gen = registry.declaration("fairland").engine
    panel = ParamPanel(gen.params)
    qtbot.addWidget(panel)
    w = panel.widgets[name]
    before = w.editor.value()
    with qtbot.assertNotEmitted(panel.changed):
        _type(qtbot, w, text)
    assert w.editor.value() == before
    assert w.editor.field.text() == str(before)          # the field shows the value kept
    assert not w.error.isHidden()
    assert f"kept {before}" in w.error.text() and w.param.label in w.error.text()


def test_many_islands_widen_the_slider(qtbot):
    """Islands has no upper bound: 999999 is taken (the world decides later)."""
    panel = ParamPanel(registry.declaration("fairland").engine.params)
    qtbot.addWidget(panel)
    _type(qtbot, panel.widgets["ni"], "999999")
    assert panel.values()["ni"] == 999999


def test_a_number_beyond_the_slider_but_within_the_param_is_taken(qtbot):
    gen = registry.declaration("tgp").engine
    prm = next(p for p in gen.params if p.name == "rng_skip")
    panel = ParamPanel(gen.params)
    qtbot.addWidget(panel)
    panel.set_values({"openttd": "r13671"})     # where the setting exists
    w = panel.widgets["rng_skip"]
    assert w.isEnabled() and w.editor.maximum() < 1000 <= prm.maximum
    with qtbot.waitSignal(panel.changed):
        _type(qtbot, w, "1000")
    assert w.editor.value() == 1000 and panel.values()["rng_skip"] == 1000
    assert w.editor.field.text() == "1000" and w.error.isHidden()
    _type(qtbot, w, str(prm.maximum + 1))
    assert w.editor.value() == 1000 and "at most" in w.error.text()


def test_a_float_field_refuses_nan(qtbot):
    gen = registry.declaration("ports").engine
    panel = ParamPanel(gen.params)
    qtbot.addWidget(panel)
    name, w = next((n, w) for n, w in panel.widgets.items() if w.param.kind == "float")
    before = w.editor.value()
    _type(qtbot, w, "nan")
    assert w.editor.value() == before and not w.error.isHidden()


def test_every_slider_ends_in_one_column_and_keeps_a_usable_length(qtbot, window):
    """In the window at its default size, for every generator (defect 12)."""
    from viewer.ui.param_editors import NumberSlider

    for name in registered.names():
        if window.generator.name != name:
            window.set_generator(name)
        qtbot.waitUntil(lambda n=name: window.result is not None
                        and window.result.generator == n and not window.busy(), timeout=60_000)
        panel = window.param_panel
        sliders = [w.editor for w in panel.widgets.values()
                   if isinstance(w.editor, NumberSlider)]
        assert len(sliders) >= 2, name
        rights = {s.slider.mapTo(panel, s.slider.rect().topRight()).x() for s in sliders}
        assert max(rights) - min(rights) <= 1, (name, sorted(rights))
        assert min(s.slider.width() for s in sliders) >= 100, name
        # every value is shown whole
        for s in sliders:
            label = s.field
            if label.isVisible():
                assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width(), \
                    (name, label.text(), label.width())
