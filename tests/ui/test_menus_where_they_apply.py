"""Quit is the last item of the File menu whatever the generator adds to
it; "Outline one period" is offered only on a torus; the climates read as
the game's, the command line keeping its short names."""

from __future__ import annotations

import pytest
from window_waits import settle

from viewer import registry


def _file_items(w) -> list[str]:
    return [a.text().replace("&", "") for a in w.menus["File"].actions() if a.text()]


@pytest.mark.parametrize("name", registry.names())
def test_quit_is_the_last_file_item_and_the_period_outline_only_on_a_torus(qtbot, window,
                                                                          name):
    w = window
    if w.generator.name != name:
        w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name)
    items = _file_items(w)
    assert items[-1] == "Quit", items
    torus = name == "fairland"
    assert w.period_action.isVisible() == torus and w.period_action.isEnabled() == torus


def test_the_climate_is_named_as_the_game_names_it(qtbot, window):
    w = window
    w.workbench.set_values({"size": (64, 64)}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    box = w.param_panel.widgets["landscape"].editor
    i = box.findText("Sub-arctic")
    assert i >= 0
    box.setCurrentIndex(i)
    settle(qtbot, w, lambda: w.result.params["landscape"] == "arctic")
    assert w.workbench.values["landscape"] == "arctic"
    assert "--landscape arctic" in w.workbench.map_id()
    assert w.workbench.undo_text() == "Climate Temperate -> Sub-arctic"
