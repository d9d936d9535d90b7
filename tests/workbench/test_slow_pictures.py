"""A map slow to draw gets its pictures of another layer, other options and
its finished step drawn by a job on the state runner (the front end's thread
never draws it); a quick one is drawn when asked for.  Qt-free."""

from __future__ import annotations

import numpy as np

from viewer.workbench import InlineRunner, Workbench
from viewer.workbench import model as workbench_model
from viewer.workbench.events import StateChanged

SMALL_FAIRLAND = {"nc": 2, "sc": 10, "ni": 2, "is": 5}


class HeldRunner(InlineRunner):
    """Keeps each job until :meth:`run_all` (as a worker thread would)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list = []

    def submit(self, fn, done) -> int:
        self.held.append((fn, done))
        return len(self.held)

    def idle(self) -> bool:
        return not self.held

    def cancel(self) -> None:
        self.held.clear()

    def run_all(self) -> None:
        held, self.held = self.held, []
        for fn, done in held:
            InlineRunner.submit(self, fn, done)


def _workbench():
    state_runner = HeldRunner()
    wb = Workbench("fairland", state_runner=state_runner)
    wb.set_values(SMALL_FAIRLAND)
    wb.request()
    seen = []
    wb.events.connect(StateChanged, lambda e: seen.append(e.state))
    return wb, state_runner, seen


def test_a_quick_picture_is_drawn_when_asked_for(monkeypatch):
    monkeypatch.setattr(workbench_model, "DRAW_INLINE_S", 10.0)
    wb, runner, seen = _workbench()
    wb.set_layer("elevation")
    assert not wb.drawing() and not runner.held
    pic = wb.picture()
    assert pic.rgba.size and wb.layer == "elevation"


def test_a_slow_picture_is_drawn_by_a_job_and_the_state_says_when(monkeypatch):
    monkeypatch.setattr(workbench_model, "DRAW_INLINE_S", 0.0)
    wb, runner, seen = _workbench()
    before = wb.state
    wb.set_layer("elevation")
    assert wb.drawing() and len(runner.held) == 1 and not seen
    runner.run_all()
    assert not wb.drawing() and seen == [before]        # the same state, drawn again
    drawn = wb.picture()
    assert drawn is wb._drawn.picture                   # the job's picture, not drawn again
    want = workbench_model.timed_picture(before, "elevation", wb.picture_options())[0]
    assert np.array_equal(drawn.rgba, want.rgba)


def test_a_layer_chosen_while_a_step_is_rebuilt_draws_that_step(monkeypatch):
    monkeypatch.setattr(workbench_model, "DRAW_INLINE_S", 0.0)
    wb, runner, seen = _workbench()
    step = wb.n_steps // 2
    wb.set_step(step)
    wb.set_layer("elevation")               # supersedes the step's job, keeps its step
    runner.run_all()
    assert wb.state.step == step and wb._drawn.layer == "elevation"
    assert not wb.drawing()


def test_the_finished_step_of_a_slow_map_comes_from_a_job(monkeypatch):
    monkeypatch.setattr(workbench_model, "DRAW_INLINE_S", 0.0)
    wb, runner, seen = _workbench()
    wb.set_step(1)
    runner.run_all()
    assert wb.state.step == 1
    wb.set_step(wb.n_steps)
    assert wb.drawing() and wb.state.step == 1          # the last picture stays meanwhile
    runner.run_all()
    assert wb.state.final and not wb.drawing()
