"""Bridges in generated puzzles: a grid from the stream becomes a bridge
puzzle where a path runs straight through a square (not on the edge) whose
two other neighbours are ends of two other paths; those two paths are joined
through the square, crossing the first on a bridge.  ``bridges`` such
squares are chosen at random (from a generator seeded by the seed and the
grid's place in the stream); a grid with too few of them, or whose joined
paths would run alongside themselves under ``fill-no-touch``, is refused
and the next one drawn.  The puzzle must then be unique (the SAT solver
on the bridge graph, :mod:`.bridge_sat`) and, with a difficulty, of that
grade (:mod:`.grade`, whose techniques work on the same graph).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import numpy as np

from ..protocol import GenerationError
from .grade import GRADES, grade
from .graded import quality_refusal
from .puzzle import Puzzle, Solution, bridged_solution, check_solution
from .quality import quality

__all__ = ["place_bridges", "BridgeSearch", "MAX_BRIDGES"]

from .options import MAX_BRIDGES  # noqa: E402,F401 - (its home was here)


def _candidates(paths: np.ndarray, cells: np.ndarray, bridges: np.ndarray):
    h, w = paths.shape
    out = []
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            if cells[y, x] or bridges[y, x] or bridges[y - 1:y + 2, x - 1:x + 2].any():
                continue
            p = paths[y, x]
            for (a, b), (c, d) in ((((y, x - 1), (y, x + 1)), ((y - 1, x), (y + 1, x))),
                                   (((y - 1, x), (y + 1, x)), ((y, x - 1), (y, x + 1)))):
                if paths[a] == p == paths[b] and cells[c] and cells[d] \
                        and cells[c] != cells[d] and paths[c] != p and paths[d] != p:
                    out.append((y, x, a[0] == y))
    return out


def place_bridges(paths: np.ndarray, cells: np.ndarray, count: int, rng: random.Random,
                  rule: str = "fill-no-touch") -> tuple[Puzzle, Solution] | None:
    """The bridge puzzle and its solution made from a solved grid, or None
    when ``count`` bridges cannot be placed in it."""
    paths = np.array(paths, np.int32)
    cells = np.array(cells, np.int32)
    h, w = paths.shape
    bridges = np.zeros((h, w), bool)
    cross = np.zeros((h, w), np.int32)
    for _ in range(count):
        cands = _candidates(paths, cells, bridges)
        rng.shuffle(cands)
        for y, x, across in cands:
            c, d = ((y - 1, x), (y + 1, x)) if across else ((y, x - 1), (y, x + 1))
            q, r = int(paths[c]), int(paths[d])
            trial_paths = np.where(paths == r, q, paths)
            trial_cross = np.where(cross == r, q, cross)
            trial_cells = np.where(cells == r, q, cells)
            trial_cells[c] = trial_cells[d] = 0
            trial_bridges = bridges.copy()
            trial_bridges[y, x] = True
            if across:                      # the path across stays; q, r join down it
                trial_cross[y, x] = q
            else:                           # the path down stays; q, r join across it
                trial_cross[y, x] = trial_paths[y, x]
                trial_paths[y, x] = q
            sol = bridged_solution(trial_paths, trial_cross, trial_bridges)
            puzzle = _relabelled(trial_cells, trial_bridges)
            if puzzle is None:
                continue
            puzzle, sol = puzzle_and_solution(puzzle, trial_cells, sol)
            if check_solution(puzzle, sol, rule):
                continue
            paths, cross, cells, bridges = trial_paths, trial_cross, trial_cells, trial_bridges
            break
        else:
            return None
    puzzle = _relabelled(cells, bridges)
    return puzzle_and_solution(puzzle, cells, bridged_solution(paths, cross, bridges))


def _relabelled(cells: np.ndarray, bridges: np.ndarray) -> Puzzle | None:
    used = sorted(int(v) for v in np.unique(cells) if v)
    new = np.zeros(int(cells.max(initial=0)) + 1, np.int32)
    new[used] = np.arange(1, len(used) + 1)
    try:
        return Puzzle(new[cells], tuple(str(k) for k in range(1, len(used) + 1)), bridges)
    except ValueError:
        return None


def puzzle_and_solution(puzzle: Puzzle, old_cells: np.ndarray, sol: Solution):
    """The solution's labels renumbered as the puzzle's."""
    used = sorted(int(v) for v in np.unique(old_cells) if v)
    new = np.zeros(max(int(sol.paths.max(initial=0)), max(used, default=0)) + 1, np.int32)
    new[used] = np.arange(1, len(used) + 1)
    paths = new[np.clip(sol.paths, 0, len(new) - 1)]
    cross = new[np.clip(sol.cross, 0, len(new) - 1)] if sol.cross is not None else None
    return puzzle, Solution(paths, sol.right, sol.down, cross)


class BridgeSearch:
    """Grids from one stream until one takes ``count`` bridges and is a
    unique puzzle (of ``difficulty``, unless ``any``)."""

    def __init__(self, stream, count: int, *, difficulty: str = "any",
                 rule: str = "fill-no-touch", max_tries: int = 200, min_length: int = 0,
                 max_same_length: int = 100, max_boring: int = 100,
                 time_limit: float = 10.0, check: Callable[[], None] | None = None):
        self.stream, self.count, self.difficulty, self.rule = stream, count, difficulty, rule
        self.max_tries, self.time_limit, self.check = max_tries, time_limit, check
        self.min_length, self.max_same_length, self.max_boring = (min_length, max_same_length,
                                                                  max_boring)
        self.rejected: dict[str, int] = {}

    def _refuse(self, why: str) -> None:
        self.rejected[why] = self.rejected.get(why, 0) + 1

    def next(self):
        """(puzzle, solution, tries, grade result or None)."""
        from .solver import solve

        stream = self.stream
        seed = stream.seed.encode("utf-8", "surrogateescape") if isinstance(stream.seed, str) \
            else bytes(stream.seed)
        for tries in range(1, self.max_tries + 1):
            g = stream.next()
            paths = np.array(g.solution, np.int32).reshape(g.height, g.width)
            cells = np.array(g.puzzle, np.int32).reshape(g.height, g.width)
            digest = hashlib.sha256(b"bridges\0" + seed + b"\0" + str(stream.filled).encode())
            made = place_bridges(paths, cells, self.count,
                                 random.Random(int.from_bytes(digest.digest()[:8], "little")),
                                 self.rule)
            if made is None:
                self._refuse("too few places for bridges")
                continue
            puzzle, sol = made
            why = quality_refusal(quality(sol.paths), self.min_length, self.max_same_length,
                                  self.max_boring)
            if why is not None:
                self._refuse(why)
                continue
            graded = None
            if self.difficulty in GRADES:
                top = "hard" if self.difficulty == "extreme" else self.difficulty
                graded = grade(puzzle, self.rule, top=top, sat=self.difficulty == "extreme",
                               time_limit=self.time_limit, check=self.check)
                if graded.grade != self.difficulty:
                    self._refuse(f"grade {graded.grade}" if graded.grade in GRADES else
                                 "harder" if graded.grade == "unknown" else graded.grade)
                    continue
            else:
                r = solve(puzzle, self.rule, 2, time_limit=self.time_limit, check=self.check)
                if r.status != "unique":
                    self._refuse(r.status)
                    continue
            return puzzle, sol, tries, graded
        refused = ", ".join(f"{v} {k}" for k, v in sorted(self.rejected.items()))
        grade_text = "" if self.difficulty == "any" else f"{self.difficulty} "
        raise GenerationError(
            f"no unique {grade_text}{stream.w}x{stream.h} puzzle with {self.count} "
            f"bridge(s) under {self.rule} in {self.max_tries} tries (the limit of tries, "
            f"--max-tries; refused: {refused or 'none'})")
