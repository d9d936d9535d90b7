"""Results for a puzzle that was opened from a file rather than generated:
its layers before and after it is solved.  A solution found later makes a
new Result (the window never writes into one)."""

from __future__ import annotations

import dataclasses

import numpy as np

from ..protocol import Result, SquareGrid
from .detail import NumberLinkDetail
from .generator import LAYER_INFO, endpoint_markers
from .puzzle import Puzzle, Solution
from .quality import boring_mask, quality


def layers_of_solution(puzzle: Puzzle, sol: Solution | None) -> dict[str, np.ndarray]:
    """The engine's layers for a puzzle and (perhaps) its solution."""
    h, w = puzzle.cells.shape
    paths = (np.asarray(sol.paths, np.int32) if sol is not None
             else np.zeros((h, w), np.int32))
    counts = np.bincount(paths.ravel(), minlength=puzzle.npaths + 1)
    length = np.where(paths > 0, counts[paths], 0).astype(np.int32)
    return {
        "paths": paths,
        "puzzle": puzzle.cells.copy(),
        "length": length,
        "boring": boring_mask(paths) if paths.any() else np.zeros((h, w), np.uint8),
    }


def puzzle_result(puzzle: Puzzle, source: str, rule: str | None = None) -> Result:
    """An opened puzzle, not solved yet (``rule``: the one its source
    means, a puzz.link type's, which the window then solves it under)."""
    h, w = puzzle.cells.shape
    layers = layers_of_solution(puzzle, None)
    params = {"size": (w, h)} if rule is None else {"size": (w, h), "rule": rule}
    return Result("numberlink", SquareGrid(w, h), layers, {k: LAYER_INFO[k] for k in layers},
                  markers=endpoint_markers(puzzle), params=params, seed=None,
                  messages=f"opened from {source}\n",
                  detail=NumberLinkDetail(puzzle, source=str(source)))


def with_solution(result: Result, sol: Solution) -> Result:
    """``result`` (an opened puzzle) with ``sol`` filled in: its paths,
    lengths, boring squares and quality figures."""
    puzzle = result.detail.puzzle
    layers = dict(result.layers)
    layers.update(layers_of_solution(puzzle, sol))
    detail = dataclasses.replace(result.detail, solution=sol,
                                 quality=quality(sol.paths).as_dict())
    return dataclasses.replace(result, layers=layers, detail=detail)
