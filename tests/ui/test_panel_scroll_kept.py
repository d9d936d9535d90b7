"""Each generator's parameter panel keeps its place in the Parameters dock:
scrolled down on one generator, a switch shows the next one's panel where
the user left it (at its top the first time), not at the last one's place."""

from __future__ import annotations

from window_waits import settle

SMALL_TGP = {"size": (64, 64), "stop_after": "rivers"}


def _switch(qtbot, w, name: str) -> None:
    w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name
           and w.param_area.widget().currentWidget() is w.param_panel)
    qtbot.wait(50)      # (the new panel's layout, and the scroll range it makes)


def _bar(w):
    return w.param_area.verticalScrollBar()


def test_each_panel_is_shown_where_the_user_left_it(qtbot, window):
    w = window
    w.resize(1100, 500)             # a dock shorter than the panels: they scroll
    w.workbench.set_values(SMALL_TGP, of="tgp")
    _switch(qtbot, w, "tgp")
    bar = _bar(w)
    assert bar.maximum() > 100, bar.maximum()
    assert bar.value() == 0
    bar.setValue(bar.maximum())                 # the user scrolls to TGP's last rows
    tgp_place = bar.value()
    _switch(qtbot, w, "fairland")
    assert _bar(w).value() == 0                 # fairland's panel at its top, not TGP's place
    if _bar(w).maximum() > 0:
        _bar(w).setValue(_bar(w).maximum() // 2)
    fairland_place = _bar(w).value()
    _switch(qtbot, w, "tgp")
    assert _bar(w).value() == tgp_place         # TGP's panel where it was left
    _switch(qtbot, w, "fairland")
    assert _bar(w).value() == fairland_place
