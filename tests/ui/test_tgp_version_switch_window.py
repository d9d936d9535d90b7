"""Switching TGP's version in the window, as a new user did it: switch TGP's version in the panel, read the sliders, the status bar
and the greyed-out settings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from window_waits import settle
from viewer.workbench.events import RunStarted

WAIT = 60_000


def tgp(qtbot, w, **values):
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.workbench.set_values({"size": (64, 64), **values})
    w.request_generation()
    settle(qtbot, w, lambda: all(w.result.params[k] == v for k, v in values.items()))
    return w.param_panel


def choose_version(qtbot, w, version):
    """Pick the version in the panel's combo box, as the user does."""
    w.param_panel.widgets["openttd"].editor.setCurrentText(version)
    settle(qtbot, w, lambda: w.result.params["openttd"] == version)


def test_switching_to_r13671_narrows_the_sliders_and_says_what_moved(qtbot,
                                                                                 window):
    w = window
    panel = tgp(qtbot, w, terrain=4, sea_level=2)
    terrain = panel.widgets["terrain"].editor
    assert terrain.maximum() == 5 and panel.widgets["sea_level"].editor.maximum() == 4
    choose_version(qtbot, w, "r13671")
    assert terrain.maximum() == 3 and panel.widgets["sea_level"].editor.maximum() == 3
    assert panel.widgets["terrain"].value_label() == "mountainous"
    assert w.result.params["terrain"] == 3 and w.result.params["sea_level"] == 2
    assert w.run_status.message.text().startswith(
        "alpinist is 15.2 only: terrain type set to mountainous. tgp: 64x64")
    terrain.slider.setValue(terrain.slider.maximum())      # the end of the slider: 3
    assert w.workbench.values["terrain"] == 3
    choose_version(qtbot, w, "15.2")
    assert terrain.maximum() == 5 and not w.run_status.message.text().startswith("alpinist")


def test_a_setting_r13671_lacks_shows_no_value_of_15_2(qtbot, window):
    w = window
    panel = tgp(qtbot, w, freeform_edges=True, terrain=5, custom_terrain=77)
    free, custom = panel.widgets["freeform_edges"], panel.widgets["custom_terrain"]
    assert free.editor.isChecked() and custom.editor.field.text() == "77"
    w.workbench.set_value("terrain", 3)
    choose_version(qtbot, w, "r13671")
    # freeform edges: what r13671 does (its edges are always sea), not 15.2's on
    assert not free.isEnabled() and not free.editor.isChecked()
    assert "r13671 has no such setting" in free.toolTip()
    # the custom height: no value at all
    assert not custom.editor.slider.isVisibleTo(custom) and custom.editor.field.isHidden()
    assert custom.editor.absent_label.isVisibleTo(custom)
    assert custom.editor.absent_label.text() == "n/a"
    # the values held come back with 15.2
    assert w.workbench.values["freeform_edges"] is True
    assert w.workbench.values["custom_terrain"] == 77
    choose_version(qtbot, w, "15.2")
    assert free.isEnabled() and free.editor.isChecked()
    assert free.editor.checkState() == Qt.CheckState.Checked


def test_the_custom_height_is_greyed_unless_custom_and_makes_no_new_map(qtbot, window):
    w = window
    panel = tgp(qtbot, w, terrain=1)
    custom = panel.widgets["custom_terrain"]
    assert not custom.isEnabled()
    assert "Terrain type flat has no such setting (only custom)" in custom.toolTip()
    shown = w.result
    started = []
    w.workbench.events.connect(RunStarted, lambda e: started.append(e.run_id))
    w.workbench.set_value("custom_terrain", 90)
    w.request_generation()
    assert started == [] and w.result is shown
    assert w.run_status.message.text() == ("Custom height is not used with Terrain type flat "
                                           "(only with custom): the map stays as it is")
    w.workbench.set_value("terrain", 5)
    assert custom.isEnabled() and custom.editor.field.text() == "90"
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["terrain"] == 5)
    assert len(started) == 1 and w.result.detail.tgp_max_height == 90
