"""Janko's Arukone puzzles (janko.at): read and written.

::

    begin
    puzzle arukone
    size 9                 (or: rows R and cols C, each on a line of its own)
    problem
    - - 1 - - 2 - - -      the rows, '-' an empty square, any other token an end
    ...
    solution               (may be left out)
    1 1 1 2 2 2 - - -      each square's path ('-' none)
    ...
    end

Other ``key value`` lines (author, source, info, unit ...) are skipped, and
so are the lines of ``moves`` (each holds a ';').  Arukone's paths fill the
grid (our ``fill`` rule).  Every refusal is one line naming the line and
column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..engine.names import shown_name
from ..engine.numberlink.puzzle import Puzzle, PuzzleError, Solution, solution_from_paths
from .numberlink_pzprv3 import checked_solution

__all__ = ["JankoError", "Janko", "parse_janko", "format_janko", "is_janko", "RULE"]

RULE = "fill"
MAX_SIDE = 512
MAX_LABEL_CHARS = 64


class JankoError(ValueError):
    """Not one of Janko's Arukone puzzles; the message names the line and column."""


@dataclass(frozen=True)
class Janko:
    puzzle: Puzzle
    solution: Solution | None
    rule: str = RULE
    solution_note: str = ""


def is_janko(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:6]
    return head[:5] == "begin" and head[5:] in ("", "\n", "\r", " ", "\t")


def parse_janko(text: str, source: str = "<janko>") -> Janko:
    name = shown_name(source)
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    keys: dict[str, tuple[int, str]] = {}
    grids: dict[str, tuple[int, list[list[tuple[int, str]]]]] = {}
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or lines[i].strip() != "begin":
        raise JankoError(f"{name}: line {min(i, len(lines) - 1) + 1}: expected 'begin'")
    i += 1
    ended = False
    size: tuple[int, int] | None = None
    while i < len(lines):
        line = lines[i]
        words = line.split(None, 1)
        if not words:
            i += 1
            continue
        key = words[0]
        if key == "end":
            ended = True
            i += 1
            break
        if key in ("problem", "solution"):
            if size is None:
                raise JankoError(f"{name}: line {i + 1}: '{key}' before the size (size N, or "
                                 f"rows and cols)")
            if key in grids:
                raise JankoError(f"{name}: line {i + 1}: a second '{key}'")
            rows, cols = size
            grid = []
            for r in range(rows):
                k = i + 1 + r
                if k >= len(lines) or not lines[k].strip():
                    raise JankoError(f"{name}: line {k + 1}: expected row {r + 1} of {rows} of "
                                     f"the {key}")
                toks = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", lines[k])]
                if len(toks) != cols:
                    raise JankoError(f"{name}: line {k + 1}: row {r + 1} of the {key} has "
                                     f"{len(toks)} squares, expected {cols}")
                grid.append(toks)
            grids[key] = (i + 2, grid)
            i += 1 + rows
            continue
        if key == "moves":
            i += 1
            while i < len(lines) and ";" in lines[i]:
                i += 1
            continue
        value = words[1].strip() if len(words) > 1 else ""
        if key in keys:
            raise JankoError(f"{name}: line {i + 1}: '{key}' a second time")
        keys[key] = (i + 1, value)
        if key in ("size", "rows", "cols"):
            if not (value.isascii() and value.isdigit() and len(value) < 6
                    and 1 <= int(value) <= MAX_SIDE):
                col = line.index(key) + len(key) + 2
                raise JankoError(f"{name}: line {i + 1}, column {col}: {key} must be a whole "
                                 f"number 1 to {MAX_SIDE}, not {value[:20]!r}")
            if key == "size":
                size = (int(value), int(value))
            elif "rows" in keys and "cols" in keys:
                size = (int(keys["rows"][1]), int(keys["cols"][1]))
        i += 1
    if not ended:
        raise JankoError(f"{name}: line {len(lines)}: no 'end' line")
    for j in range(i, len(lines)):
        if lines[j].strip():
            raise JankoError(f"{name}: line {j + 1}: text after 'end'")
    puzzle_line, kind = keys.get("puzzle", (0, ""))
    if kind.lower() != "arukone":
        if not puzzle_line:
            raise JankoError(f"{name}: line 2: no 'puzzle arukone' line")
        raise JankoError(f"{name}: line {puzzle_line}: the puzzle is {kind[:30]!r}, not "
                         f"arukone")
    if "problem" not in grids:
        raise JankoError(f"{name}: line {len(lines)}: no 'problem'")
    start, rows = grids["problem"]
    where: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(rows):
        for x, (col, t) in enumerate(row):
            if t != "-":
                if len(t) > MAX_LABEL_CHARS:
                    raise JankoError(f"{name}: line {start + y}, column {col}: a label of "
                                     f"{len(t)} characters (at most {MAX_LABEL_CHARS})")
                where.setdefault(t, []).append((y, x))
    for t, spots in where.items():
        if len(spots) != 2:
            y, x = spots[-1]
            raise JankoError(f"{name}: line {start + y}, column {rows[y][x][0]}: {t!r} is in "
                             f"{len(spots)} square(s); each end's label is in exactly two")
    labels = _order(where)
    index = {t: k for k, t in enumerate(labels, start=1)}
    cells = np.array([[index.get(t, 0) for _, t in row] for row in rows], np.int32)
    try:
        puzzle = Puzzle(cells, tuple(labels))
    except PuzzleError as exc:
        raise JankoError(f"{name}: {exc}") from None
    sol, note = None, ""
    if "solution" in grids:
        sstart, srows = grids["solution"]
        paths = np.zeros(cells.shape, np.int32)
        for y, row in enumerate(srows):
            for x, (col, t) in enumerate(row):
                if t == "-":
                    continue
                if t not in index:
                    raise JankoError(f"{name}: line {sstart + y}, column {col}: {t[:20]!r} is "
                                     f"no end's label")
                paths[y, x] = index[t]
        sol, why = checked_solution(puzzle, solution_from_paths(paths), RULE)
        if why:
            note = f"{name}: line {sstart - 1}: the solution is not taken ({why})"
    return Janko(puzzle, sol, RULE, note)


def _order(where: dict) -> list[str]:
    def key(t: str):
        if t.isascii() and t.isdigit():
            d = t.lstrip("0")
            return (0, len(d), d)
        return (1, 0, t)
    return sorted(where, key=key)


def format_janko(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The Janko file of ``puzzle`` (and ``solution``).  Labels are kept
    where they can be tokens of the file (not '-'); else paths are
    numbered 1..n.  ValueError for a puzzle with bridges."""
    if puzzle.bridges is not None:
        raise ValueError("Janko's Arukone has no bridges")
    labels = list(puzzle.labels)
    if any(t == "-" or not t.isprintable() or any(c.isspace() for c in t) for t in labels):
        labels = [str(k) for k in range(1, len(labels) + 1)]
    names = ["-"] + labels
    h, w = puzzle.height, puzzle.width
    out = ["begin", "puzzle arukone"]
    out += [f"size {w}"] if w == h else [f"rows {h}", f"cols {w}"]
    out.append("problem")
    out += [" ".join(names[int(v)] for v in row) for row in puzzle.cells]
    if solution is not None:
        out.append("solution")
        out += [" ".join(names[int(v)] for v in row) for row in solution.paths]
    out.append("end")
    return "\n".join(out) + "\n"
