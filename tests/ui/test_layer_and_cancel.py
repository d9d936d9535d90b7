"""A layer chosen while a map is generating is the one shown when it
arrives (drawn inline or by a job); a cancelled run puts the panel back to
the values and seed of the map shown, and says so."""

from __future__ import annotations

import pytest
from window_waits import settle

from viewer.workbench import model


def _tgp_small(qtbot, w) -> None:
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.workbench.set_values({"size": (64, 64)})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == 64)


def _current_layer(w) -> str:
    item = w.layer_list.currentItem()
    return item.data(0x0100) if item is not None else ""


@pytest.mark.parametrize("slow", [False, True], ids=["inline", "by a job"])
def test_a_layer_chosen_while_generating_is_the_one_shown(qtbot, window, monkeypatch, slow):
    w = window
    _tgp_small(qtbot, w)
    if slow:
        monkeypatch.setattr(model, "DRAW_INLINE_S", -1.0)    # every picture drawn by a job
    first = w.layer_name
    chosen = "ground" if first != "ground" else "water"
    w.workbench.set_seed(4242)
    assert w.request_generation() is not None
    w.select_layer(chosen)                        # before the map arrives
    settle(qtbot, w, lambda: w.result.seed == 4242)
    assert w.layer_name == chosen
    assert _current_layer(w) == chosen
    assert (w.shown_image() == w.current_picture().rgba).all()


def test_a_cancelled_run_puts_the_panel_back_to_the_map_shown(qtbot, window):
    w = window
    _tgp_small(qtbot, w)
    shown = w.result
    panel = w.param_panel
    w.workbench.set_value("size", (512, 512))
    w.workbench.set_seed(99)
    assert w.request_generation() is not None
    w.cancel_generation()
    settle(qtbot, w)
    assert w.result is shown
    assert panel.widgets["size"].value() == "64x64"
    assert str(panel.seed()) == str(shown.seed)
    assert "back to" in w.message.text() and "map shown" in w.message.text()
    assert w.workbench.undo_text() == "Cancel: back to the map shown"
    # asking again for the cancelled values makes that map
    w.workbench.undo()
    settle(qtbot, w, lambda: w.result.grid.width == 512)
