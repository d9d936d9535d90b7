"""Map IDs in the window, as a user does it: Copy map ID, paste it (or
drop it) on the window, a refusal in one line; File > Open recent."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication
from window_waits import settle

WAIT = 60_000


def test_a_copied_map_id_makes_the_same_map_and_pastes_back(qtbot, window, tmp_path):
    w = window
    w.workbench.set_value("world", (128, 64))
    w.param_panel.seed_row.set_seed(77, announce=True)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.seed == 77 and w.result.grid.width == 128)
    shown = w.result
    w.menu_actions()["Copy map ID"].trigger()
    text = QGuiApplication.clipboard().text()
    assert text.startswith("python -m viewer fairland ") and "--world 128x64" in text
    from viewer.cli import main                           # the same map in a terminal
    from viewer.workbench.map_id import parse_map_id
    assert parse_map_id(text).values == shown.params
    assert main(text.split()[3:] + ["-q", "-s", str(tmp_path / "newcap")]) == 0

    w.param_panel.seed_row.set_seed(78, announce=True)      # another map meanwhile
    settle(qtbot, w, lambda: w.result.seed == 78)
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.menu_actions()["Paste map ID"].trigger()
    settle(qtbot, w, lambda: w.result.generator == "fairland" and w.result.seed == 77)
    import numpy as np
    assert w.result.params == shown.params
    assert np.array_equal(w.result.layers["own"], shown.layers["own"])
    assert w.workbench.undo_text() == "Paste map ID"


def test_a_bad_map_id_is_refused_in_one_line_and_the_map_stays(qtbot, window):
    w = window
    shown = w.result
    QGuiApplication.clipboard().setText("tgp --size 3x3 --seed 1")
    w.menu_actions()["Paste map ID"].trigger()
    qtbot.wait(50)
    assert w.result is shown
    assert "tgp: map size 3x3" in w.message.text() and "\n" not in w.map_ids.last_error


def test_a_map_id_dropped_on_the_window_opens_it(qtbot, window):
    w = window
    mime = QMimeData()
    mime.setText("python -m viewer numberlink generate --size 6x5 --seed abc")
    pos = QPoint(w.width() // 2, w.height() // 2)
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, enter)
    assert enter.isAccepted()
    ev = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, ev)
    assert ev.isAccepted()
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    assert (w.result.grid.width, w.result.grid.height) == (6, 5)


def test_recent_files_reopen_a_preset(qtbot, window, tmp_path):
    w = window
    path = tmp_path / "mine.toml"
    w.param_panel.seed_row.set_seed(5, announce=True)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.seed == 5)
    w.file_actions.save_preset_file(path)
    w.file_actions.load_preset_file(path)
    w.map_ids.fill_recent()
    acts = [a for a in w.map_ids.recent_menu.actions() if "mine.toml" in a.text()]
    assert len(acts) == 1 and "(preset)" in acts[0].text()
    w.param_panel.seed_row.set_seed(6, announce=True)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.seed == 6)
    acts[0].trigger()
    settle(qtbot, w, lambda: w.result.seed == 5)
