"""Hovering a far cell then shrinking the map, a large TGP map then ports, and a
generator switch: the old map is put away, nothing of it is read again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from viewer import registry
from window_waits import settle

WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


@pytest.mark.parametrize(("gen", "param", "big", "small", "cell"), [
    ("fairland", "world", (128, 64), (64, 32), (127, 63)),
    ("numberlink", "size", (20, 20), (5, 5), (19, 19)),
])
def test_hovering_a_far_cell_then_shrinking_the_map(qtbot, window, gen, param, big, small,
                                                       cell):
    w = window
    if w.generator.name != gen:
        w.set_generator(gen)
        settle(qtbot, w, lambda: w.result.generator == gen)
    choose(w, param, big)
    settle(qtbot, w, lambda: (w.result.grid.width, w.result.grid.height) == big)
    assert w.inspect(*cell)                               # the far corner is described
    choose(w, param, small)
    settle(qtbot, w, lambda: (w.result.grid.width, w.result.grid.height) == small)
    assert w.inspector.as_dict() == {}                    # the old cell is gone with its map
    assert f"{small[0]}x{small[1]}" in w.message.text()
    assert w.inspect(*cell) == {}                         # outside the new map: nothing
    if gen == "fairland":
        table = w.gen_view.fairness_panel.table
        assert table.rowCount() == w.result.params["nc"] + 1


def test_a_large_tgp_map_then_ports(qtbot, window):
    w = window
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    choose(w, "size", (1024, 1024))
    settle(qtbot, w, lambda: w.result.grid.width == 1024)
    assert w.inspect(1020, 1020)
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert w.inspector.as_dict() == {} and w.inspect(1020, 1020) == {}


def test_a_generator_switch_puts_the_old_map_away(qtbot, window):
    w = window
    w.set_generator("ports", generate=False)
    assert w.result is None and w.state is None
    assert w.legend.legend is None and w.map_view.is_waiting()
    names = [w.layer_list.item(i).data(Qt.ItemDataRole.UserRole)
             for i in range(w.layer_list.count())]
    assert names == list(registry.declaration("ports").layer_info)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert not w.map_view.is_waiting()
