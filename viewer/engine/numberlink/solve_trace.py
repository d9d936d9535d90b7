"""The deduction solver's solve as a timeline ("Solve step by step"): one
step per deduction, easiest tier first, each saying its technique and the
squares it reasoned about (:mod:`.hints`), each drawing the links on so far.

Layers at a step (besides the generator's ``puzzle``):

``paths``       the label of each square whose label is known, 0 elsewhere
``links``       bit 1: linked to the right, bit 2: linked below, bit 4: the
                link to the right is off, bit 8: the one below is off
``labels_left`` how many labels each square may still carry
``deduction``   1 the squares the step reasoned about, 2 the squares whose
                links or labels it fixed
The inspector reads a square's remaining labels from :meth:`SolveTrace.labels_at`.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..protocol import LayerInfo, Marker, Result
from .deduce import ON, TIER_TECHNIQUES, Board, State, labels_of
from .grade import GradeResult
from .hints import hint

__all__ = ["SolveTrace", "with_solve_trace", "SOLVE_LAYER_INFO", "SOLVE_LAYERS"]

SOLVE_LAYER_INFO = {
    "links": LayerInfo("links", "links decided so far (1 right on, 2 down on, 4 right off, "
                       "8 down off)", "scalar", 0, 15, debug=True),
    "labels_left": LayerInfo("labels_left", "how many labels the square may still carry",
                             "scalar", 0, None),
    "deduction": LayerInfo("deduction", "1 the squares the step reasoned about, 2 those "
                           "it fixed", "categorical",
                           labels={0: "", 1: "reasoned about", 2: "fixed"}),
}
SOLVE_LAYERS = frozenset(("paths", "puzzle", "links", "labels_left", "deduction", "cross"))


def _tier_of(technique: str) -> str:
    return next(t for t, names in TIER_TECHNIQUES.items() if technique in names)


class SolveTrace:
    """The Trace protocol over a graded solve's deductions."""

    def __init__(self, graded: GradeResult):
        self.graded = graded
        self.board: Board = graded.board
        self.deductions = list(graded.deductions)
        self.w, self.h = self.board.w, self.board.h
        self._cache: tuple[int, State] | None = None

    @property
    def n_steps(self) -> int:
        return len(self.deductions)

    def phases(self) -> list[tuple[str, int]]:
        out, seen = [], set()
        for step, d in enumerate(self.deductions, start=1):
            tier = _tier_of(d.technique)
            if tier not in seen:
                seen.add(tier)
                out.append((f"{tier} techniques", step))
        return out or [("solve", 0)]

    def phase_at(self, step: int) -> str:
        name = "clues"
        for n, first in self.phases():
            if step >= first:
                name = n
        return name

    def describe(self, step: int) -> str:
        if step <= 0:
            return (f"the clues: every link unknown (grade {self.graded.grade}; "
                    f"{self.n_steps} deductions)")
        return hint(self.board, self.deductions[min(step, self.n_steps) - 1])

    def state(self, step: int) -> State:
        step = int(min(max(step, 0), self.n_steps))
        if self._cache is not None and self._cache[0] == step:
            return self._cache[1]
        s = self.board.replay(self.deductions[:step])
        self._cache = (step, s)
        return s

    def labels_at(self, step: int, x: int, y: int) -> list[str]:
        """The labels square ``(x, y)`` may still carry after ``step`` deductions."""
        b = self.board
        return [b.label_text(k) if k else "empty"
                for k in labels_of(self.state(step).mask[y * self.w + x], b)]

    def state_at(self, step: int) -> dict[str, np.ndarray]:
        b = self.board
        s = self.state(step)
        h, w = self.h, self.w
        paths = np.zeros(b.squares, np.int32)
        left = np.zeros(b.squares, np.int32)
        for i, m in enumerate(s.mask[:b.squares]):
            lab = m & b.all_labels
            left[i] = bin(m).count("1")
            if lab and lab & (lab - 1) == 0:
                paths[i] = lab.bit_length()
        links = np.zeros((h, w), np.int32)
        for (y, x), e in b.right_edge.items():
            v = s.link[e]
            links[y, x] |= 1 if v == ON else (4 if v else 0)
        for (y, x), e in b.down_edge.items():
            v = s.link[e]
            links[y, x] |= 2 if v == ON else (8 if v else 0)
        deduction = np.zeros(b.squares, np.uint8)
        if 1 <= step <= self.n_steps:
            d = self.deductions[step - 1]
            deduction[[b.square(i) for i in d.squares]] = 1
            fixed = [sq for e, _ in d.links for sq in (b.ea[e], b.eb[e])]
            fixed += [i for i, _ in d.labels]
            deduction[[b.square(i) for i in fixed]] = 2
        out = {}
        if b.n > b.squares:                  # bridges: the path down each, when known
            cross = np.zeros(b.squares, np.int32)
            for node in range(b.squares, b.n):
                lab = s.mask[node] & b.all_labels
                if lab and lab & (lab - 1) == 0:
                    cross[b.square(node)] = lab.bit_length()
            out["cross"] = cross.reshape(h, w)
        return out | {
            "paths": paths.reshape(h, w),
            "puzzle": b.puzzle.cells.copy(),
            "length": np.zeros((h, w), np.int32),
            "boring": np.zeros((h, w), np.uint8),
            "links": links,
            "labels_left": left.reshape(h, w),
            "deduction": deduction.reshape(h, w),
        }

    def markers_at(self, step: int) -> list[Marker]:
        p = self.board.puzzle
        return [Marker("endpoint", p.labels[k - 1], sq % self.w, sq // self.w)
                for k, ends in enumerate(p.endpoints(), start=1) for sq in ends]

    def meaningful_at(self, step: int) -> frozenset[str]:
        return SOLVE_LAYERS


def with_solve_trace(result: Result, graded: GradeResult) -> Result:
    """``result`` with the graded solve as its timeline (and, when the
    deductions or the SAT solver found it, its solution)."""
    trace = SolveTrace(graded)
    layers = dict(result.layers)
    final = trace.state_at(trace.n_steps)
    for name in ("links", "labels_left", "deduction"):
        layers[name] = final[name]
    info = dict(result.layer_info)
    info.update(SOLVE_LAYER_INFO)
    detail = result.detail
    if detail.solution is None and graded.solution is not None:
        from .opened import layers_of_solution
        from .quality import quality

        layers.update(layers_of_solution(detail.puzzle, graded.solution))
        detail = dataclasses.replace(detail, solution=graded.solution,
                                     quality=quality(graded.solution.paths).as_dict())
    detail = dataclasses.replace(detail, grade=graded.grade, grade_counts=graded.counts)
    return dataclasses.replace(result, layers=layers, layer_info=info, detail=detail,
                               trace=trace)
