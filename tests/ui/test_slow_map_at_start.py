"""Start-up does not silently make again a map that took more than a few
seconds: the window offers it (a banner and its button), and a quick one is
made as before."""

from __future__ import annotations

from window_waits import settle

from viewer.ui.main_window import MainWindow
from viewer.ui.settings import make_settings


def _window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    return w


def test_a_slow_last_map_is_offered_not_made(qtbot):
    s = make_settings()
    s.setValue("run_seconds", 62.0)
    s.sync()
    w = _window(qtbot)
    try:
        qtbot.wait(200)
        assert w.result is None and w.runs_done == 0 and not w.busy()
        assert "took 62 s" in w.banner.text() and w.banner.button.isVisible()
        assert not w.map_view.is_waiting()
        w.banner.button.click()                 # asked for: made
        settle(qtbot, w)
        assert w.result is not None and not w.banner.isVisible()
    finally:
        w.shutdown()


def test_a_quick_last_map_is_made_at_once_and_its_time_kept(qtbot):
    w = _window(qtbot)
    try:
        settle(qtbot, w)
        assert w.runs_done >= 1
        assert float(make_settings().value("run_seconds")) < 5
    finally:
        w.shutdown()
