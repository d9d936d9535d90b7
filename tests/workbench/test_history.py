"""Undo and redo in the Workbench, without Qt: every parameter and seed
change, per generator, a drag one change, labels naming what they undo."""

from __future__ import annotations

import pytest

from viewer.workbench import Workbench
from viewer.workbench.history import History


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


@pytest.fixture
def wb():
    w = Workbench("fairland")
    w.history = History(clock=Clock())
    return w


def test_undo_names_the_change_and_puts_the_value_back(wb):
    wb.set_value("sp", 65)
    wb.end_gesture()
    wb.set_value("sp", 80)
    assert wb.undo_text() == "Spike % 65 -> 80"
    wb.undo(generate=False)
    assert wb.values["sp"] == 65
    assert wb.redo_text() == "Spike % 65 -> 80"
    assert wb.undo_text() == "Spike % 10 -> 65"
    wb.redo(generate=False)
    assert wb.values["sp"] == 80 and wb.redo_text() is None


def test_a_drag_is_one_change(wb):
    for v in range(11, 60):                  # a slider dragged: many values, quickly
        wb.set_value("sp", v)
        wb.history.clock.t += 0.03
    wb.end_gesture()                         # released
    assert wb.undo_text() == "Spike % 10 -> 59"
    wb.undo(generate=False)
    assert wb.values["sp"] == 10 and wb.undo_text() is None


def test_a_pause_or_another_setting_starts_a_new_change(wb):
    wb.set_value("sp", 20)
    wb.history.clock.t += 5                  # a pause longer than the merge window
    wb.set_value("sp", 30)
    wb.set_value("pm", 5)
    entries, done = wb.history.entries("fairland")
    assert [c.label for c in entries] == ["Spike % 10 -> 20", "Spike % 20 -> 30",
                                          "Mountain % 0 -> 5"] and done == 3


def test_seed_changes_are_undone_and_histories_are_per_generator(wb):
    wb.set_seed(42)
    assert wb.undo_text() == "Seed 1 -> 42"
    wb.set_generator("tgp")
    assert wb.undo_text() is None           # TGP's own history
    wb.set_value("terrain", 3)
    assert wb.undo_text() == "Terrain type flat -> mountainous"
    wb.set_generator("fairland")
    wb.undo(generate=False)
    assert wb.seed == 1
    wb.set_generator("tgp")
    wb.undo(generate=False)
    assert wb.values["terrain"] == 1


def test_a_new_change_after_undo_drops_the_redo_branch(wb):
    wb.set_value("sp", 20)
    wb.end_gesture()
    wb.undo(generate=False)
    wb.set_value("pm", 3)
    assert wb.redo_text() is None


def test_jump_goes_to_any_earlier_map_and_back(wb):
    for v in (20, 30, 40):
        wb.set_value("sp", v)
        wb.end_gesture()
    wb.jump(0, generate=False)
    assert wb.values["sp"] == 20
    entries, done = wb.history.entries("fairland")
    assert len(entries) == 3 and done == 1
    wb.jump(-1, generate=False)
    assert wb.values["sp"] == 10
    wb.jump(2, generate=False)
    assert wb.values["sp"] == 40


def test_undo_makes_the_map_of_the_values_put_back(wb):
    wb.set_values({"nc": 2, "sc": 10, "ni": 2, "is": 5})
    wb.end_gesture()
    wb.request()
    wb.set_seed(9)
    wb.request()
    assert wb.result.seed == 9
    wb.undo()
    assert wb.result.seed == 1 and wb.result.params["nc"] == 2


def test_opening_a_map_is_one_change(wb):
    wb.set_values({"nc": 2, "sc": 10, "ni": 2, "is": 5})
    wb.end_gesture()
    wb.request()
    other = Workbench("fairland")
    other.set_values({"nc": 3, "sc": 12, "ni": 3, "is": 5})
    other.set_seed(5)
    other.request()
    wb.show(other.result)
    assert wb.undo_text().startswith("Open ") and "seed 5" in wb.undo_text()
    wb.undo(generate=False)
    assert wb.values["nc"] == 2 and wb.seed == 1
