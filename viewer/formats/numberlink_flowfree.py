"""Flow Free level packs: one level a line, read and written.

::

    5,0,1,5;18,17,12;21,16,11,6;3,4,9;0,1,2,7,8,13,14,19,24,23,22;20,15,10,5

The first field is the size (``N`` for an N x N board, ``W:H`` for a
rectangle), then 0, the level's number and the number of flows; after each
``;`` one flow's path, its squares as indices (``y * W + x``) from one end
to the other.  So a level is a puzzle with its solution: the ends are each
path's first and last squares (labelled 1..K in the order given), the links
join consecutive squares.  Flow Free's paths fill the board (our ``fill``
rule).  Levels with bridges, holes or walls (more header fields) are
refused.  Every refusal is one line naming the line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..engine.names import shown_name
from ..engine.numberlink.puzzle import Puzzle, Solution, route_of

__all__ = ["FlowError", "FlowLevel", "parse_flow", "format_flow", "is_flow", "RULE"]

RULE = "fill"
MAX_SIDE = 512
MAX_LEVELS = 10_000
MAX_SQUARES = 2**22
"""Squares in all the levels of a pack at most (each level is held as arrays)."""


class FlowError(ValueError):
    """Not a Flow Free level pack; the message names the line and column."""


@dataclass(frozen=True)
class FlowLevel:
    puzzle: Puzzle
    solution: Solution
    number: int
    rule: str = RULE


_HEAD = re.compile(r"\d+(:\d+)?,\d+,\d+,\d+")


def is_flow(text: str) -> bool:
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    return bool(_HEAD.match(first)) and ";" in first


def parse_flow(text: str, source: str = "<flow>") -> list[FlowLevel]:
    """Every level of a pack (FlowError naming the line and column)."""
    name = shown_name(source)
    levels = []
    squares = 0
    for n, line in enumerate(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
                             .split("\n"), start=1):
        if not line.strip():
            continue
        if len(levels) >= MAX_LEVELS:
            raise FlowError(f"{name}: line {n}: more than {MAX_LEVELS} levels")
        levels.append(_level(line, f"{name}: line {n}", MAX_SQUARES - squares))
        squares += levels[-1].puzzle.width * levels[-1].puzzle.height
    if not levels:
        raise FlowError(f"{name}: no level in it")
    return levels


def _level(line: str, where: str, room: int) -> FlowLevel:
    fields = line.rstrip().rstrip(";").split(";")
    starts = [0]
    for f in fields[:-1]:
        starts.append(starts[-1] + len(f) + 1)
    head = fields[0].split(",")
    if len(head) > 4 and any(h.strip() for h in head[4:]):
        raise FlowError(f"{where}, column {len(','.join(head[:4])) + 2}: a level with bridges, "
                        f"holes or walls, which Number Link does not have")
    if len(head) < 4 or not _HEAD.fullmatch(",".join(head[:4])):
        raise FlowError(f"{where}, column 1: expected SIZE,0,LEVEL,FLOWS (e.g. 5,0,1,5), not "
                        f"{fields[0][:30]!r}")
    size = head[0].split(":")
    w = int(size[0]) if len(size[0]) < 6 else 0
    h = int(size[1]) if len(size) > 1 and len(size[1]) < 6 else (w if len(size) == 1 else 0)
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise FlowError(f"{where}, column 1: the board is {head[0][:20]}; 1 to {MAX_SIDE} a side")
    if w * h > room:
        raise FlowError(f"{where}, column 1: the pack's boards come to more than "
                        f"{MAX_SQUARES} squares")
    number = int(head[2]) if len(head[2]) < 10 else 0
    k = int(head[3]) if len(head[3]) < 10 else -1
    flows = fields[1:]
    if k != len(flows):
        raise FlowError(f"{where}, column {len(head[0]) + len(head[1]) + len(head[2]) + 4}: "
                        f"the level says {head[3][:10]} flows and gives {len(flows)}")
    cells = np.zeros(w * h, np.int32)
    paths = np.zeros(w * h, np.int32)
    right = np.zeros((h, w - 1), bool)
    down = np.zeros((h - 1, w), bool)
    for f, (text, start) in enumerate(zip(flows, starts[1:]), start=1):
        col = start + 1
        squares = []
        for tok in text.split(","):
            t = tok.strip()
            if not (t.isascii() and t.isdigit() and len(t) < 10 and int(t) < w * h):
                raise FlowError(f"{where}, column {col}: {t[:12]!r} is not a square of the "
                                f"{w}x{h} board (0 to {w * h - 1})")
            sq = int(t)
            if paths[sq]:
                raise FlowError(f"{where}, column {col}: square {sq} is on a path already")
            if squares:
                a, b = sorted((squares[-1], sq))
                if b - a == 1 and b % w:
                    right[a // w, a % w] = True
                elif b - a == w:
                    down[a // w, a % w] = True
                else:
                    raise FlowError(f"{where}, column {col}: square {sq} is not beside "
                                    f"square {squares[-1]}")
            paths[sq] = f
            squares.append(sq)
            col += len(tok) + 1
        if len(squares) < 2:
            raise FlowError(f"{where}, column {start + 1}: flow {f} has {len(squares)} square; "
                            f"a flow joins two ends")
        cells[squares[0]] = cells[squares[-1]] = f
    puzzle = Puzzle(cells.reshape(h, w), tuple(str(f) for f in range(1, k + 1)))
    # consecutive squares beside each other, none twice: a solution by
    # construction (no link but along a path, each path from end to end)
    return FlowLevel(puzzle, Solution(paths.reshape(h, w), right, down), number)


def format_flow(levels: list[tuple[Puzzle, Solution]], first: int = 1) -> str:
    """A pack of ``levels`` (each with its solution), numbered from ``first``.
    Each path is written from its end that comes first row by row.
    ValueError for a puzzle with bridges."""
    out = []
    for n, (puzzle, sol) in enumerate(levels, start=first):
        if puzzle.bridges is not None:
            raise ValueError("a Flow Free pack written here has no bridges")
        w, h = puzzle.width, puzzle.height
        size = str(w) if w == h else f"{w}:{h}"
        parts = [f"{size},0,{n},{puzzle.npaths}"]
        for a, _b in puzzle.endpoints():
            parts.append(",".join(str(sq) for sq in route_of(sol, a)))
        out.append(";".join(parts))
    return "\n".join(out) + "\n"
