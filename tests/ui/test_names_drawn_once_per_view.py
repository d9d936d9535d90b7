"""Town names over a map (a 4096² first frame has ~6,000): a new map's names
are placed in the turns after the paint that shows it, a piece a turn, and
come out as placed at once; a repaint of the same view (a timeline step, a
new layer, the letters' turns) puts the names' picture back without placing
them again; a zoom or pan places them at once, in its paint."""

from __future__ import annotations

import random

import numpy as np
from PySide6.QtCore import QRectF

from viewer.engine.protocol import Marker
from viewer.ui import name_labels
from viewer.ui.map_view import MapView

SIDE = 512


def towns(n: int, seed: int) -> list[Marker]:
    rnd = random.Random(seed)
    parts = ["Ban", "ton", "ford", "ley", "wick", "ham", "Chip", "ing", "Great ", "Little "]
    return [Marker("town", "".join(rnd.choice(parts) for _ in range(rnd.randint(1, 3))),
                   rnd.randrange(SIDE), rnd.randrange(SIDE)) for _ in range(n)]


def a_view(qtbot, names: list[Marker]) -> MapView:
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    rgba = np.zeros((SIDE, SIDE, 4), np.uint8)
    rgba[..., 3] = 255
    view.show_map(rgba, (SIDE, SIDE), 1, names, hexes=False)
    if names:
        qtbot.waitUntil(lambda: view.name_labels.item._placing is None
                        and view.name_labels.item._shown is not None, timeout=10_000)
    return view


def drawn_now(view: MapView) -> list[tuple[str, tuple]]:
    return [(label, box.getRect()) for label, box in view.name_labels.item.drawn]


def test_new_names_are_placed_in_pieces_after_the_maps_paint(qtbot, monkeypatch):
    many = towns(3000, seed=1)
    at_once = a_view(qtbot, [])
    rgba = np.zeros((SIDE, SIDE, 4), np.uint8)
    at_once.show_map(rgba, (SIDE, SIDE), 1, many, hexes=False)
    at_once.grab()
    at_once.name_labels.item.finish()               # (placed in one go)
    whole = drawn_now(at_once)
    assert 20 < len(whole) < len(many)

    monkeypatch.setattr(name_labels, "PIECE_SECONDS", 0.0)     # 64 names a piece
    view = a_view(qtbot, [])
    pieces: list[int] = []
    run = name_labels._Placing.run

    def counted(self, item, seconds=None):
        run(self, item, seconds)
        pieces.append(self.next)
    monkeypatch.setattr(name_labels._Placing, "run", counted)
    view.show_map(rgba, (SIDE, SIDE), 1, many, hexes=False)
    view.grab()                                      # the paint that shows the new map
    assert drawn_now(view) == [] and pieces == []    # ... draws no name yet
    qtbot.waitUntil(lambda: view.name_labels.item._placing is None, timeout=10_000)
    assert len(pieces) > 3 and pieces == sorted(pieces)
    assert drawn_now(view) == whole                  # as placed at once


def test_a_repaint_of_the_same_view_places_no_name_again(qtbot, monkeypatch):
    view = a_view(qtbot, towns(400, seed=2))
    view.grab()
    item = view.name_labels.item
    shown, drawn = item._shown, drawn_now(view)
    assert drawn
    made: list[object] = []
    init = name_labels._Placing.__init__

    def counted(self, *args):
        made.append(self)
        init(self, *args)
    monkeypatch.setattr(name_labels._Placing, "__init__", counted)
    view.image.update()
    first = view.grab().toImage()
    second = view.grab().toImage()
    assert made == [] and item._shown is shown and drawn_now(view) == drawn
    assert first == second
    # the names' picture is on screen: each drawn box is darker than the map
    # around it (the map is black: the boxes are dark grey with white words)
    box = QRectF(*drawn[0][1]).toAlignedRect()
    centre = first.pixelColor(box.center())
    assert centre.alpha() == 255
    words = [first.pixelColor(x, box.center().y()) for x in range(box.left(), box.right())]
    assert max(c.lightness() for c in words) > 200          # white ink in the box


def test_a_pan_places_the_names_at_once(qtbot):
    view = a_view(qtbot, towns(400, seed=3))
    view.grab()
    before = drawn_now(view)
    view.pan_by(40, 0)
    view.grab()
    item = view.name_labels.item
    assert item._placing is None                     # placed in the paint itself
    after = drawn_now(view)
    assert after and after != before
