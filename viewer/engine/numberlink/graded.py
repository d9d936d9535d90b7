"""Graded generation: grids drawn from one stream until one is a puzzle of
the grade asked for, that passes the quality controls.

Quality controls, after Tatham's complaints about path.c's grids ("too
many small paths", "really boring and obvious paths"):

* ``min_length``: no path shorter (3 by default for graded puzzles: no
  two-square paths);
* ``max_same_length``: no more than this share of the paths of any one
  length (a spread of lengths);
* ``max_boring``: no more than this share of boring paths (straight along
  an edge; at most ``GRADED_MAX_BORING`` % for graded puzzles).

The grade is the deduction solver's (:mod:`.grade`), tried only up to the
tier asked for, so refusing a grid that is too hard costs little.  A puzzle
some tier solves is unique by that solve; an ``extreme`` one is proved
unique by the SAT solver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..protocol import GenerationError
from .grade import GRADES, GradeResult, grade
from .puzzle import Puzzle
from .quality import Quality, quality

__all__ = ["GradedSearch", "GRADED_MIN_LENGTH", "GRADED_MAX_BORING", "quality_refusal"]

from .options import GRADED_MAX_BORING, GRADED_MIN_LENGTH  # noqa: E402,F401 - (their home was here)


def quality_refusal(q: Quality, min_length: int, max_same_length: int,
                    max_boring: int) -> str | None:
    """Why a grid fails the quality controls (a key of ``rejected``), or None."""
    if q.lengths and min(q.lengths) < min_length:
        return "short"
    if q.npaths and 100 * max(q.histogram.values()) > max_same_length * q.npaths \
            and q.npaths > 2:
        return "same length"
    if 100 * len(q.boring) > max_boring * q.npaths:
        return "boring"
    return None


class GradedSearch:
    """Draws grids from one :class:`.generator.GridStream` until one is a
    puzzle of ``difficulty`` (one of GRADES) under ``rule``."""

    def __init__(self, stream, difficulty: str, *, rule: str = "fill-no-touch",
                 min_length: int = GRADED_MIN_LENGTH, max_same_length: int = 100,
                 max_boring: int = GRADED_MAX_BORING, max_tries: int = 200,
                 time_limit: float = 10.0, check: Callable[[], None] | None = None):
        if difficulty not in GRADES:
            raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(GRADES)}")
        self.stream, self.difficulty, self.rule = stream, difficulty, rule
        self.min_length, self.max_same_length = min_length, max_same_length
        self.max_boring, self.max_tries = max_boring, max_tries
        self.time_limit, self.check = time_limit, check
        self.rejected: dict[str, int] = {}

    def _refuse(self, why: str) -> None:
        self.rejected[why] = self.rejected.get(why, 0) + 1

    def next(self) -> tuple[Any, Any, int, GradeResult]:
        """(grid, faithful RNG state before it, tries used, its grade)."""
        stream = self.stream
        top = "hard" if self.difficulty == "extreme" else self.difficulty
        for tries in range(1, self.max_tries + 1):
            g = stream.next()
            before = stream.before
            paths = np.array(g.solution, np.int32).reshape(g.height, g.width)
            why = quality_refusal(quality(paths), self.min_length,
                                  self.max_same_length, self.max_boring)
            if why is not None:
                self._refuse(why)
                continue
            if stream.progress is not None:
                stream.progress(f"grade: grid {tries} of at most {self.max_tries} "
                                f"(grids filled {stream.filled})",
                                min(1.0, tries / self.max_tries))
            puzzle = Puzzle.numbered(np.array(g.puzzle, np.int32).reshape(g.height, g.width))
            r = grade(puzzle, self.rule, top=top, sat=self.difficulty == "extreme",
                      time_limit=self.time_limit, check=self.check)
            if r.grade == self.difficulty:
                return g, before, tries, r
            if r.grade in GRADES:
                self._refuse(f"grade {r.grade}")
            elif r.grade == "unknown":
                self._refuse("undecided" if self.difficulty == "extreme" else "harder")
            else:
                self._refuse(r.grade)                 # several, none
        refused = ", ".join(f"{v} {k}" for k, v in sorted(self.rejected.items()))
        w, h = stream.w, stream.h
        raise GenerationError(
            f"no {self.difficulty} {w}x{h} puzzle under {self.rule} in {self.max_tries} "
            f"tries (the limit of tries, --max-tries; refused: {refused or 'none'})")
