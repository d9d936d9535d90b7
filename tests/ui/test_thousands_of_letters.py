"""Thousands of marker letters on a map (a 4096² first frame's lighthouses
and transmitters): set a few hundred a turn of the event loop from the turn
after the map's, into one pair of scatter items, each letter where its
marker is, and a next map with fewer letters shows only its own."""

from __future__ import annotations

import numpy as np

from viewer.engine.protocol import Marker
from viewer.ui.map_view import LETTERS_PER_ITEM, LETTERS_PER_TURN, MapView


def markers(n: int, seed: int, size: int = 512) -> list[Marker]:
    rng = np.random.default_rng(seed)
    return [Marker("lighthouse" if i % 3 else "transmitter", "L" if i % 3 else "T",
                   int(x), int(y)) for i, (x, y) in enumerate(rng.integers(0, size, (n, 2)))]


def shown(view: MapView) -> int:
    return sum(len(letters.data) for _boxes, letters in view._letter_items
               if letters.isVisible())


def test_thousands_of_letters_come_in_turns_each_at_its_marker(qtbot):
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    rgba = np.zeros((512, 512, 4), np.uint8)
    many = markers(LETTERS_PER_ITEM + LETTERS_PER_TURN * 2 + 7, seed=1)
    view.show_map(rgba, (512, 512), 1, many, hexes=False)
    assert shown(view) == 0                 # none in the turn that shows the map
    qtbot.waitUntil(lambda: shown(view) == len(many), timeout=10_000)
    # in as few pairs of scatter items as hold them (each item costs every
    # paint), filled a turn's worth at a time
    assert [letters.isVisible() for _boxes, letters in view._letter_items] == [True, True]
    placed = view.letter_positions()
    assert [(label, x, y) for label, x, y in placed] == \
        [(m.label, m.x + 0.5, m.y + 0.5) for m in many]
    few = markers(5, seed=2)
    view.show_map(rgba, (512, 512), 1, few, hexes=False)
    qtbot.waitUntil(lambda: shown(view) == len(few), timeout=10_000)
    assert sorted(view.letter_positions()) == sorted((m.label, m.x + 0.5, m.y + 0.5)
                                                    for m in few)
