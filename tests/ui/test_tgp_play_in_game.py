"""File > Play this map in OpenTTD 15.2...: the console script is written
where the user chose, a dialog says how to run it (its text selectable), and
a map the game cannot make is refused before any file is asked for."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from viewer.formats.tgp_console_script import console_script
from viewer.ui import folders

WAIT = 60_000
TITLE = "Play this map in OpenTTD 15.2..."


def _tgp(qtbot, window, seed: int):
    box = window.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    qtbot.waitUntil(lambda: window.result is not None and not window.busy()
                    and window.result.generator == "tgp", timeout=WAIT)
    window.workbench.set_values({"size": "64x64"})
    window.workbench.set_seed(seed)
    window.request_generation()
    qtbot.waitUntil(lambda: not window.busy() and window.result.seed == seed
                    and window.result.grid.width == 64, timeout=WAIT)
    return window


def _action(window):
    acts = [a for a in window.menu("File").actions() if a.text().replace("&", "") == TITLE]
    assert len(acts) == 1
    return acts[0]


def test_the_script_is_written_and_explained(qtbot, window, tmp_path, monkeypatch):
    w = _tgp(qtbot, window, 99)
    target = tmp_path / "map one.scr"
    monkeypatch.setattr(folders, "save_path", lambda *a: str(target))
    _action(w).trigger()
    r = w.result
    assert target.read_text().endswith("newgame 99\n")
    assert target.read_text().splitlines()[3:] == console_script(r.params, 99).splitlines()[2:]
    box = w.file_actions.explained
    assert box is not None and box.isVisible()
    assert f'exec "{target}"' in box.text()
    assert "scripts" in box.text()
    assert box.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    assert "\n" not in w.message.text()
    box.close()


def test_seed_4294967295_is_refused_before_asking_for_a_file(qtbot, window, monkeypatch):
    w = _tgp(qtbot, window, 4294967295)
    asked, warned = [], []
    monkeypatch.setattr(folders, "save_path", lambda *a: asked.append(a) or "")
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[-1]))
    _action(w).trigger()
    assert asked == []
    assert len(warned) == 1 and "random seed" in warned[0]
    assert "random seed" in w.message.text()


def test_the_file_dialog_opens_in_the_games_scripts_folder(qtbot, window, tmp_path,
                                                          monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    scripts = tmp_path / "openttd" / "scripts"
    scripts.mkdir(parents=True)
    w = _tgp(qtbot, window, 12)
    proposed = []
    monkeypatch.setattr(folders, "save_path",
                        lambda parent, title, name, filt: proposed.append(name)
                        or str(scripts / "m.scr"))
    _action(w).trigger()
    assert proposed == [str(scripts / "tgp-map.scr")]
    assert "exec scripts/m.scr" in w.file_actions.explained.text()
    w.file_actions.explained.close()


def test_without_a_scripts_folder_the_dialog_opens_in_the_home_folder(qtbot, window, tmp_path,
                                                                     monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.chdir(tmp_path)                 # the program's working folder
    w = _tgp(qtbot, window, 12)
    started = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda parent, title, start, filt: started.append(start)
                                     or ("", "")))
    _action(w).trigger()
    assert started == [str(home / "tgp-map.scr")]


def test_a_map_without_free_form_edges_says_run_it_from_the_main_menu(qtbot, window, tmp_path,
                                                                     monkeypatch):
    w = _tgp(qtbot, window, 5)
    w.workbench.set_values({"freeform_edges": False})
    w.request_generation()
    qtbot.waitUntil(lambda: not w.busy() and w.result.params["freeform_edges"] is False,
                    timeout=WAIT)
    target = tmp_path / "edges.scr"
    monkeypatch.setattr(folders, "save_path", lambda *a: str(target))
    _action(w).trigger()
    text = w.file_actions.explained.text()
    assert "at the main menu, not in a game" in text
    assert "stay in your new-game settings" in text
    assert "run it from the main menu" in target.read_text()
    w.file_actions.explained.close()
