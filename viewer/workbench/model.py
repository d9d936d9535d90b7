"""The workbench itself, without Qt: the midend between a front end (the
window, a script, a test) and the generators.

It holds everything about the map being worked on, each in one place: the
generator chosen, the parameter values and seed of every generator (kept
when you switch away and back), the current result, the timeline step and
the state there, the layer and picture options, and the pinned map A.  It
asks for runs (newest wins; the values, seed, layer and options a run uses
are captured when it is submitted, never read from a front end while it
runs), and gives what a front end shows: the picture, the inspector's rows,
the exports, the metrics, a shareable command line.  Every change is an
event (:mod:`.events`), so a front end only draws what it is told changed.

    wb = Workbench(registry.names()[0])
    wb.set_value(wb.generator.params[0].name, wb.generator.params[0].default)
    wb.request()                 # InlineRunner: runs now
    wb.picture().rgba            # the map as the window shows it
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..declaration import Declaration
from ..engine.params import (ParamError, counting, counts, failed_words, fit_bounds, implied,
                             same_value)
from ..engine.protocol import CancelToken, GenerationError, MapState, Result
from . import events as ev
from .events import Events
from .errors import error_text, in_panel_words
from .history import Change, History, describe
from .inspector_rows import rows_at
from .map_id import generic_command_line, map_id, parse_map_id
from .runs import InlineRunner, Outcome, Runner

__all__ = ["Workbench", "Pinned", "generic_command_line", "same_options"]

DRAW_INLINE_S = 0.008
"""A map whose last picture took more CPU time than this to draw has its
pictures of another layer, other options or its finished state drawn by a
job on the state runner (as every timeline step is), so that a front end's
thread never draws it; a quicker one is drawn when it is asked for."""


@dataclass(frozen=True)
class Pinned:
    """Map A of a comparison: the result pinned and the step it was shown at."""

    result: Result
    step: int | None


def same_options(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same picture options: plain values equal, anything else (an
    array, a selection) the same object."""
    def same(x, y) -> bool:
        plain = (bool, int, float, str, type(None))
        return x is y or (type(x) is type(y) and isinstance(x, plain) and x == y)
    return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)


@dataclass(frozen=True)
class Drawn:
    """A picture a job drew off the front end's thread, with what it was
    drawn from: the state, the layer and options, the picture, and what the
    front end made of it for its screen (``screen``, e.g. a QImage)."""

    state: MapState
    layer: str
    options: dict[str, Any]
    picture: Any
    screen: Any
    seconds: float = 0.0        # the CPU time the picture took to draw
    asked: str | None = None    # the layer asked for (``layer`` may stand in for it)


def timed_picture(state: MapState, layer: str, options: dict[str, Any]) -> tuple[Any, float]:
    """The picture of ``state`` and the CPU time its drawing took in this thread."""
    from ..render.picture import picture

    t0 = time.thread_time()
    pic = picture(state, layer, options)
    return pic, time.thread_time() - t0


class Workbench:
    """See the module docstring.  ``runner`` makes maps, ``state_runner``
    rebuilds the state at a timeline step (both :class:`InlineRunner` by
    default: everything happens in the caller's thread).

    Two hooks let a front end do its own work off its thread, in the jobs:
    ``prepare_result(result)`` (e.g. a table a view shows; its value is
    :attr:`prepared` when the map is shown), and ``prepare_picture()``,
    called when a job is submitted, in the caller's thread, returning what
    to do to the job's picture in the job's thread (e.g. convert it for the
    screen; what that returns is :meth:`prepared_picture`).  Both are read
    when a job is submitted."""

    def __init__(self, generator: str | None = None, *, runner: Runner | None = None,
                 state_runner: Runner | None = None, trace: bool = True):
        self.events = Events()
        self.runner: Runner = runner or InlineRunner()
        self.state_runner: Runner = state_runner or InlineRunner()
        self.trace = trace
        self._values: dict[str, dict[str, Any]] = {}
        self._seeds: dict[str, int | str] = {}
        self._decl: Declaration = registry.declaration(generator or registry.names()[0])
        self.result: Result | None = None
        self.state: MapState | None = None
        self.layer = ""
        self.options: dict[str, Any] = {}
        self.pinned: Pinned | None = None
        self.shared_range: tuple[str, float, float] | None = None
        """(layer, lo, hi): the colour scale B shares with A while comparing
        (see :meth:`share_range`)."""
        self.error: tuple[str | None, str] | None = None   # the value refused last
        self.note = ""          # one line on what the last change did beyond itself,
        # until the map that follows it is shown
        self.last_seconds: float | None = None
        self._requested: tuple[Any, ...] | None = None
        self._requested_values: dict[str, Any] = {}     # all of them, as last asked for
        self._latest_run = 0
        self._shown_run = 0             # the request whose map is shown (0: none or a file's)
        self._latest_state = 0
        self._drawn: Drawn | None = None    # the picture a job drew last
        self._draw_seconds = 0.0            # the CPU time the map's last picture took
        self._drawing = 0                   # the state job drawing what is shown (0: none)
        self._drawing_step: tuple[Result, int | None] | None = None   # the step it rebuilds
        self.prepare_result: Callable[[Result], Any] | None = None
        self.prepare_picture: Callable[[], Callable[[Any], Any]] | None = None
        self.prepared: Any = None           # prepare_result's value for the map shown
        self.shown_values: dict[str, Any] = {}   # the values the map shown stands for
        self.history = History()
        self._grouping: list[Any] | None = None   # [label, before, seed before] of changes()
        self._restoring = False

    # == the generator ==========================================================
    @property
    def generator(self) -> Declaration:
        return self._decl

    @staticmethod
    def generators() -> dict[str, str]:
        """Every registered generator's title, by name."""
        return registry.titles()

    def set_generator(self, name: str) -> None:
        """Choose generator ``name``: the map shown and A are put away (A and
        B are maps of one generator); its own values and seed come back."""
        if name == self._decl.name:
            return
        decl = registry.declaration(name)
        self.runner.cancel()
        self.state_runner.cancel()
        self._decl = decl
        self._requested = None
        self._shown_run = self._latest_run
        self.error = None
        self.unpin()
        self._show(None)
        self.events.emit(ev.GeneratorChanged(name))

    # == values and seed ===========================================================
    @property
    def values(self) -> dict[str, Any]:
        """The raw values of the current generator (defaults where unset),
        as a user gave them: they may not be valid (see :meth:`validated`)."""
        out = {p.name: p.default for p in self._decl.params}
        out.update(self._values.get(self._decl.name, {}))
        return out

    def solve_job(self, kind: str) -> Callable[[CancelToken], tuple[Result, str, Any]] | None:
        """A job (``fn(token)``, for a runner) that solves the map shown as
        its generator declares (``Declaration.solving``: e.g. a puzzle's
        uniqueness check and step-by-step solve) under the values now, and
        returns ``(result, rule, answer)``; None where the generator solves
        nothing of that kind or the map shown has nothing to solve."""
        solving = self._decl.load("solving")
        r = self.result
        if solving is None or kind not in solving.KINDS or not solving.can_solve(r):
            return None
        values = dict(self.values)
        rule = solving.rule(values)

        def job(token: CancelToken) -> tuple[Result, str, Any]:
            return r, rule, solving.solve(kind, r, values, check=token.check)

        return job

    def set_value(self, name: str, value: Any) -> None:
        self.set_values({name: value})

    def set_values(self, values: Mapping[str, Any], replace: bool = False,
                   of: str | None = None) -> None:
        """Set several values at once (``replace``: the others back to
        default); ``of``: of another generator than the one chosen (kept for
        when it is chosen; no event).

        A value the change puts outside its bounds (:class:`BoundsWhen`:
        alpinist when the version becomes r13671) is brought within them,
        unless it was given too, and :attr:`note` (and a status line) says
        so: "alpinist is 15.2 only: terrain type set to mountainous"."""
        decl = self._decl if of is None else registry.declaration(of)
        for name in values:
            decl.param(name)            # KeyError for a name the generator lacks
        current = decl.name == self._decl.name
        before = self.values if current else {}
        mine = {} if replace else dict(self._values.get(decl.name, {}))
        mine.update(values)
        mine.update(implied(decl.params, values))      # (a PNG chosen: the PNG source)
        full = {p.name: p.default for p in decl.params}
        full.update(mine)
        moved, note = fit_bounds(decl.params, full, tuple(values))
        mine.update(moved)
        self._values[decl.name] = mine
        if current:
            self.note = note
            now = self.values
            changed = tuple(n for n in now if not same_value(before.get(n), now[n]))
            if changed:
                self._note(before, self.seed)
                self.events.emit(ev.ValuesChanged(changed))
            if note:
                self.events.emit(ev.Status(note))

    def validated(self) -> dict[str, Any]:
        """The values as the generator takes them, or ParamError."""
        return self._decl.validate(self.values)

    @property
    def seed(self) -> int | str:
        return self._seeds.get(self._decl.name, self._decl.default_seed)

    def set_seed(self, seed: int | str) -> None:
        self.note = ""
        before = self.seed
        self._seeds[self._decl.name] = seed
        self._note(self.values, before)
        self.events.emit(ev.SeedChanged(seed))

    # == undo and redo (see .history) ================================================
    def _note(self, before: dict[str, Any], seed_before: Any) -> None:
        """Record the change from ``before`` to the values and seed now."""
        if self._restoring or self._grouping is not None:
            return
        after, seed = self.values, self.seed
        params = {p.name: p for p in self._decl.params}
        label, key = describe(params, before, after, seed_before, seed)
        if label:
            # a number dragged or held down merges; a seed, a choice, a text does not
            merge = len(key) == 1 and key[0] in params and params[key[0]].kind in ("int",
                                                                                  "float")
            self.history.record(self._decl.name, lambda *a: describe(params, *a)[0], key,
                                before, after, seed_before, seed, merge=merge)

    @contextmanager
    def changes(self, label: str) -> Iterator[None]:
        """Every value and seed change inside is one undoable change named
        ``label`` ("Open preset x.toml")."""
        if self._grouping is not None:
            yield
            return
        before, seed_before, gen = self.values, self.seed, self._decl.name
        self._grouping = [label]
        try:
            yield
        finally:
            self._grouping = None
        if gen == self._decl.name:
            self.history.record(gen, label, ("group", label), before, self.values,
                                seed_before, self.seed, merge=False)
            self.events.emit(ev.HistoryChanged())     # the Undo entry names it now

    def begin_gesture(self) -> None:
        """A drag began (a slider pressed): one change until it ends."""
        self.history.hold(self._decl.name)

    def end_gesture(self) -> None:
        """A drag or a held key ended: the next change is one of its own."""
        self.history.close(self._decl.name)

    def undo_text(self) -> str | None:
        """What Undo would undo ("Spike % 65 -> 80"), None when nothing."""
        c = self.history.undo_change(self._decl.name)
        return c.label if c is not None else None

    def redo_text(self) -> str | None:
        c = self.history.redo_change(self._decl.name)
        return c.label if c is not None else None

    def undo(self, generate: bool = True) -> Change | None:
        """Put back the values and seed before the last change (and make
        that map); returns the change undone (None: nothing to undo)."""
        c = self.history.pop_undo(self._decl.name)
        if c is not None:
            self._restore(c.before, c.seed_before, generate)
        return c

    def redo(self, generate: bool = True) -> Change | None:
        c = self.history.pop_redo(self._decl.name)
        if c is not None:
            self._restore(c.after, c.seed_after, generate)
        return c

    def jump(self, index: int, generate: bool = True) -> None:
        """Go to the state after the ``index``-th change of the history
        (-1: before the first), undoing or redoing as many as it takes."""
        gen = self._decl.name
        entries, done = self.history.entries(gen)
        index = max(-1, min(int(index), len(entries) - 1))
        while done > index + 1 and self.history.pop_undo(gen) is not None:
            done -= 1
        while done < index + 1 and self.history.pop_redo(gen) is not None:
            done += 1
        entries, done = self.history.entries(gen)
        if done:
            c = entries[done - 1]
            self._restore(c.after, c.seed_after, generate)
        elif entries:
            c = entries[0]
            self._restore(c.before, c.seed_before, generate)

    def _restore(self, values: dict[str, Any], seed: Any, generate: bool) -> None:
        self._restoring = True
        try:
            self.set_values(values, replace=True)
            self.set_seed(seed)
        finally:
            self._restoring = False
        self.events.emit(ev.HistoryChanged())
        if generate:
            self.request()

    def new_seed(self, rng: random.Random | None = None) -> int | str:
        """A fresh random seed of the generator's kind (set, and returned)."""
        rng = rng or random.Random()
        if self._decl.seed_kind == "text":
            seed: int | str = "".join(rng.choice("0123456789") for _ in range(15))
        else:
            seed = rng.randrange(2 ** 32)
        self.set_seed(seed)
        return seed

    # == runs ===================================================================
    def request(self, force: bool = False) -> int | None:
        """Validate the values and seed and, if they pass, ask for a run;
        returns its id, or None when a value was refused (event
        ``invalid``) or nothing that makes the map changed since the last
        request (unless ``force``): a value that does not count under the
        others (:class:`OnlyWhen`: the custom height while the terrain type
        is not custom) makes no new map, and :attr:`note` says why."""
        decl = self._decl
        try:
            values = decl.checked(self.values)      # validated here, once per request
            seed = decl.check_seed(self.seed)
        except ParamError as exc:
            self.error = (exc.param, str(exc))
            self.events.emit(ev.Invalid(exc.param, str(exc)))
            self.events.emit(ev.Status(f"{exc} (showing the last good map)", True))
            return None
        if self.error is not None:
            self.error = None
            self.events.emit(ev.Invalid(None, ""))
        request = (decl.name, counting(decl.params, values), seed)
        last, self._requested_values = self._requested_values, dict(values)
        if not force and request == self._requested and (self.result is not None
                                                         or not self.runner.idle()):
            idle = self._idle_change(values, last)
            if idle:
                self.note = idle
                self.events.emit(ev.Status(idle))
            return None
        self._requested = request
        layer, options, trace = self.layer, self.screen_options(), self.trace
        engine = decl.engine
        prepare, finish = self.prepare_result, self._picture_finisher()

        def job(token: CancelToken) -> tuple[Result, Any]:
            from ..render.picture import final_state, renderer_for

            result = engine.generate(values, seed=seed, trace=trace, cancel=token,
                                     progress=token.report)
            token.check()
            # the first picture is drawn here, with the layer and options of
            # the request, not on the front end's thread
            state = final_state(result)
            drawn = renderer_for(result.generator).drawn_layer(state, layer)
            pic, seconds = timed_picture(state, drawn, options)
            screen = finish(pic)
            prepared = prepare(result) if prepare is not None else None
            return result, Drawn(state, drawn, options, pic, screen, seconds, layer), prepared

        self._latest_run += 1
        expected = self._latest_run
        self.events.emit(ev.RunStarted(expected))
        run_id = self.runner.submit(job, lambda o: self._run_done(o, expected, decl.name))
        return run_id

    def _idle_change(self, values: Mapping[str, Any], last: Mapping[str, Any]) -> str:
        """Why changing what differs from ``last`` makes no new map ("" when
        nothing differs)."""
        params = {p.name: p for p in self._decl.params}
        idle = [params[n] for n in values
                if n in last and not same_value(values[n], last[n]) and n in params
                and not counts(params[n], values)]
        if not idle:
            return ""
        owner, only = failed_words(idle[0], values, params) or ("", "")
        names = " and ".join(p.label for p in idle)
        return (f"{names} {'is' if len(idle) == 1 else 'are'} not used with {owner} (only "
                f"with {only}): the map stays as it is")

    def cancel(self) -> None:
        """Stop the run under way (the map shown stays)."""
        self.runner.cancel()

    def busy(self) -> bool:
        return not (self.runner.idle() and self.state_runner.idle())

    def _run_done(self, outcome: Outcome, expected: int, generator: str) -> None:
        if generator != self._decl.name:
            return                      # another generator since
        if expected != self._latest_run:
            self._superseded_done(outcome, expected)
            return
        if outcome.cancelled:
            self._requested = None          # asking again for these values makes the map
            back = self._back_to_shown()
            self.events.emit(ev.Status("generation cancelled: " + (
                "the settings are back to those of the map shown" if back
                else "showing the last good map")))
            self.events.emit(ev.RunCancelled(outcome.id))   # (what depended on it says so)
            return
        exc = outcome.error
        if exc is not None:
            said = in_panel_words(str(exc), self._decl.params)    # "Tries", not --max-tries
            if isinstance(exc, ParamError):
                self.error = (exc.param, said)
                self.events.emit(ev.Invalid(exc.param, said))
            elif isinstance(exc, GenerationError):
                self.error = (None, said)
                self.events.emit(ev.Invalid(None, said))
            self._requested = None
            self.events.emit(ev.RunFailed(outcome.id, exc))
            what = said if isinstance(exc, ParamError | GenerationError) else \
                f"the generator failed: {error_text(exc)}"
            self.events.emit(ev.Status(f"{what} (showing the last good map)", True))
            return
        self.last_seconds = outcome.seconds
        r, drawn, prepared = outcome.value
        self._shown_run = expected
        self._show(r, drawn=drawn, prepared=prepared)
        note = f"{self.note}. " if self.note else ""
        self.events.emit(ev.Status(f"{note}{r.generator}: {r.grid.width}x{r.grid.height}, "
                                   f"seed {r.seed} ({outcome.seconds:.2f} s)", False))
        self.events.emit(ev.RunFinished(outcome.id, r, outcome.seconds))
        self.note = ""          # said with the map it came with

    def _back_to_shown(self) -> bool:
        """After a cancelled run: the values and seed of the map shown put
        back (one undoable change), so the panel says what the map is;
        whether they differed."""
        r = self.result
        if r is None or r.generator != self._decl.name or not self.shown_values:
            return False
        names = {p.name for p in self._decl.params}
        shown = {n: v for n, v in self.shown_values.items() if n in names}
        try:
            now = self.validated()
        except ParamError:
            now = None
        same_seed = r.seed is None or r.seed == self.seed
        if now is not None and same_seed and all(same_value(now.get(n), v)
                                                 for n, v in shown.items()):
            return False
        with self.changes("Cancel: back to the map shown"):
            self.set_values(shown)
            if r.seed is not None:
                self.set_seed(r.seed)
        return True

    def _superseded_done(self, outcome: Outcome, expected: int) -> None:
        """A run a newer request superseded, which the runner let finish
        (its policy while a slider is dragged): its map is shown while the
        newest is made, unless a newer map is already shown; its failure or
        cancellation says nothing (the newest will)."""
        if outcome.error is not None or outcome.value is None or expected <= self._shown_run:
            return
        r, drawn, prepared = outcome.value
        self._shown_run = expected
        self.last_seconds = outcome.seconds
        self._show(r, drawn=drawn, prepared=prepared)
        self.events.emit(ev.RunSuperseded(outcome.id, r, outcome.seconds))

    def show(self, result: Result, values: bool = True) -> None:
        """Show a map made elsewhere (an opened file, a bundle, a sweep case):
        runs under way are dropped, its generator chosen and (``values``)
        its parameters and seed become the values."""
        if result.generator != self._decl.name:
            self.set_generator(result.generator)
        self.runner.cancel()
        self._latest_run += 1
        self._shown_run = self._latest_run
        self._requested = None
        if values:
            # a puzzle opened from a file has no seed: the one set stays
            seeded = f" (seed {result.seed})" if result.seed is not None else ""
            with self.changes(f"Open {self._decl.title} map{seeded}"):
                self.set_values(result.params)
                if result.seed is not None:
                    self.set_seed(result.seed)
        prepare = self.prepare_result
        self._show(result, prepared=prepare(result) if prepare is not None else None)
        try:                        # a file's map stands for every value now set
            self.shown_values = self.validated()
        except ParamError:
            pass

    def _show(self, result: Result | None, drawn: Drawn | None = None,
              prepared: Any = None) -> None:
        from ..render.picture import final_state, renderer_for

        self.state_runner.cancel()
        self._latest_state += 1
        self._drawing, self._drawing_step = 0, None
        self.result = result
        self.prepared = prepared
        self.shown_values = dict(result.params) if result is not None else {}
        redraw = False
        if drawn is not None:
            chosen = self.layer             # a layer chosen while the map was made wins
            self.state, self.layer = drawn.state, drawn.layer
            self._drawn = drawn
            self._draw_seconds = drawn.seconds
            if drawn.asked is not None and chosen != drawn.asked:
                self.layer = renderer_for(result.generator).drawn_layer(self.state, chosen)
                redraw = self.layer != drawn.layer
        else:
            self._drawn = None
            self._draw_seconds = 0.0
            self.state = final_state(result) if result is not None else None
            if result is not None:
                self.layer = renderer_for(result.generator).drawn_layer(self.state, self.layer)
        if redraw and self._slow_picture():
            self._draw_job(result, None, self.state)    # the old picture stays till then
        self.events.emit(ev.ResultChanged(result))
        self.events.emit(ev.StateChanged(self.state))

    # == the timeline ===============================================================
    @property
    def step(self) -> int | None:
        return self.state.step if self.state is not None else None

    @property
    def n_steps(self) -> int:
        r = self.result
        return r.trace.n_steps if r is not None and r.trace is not None else 0

    def state_at(self, step: int | None, result: Result | None = None) -> MapState:
        """The map ``result`` (default: the one shown) held at ``step`` (None
        or past the end: the finished map), computed now."""
        from ..render.picture import final_state

        r = result if result is not None else self.result
        if r is None:
            raise ValueError("no map to step through")
        trace = r.trace
        if trace is None or step is None or step >= trace.n_steps:
            return final_state(r)
        step = max(0, int(step))
        return MapState(r, trace.state_at(step), tuple(trace.markers_at(step)), step,
                        trace.meaningful_at(step))

    def set_step(self, step: int) -> int | None:
        """Show the state at ``step`` (clamped to the timeline); rebuilt on
        the state runner, event ``state_changed`` when it is there."""
        r = self.result
        if r is None or r.trace is None:
            return None
        step = max(0, min(int(step), r.trace.n_steps))
        if step >= r.trace.n_steps:          # the finished map: nothing to rebuild
            if self._slow_picture():
                return self._draw_job(r, None, self.state_at(None, r))
            self.state_runner.cancel()
            self._latest_state += 1
            self._drawing, self._drawing_step = 0, None
            self.state = self.state_at(None, r)
            self.events.emit(ev.StateChanged(self.state))
            return None
        return self._draw_job(r, step)

    def _draw_job(self, r: Result, step: int | None, state: MapState | None = None
                  ) -> int | None:
        """Draw ``state`` (or the state of ``r`` at ``step``, rebuilt) with the
        layer and options now, in a job on the state runner: scrubbing, a
        large map's other layer or options never draw on the front end's
        thread.  Event ``state_changed`` when it is there; :meth:`drawing`
        until then."""
        self._latest_state += 1
        expected = self._latest_state
        self._drawing, self._drawing_step = expected, (r, step) if state is None else None
        layer, options, finish = self.layer, self.screen_options(), self._picture_finisher()

        def job(_token: CancelToken) -> tuple[MapState, Any, Any, float]:
            shown = state if state is not None else self.state_at(step, r)
            pic, seconds = timed_picture(shown, layer, options)
            return shown, pic, finish(pic), seconds

        def done(o: Outcome) -> None:
            if expected == self._latest_state:
                self._drawing, self._drawing_step = 0, None
            if expected != self._latest_state or self.result is not r or o.error is not None:
                if o.error is not None and not o.cancelled and expected == self._latest_state:
                    self.events.emit(ev.Status(f"timeline: {o.error}", True))
                return
            shown, pic, screen, seconds = o.value
            self.state = shown
            self._draw_seconds = seconds
            self._drawn = Drawn(shown, layer, options, pic, screen, seconds)
            self.events.emit(ev.StateChanged(shown))

        return self.state_runner.submit(job, done)

    def _slow_picture(self) -> bool:
        return self.state is not None and self._draw_seconds > DRAW_INLINE_S

    def _redraw(self) -> None:
        """The layer or options changed: a map slow to draw is drawn again
        by a job (the step it is going to, when one is being rebuilt)."""
        if not self._slow_picture():
            return
        pending = self._drawing_step if self._drawing else None
        if pending is not None and pending[0] is self.result:
            self._draw_job(pending[0], pending[1])
        else:
            self._draw_job(self.state.result, None, self.state)

    def drawing(self) -> bool:
        """A job is drawing the picture to show (a step, or a slow map's
        layer or options): until its ``state_changed`` the picture shown is
        the last one."""
        return self._drawing != 0

    def _picture_finisher(self) -> Callable[[Any], Any]:
        make = self.prepare_picture
        return make() if make is not None else (lambda _pic: None)

    def prepared_picture(self, pic: Any) -> Any:
        """What ``prepare_picture``'s function made of ``pic`` in its job
        (None for a picture not drawn by a job)."""
        drawn = self._drawn
        return drawn.screen if drawn is not None and drawn.picture is pic else None

    # == the picture ================================================================
    def set_layer(self, name: str) -> None:
        self.layer = name
        self._redraw()
        self.events.emit(ev.LayerChanged(name))

    def set_option(self, key: str, on: Any) -> None:
        self.options[key] = on
        self._redraw()
        self.events.emit(ev.OptionsChanged(dict(self.options)))

    def picture_options(self) -> dict[str, Any]:
        """The options a picture is drawn with: the renderer's toggles'
        defaults and the options set (the one mechanism of picture-only
        settings)."""
        from ..render.picture import renderer_of

        out = {t.key: t.default for t in renderer_of(self._decl).toggles}
        out.update(self.options)
        return out

    def screen_options(self) -> dict[str, Any]:
        """The options the map on screen is drawn with: :meth:`picture_options`
        and, while a map is pinned, the colour scale shared with it (files,
        thumbnails and the like keep the layer's own scale)."""
        from ..render.colormaps import VALUE_RANGE

        out = self.picture_options()
        shared = self.shared_range
        if self.pinned is not None and shared is not None and shared[0] == self.layer:
            out[VALUE_RANGE] = shared
        return out

    def share_range(self, value_range: tuple[str, float, float] | None) -> bool:
        """While a map is pinned: draw ``value_range[0]`` (a layer) on screen
        on the colour scale ``value_range[1:]`` (A's and B's values together,
        as the compare view finds them: one value, one colour in both panes).
        True when that changed the scale (the map is drawn again)."""
        if value_range is not None:
            value_range = (str(value_range[0]), float(value_range[1]), float(value_range[2]))
        if value_range == self.shared_range:
            return False
        self.shared_range = value_range
        if self.state is not None:
            self._redraw()
            self._refresh_picture()
        return True

    def picture(self, scale: int | None = None, *, export: bool = False,
                state: MapState | None = None):
        """The picture of the state shown (or ``state``), as the window draws
        it (``export``: the whole map, as files get it)."""
        from ..render.picture import picture

        state = state if state is not None else self.state
        if state is None:
            raise ValueError("no map to draw")
        options = self.picture_options() if export else self.screen_options()
        drawn = self._drawn
        if (drawn is not None and not export and scale is None and state is drawn.state
                and self.layer == drawn.layer and same_options(options, drawn.options)):
            return drawn.picture        # drawn by the run or the step's job
        if export or scale is not None or state is not self.state:
            return picture(state, self.layer, options, scale, export=export)
        t0 = time.thread_time()
        pic = picture(state, self.layer, options)
        self._draw_seconds = time.thread_time() - t0
        return pic

    def _refresh_picture(self) -> None:
        self.events.emit(ev.OptionsChanged(self.picture_options()))

    # == what the map says ==========================================================
    def inspect(self, x: int, y: int) -> list[tuple[str, str]] | None:
        """The inspector's rows for cell ``(x, y)`` of the state shown (None
        outside the map)."""
        return rows_at(self.state, x, y) if self.state is not None else None

    def metrics(self) -> dict[str, float]:
        m = self._decl.metrics
        if m is None or self.result is None:
            return {}
        return m(self.result)

    def exports(self) -> tuple[Any, ...]:
        return self._decl.load("exports")

    def export(self, name: str, path, value: Any = None) -> str:
        """Write declared export ``name`` of the map shown to ``path``;
        returns what to tell the user (ValueError/WriteError on failure)."""
        if self.result is None:
            raise ValueError("no map to export")
        for e in self._decl.load("exports"):
            if e.name == name:
                if value is None and e.ask is not None:
                    value = e.ask.default
                return e.write(path, self.result, value)
        raise KeyError(f"{self._decl.name} has no export {name!r}; it has: "
                       f"{', '.join(e.name for e in self._decl.load('exports')) or 'none'}")

    def bundle(self, path) -> Any:
        """Write the reproducible bundle (every layer of the step shown, NPZ,
        and its JSON sidecar); returns the sidecar's path."""
        from ..formats.bundle import write_bundle

        if self.result is None or self.state is None:
            raise ValueError("no map to save")
        st = self.state      # a step of the timeline: replay compares with that step
        return write_bundle(path, self.result, st.layers, st.markers,
                            None if st.final else st.step)

    def command_line(self) -> str:
        """The command that makes the map of the current values and seed
        again (the generator's own, where it declares one; else the generic
        command line's ``python -m viewer NAME --PARAM VALUE ... --seed S``)."""
        decl = self._decl
        values = decl.validate(self.values)
        seed = decl.check_seed(self.seed)
        own = decl.load("command_line")
        if own is not None:
            return own(values, seed)
        return generic_command_line(decl, values, seed)

    # == map IDs (see .map_id) ======================================================
    def map_id(self) -> str:
        """The map ID of the map shown (of the values and seed when none
        is): the command line that makes it (MapIdError when none can)."""
        r = self.result
        if r is not None and r.generator == self._decl.name:
            return map_id(self._decl, r.params, r.seed)
        return map_id(self._decl, self.validated(), self._decl.check_seed(self.seed))

    def open_map_id(self, text: str) -> int | None:
        """Open map ID ``text``: its generator chosen, its values and seed
        set (one undoable change) and its map asked for; MapIdError (one
        line) when refused, nothing changed."""
        mid = parse_map_id(text)
        self.set_generator(mid.generator)
        with self.changes("Paste map ID"):
            self.set_values(mid.values, replace=True)
            self.set_seed(mid.seed)
        return self.request(force=True)

    # == compare ====================================================================
    def pin(self) -> Pinned | None:
        """Keep the map shown as A (at the step shown)."""
        if self.result is None:
            return None
        self.pinned = Pinned(self.result, self.step)
        self.events.emit(ev.PinnedChanged(self.pinned))
        return self.pinned

    def unpin(self) -> None:
        if self.pinned is not None:
            self.pinned = None
            self.events.emit(ev.PinnedChanged(None))
            self.share_range(None)

    def pinned_step(self) -> int | None:
        """The step A is shown at: B's (the timelines are linked) within A's
        own, A's last when B shows its finished map (finished beside
        finished, whatever the lengths of their timelines), or A's as pinned
        when B has no timeline (None: A finished)."""
        if self.pinned is None:
            return None
        b, a_trace = self.result, self.pinned.result.trace
        if b is None or b.trace is None:
            return self.pinned.step
        if a_trace is None:
            return None
        if self.step is None or self.step >= b.trace.n_steps:
            return a_trace.n_steps
        return min(self.step, a_trace.n_steps)

    def pinned_state(self) -> MapState | None:
        """A at :meth:`pinned_step` (None: nothing pinned)."""
        if self.pinned is None:
            return None
        return self.state_at(self.pinned_step(), self.pinned.result)

    def progress(self) -> tuple[str, float] | None:
        """The run under way's phase and fraction done (None: no run)."""
        return self.runner.progress()

    def shutdown(self) -> None:
        self.runner.shutdown()
        self.state_runner.shutdown()
