"""The timeline of one Number Link grid.

One step per path added and per extension tried (whether it worked or not),
one when the main loop gives up and starts again, and a last one for the
label shuffle.  A step that changed the grid stores a copy of it (grids are
small); a failed extension only points at the previous copy, together with
what it tried: the paths it pushed and, for each rebuilt path, the region it
could be rebuilt in (its surviving squares and the halo round the lost ones).

Until the last step the paths carry their creation numbers (1 = first path
laid); the shuffle then gives them the labels of the finished puzzle.
"""

from __future__ import annotations

import numpy as np

from ..protocol import Marker
from .gridgen import DIRS, EXTEND_REASONS, EXTENDED, GenContext, Recorder
from .quality import boring_mask

__all__ = ["TraceRecorder", "NumberLinkTrace", "LAYER_NAMES", "DEBUG_LAYERS"]

LAYER_NAMES = ("paths", "puzzle", "length", "boring", "pushed", "rebuild_region", "attempt")
DEBUG_LAYERS = ("pushed", "rebuild_region", "attempt")
BASE = frozenset(("paths", "puzzle", "length", "boring"))


class TraceRecorder(Recorder):
    """Collects the events of one ``gridgen`` run."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.events: list[tuple] = []
        self.snap_of: list[int] = [0]          # step -> snapshot index
        self.grids: list[np.ndarray] = [np.full((h, w), -1, np.int16)]
        self.ends: list[tuple[int, ...]] = [()]
        self.attempt_steps: list[int] = [1]

    def _push(self, event: tuple, ctx: GenContext | None) -> None:
        self.events.append(event)
        if ctx is not None:
            self.grids.append(np.array(ctx.grid, np.int16).reshape(self.h, self.w))
            self.ends.append(tuple(ctx.pathends))
        self.snap_of.append(len(self.grids) - 1)

    def restart(self, ctx: GenContext, attempt: int) -> None:
        if attempt:
            self._push(("restart", attempt), ctx)
            self.attempt_steps.append(len(self.events) + 1)

    def added(self, ctx: GenContext, c: int) -> None:
        s, e = ctx.pathends[2 * c], ctx.pathends[2 * c + 1]
        self._push(("add", c, s, e, ctx.grid.count(c)), ctx)

    def extension(self, ctx, p, end, d, outcome, pushed, regions, target) -> None:
        src = ctx.pathends[2 * p + end] if outcome != EXTENDED else -1
        event = ("extend", p, end, d, outcome, tuple(pushed),
                 tuple((i, tuple(cells)) for i, cells in regions), target, src)
        if outcome == EXTENDED:
            # After success pathends holds the new end; the old one is next to it.
            self._push(event, ctx)
        else:
            self._push(event, None)

    def labelled(self, ctx: GenContext, perm: list[int]) -> None:
        self._push(("labels", tuple(perm)), None)

    def finish(self) -> NumberLinkTrace:
        return NumberLinkTrace(self)


class NumberLinkTrace:
    def __init__(self, rec: TraceRecorder):
        self.w, self.h = rec.w, rec.h
        self.events = rec.events
        self.snap_of = rec.snap_of
        self.grids = rec.grids
        self.ends = rec.ends
        self.attempt_steps = rec.attempt_steps
        last = self.events[-1] if self.events else None
        self.perm = last[1] if last and last[0] == "labels" else None

    @property
    def n_steps(self) -> int:
        return len(self.events)

    def phases(self) -> list[tuple[str, int]]:
        out = [(f"attempt {a + 1}", s) for a, s in enumerate(self.attempt_steps)]
        if self.perm is not None:
            out.append(("shuffle labels", self.n_steps))
        return out

    def phase_at(self, step: int) -> str:
        name = "start"
        for n, first in self.phases():
            if step >= first:
                name = n
        return name

    def _xy(self, sq: int) -> str:
        return f"{sq % self.w},{sq // self.w}"

    def describe(self, step: int) -> str:
        if step <= 0:
            return "start: the grid is empty"
        ev = self.events[min(step, self.n_steps) - 1]
        kind = ev[0]
        if kind == "restart":
            return (f"stuck: no path can be added or extended; the grid is cleared "
                    f"(attempt {ev[1] + 1})")
        if kind == "add":
            _, c, s, e, length = ev
            return f"path {c + 1} added from {self._xy(s)} to {self._xy(e)} ({length} squares)"
        if kind == "extend":
            _, p, end, d, outcome, pushed, regions, target, src = ev
            if outcome == EXTENDED:
                ends = self.ends[self.snap_of[step]]
                where = f"end {end} now at {self._xy(ends[2 * p + end])}"
            else:
                where = f"end {end} at {self._xy(src)}"
            text = f"path {p + 1} {where}, {DIRS[d]}: {EXTEND_REASONS[outcome]}"
            if pushed:
                text += "; pushed " + ", ".join(str(i + 1) for i in pushed)
            return text
        perm = ev[1]
        return "labels shuffled: " + ", ".join(f"{c + 1}->{v}" for c, v in enumerate(perm))

    def _labels(self, step: int) -> list[int]:
        n = len(self.ends[self.snap_of[step]]) // 2
        if self.perm is not None and step >= self.n_steps:
            return list(self.perm)
        return list(range(1, n + 1))

    def state_at(self, step: int) -> dict[str, np.ndarray]:
        step = int(min(max(step, 0), self.n_steps))
        grid = self.grids[self.snap_of[step]]
        ends = self.ends[self.snap_of[step]]
        labels = np.array([0] + self._labels(step), np.int32)
        paths = labels[grid.astype(np.int32) + 1]
        puzzle = np.zeros_like(paths)
        flat = puzzle.reshape(-1)
        for c in range(len(ends) // 2):
            flat[ends[2 * c]] = flat[ends[2 * c + 1]] = labels[c + 1]
        counts = np.bincount(paths.ravel(), minlength=labels.max() + 1)
        length = np.where(paths > 0, counts[paths], 0).astype(np.int32)
        pushed = np.zeros_like(paths)
        region = np.zeros_like(paths)
        attempt = np.zeros((self.h, self.w), np.uint8)
        if step >= 1 and self.events[step - 1][0] == "extend":
            _, p, end, d, outcome, pushed_ids, regions, target, src = self.events[step - 1]
            before = self.grids[self.snap_of[step - 1]]
            for i in pushed_ids:
                pushed[before == i] = i + 1
            rflat = region.reshape(-1)
            for i, cells in regions:
                rflat[list(cells)] = i + 1
            aflat = attempt.reshape(-1)
            if src < 0:
                src = self.ends[self.snap_of[step - 1]][2 * p + end]
            aflat[src] = 1
            if target >= 0:
                aflat[target] = 2
        return {
            "paths": paths,
            "puzzle": puzzle,
            "length": length,
            "boring": boring_mask(paths) if paths.any() else np.zeros_like(attempt),
            "pushed": pushed,
            "rebuild_region": region,
            "attempt": attempt,
        }

    def markers_at(self, step: int) -> list[Marker]:
        step = int(min(max(step, 0), self.n_steps))
        ends = self.ends[self.snap_of[step]]
        labels = self._labels(step)
        out = []
        for c in range(len(ends) // 2):
            for sq in (ends[2 * c], ends[2 * c + 1]):
                out.append(Marker("endpoint", str(labels[c]), sq % self.w, sq // self.w))
        return out

    def meaningful_at(self, step: int) -> frozenset[str]:
        if step < 1 or step > self.n_steps or self.events[step - 1][0] != "extend":
            return BASE
        ev = self.events[step - 1]
        out = set(BASE) | {"attempt"}
        if ev[5]:
            out.add("pushed")
        if ev[6]:
            out.add("rebuild_region")
        return frozenset(out)
