"""Town names over a map (a 4096² first frame has ~6,000): a new map's names
are placed in the turns after the paint that shows it, a piece a turn, and
come out as placed at once; a repaint of the same view (a timeline step, a
new layer, the letters' turns) puts the names' picture back without placing
them again; after a zoom or pan the last view's names move with the map
until they are placed again, in the turns after."""

from __future__ import annotations

import random

import numpy as np
from PySide6.QtCore import QRectF

from viewer.engine.protocol import Marker
from viewer.ui import name_labels
from viewer.ui.map_view import MapView

SIDE = 512
GREY = 128
"""The map's colour (a name's box is darker, its word lighter)."""


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
    rgba = np.full((SIDE, SIDE, 4), GREY, np.uint8)
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
    # the names' picture is on screen: white words in a drawn box
    box = QRectF(*drawn[0][1]).toAlignedRect()
    centre = first.pixelColor(box.center())
    assert centre.alpha() == 255
    words = [first.pixelColor(x, box.center().y()) for x in range(box.left(), box.right())]
    assert max(c.lightness() for c in words) > 200          # white ink in the box


def test_a_pan_moves_the_names_with_the_map_then_places_them_again(qtbot):
    view = a_view(qtbot, towns(400, seed=3))
    view.grab()
    item = view.name_labels.item
    before = item._shown
    dx = 40
    view.pan_by(dx, 0)
    moved = view.grab().toImage()
    assert item._shown is before and item._placing is not None      # placed in turns
    # meanwhile the last view's names, moved with the map: a name's box is
    # drawn dx screen pixels to the left
    shift = dx * view.screen_zoom()
    middle = QRectF(view.viewport().rect()).center()
    label, box = min(before.drawn, key=lambda d: (d[1].center() - middle).manhattanLength())
    row = [moved.pixelColor(x, round(box.center().y())).lightness()
           for x in range(round(box.left() - shift) + 1, round(box.right() - shift) - 1)]
    assert max(row) > 200 and min(row) < GREY - 40  # its word and box, not the map's grey
    qtbot.waitUntil(lambda: item._placing is None, timeout=10_000)
    after = [(name, b.getRect()) for name, b in item.drawn]
    assert after and after != [(name, b.getRect()) for name, b in before.drawn]
    assert item._shown is not before


def _long_names(xs: list[int]) -> list[Marker]:
    return [Marker("town", f"Greater Longnameton {i}", x, 40 + 60 * i) for i, x in enumerate(xs)]


def _view_with_margins(qtbot) -> tuple[MapView, np.ndarray]:
    """A map view whose view box sits inside the widget, as in a window,
    and a grey map for it."""
    view = MapView()
    qtbot.addWidget(view)
    view.ci.setContentsMargins(40, 0, 30, 0)
    view.resize(600, 500)
    view.show()
    return view, np.full((SIDE, SIDE, 4), GREY, np.uint8)


def test_names_at_the_maps_edges_stay_inside_the_view_box(qtbot):
    """A name is kept whole inside what the view box shows (which clips its
    items), not just inside the widget: names at a map's left and right
    edges were cut at their first or last letters."""
    edge = _long_names([0, SIDE - 1, 0, SIDE - 1, 2, SIDE - 3])
    view, rgba = _view_with_margins(qtbot)
    view.show_map(rgba, (SIDE, SIDE), 1, edge, hexes=False)
    qtbot.waitUntil(lambda: view.name_labels.item._placing is None
                    and view.name_labels.item._shown is not None, timeout=10_000)
    vb = view.vb
    box = view.mapFromScene(vb.mapRectToScene(vb.boundingRect())).boundingRect()
    assert box.left() >= 39                         # (the test's premise)
    drawn = view.name_labels.item.drawn
    assert len(drawn) == len(edge)
    for label, r in drawn:
        assert box.left() <= r.left() and r.right() <= box.right() + 1, (label, r, box)


def test_names_placed_repaint_all_the_view_box_shows(qtbot):
    """When new names are drawn, the screen repaints where they are drawn:
    all the view box shows, not only the places' rect (the item's bounding
    rect): a name at an edge reaches past it, and on screen its first or
    last letters kept the last picture's pixels (seen under X after a
    generator switch); the same when a part of the view is redrawn."""
    from PySide6.QtCore import QEvent, QObject, QRect
    from PySide6.QtGui import QRegion

    # (places away from the map's edges: the names reach past the places' rect)
    edge = _long_names([SIDE // 8, SIDE - SIDE // 8, SIDE // 8, SIDE - SIDE // 8])
    view, rgba = _view_with_margins(qtbot)
    item = view.name_labels.item

    class Painted(QObject):
        region = QRegion()

        def eventFilter(self, _obj, ev):  # noqa: N802 - Qt's name
            if ev.type() == QEvent.Type.Paint:
                Painted.region = Painted.region.united(ev.region())
            return False

    painted = Painted()
    view.viewport().installEventFilter(painted)
    for names in (edge, edge[::-1]):            # a first map's names, then another's
        view.show_map(rgba, (SIDE, SIDE), 1, names, hexes=False)
        qtbot.waitUntil(lambda: item._placing is None and item._shown is not None,
                        timeout=10_000)
        Painted.region = QRegion()
        item._placed(item._shown)               # (drawn: the update it asks for)
        qtbot.waitUntil(lambda: not Painted.region.isEmpty(), timeout=5_000)
        assert len(item.drawn) == len(names)
        for label, r in item.drawn:
            missed = QRegion(r.toAlignedRect().adjusted(1, 1, -1, -1)).subtracted(Painted.region)
            assert missed.isEmpty(), (label, r, Painted.region.boundingRect())
        view.viewport().repaint(QRect(250, 200, 60, 60))    # a part redrawn: names kept
        qtbot.wait(20)
        qtbot.waitUntil(lambda: item._placing is None, timeout=10_000)
        assert len(item.drawn) == len(names)
