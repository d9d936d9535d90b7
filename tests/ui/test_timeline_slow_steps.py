"""A timeline step whose picture takes more than a moment: the caption says
at once that it is on its way (it never describes a picture not shown yet),
the map says so too, and both say what the step is when it comes."""

from __future__ import annotations

import time

from window_waits import settle

from viewer.workbench import model


def test_a_slow_step_says_its_picture_is_on_its_way(qtbot, window, monkeypatch):
    w = window
    w.workbench.set_values({"size": (128, 128), "rivers": 3}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    tl = w.timeline
    river = next(first for name, first in tl.phases() if name == "rivers")
    slow = model.timed_picture

    def slower(*args, **kw):
        time.sleep(0.6)                       # as a 4096x4096 map's step
        return slow(*args, **kw)

    monkeypatch.setattr(model, "timed_picture", slower)
    tl.set_step(river + 1)
    described = tl.trace.describe(river + 1)
    assert "on its way" in tl.caption.text() and "finished map" in tl.caption.text()
    assert described not in tl.caption.text()
    qtbot.wait(300)
    assert w.map_view.is_waiting() and "drawing step" in w.map_view.waiting.toPlainText()
    assert w.state.final                      # the map still shows what it said
    settle(qtbot, w, lambda: not w.workbench.drawing())
    assert w.state.step == river + 1
    assert described in tl.caption.text() and "on its way" not in tl.caption.text()
    assert not w.map_view.is_waiting()


def test_a_quick_step_says_nothing_over_the_map(qtbot, window):
    w = window
    tl = w.timeline
    settle(qtbot, w)
    tl.set_step(3)
    settle(qtbot, w, lambda: not w.workbench.drawing())
    qtbot.wait(200)
    assert not w.map_view.is_waiting()
    assert tl.trace.describe(3) in tl.caption.text()
