"""The puzzles of a book: ``count`` unique puzzles of one size and grade,
puzzle ``n`` made by the generator from the seed ``TEXT-n`` (so each one's
caption says how to make it again: ``numberlink generate --size WxH
--difficulty D --seed TEXT-n``).  Page layout is :mod:`viewer.render.numberlink_vector`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..protocol import GenerationError
from .generator import NUMBERLINK
from .puzzle import Puzzle, Solution

__all__ = ["BookEntry", "book_entries", "MAX_BOOK", "entry_seed"]

MAX_BOOK = 1000
"""Puzzles in one book at most."""


@dataclass(frozen=True)
class BookEntry:
    number: int
    puzzle: Puzzle
    solution: Solution
    grade: str
    seed: str
    source: str = ""
    """Where a puzzle read from a file came from ('' for a generated one)."""
    rule: str = "fill-no-touch"
    kind: str | None = None
    """Its puzz.link type, when it came from one (else numlin)."""

    def caption(self) -> str:
        where = f"from {self.source}" if self.source else f"seed {self.seed}"
        return f"{self.number}.  {self.puzzle.width}x{self.puzzle.height}  {self.grade}  {where}"

    @property
    def url(self) -> str | None:
        """The puzzle's puzz.link URL, to play it online (None for one with
        bridges, which puzz.link has not)."""
        from .puzzlink import PuzzLinkError, puzzle_url

        try:
            return puzzle_url(self.puzzle, self.kind or "numlin", self.rule)
        except PuzzLinkError:
            return None


def entry_seed(seed: str, number: int) -> str:
    return f"{seed}-{number}"


def book_entries(count: int, w: int, h: int, difficulty: str, seed: str, *,
                 rule: str = "fill-no-touch", max_tries: int = 200, mode: str = "faithful",
                 bridges: int = 0,
                 progress: Callable[[str, float], None] | None = None) -> list[BookEntry]:
    """The book's puzzles; GenerationError (one line, naming the puzzle and
    the limit) when one of them cannot be made."""
    if not 1 <= count <= MAX_BOOK:
        raise GenerationError(f"a book holds 1..{MAX_BOOK} puzzles, not {count}")
    values = NUMBERLINK.validate({"size": (w, h), "difficulty": difficulty, "rule": rule,
                                  "max_tries": max_tries, "mode": mode, "bridges": bridges,
                                  "unique": difficulty == "any"})
    out = []
    for n in range(1, count + 1):
        if progress is not None:
            progress(f"book: puzzle {n} of {count}", (n - 1) / count)
        s = entry_seed(seed, n)
        try:
            r = NUMBERLINK.generate(values, seed=s)
        except GenerationError as exc:
            raise GenerationError(f"puzzle {n} of the book (seed {s}): {exc}") from None
        grade = r.detail.grade or "unique"
        out.append(BookEntry(n, r.detail.puzzle, r.detail.solution, grade, s, rule=rule))
    return out
