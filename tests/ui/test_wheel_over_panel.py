"""The wheel over the parameter panel scrolls it; a slider or a combo box
under the pointer changes only when it has the focus (a click or Tab gives
it), as in Qt's own settings dialogs."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QScrollArea

from viewer.engine.params import Param
from viewer.ui.param_panel import ParamPanel

PARAMS = tuple(Param(f"p{i}", f"Setting {i}", "int", 50, minimum=0, maximum=100)
               for i in range(20)) + (
    Param("mode", "Mode", "choice", "b", choices=("a", "b", "c")),
    Param("size", "Size", "size", (64, 64), suggestions=("32x32", "64x64", "128x128")),
)


def wheel_on(widget, down: bool = True) -> None:
    pos = QPointF(widget.rect().center())
    delta = -120 if down else 120
    ev = QWheelEvent(pos, QPointF(widget.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                     QPoint(0, delta), Qt.MouseButton.NoButton,
                     Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, ev)


def scrolled_panel(qtbot):
    panel = ParamPanel(PARAMS)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(panel)
    area.resize(360, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    focused = QApplication.focusWidget()
    if focused is not None:
        focused.clearFocus()            # as after a click on the map
    return area, panel


def test_the_wheel_over_an_unfocused_slider_scrolls_the_panel(qtbot):
    area, panel = scrolled_panel(qtbot)
    slider = panel.widgets["p0"].editor.slider
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    changed = []
    panel.paramChanged.connect(lambda *a: changed.append(a))
    wheel_on(slider)
    assert panel.values()["p0"] == 50 and not changed
    assert bar.value() > 0                          # the panel scrolled instead


def test_an_unfocused_choice_or_size_is_not_changed_by_the_wheel(qtbot):
    area, panel = scrolled_panel(qtbot)
    bar = area.verticalScrollBar()
    bar.setValue(bar.maximum())
    before = panel.values()
    for name in ("mode", "size"):
        wheel_on(panel.widgets[name].editor, down=False)
    assert panel.values() == before
    assert bar.value() < bar.maximum()


def test_a_focused_slider_takes_the_wheel(qtbot):
    area, panel = scrolled_panel(qtbot)
    slider = panel.widgets["p0"].editor.slider
    changed = []
    panel.paramChanged.connect(lambda *a: changed.append(a))
    slider.setFocus()
    qtbot.waitUntil(slider.hasFocus)
    wheel_on(slider, down=False)
    assert panel.values()["p0"] != 50 and changed
    assert area.verticalScrollBar().value() == 0


def test_the_wheel_never_gives_a_slider_the_focus(qtbot):
    area, panel = scrolled_panel(qtbot)
    slider = panel.widgets["p0"].editor.slider
    assert not slider.focusPolicy() & Qt.FocusPolicy.WheelFocus & ~Qt.FocusPolicy.StrongFocus
    wheel_on(slider)
    assert not slider.hasFocus()
