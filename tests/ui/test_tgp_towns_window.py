"""A TerraGenesis map with towns in the window: houses and roads drawn as
the game's small map draws them, each town's name in whole words at its
centre (one size on screen at any zoom), the Towns tab listing the towns
and centring the map on the one chosen, the inspector's town rows, the
status line's stage."""

from __future__ import annotations

import firstframe as ff
import numpy as np
from towns_tgp import with_towns

from viewer.engine.tgp.openttd15.towns.overview import KIND_HOUSE, town_tile_kinds
from viewer.render.tgp_towns import HOUSE
from viewer.ui.views.tgp import what_the_15_2_map_is

WAIT = 120_000
CASE = "ff-04"


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def _towns_map(qtbot, w):
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.workbench.set_values({"size": "64x64"})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == 64)
    if w.options["hill_shading"]:
        w.toggle_action("hill_shading").trigger()
        settle(qtbot, w)
    w.show_result(with_towns(w.result, CASE))
    w.select_layer("tile_class")
    settle(qtbot, w, lambda: getattr(w.result.detail, "towns", None) is not None)
    return w


def test_towns_are_drawn_named_listed_and_inspected(qtbot, window):
    w = _towns_map(qtbot, window)
    towns = ff.stage_record(CASE, "towns")["towns"]
    kinds = town_tile_kinds(ff.world(CASE, "towns").map)
    y, x = (int(v[0]) for v in np.nonzero(kinds == KIND_HOUSE))
    img, s = w.shown_image(), w.map_view.scale
    assert tuple(int(c) for c in img[y * s + s // 2, x * s + s // 2][:3]) == HOUSE[:3]
    # names in whole words at the towns' centres, not letters
    shown = w.map_view.name_labels.names()
    assert sorted(n for n, _, _ in shown) == sorted(t["name"] for t in towns)
    name, px, py = shown[0]
    t = next(t for t in towns if t["name"] == name)
    assert (px, py) == ((t["xy"] % 64 + 0.5) * s, (t["xy"] // 64 + 0.5) * s)
    assert not set(w.map_view.letters()) & {t["name"] for t in towns}
    # the Towns tab: every town; a row centres the map on its town
    table = w.gen_view.towns_table
    assert table.names() == sorted((t["name"] for t in towns), key=str.casefold)  # by name
    table.sort_by(1)
    pops = [table.cell(i, 1) for i in range(table.rowCount())]
    assert pops == sorted(pops)                                       # numbers as numbers
    table.selectRow(2)
    row_name = table.cell(2, 0)
    t = next(t for t in towns if t["name"] == row_name)
    (x0, x1), (y0, y1) = w.map_view.vb.viewRange()
    assert abs((x0 + x1) / 2 - (t["xy"] % 64 + 0.5) * s) < 1
    assert abs((y0 + y1) / 2 - (t["xy"] // 64 + 0.5) * s) < 1
    assert x1 - x0 < 64 * s        # zoomed in from the fitted map
    rows = w.inspect(x, y)
    assert rows["town"].split(" (")[0] in {t["name"] for t in towns}
    assert rows["construction stage"]
    # the Towns toggle takes houses and names away
    w.toggle_action("towns").trigger()
    settle(qtbot, w)
    img = w.shown_image()
    assert tuple(int(c) for c in img[y * s + s // 2, x * s + s // 2][:3]) != HOUSE[:3]
    assert w.map_view.name_labels.names() == []


def test_the_status_line_says_the_stage():
    towns = ff.stage_record(CASE, "towns")["towns"]
    text = what_the_15_2_map_is("towns", towns)
    cities = sum(t["larger_town"] for t in towns)
    assert f"{len(towns)} towns ({cities} cit" in text and "GenerateTowns" in text
    assert "GenerateClearTile" in what_the_15_2_map_is("clear")


def test_names_that_would_overlap_give_way_to_the_first():
    from PySide6.QtCore import QRectF

    from viewer.ui.name_labels import apart

    boxes = [QRectF(0, 0, 80, 16), QRectF(40, 4, 80, 16), QRectF(200, 0, 80, 16),
             QRectF(0, 60, 80, 16)]
    assert apart(boxes, 16) == [True, False, True, True]
    assert apart(boxes[1:], 16) == [True, True, True]


def _centre_at(view, x: float, y: float, px: float) -> None:
    """Pan ``view`` so that view point (x, y) is ``px`` screen pixels from
    the left edge of the map view."""
    from PySide6.QtCore import QPointF

    vb = view.vb
    d = view.mapFromScene(vb.mapViewToScene(QPointF(x, y)))
    view.pan_by((d.x() - px) * vb.viewPixelSize()[0], 0)


def test_a_name_at_the_views_edge_is_read_whole(qtbot, window):
    """A town whose centre is on screen by the view's edge has its whole
    name drawn inside the view (moved in, not cut); a town whose centre is
    off screen has none."""
    w = _towns_map(qtbot, window)
    view = w.map_view
    name, x, y = max(view.name_labels.names(), key=lambda n: len(n[0]))
    width = view.viewport().width()
    _centre_at(view, x, y, 3)
    view.grab()                                  # (paints the names)
    boxes = dict(view.name_labels.drawn())
    assert name in boxes, "the town by the edge is named"
    box = boxes[name]
    assert box.left() >= 0 and box.right() <= width and box.left() < 3 < box.right()
    assert box.width() > 20                      # (a whole word, not a letter)
    for _label, b in view.name_labels.drawn():
        assert b.left() >= 0 and b.right() <= width
    _centre_at(view, x, y, -4)                   # its centre just off screen
    view.grab()
    assert name not in dict(view.name_labels.drawn())


def test_the_window_gets_a_maps_table_rows_made_with_the_map(qtbot, window):
    """The Towns and Industries tables' rows and the status line's words come
    with the map (made on the run's thread by the view's ``prepare``) and
    are what the window shows."""
    from viewer.ui.views.tgp import TableRows, table_rows

    w = window
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.workbench.set_values({"size": "256x256", "stop_after": "world"})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == 256)
    prepared = w.workbench.prepared
    assert isinstance(prepared, TableRows)
    world = w.result.detail.world
    assert len(prepared.towns) == sum(t is not None for t in world.towns) > 0
    assert len(prepared.industries) == sum(i is not None for i in world.industries) > 0
    assert prepared[:2] == table_rows(w.result)[:2]
    assert prepared.said == w.gen_view.describe(w.result) and "towns" in prepared.said
    for dock, table, rows in ((w.gen_view.towns_dock, w.gen_view.towns_table, prepared.towns),
                              (w.gen_view.industries_dock, w.gen_view.industries_table,
                               prepared.industries)):
        dock.raise_()
        qtbot.waitUntil(table.filled, timeout=10_000)
        assert sorted(table.names()) == sorted(r[0][0] for r in rows)


def test_thousands_of_names_give_way_as_the_first_rule_says():
    """The names' grid (a 4096² map has ~6,000 towns; a set of cells per name
    took 0.2 s a paint): a name is shown when no cell of its box is taken by
    an earlier shown one, and every name left out meets one."""
    import random

    from viewer.ui.name_labels import apart_edges

    rnd = random.Random(7)
    cell = 20.0
    edges = []
    for _ in range(3000):
        x, y, w = rnd.uniform(0, 600), rnd.uniform(0, 600), rnd.uniform(30, 140)
        edges.append((x, y, x + w, y + cell))
    shown = apart_edges(edges, cell)

    def cells(e):
        return {(cx, cy) for cx in range(int(e[0] // cell), int(e[2] // cell) + 1)
                for cy in range(int(e[1] // cell), int(e[3] // cell) + 1)}
    taken: set = set()
    for e, ok in zip(edges, shown):
        assert ok == (not cells(e) & taken)
        if ok:
            taken |= cells(e)
    assert 10 < sum(shown) < len(edges)
