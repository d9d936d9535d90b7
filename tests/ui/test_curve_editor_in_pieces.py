"""The curve editor (a pyqtgraph plot) made in pieces when its panel is
built ahead, a piece a step of the panel's build: its text field and a
stand-in of the plot's size first, the plot's parts in later steps; shown
before it is whole, it is finished at once, and it works the same."""

from __future__ import annotations

from viewer import registry
from viewer.engine.params import Param
from viewer.ui.curve_editor import PLOT_HEIGHT, CurveEditor
from viewer.ui.param_panel import ParamPanel

CURVE = Param("curve", "Curve", "curve", ((0.0, 0.0), (1.0, 1.0)))


def test_the_ports_panel_makes_its_curve_editor_over_several_steps(qtbot):
    decl = registry.declaration("ports")
    curves = [p.name for p in decl.params if p.kind == "curve"]
    assert curves
    panel = ParamPanel(decl.params, seed=decl.default_seed, whole=False)
    qtbot.addWidget(panel)
    unfinished = dict.fromkeys(curves, 0)    # steps ended with the editor not whole
    while not panel.build_some(0.0):         # (one step a call)
        for name in curves:
            w = panel.widgets.get(name)
            if w is not None and not w.editor.whole:
                unfinished[name] += 1
    assert all(n >= 3 for n in unfinished.values()), unfinished
    for name in curves:
        editor = panel.widgets[name].editor
        assert editor.whole and editor.plot.height() == PLOT_HEIGHT
        assert editor.value() == tuple(registry.declaration("ports").param(name).default)


def test_a_curve_editor_shown_before_it_is_whole_is_finished_at_once(qtbot):
    panel = ParamPanel((CURVE,), whole=False)
    qtbot.addWidget(panel)
    panel.build_some(0.0)                    # the row: the editor, its plot not made
    editor = panel.widgets["curve"].editor
    assert isinstance(editor, CurveEditor) and not editor.whole
    assert editor.text.text() == "0:0, 1:1"
    editor.set_points(((0.0, 0.5), (1.0, 0.25)))     # (a kept panel's values, set)
    panel.show()
    assert editor.whole
    qtbot.waitUntil(editor.plot.isVisible)      # (a turn later: see below)
    qtbot.waitExposed(panel)
    # it looks as one made at once: its left and bottom axes only
    made_at_once = CurveEditor(((0.0, 0.5), (1.0, 0.25)))
    qtbot.addWidget(made_at_once)
    made_at_once.show()
    for e in (editor, made_at_once):
        assert [s for s in ("left", "bottom", "top", "right")
                if e.plot.getAxis(s) is not None and e.plot.getAxis(s).isVisible()] \
            == ["left", "bottom"]
    # it works as one made at once: the points drawn, a point added and removed
    assert [tuple(p) for p in editor.graph.pos] == [(0.0, 0.5), (1.0, 0.25)]
    with qtbot.waitSignal(editor.changed):
        assert editor.add_point(0.5, 0.75) == 1
    assert editor.text.text() == "0:0.5, 0.5:0.75, 1:0.25"
    with qtbot.waitSignal(editor.changed):
        editor.remove_point(1)
    assert editor.value() == ((0.0, 0.5), (1.0, 0.25))
    assert len(editor.graph.pos) == 2


def test_a_curve_editor_makes_no_menus_it_never_shows(qtbot):
    # pyqtgraph's PlotItem makes its options menu (a form of some forty
    # widgets) and its view box another: 5-7 ms for what is never shown
    from PySide6.QtWidgets import QApplication, QMenu

    before = set(QApplication.allWidgets())
    editor = CurveEditor(((0.0, 0.5), (1.0, 0.25)), x_label="x", y_label="y")
    qtbot.addWidget(editor)
    made = set(QApplication.allWidgets()) - before
    assert editor.whole and editor.plot in made
    assert not [w for w in made if isinstance(w, QMenu)]
    assert len(made) <= 12, sorted(type(w).__name__ for w in made)


def test_the_plot_is_shown_a_turn_after_its_editor_its_room_kept(qtbot):
    # the plot's first paint (5-9 ms) is not in the pass that places a panel
    editor = CurveEditor(((0.0, 0.5), (1.0, 0.25)))
    qtbot.addWidget(editor)
    editor.show()
    editor.layout().activate()
    below = editor.text.y()
    assert editor.plot.isHidden() and below >= PLOT_HEIGHT
    qtbot.waitUntil(editor.plot.isVisible)
    assert editor.text.y() == below and editor.plot.height() == PLOT_HEIGHT


def test_the_axes_have_the_room_of_their_labels_before_the_first_paint(qtbot):
    # else the first paint takes the room it finds, the axes then ask for the
    # room of their labels, and the plot is laid out and painted again
    editor = CurveEditor(((0.0, 0.5), (30.0, 1.0), (90.0, 0.0)), x_range=(0.0, 90.0),
                         mirror=True, x_label="latitude", y_label="weight")
    qtbot.addWidget(editor)
    axes = editor.plot.axes

    def room():
        return axes["left"].minimumWidth(), axes["bottom"].minimumHeight()
    before = room()
    editor.show()
    qtbot.waitUntil(editor.plot.isVisible)
    qtbot.waitExposed(editor)
    editor.plot.grab()                   # (painted)
    assert room() == before
