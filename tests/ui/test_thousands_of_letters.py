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


def a_view(qtbot) -> tuple[MapView, np.ndarray]:
    """A map view shown, and a blank 512² picture for it."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    return view, np.zeros((512, 512, 4), np.uint8)


def test_thousands_of_letters_come_in_turns_each_at_its_marker(qtbot):
    view, rgba = a_view(qtbot)
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


def test_letters_sorted_out_once_each_label_and_told_apart_by_their_key():
    from viewer.ui.map_view import letters_of

    some = markers(50, seed=3) + [Marker("port", "P", 3, 4)]
    letters = letters_of(some)
    assert letters.labels == ["T", "L", "P"]           # each once, in the order they come
    assert [letters.labels[c] for c in letters.codes] == [m.label for m in some]
    assert letters.cells.tolist() == [[m.x, m.y] for m in some]
    assert letters_of(list(some)).key == letters.key
    moved = some[:-1] + [Marker("port", "P", 3, 5)]
    renamed = some[:-1] + [Marker("port", "Q", 3, 4)]
    kind = some[:-1] + [Marker("harbour", "P", 3, 4)]
    assert all(letters_of(other).key != letters.key for other in (moved, renamed, kind))


def test_a_zoom_resizes_the_first_pair_at_once_and_each_other_item_in_a_turn(qtbot):
    from viewer.ui.map_view import BOX_PER_LETTER

    view, rgba = a_view(qtbot)
    many = markers(LETTERS_PER_ITEM * 2 + 7, seed=4)
    view.show_map(rgba, (512, 512), 1, many, hexes=False)
    qtbot.waitUntil(lambda: shown(view) == len(many), timeout=10_000)
    pairs = [pair for pair in view._letter_items if pair[1].isVisible()]
    assert len(pairs) == 3
    before = pairs[0][1].opts["size"]
    view.vb.scaleBy((0.06, 0.06))                       # zoom in: larger letters
    px = view._letter_px
    assert px > before
    sizes = [(boxes.opts["size"], letters.opts["size"]) for boxes, letters in pairs]
    assert sizes[0] == (round(px * BOX_PER_LETTER), px)     # the first pair at once
    assert sizes[1:] != [sizes[0]] * 2                  # the others in the turns to come
    qtbot.waitUntil(lambda: all((b.opts["size"], t.opts["size"]) == sizes[0]
                                for b, t in pairs), timeout=10_000)
    # every spot drawn at the new size: its picture in the item's atlas that size
    for boxes, letters in pairs:
        assert set(letters.data["sourceRect"]["w"].tolist()) != {0}
        assert set(letters.data["size"].tolist()) == {-1}  # (the item's size, not its own)
