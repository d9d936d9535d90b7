"""The seed gallery in the window, as a user does it: Edit > Gallery: next
24 seeds, thumbnails with a metric under each, click one, browse with the
arrow keys."""

from __future__ import annotations

import threading

import pytest

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from window_waits import settle

from viewer.workbench.gallery import THUMB_PIXELS

WAIT = 120_000


def test_the_gallery_shows_the_next_seeds_and_opens_the_one_clicked(qtbot, window, monkeypatch):
    w = window
    import viewer.ui.gallery as gallery

    threads = set()
    make = gallery.make_thumb
    monkeypatch.setattr(gallery, "make_thumb", lambda *a: (
        threads.add(threading.get_ident()), make(*a))[1])
    seed = w.result.seed
    w.menu_actions()["Gallery: next 24 seeds"].trigger()
    g = w.gallery
    assert g.isVisible() and g.grid.count() == 24
    settle(qtbot, w, lambda: len(g.thumbs) == 24)
    assert w.result.seed == seed                         # showing them opens none
    assert threading.get_ident() not in threads          # not on the GUI thread
    assert all(not g.grid.item(i).icon().isNull() for i in range(24))
    assert g.grid.item(0).text() == f"seed {seed + 1}"
    g.metric_box.setCurrentIndex(g.metric_box.findData("land_spread")
                                 if g.metric_box.findData("land_spread") >= 0 else 1)
    name = g.metric_box.currentData()
    assert name in g.grid.item(0).text()
    # click the fifth
    rect = g.grid.visualItemRect(g.grid.item(4))
    QTest.mouseClick(g.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    settle(qtbot, w, lambda: w.result.seed == seed + 5)
    assert w.workbench.undo_text() == f"Open gallery seed {seed + 5}"
    # and the next with the arrow key
    QTest.keyClick(g.grid, Qt.Key.Key_Right)
    settle(qtbot, w, lambda: w.result.seed == seed + 6)


@pytest.mark.parametrize("size", [(1280, 820), (1024, 640), (800, 560)])
def test_the_gallery_opens_at_a_usable_size(qtbot, window, monkeypatch, size):
    """A few thumbnails each way: docked below the map when the window has
    the room, else a window of its own (it opened one row high, a dock as
    narrow as the timeline left it)."""
    import viewer.ui.gallery as gallery

    w = window
    w.resize(*size)
    qtbot.wait(50)
    monkeypatch.setattr(gallery, "make_thumb", lambda *a: (_ for _ in ()).throw(
        RuntimeError("not needed")))
    g = w.gallery
    g.next_seeds(8)
    qtbot.wait(100)
    vp = g.grid.viewport()
    cell_w = THUMB_PIXELS + 16 + 2 * g.grid.spacing()
    cell_h = THUMB_PIXELS + 44 + 2 * g.grid.spacing()
    assert g.isVisible()
    assert vp.width() // cell_w >= 3 and vp.height() // cell_h >= 2, (vp.size(), g.isFloating())
    if not g.isFloating():
        assert w.map_view.height() >= 200         # the map kept above it
    g.stop()
