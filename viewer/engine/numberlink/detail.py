"""What a Number Link result says beyond its layers: a generated grid, or a
puzzle opened from a file (then only ``puzzle``, ``source`` and, once
solved, ``solution`` and ``quality``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol import Detail
from .puzzle import Puzzle, Solution


@dataclass(frozen=True)
class NumberLinkDetail(Detail):
    """``puzzle`` and ``solution`` (None until solved); ``quality`` figures
    (pairs, lengths, boring paths); ``mode`` (faithful or fast); the grid's
    ``restarts`` and the stream's ``restarts_total``; path.c's text blocks
    ``text_puzzle`` and ``text_solution``; with ``unique`` on: ``tries`` in
    the stream, ``rejected`` grids by reason, ``uniqueness`` and
    ``solve_seconds``; for an opened file: ``source``."""

    puzzle: Puzzle
    solution: Solution | None = None
    quality: dict[str, Any] | None = None
    mode: str | None = None
    restarts: int | None = None
    restarts_total: int | None = None
    text_puzzle: str | None = None
    text_solution: str | None = None
    tries: int | None = None
    rejected: dict[str, int] | None = None
    uniqueness: str | None = None
    solve_seconds: float | None = None
    source: str | None = None
    grade: str | None = None
    """With a difficulty: the puzzle's grade (:mod:`.grade`)."""
    grade_counts: dict[str, int] | None = None
    """With a difficulty: deductions per technique of the graded solve."""
