"""Any window size, as a user with a small screen: at
800x600 the docks become tabs beside the panel, at a portrait 600x1000
tabs below the map, so the map keeps most of the space; the panel scrolls
to every setting; a wide window gets the usual layout back."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QRect, Qt
import registered

from viewer.ui.compact import MEDIUM, NARROW, WIDE
from window_waits import reopened, settle

WAIT = 60_000
SIZES = {(800, 600): MEDIUM, (600, 1000): NARROW}


def resize(qtbot, w, size, cls):
    w.resize(*size)
    qtbot.waitUntil(lambda: w.compact.current == cls, timeout=5000)
    qtbot.wait(50)


def area(widget) -> int:
    return widget.width() * widget.height()


def seen_in(scroll, widget) -> bool:
    """``widget`` is wholly inside ``scroll``'s viewport (or as much of it as fits)."""
    vp = scroll.viewport()
    top_left = widget.mapTo(vp, widget.rect().topLeft())
    r = QRect(top_left, widget.size())
    inside = vp.rect().intersected(r)
    return inside.height() >= min(r.height(), vp.height()) and inside.width() > 0


@pytest.mark.parametrize("generator", registered.names())
@pytest.mark.parametrize("size", list(SIZES))
def test_the_map_keeps_most_of_a_small_window(qtbot, window, generator, size):
    w = window
    if generator != w.generator.name:
        w.set_generator(generator)
        settle(qtbot, w, lambda: w.result.generator == generator)
    resize(qtbot, w, size, SIZES[size])
    assert (w.width(), w.height()) == size              # nothing keeps the window wider
    mv = w.map_view
    assert area(mv) >= 0.5 * area(w.centralWidget())
    assert area(mv) >= 0.35 * area(w)
    if SIZES[size] == MEDIUM:
        assert mv.width() >= 0.5 * size[0]
    else:
        assert mv.width() >= 0.9 * size[0] and mv.height() >= 0.4 * size[1]
    # every panel is still there, one click away, as a tab of Parameters
    tabs = w.tabifiedDockWidgets(w.param_dock)
    assert w.layer_dock in tabs and w.inspector_dock in tabs
    for dock in w.gen_view.docks:
        assert dock in tabs
    # the panel scrolls to every setting
    w.param_dock.raise_()
    qtbot.wait(20)
    scroll = w.param_area
    assert scroll.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    panel = scroll.widget()
    if panel.minimumSizeHint().height() > scroll.viewport().height():
        assert scroll.verticalScrollBar().isVisible()
    for name, pw in w.param_panel.widgets.items():
        if not pw.editor.isVisibleTo(panel):
            continue
        scroll.ensureWidgetVisible(pw.editor)
        qtbot.wait(1)
        assert seen_in(scroll, pw.editor), name
        assert pw.editor.width() >= 40, name
    # back to a wide window: the usual layout
    w.resize(1400, 900)
    qtbot.waitUntil(lambda: w.compact.current == WIDE, timeout=5000)
    qtbot.wait(50)
    assert w.dockWidgetArea(w.layer_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert w.dockWidgetArea(w.inspector_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert w.dockWidgetArea(w.param_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert w.layer_dock not in w.tabifiedDockWidgets(w.param_dock)
    for dock in w.gen_view.docks:
        assert w.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea


def test_a_generator_chosen_in_a_small_window_brings_its_tabs_there(qtbot, window):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    fairness = w.gen_view.fairness_dock
    assert fairness in w.tabifiedDockWidgets(w.param_dock)
    assert w.map_view.width() >= 0.5 * 800
    # back and forth between sizes while docks come and go: no crash, all placed
    for size, cls in [((600, 1000), NARROW), ((1400, 900), WIDE), ((800, 600), MEDIUM)]:
        w.set_generator("numberlink")
        resize(qtbot, w, size, cls)
        w.set_generator("fairland")
        settle(qtbot, w, lambda: w.result.generator == "fairland")
    assert w.gen_view.fairness_dock in w.tabifiedDockWidgets(w.param_dock)


def test_a_floated_panel_is_left_where_the_user_put_it(qtbot, window):
    w = window
    w.param_dock.setFloating(True)
    qtbot.wait(20)
    geo = w.param_dock.geometry()
    resize(qtbot, w, (800, 600), MEDIUM)
    assert w.param_dock.isFloating() and w.param_dock.geometry() == geo


def test_the_small_layout_comes_back_as_it_was_left(qtbot, window, private_settings):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    with reopened(qtbot, w) as again:
        qtbot.wait(50)
        assert (again.width(), again.height()) == (800, 600)
        assert again.compact.current == MEDIUM
        assert again.layer_dock in again.tabifiedDockWidgets(again.param_dock)
        again.resize(1400, 900)
        qtbot.waitUntil(lambda: again.compact.current == WIDE, timeout=5000)
        assert again.dockWidgetArea(again.layer_dock) == Qt.DockWidgetArea.RightDockWidgetArea


# -- text that does not fit: elided with the whole of it in a tooltip ----------

def tooltip_at(widget, pos) -> str:
    """What a hovering user reads at ``pos`` of ``widget``."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    QToolTip.hideText()
    deadline = time.monotonic() + 2
    while QToolTip.isVisible() and time.monotonic() < deadline:     # the last one gone
        QApplication.processEvents()
    QApplication.sendEvent(widget, QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos)))
    return QToolTip.text() if QToolTip.isVisible() else ""


def header_texts_never_cut_unseen(header) -> int:
    """For each section of ``header`` that is narrower than its text, the
    tooltip there holds the whole text; returns how many were cut."""
    from PySide6.QtCore import QPoint

    from viewer.ui.elided import header_text_cut

    model = header.model()
    cut = 0
    for s in range(header.count()):
        text = str(model.headerData(s, header.orientation(), Qt.ItemDataRole.DisplayRole))
        if header_text_cut(header, s):
            cut += 1
            mid = header.sectionViewportPosition(s) + header.sectionSize(s) // 2
            pos = QPoint(mid, header.height() // 2) \
                if header.orientation() == Qt.Orientation.Horizontal \
                else QPoint(header.width() // 2, mid)
            seen = tooltip_at(header.viewport(), pos)
            assert text.replace("\n", " ") in seen.replace("\n", " "), text
    return cut


def test_a_long_status_message_ends_in_an_ellipsis_with_all_of_it_in_the_tooltip(qtbot,
                                                                                   window):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    long = "fairland: " + ", ".join(f"message part {i}" for i in range(40))
    w.status(long)
    qtbot.wait(20)
    assert w.width() == 800                         # the message does not widen the window
    msg = w.message
    assert msg.text() == long
    assert msg.shown_text().endswith("…") and len(msg.shown_text()) < len(long)
    assert msg.fontMetrics().horizontalAdvance(msg.shown_text()) <= msg.width()
    assert tooltip_at(msg, msg.rect().center()) == long
    w.status("fairland: 64x32, seed 1")             # a short one: whole, no tooltip needed
    qtbot.wait(20)
    assert msg.shown_text() == "fairland: 64x32, seed 1" and msg.toolTip() == ""


def test_the_sweep_table_titles_are_whole_or_in_a_tooltip(qtbot, window):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.sweep.dock.show()
    panel = w.sweep.panel
    panel.set_seeds("1..3")
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        assert panel.run()
    qtbot.wait(50)
    header = panel.table.horizontalHeader()
    assert header.count() == len(panel.model.columns) >= 5
    for s, name in enumerate(panel.model.columns):     # wide enough for short titles
        if header.sectionSizeFromContents(s).width() <= 120:
            assert header.sectionSize(s) >= header.sectionSizeFromContents(s).width(), name
    header_texts_never_cut_unseen(header)
    # a title squeezed by hand: its tooltip has it whole
    longest = max(range(header.count()), key=lambda s: len(panel.model.columns[s]))
    header.resizeSection(longest, 20)
    assert header_texts_never_cut_unseen(header) >= 1
    # a cell squeezed: its tooltip has the whole value
    col = max(range(header.count()), key=lambda c: len(panel.model.index(0, c).data()))
    assert len(panel.model.index(0, col).data()) >= 4
    header.resizeSection(col, header.minimumSectionSize())
    idx = panel.model.index(0, col)
    panel.table.scrollTo(idx)
    rect = panel.table.visualRect(idx)
    assert panel.table.viewport().rect().contains(rect.center())
    assert tooltip_at(panel.table.viewport(), rect.center()) == idx.data()


def test_the_compare_metrics_names_and_numbers_are_whole_or_in_a_tooltip(qtbot, window):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.menu_actions()["Pin as A"].trigger()
    w.workbench.set_values({"sp": 40})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["sp"] == 40)
    cmp = w.compare
    t = cmp.table
    assert t.rowCount() >= 3
    from viewer.ui.elided import cell_text_cut

    def numbers_whole():
        for i in range(t.rowCount()):           # the numbers whole (the table scrolls)
            for j in range(t.columnCount()):
                assert not cell_text_cut(t, t.model().index(i, j)), (i, j, t.item(i, j).text())

    numbers_whole()
    header_texts_never_cut_unseen(t.verticalHeader())
    split = cmp.parentWidget()                 # A's pane narrowed by hand: names cut
    split.setSizes([200, w.width() - 200])
    qtbot.wait(50)
    assert header_texts_never_cut_unseen(t.verticalHeader()) >= 1
    numbers_whole()
    for i in range(t.rowCount()):
        name = t.verticalHeaderItem(i).text()
        assert t.verticalHeaderItem(i).toolTip() == name
        for j in range(2):
            item = t.item(i, j)
            if item.text():             # rounded in the cell, whole in the tooltip
                shown = item.text().replace(",", "")
                decimals = len(shown.partition(".")[2])
                assert item.toolTip().startswith(name) and \
                    float(item.toolTip().split(": ")[-1]) == pytest.approx(
                        float(shown), abs=0.5 * 10 ** -decimals + 1e-12)


@pytest.mark.parametrize("continents", [3, 9])
def test_the_fairness_tab_has_one_row_per_continent(qtbot, window, continents):
    from viewer.engine.fairland.messages import NUMLETTER
    from viewer.ui.views.fairland_fairness import SPREAD_ROW

    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.workbench.set_values({"nc": continents, "ni": continents, "world": (128, 64)})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["nc"] == continents)
    w.gen_view.fairness_dock.raise_()
    panel = w.gen_view.fairness_panel
    qtbot.waitUntil(panel.isVisible)
    settle(qtbot, w, lambda: panel.data is not None and len(panel.data.rows) == continents)
    t = panel.table
    assert t.rowCount() == continents + 1
    letters = [t.verticalHeaderItem(panel.continent_row(c)).text() for c in range(continents)]
    assert letters == [NUMLETTER[c] for c in range(continents)]
    assert t.verticalHeaderItem(SPREAD_ROW).text() == "spread"
    for c, row in enumerate(panel.data.rows):
        for k, col in enumerate(panel.data.columns):
            assert t.item(panel.continent_row(c), k).text() == str(row[col])
    # the titles fit their columns (a word a line), or say themselves in a tooltip
    assert header_texts_never_cut_unseen(t.horizontalHeader()) == 0
    assert t.horizontalHeader().height() >= 2 * t.fontMetrics().height()


def test_the_capitals_letters_grow_with_the_zoom_within_limits(qtbot, window):
    from viewer.ui.map_view import LETTER_PX

    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    mv = w.map_view
    mv.fit()
    qtbot.wait(20)
    assert mv.letters()                                  # fairland's capitals

    def size() -> float:
        sizes = {float(s) for s in mv._letters.data["size"]}
        sizes = {mv._letters.opts["size"] if s < 0 else s for s in sizes}
        assert len(sizes) == 1                           # one size for every letter
        return sizes.pop()

    fitted = size()
    mv.vb.scaleBy((0.4, 0.4))                            # zoom in
    qtbot.wait(20)
    closer = size()
    assert closer > fitted and closer <= LETTER_PX[1]
    mv.vb.scaleBy((0.1, 0.1))                            # far in: the largest, no more
    qtbot.wait(20)
    assert size() == LETTER_PX[1]
    # a large world fitted: cells of a pixel or two, the letters at their least
    w.workbench.set_values({"world": (256, 128)})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == 256)
    mv.fit()
    qtbot.wait(50)
    assert size() == LETTER_PX[0] < fitted
    assert mv._boxes.opts["size"] > LETTER_PX[0]         # the dark box still around it


@pytest.mark.parametrize("size", list(SIZES))
def test_the_sweep_dock_and_the_gallery_keep_a_small_window_its_size(qtbot, window, size):
    w = window
    resize(qtbot, w, size, SIZES[size])
    w.sweep.dock.show()
    w.gallery.next_seeds(2)
    qtbot.waitUntil(lambda: w.gallery.isVisible() and not w.gallery.busy(), timeout=WAIT)
    qtbot.wait(50)
    w.resize(*size)
    qtbot.wait(50)
    assert (w.width(), w.height()) == size
    assert w.map_view.height() >= 120 and w.map_view.width() >= 0.5 * size[0]
    # what the sweep dock cannot show at once, it scrolls to
    area = w.sweep.dock.widget()
    panel = w.sweep.panel
    assert area.widget() is panel
    if panel.minimumSizeHint().height() > area.viewport().height():
        assert area.verticalScrollBar().maximum() > 0
    area.ensureWidgetVisible(panel.run_button)
    assert seen_in(area, panel.run_button)


@pytest.mark.parametrize("generator", registered.names())
def test_legends_wrap_and_scroll_instead_of_being_cut(qtbot, window, generator):
    """At 800x600: every layer's legend title shows whole, wrapped at
    words, and the title, bar and swatches all lie in the legend's scrolling
    body (none cut off), at a legend height that does not change."""
    w = window
    if generator != w.generator.name:
        w.set_generator(generator)
        settle(qtbot, w, lambda: w.result.generator == generator)
    resize(qtbot, w, (800, 600), MEDIUM)
    legend = w.legend
    heights = set()
    wrapped = 0
    for i in range(w.layer_list.count()):
        w.layer_list.setCurrentRow(i)
        qtbot.wait(10)
        heights.add(legend.height())
        title = legend.title
        assert title.text() == legend.title_text(), title.text()
        fm = title.fontMetrics()
        if fm.horizontalAdvance(title.text()) > title.width():
            wrapped += 1
            assert title.height() >= 2 * fm.lineSpacing() - 2, (title.text(), title.height())
        body = legend.body
        # (the body takes the new height in a turn of the event loop: on a
        # busy machine later than 10 ms)
        qtbot.waitUntil(lambda: all(part.geometry().bottom() <= body.height()
                                    for part in (title, legend.swatches)
                                    if part.isVisible()), timeout=5000)
        bar = legend.scroll.verticalScrollBar()
        assert bar.maximum() >= max(0, body.height() - legend.scroll.viewport().height())
    assert len(heights) == 1, heights
    if generator in ("fairland", "ports"):
        assert wrapped, "no title long enough to wrap at 800 pixels"


def test_messages_over_the_map_stay_in_the_view_and_wrap(qtbot, window):
    """The notice and "generating..." are words to the user: in a small
    window, zoomed in and panned, they sit inside the view, wrapped at words
    to its width instead of cut by its edges."""
    w = window
    w.show()
    resize(qtbot, w, (800, 600), MEDIUM)
    settle(qtbot, w)
    view = w.map_view
    view.zoom_by(0.25)                   # zoomed in, and away from the map's centre
    view.pan_by(view.period[0] * 0.3, view.period[1] * 0.2)
    long = ("tile_class: not meaningful at this step (showing heightmap), "
            "the words of a notice long enough to be cut by a view this narrow")
    view.set_notice(long)
    view.set_waiting("generating...")
    qtbot.wait(20)
    box = view.vb.sceneBoundingRect()
    for item in (view.notice, view.waiting):
        r = item.sceneBoundingRect()
        assert item.isVisible()
        assert box.contains(r), (item.toPlainText(), r, box)
    assert view.notice.boundingRect().height() > view.waiting.boundingRect().height() * 1.5
    view.set_notice(None)
    view.set_waiting(None)
