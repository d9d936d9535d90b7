"""Number Link in the panel: "Unique puzzle" follows a chosen difficulty
(and bridges), shown on and greyed; a refusal names the panel's setting
("Tries"), not a command-line flag."""

from __future__ import annotations

from window_waits import settle


def _nl(qtbot, w):
    w.workbench.set_values({"size": "5x5"}, of="numberlink")
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")


def test_unique_follows_a_chosen_difficulty(qtbot, window):
    w = window
    _nl(qtbot, w)
    unique = w.param_panel.widgets["unique"]
    assert unique.isEnabled() and unique.value() is False
    box = w.param_panel.widgets["difficulty"].editor
    box.setCurrentText("easy")
    settle(qtbot, w, lambda: w.result.params["difficulty"] == "easy")
    assert not unique.isEnabled() and unique.editor.isChecked()
    assert "difficulty" in unique.toolTip().lower()
    box.setCurrentText("any")
    settle(qtbot, w, lambda: w.result.params["difficulty"] == "any")
    assert unique.isEnabled() and not unique.editor.isChecked()


def test_a_refusal_names_the_panels_setting_not_a_flag(qtbot, window):
    w = window
    _nl(qtbot, w)
    w.workbench.set_values({"difficulty": "extreme", "max_tries": 2})
    w.request_generation()
    qtbot.waitUntil(lambda: not w.busy() and w.workbench.error is not None, timeout=60_000)
    shown = w.param_panel.error_text() + " " + w.message.text()
    assert '"Tries"' in shown and "--max-tries" not in shown, shown
