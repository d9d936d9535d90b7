"""A puzzle opened from a file keeps a seed the panel can show and restore;
switching generator and back never leaves the map greyed under
"generating..."; no Python type name reaches the user."""

from __future__ import annotations

import re

from viewer.engine.params import ParamError, check_text_seed

UNIQUE = """4 4
. . . 1
. 2 3 .
. . 1 .
3 . . 2
"""
TYPE_NAMES = re.compile(r"\b(NoneType|int|str|float|bytes|dict|list|tuple)\b|Error:")


def settle(qtbot, w, cond=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and cond(), timeout=60_000)


def test_an_opened_puzzle_keeps_a_seed_and_switching_back_is_not_stuck(qtbot, window, tmp_path):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    seed = w.workbench.seed
    path = tmp_path / "p.txt"
    path.write_text(UNIQUE)
    assert w.file_actions.open_file("numberlink", path)
    settle(qtbot, w, lambda: w.result.detail.solution is not None)
    assert w.workbench.seed == seed                       # not None
    assert w.param_panel.seed_row.field.text() == str(seed)
    assert "None" not in (w.workbench.undo_text() or "")
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    w.set_generator("numberlink")
    settle(qtbot, w)
    assert not w.map_view.is_waiting(), "left greyed under 'generating...'"
    assert not TYPE_NAMES.search(w.message.text()), w.message.text()
    assert not TYPE_NAMES.search(w.param_panel.error_text()), w.param_panel.error_text()


def test_a_refused_run_after_switching_back_is_not_left_waiting(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    w.workbench.set_value("size", "1x1")        # refused when the run is asked for
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    w.set_generator("numberlink")
    qtbot.waitUntil(lambda: not w.busy(), timeout=60_000)
    assert w.workbench.error is not None
    assert not w.map_view.is_waiting(), "left greyed under 'generating...'"
    assert not TYPE_NAMES.search(w.message.text()), w.message.text()


def test_a_refused_seed_names_no_type():
    for bad in (None, 1.5, [1], True):
        try:
            check_text_seed(bad)
        except ParamError as exc:
            assert not TYPE_NAMES.search(str(exc)), str(exc)
        else:
            raise AssertionError(f"{bad!r} taken as a seed")
