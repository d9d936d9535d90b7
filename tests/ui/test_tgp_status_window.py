"""TerraGenesis in the window: the status line describes the map shown
(its seed, the step it stops after), whether the map was made by a run or
shown from elsewhere; the Layers list before the first map is the one the
chosen version's maps have."""

from __future__ import annotations

from viewer.engine.tgp.generator import TGP

WAIT = 180_000


def settle(qtbot, w, cond=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and cond(), timeout=WAIT)


def choose_tgp(qtbot, w):
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, w, lambda: w.result.generator == "tgp")


def make(qtbot, w, stop_after: str, seed: int) -> None:
    """A 64x64 map that stops after ``stop_after``, made by a run and shown."""
    w.workbench.set_values({"size": "64x64", "stop_after": stop_after})
    w.workbench.set_seed(seed)
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["stop_after"] == stop_after
           and w.result.seed == seed)
    qtbot.waitUntil(lambda: f"seed {seed};" in w.run_status.message.text(), timeout=WAIT)


def test_a_map_shown_from_elsewhere_is_the_one_the_status_line_describes(qtbot, window):
    w = window
    choose_tgp(qtbot, w)
    make(qtbot, w, "water", 1)
    made = TGP.generate({"size": (64, 64), "stop_after": "world"}, seed=5)
    w.show_result(made)
    settle(qtbot, w, lambda: w.result is made)
    text = w.run_status.message.text()
    assert "seed 5;" in text and "seed 1;" not in text
    assert "the first frame of the game" in text


def test_a_run_with_a_new_seed_and_stop_is_the_one_the_status_line_describes(qtbot, window):
    w = window
    choose_tgp(qtbot, w)
    make(qtbot, w, "rivers", 1)
    make(qtbot, w, "world", 5)
    text = w.run_status.message.text()
    assert "seed 5;" in text and "the first frame of the game" in text
    assert "GenerateLandscape leaves it" not in text


def listed(w) -> list[str]:
    from PySide6.QtCore import Qt

    box = w.layer_list
    return [box.item(i).data(Qt.ItemDataRole.UserRole) for i in range(box.count())]


def test_the_layers_listed_before_the_first_map_are_the_maps(qtbot, window):
    w = window
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    before = listed(w)                  # (the map comes with the event loop, not yet)
    assert w.result is None
    assert "water" not in before and "change" not in before
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    assert w.result.detail.version == "15.2"
    assert before == [n for n in w.result.layer_info if n != "change"]   # (the trace's)
