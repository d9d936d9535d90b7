"""File > Use settings from openttd.cfg... in the window: a reference case's
cfg sets TGP's settings (the game's usual place offered first), a bad file
is one line in the status bar and the settings stay; the town settings are
greyed on a map without towns."""

from __future__ import annotations

import firstframe as ff
import pytest
from PySide6.QtWidgets import QComboBox

WAIT = 180_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def test_use_settings_from_openttd_cfg(qtbot, window, tmp_path, monkeypatch):
    if "ff-06" not in ff.case_ids():
        pytest.skip("reference case ff-06 absent")
    c = ff.case("ff-06")
    action = window.settings_files
    assert action.actions["tgp"] in window.menu("File").actions()
    assert action.actions["tgp"].text() == "Use settings from openttd.cfg..."
    offered = []
    monkeypatch.setattr("viewer.ui.folders.open_path",
                        lambda parent, title, filt, start="": offered.append(start) or "")
    action.actions["tgp"].trigger()             # from the menu, as a user asks
    assert offered and offered[0].endswith("openttd.cfg")
    assert action.use("tgp", str(ff.folder() / c["cfg"]))
    settle(qtbot, window, lambda: window.result.generator == "tgp"
           and window.result.grid.width == 128)
    p = window.result.params
    assert p["town_layout"] == "2x2 grid" and p["number_towns"] == "very low"
    assert p["extra_tree_placement"] == "spread" and p["tree_placer"] == "original"
    bad = tmp_path / "openttd.cfg"
    bad.write_text("[economy]\ntown_layout = 9\n")
    assert not action.use("tgp", str(bad))
    assert "line 2: economy.town_layout" in window.run_status.message.text()
    assert window.workbench.values["town_layout"] == "2x2 grid"
    window.workbench.set_values({"stop_after": "clear"})
    window.request_generation()
    settle(qtbot, window, lambda: window.result.params["stop_after"] == "clear")
    town_name = window.param_panel.widgets["town_name"]
    assert town_name.isEnabled() is False          # (no towns on this map: greyed)
    box = town_name.findChild(QComboBox) if not isinstance(town_name, QComboBox) else town_name
    model = box.model()
    names = [box.itemText(i) for i in range(box.count())]
    assert names[0] == "English (Original)" and model.item(0).isEnabled()
    french = model.item(names.index("French"))
    assert not french.isEnabled() and french.toolTip() == "not yet"


def test_the_status_line_says_the_first_frame(qtbot, window):
    box = window.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, window, lambda: window.result.generator == "tgp")
    window.workbench.set_values({"size": "64x64", "stop_after": "world"})
    window.request_generation()
    settle(qtbot, window, lambda: window.result.params["stop_after"] == "world"
           and window.result.grid.width == 64)
    # (the status line is written once the run's result is shown)
    qtbot.waitUntil(lambda: "the first frame of the game" in window.run_status.message.text(),
                    timeout=WAIT)
