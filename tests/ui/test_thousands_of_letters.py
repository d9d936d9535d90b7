"""Thousands of marker letters on a map (a 4096² first frame's lighthouses
and transmitters): set a few hundred a turn of the event loop from the turn
after the map's, into one pair of scatter items, each letter where its
marker is, and a next map with fewer letters shows only its own; at a zoom
where their boxes would overlap, only letters clear of each other show (the
rarer labels first), all of them again zoomed in."""

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


def lattice(n: int, step: int = 10) -> list[Marker]:
    """``n`` markers ``step`` cells apart on a 512² map, row by row."""
    per_row = 512 // step
    return [Marker("lighthouse" if i % 3 else "transmitter", "L" if i % 3 else "T",
                   (i % per_row) * step, (i // per_row) * step) for i in range(n)]


def zoomed_in(view: MapView, factor: float = 0.1) -> None:
    """Zoom in (before the letters of a map just shown are placed: all of
    them, as none is over another at this zoom)."""
    view.vb.scaleBy((factor, factor))


def a_view(qtbot) -> tuple[MapView, np.ndarray]:
    """A map view shown, and a blank 512² picture for it."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    return view, np.zeros((512, 512, 4), np.uint8)


def test_thousands_of_letters_come_in_turns_each_at_its_marker(qtbot):
    view, rgba = a_view(qtbot)
    many = lattice(LETTERS_PER_ITEM + LETTERS_PER_TURN * 2 + 7)
    view.show_map(rgba, (512, 512), 1, many, hexes=False)
    zoomed_in(view)
    assert shown(view) == 0                 # none in the turn that shows the map
    qtbot.waitUntil(lambda: shown(view) == len(many), timeout=10_000)
    # in as few pairs of scatter items as hold them (each item costs every
    # paint), filled a turn's worth at a time
    assert [letters.isVisible() for _boxes, letters in view._letter_items] == [True, True]
    placed = view.letter_positions()
    assert [(label, x, y) for label, x, y in placed] == \
        [(m.label, m.x + 0.5, m.y + 0.5) for m in many]
    few = lattice(5, step=100)
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
    many = lattice(LETTERS_PER_ITEM * 2 + 7)
    view.show_map(rgba, (512, 512), 1, many, hexes=False)
    zoomed_in(view, 0.2)
    qtbot.waitUntil(lambda: shown(view) == len(many), timeout=10_000)
    pairs = [pair for pair in view._letter_items if pair[1].isVisible()]
    assert len(pairs) == 3
    before = pairs[0][1].opts["size"]
    view.vb.scaleBy((0.3, 0.3))                         # zoom in: larger letters
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


def test_at_a_zoom_where_they_would_overlap_only_letters_clear_of_each_other_show(qtbot):
    """Fitted, a crowd of transmitters' boxes would cover the map several
    times over: the letters shown have boxes apart on screen, every
    lighthouse (rarer) among them where none is near another; zoomed in,
    every letter shows at its marker."""
    from viewer.ui.map_view import BOX_PER_LETTER, DEFAULT_BOX_PX

    view, rgba = a_view(qtbot)
    rng = np.random.default_rng(8)
    cells = rng.choice(512 * 512, 3000, replace=False)
    crowd = [Marker("transmitter", "T", int(c % 512), int(c // 512)) for c in cells[:2990]]
    lights = [Marker("lighthouse", "L", 60 + 40 * i, 60 + 40 * i) for i in range(10)]
    many = crowd + lights
    view.show_map(rgba, (512, 512), 1, many, hexes=False)
    qtbot.waitUntil(lambda: not view._items_due and view._pending_letters is None
                    and shown(view) > 0, timeout=10_000)
    placed = view.letter_positions()
    assert 0 < len(placed) < len(many) // 4
    px = view._letter_px
    box = round(px * BOX_PER_LETTER) if px is not None else DEFAULT_BOX_PX
    per_px = view.vb.viewPixelSize()[0]
    xy = np.array([(x, y) for _l, x, y in placed]) / per_px       # screen pixels
    dx = np.abs(xy[:, None, 0] - xy[None, :, 0])
    dy = np.abs(xy[:, None, 1] - xy[None, :, 1])
    apart = (dx >= box - 1e-6) | (dy >= box - 1e-6)
    np.fill_diagonal(apart, True)
    assert apart.all()                                  # no box over another
    assert sorted((x, y) for lab, x, y in placed if lab == "L") == \
        sorted((m.x + 0.5, m.y + 0.5) for m in lights)
    view.vb.scaleBy((0.02, 0.02))                       # far in: every letter
    qtbot.waitUntil(lambda: not view._items_due and len(view.letter_positions()) == len(many),
                    timeout=10_000)
    assert sorted(view.letter_positions()) == sorted((m.label, m.x + 0.5, m.y + 0.5)
                                                    for m in many)
