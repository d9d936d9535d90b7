"""A random user: 3 x 300 actions on every kind of control (generator
switches, combo boxes, sliders and their typed numbers, spin boxes, text
fields, check boxes, the seed, layers, View toggles, the timeline, hovering
the map, regenerate and cancel, A/B compare), in any order, with hostile text.  Any
uncaught exception fails the test (pytest-qt turns one raised in a Qt slot
into a failure); at the end the window still shows a map it can describe."""

from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit
from superqt import QLabeledDoubleSlider, QLabeledSlider

from viewer.ui.main_window import MainWindow

HOSTILE = ["", " ", "-1", "0", "1e400", "nan", "inf", "-inf", "3.7", "999999", "2**31",
           "abc", "12x", "x", "0x0", "64x", "65536x65536", "7x5", "²", "\x00", "💥" * 3,
           "1,5", "../../etc/passwd", "%s%n", "-0", "4096x4096", "8x8", "128x64"]


def _text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(HOSTILE)
    return str(rng.randint(-10, 10**rng.randint(1, 7)))


def _param_action(w: MainWindow, rng: random.Random) -> None:
    widgets = list(w.param_panel.widgets.values())
    if not widgets:
        return
    pw = rng.choice(widgets)
    ed, kind = pw.editor, pw.param.kind
    if isinstance(ed, (QLabeledSlider, QLabeledDoubleSlider)):
        if rng.random() < 0.6:
            lo, hi = ed.minimum(), ed.maximum()
            ed.setValue(rng.uniform(lo, hi) if kind == "float" else rng.randint(int(lo), int(hi)))
        else:
            ed._label.setText(_text(rng))
            ed._label.editingFinished.emit()
    elif isinstance(ed, QComboBox):
        if ed.isEditable() and rng.random() < 0.5:
            ed.setCurrentText(_text(rng))
            ed.lineEdit().editingFinished.emit()
        elif ed.count():
            i = rng.randrange(ed.count())
            ed.setCurrentIndex(i)
            ed.activated.emit(i)
    elif isinstance(ed, QCheckBox):
        ed.toggle()
    elif isinstance(ed, QLineEdit):
        ed.setText(_text(rng))
        ed.editingFinished.emit()
    elif kind == "path":
        pw.path_field.setText(rng.choice(["", "/nonexistent.png", "/dev/null", "/etc/hostname"]))
        pw.path_field.editingFinished.emit()
    elif kind == "curve":
        xs = sorted(rng.uniform(0, 90) for _ in range(rng.randint(2, 5)))
        ed.set_points(tuple((x, rng.uniform(0, 1)) for x in xs), announce=True)


def _act(w: MainWindow, rng: random.Random, qtbot) -> None:
    r = rng.random()
    if r < 0.06:
        w.generator_box.setCurrentIndex(rng.randrange(w.generator_box.count()))
    elif r < 0.45:
        _param_action(w, rng)
    elif r < 0.52:
        row = w.param_panel.seed_row
        if rng.random() < 0.5:
            row.new_seed()
        else:
            row.field.setText(_text(rng))
            row.field.editingFinished.emit()
    elif r < 0.60:
        if w.layer_list.count():
            w.layer_list.setCurrentRow(rng.randrange(w.layer_list.count()))
    elif r < 0.72:
        # hover: inside, at the edges and outside of the map
        if w.result is not None:
            g = w.result.grid
            w.inspect(rng.randint(-3, g.width + 3), rng.randint(-3, g.height + 3))
        vp = w.map_view.viewport()
        qtbot.mouseMove(vp, QPoint(rng.randrange(max(1, vp.width())),
                                   rng.randrange(max(1, vp.height()))))
    elif r < 0.82:
        tl = w.timeline
        rng.choice([lambda: tl.set_step(rng.randint(-5, tl.n_steps + 5)), tl.next, tl.prev,
                    tl.first, tl.last, tl.next_phase])()
    elif r < 0.88:
        acts = w.menus.toggles
        if acts:
            rng.choice(acts).trigger()
    elif r < 0.93:
        w.request_generation(force=True)
    elif r < 0.96:
        w.cancel_generation()
    elif r < 0.98:
        # A/B compare: pin, unpin, or switch what A shows
        rng.choice([w.compare.pin, w.compare.unpin,
                    lambda: w.compare.mode.setCurrentIndex(rng.randrange(2))])()
    else:
        w.resize(rng.randint(300, 1900), rng.randint(250, 1100))
    qtbot.wait(rng.choice([0, 0, 1, 5, 20]))


SEEDS = [int(s) for s in os.environ.get("RANDOM_USER_SEEDS", "1,2,3").split(",")]
"""Three users in CI; ``RANDOM_USER_SEEDS=4,5,...`` sends more."""


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_user_meets_no_exception(qtbot, seed, private_settings):
    rng = random.Random(seed)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    try:
        shown = set()
        for _ in range(300):
            _act(w, rng, qtbot)
            if w.result is not None:
                shown.add(w.result.generator)
        w.cancel_generation()
        w.request_generation(force=True)
        qtbot.waitUntil(lambda: not w.busy(), timeout=180_000)
        if w.result is not None:
            g = w.result.grid
            assert isinstance(w.inspect(0, 0), dict)
            assert w.shown_image() is not None and w.state.result is w.result
            assert w.result.generator == w.generator.name or w.message.text()
            assert g.width > 0
        # the user did get around: maps of several generators, many runs
        assert len(shown) >= 2 and w.runs_done >= 10, (shown, w.runs_done)
    finally:
        w.shutdown()
