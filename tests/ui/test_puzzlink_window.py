"""puzz.link URLs in the window: a URL pasted (Edit > Paste map ID) or
dropped opens the puzzle as a map ID opens a map, solved under the rule its
type means; a bad one is refused in one line and the map stays; Edit > Copy
puzz.link URL gives the URL of the puzzle shown."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.puzzlink import link_puzzle, parse_url, puzzle_url

WAIT = 60_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def test_a_generated_graded_puzzle_opens_from_its_pasted_url(qtbot, window):
    w = window                                    # from fairland: switches to Number Link
    made = NUMBERLINK.generate({"size": "6x6", "difficulty": "easy", "rule": "free"},
                               seed="link")
    url = puzzle_url(made.detail.puzzle)
    QGuiApplication.clipboard().setText(url)
    w.menu_actions()["Paste map ID"].trigger()
    settle(qtbot, w, lambda: w.result.generator == "numberlink"
           and w.result.detail.solution is not None)
    r = w.result
    assert np.array_equal(r.detail.puzzle.cells, made.detail.puzzle.cells)
    assert r.detail.puzzle.labels == made.detail.puzzle.labels
    assert w.workbench.values["rule"] == "free"          # numlin: paths need not fill
    assert w.gen_view.check["status"] == "unique"
    assert r.detail.solution.same_routes(made.detail.solution)
    w.menu_actions()["Copy puzz.link URL"].trigger()
    assert QGuiApplication.clipboard().text() == url


def test_a_dropped_arukone_url_opens_under_its_rule_and_copies_back(qtbot, window):
    w = window
    url = "https://puzz.link/p?arukone/4/4/12l3123j"
    mime = QMimeData()
    mime.setText(url)
    pos = QPoint(w.width() // 2, w.height() // 2)
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, enter)
    drop = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, drop)
    settle(qtbot, w, lambda: w.result.generator == "numberlink"
           and w.gen_view.check is not None)
    assert w.workbench.values["rule"] == "fill"
    assert np.array_equal(w.result.detail.puzzle.cells,
                          link_puzzle(parse_url(url)).cells)
    assert w.gen_view.copy_url() == url


def test_a_bad_url_is_refused_in_one_line_and_the_map_stays(qtbot, window):
    w = window
    settle(qtbot, w)
    shown = w.result
    QGuiApplication.clipboard().setText("https://puzz.link/p?numlin/5/5/1j2h3m1h2j")
    w.menu_actions()["Paste map ID"].trigger()
    qtbot.wait(50)
    assert w.result is shown
    assert w.map_ids.last_error == ("puzz.link URL: column 42: the body ends after 24 squares; "
                                    "the grid has 25")
    assert "column 42" in w.message.text()
    QGuiApplication.clipboard().setText("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.")
    w.menu_actions()["Paste map ID"].trigger()
    qtbot.wait(50)
    assert w.result is shown and "hidden number" in w.map_ids.last_error


def test_file_open_takes_the_sites_files_under_their_rule(qtbot, window, tmp_path):
    w = window
    path = tmp_path / "a.txt"
    path.write_text("pzprv3\narukone\n2\n3\ndontpassallcell\nA . A \nB . B \n0 0 \n0 0 \n"
                    "0 0 0 \n")
    assert w.file_actions.open_file("numberlink", path)
    settle(qtbot, w, lambda: w.result.detail.solution is not None)
    assert w.workbench.values["rule"] == "free"           # arukone's flag e
    assert w.result.detail.puzzle.labels == ("A", "B")
    assert w.gen_view.copy_url() == "https://puzz.link/p?numlin/3/2/1g12g2"


def test_a_link_dragged_from_a_browser_opens(qtbot, window):
    from PySide6.QtCore import QUrl

    w = window
    url = "https://puzz.link/p?numlin/7/6/523i1j5l4i2h3m4g1l"
    mime = QMimeData()
    mime.setUrls([QUrl(url)])
    mime.setText(url)
    pos = QPoint(w.width() // 2, w.height() // 2)
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(w, QDropEvent(pos, Qt.DropAction.CopyAction, mime,
                                         Qt.MouseButton.LeftButton,
                                         Qt.KeyboardModifier.NoModifier))
    settle(qtbot, w, lambda: w.result.generator == "numberlink"
           and w.result.detail.solution is not None)
    assert w.result.detail.source == url and w.gen_view.check["status"] == "unique"
