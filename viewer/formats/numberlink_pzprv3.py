"""pzprjs's own files (``pzprv3``) for Number Link, ``numlin`` and
``arukone``: read and written, with the edge lines of a solution, so that a
solution opens in pzprjs.

::

    pzprv3                 (or pzprv3.N; a first line v:VARIANT may come before)
    numlin                 (or arukone)
    ROWS                   rows first, unlike the URL
    COLS
    passallcell            arukone only (dontpassallcell: paths need not fill)
    1 . . . .              ROWS lines of COLS squares, each followed by a space:
    ...                    a number (arukone: a letter A-Z a-z), '.' empty, '-' hidden
    1 0 0 0                ROWS lines of COLS-1 links, a square to the one on its right
    ...                    (1 a line, 0 none, -1 a cross: none)
    0 1 0 0 0              ROWS-1 lines of COLS links, a square to the one below
    ...

What follows the links (pzprjs's ``info:{...}`` or ``history:{...}``) is
not read.  pzprjs also reads such a file with ``/`` for its line breaks (as
its test scripts and file URLs write it); so does :func:`parse_pzprv3`.
Every refusal is one line naming the line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..engine.names import shown_name
from ..engine.numberlink.puzzle import Puzzle, Solution, check_solution, route_of
from ..engine.numberlink.puzzlink import (
    EMPTY,
    HIDDEN,
    Link,
    PuzzLinkError,
    arukone_letter,
    link_puzzle,
    puzzle_link,
    rule_of,
)

__all__ = ["Pzprv3Error", "Pzprv3", "parse_pzprv3", "format_pzprv3", "solution_from_links",
           "is_pzprv3", "checked_solution", "CHECK_BUDGET"]

MAX_SIDE = 512
CHECK_BUDGET = 20_000_000
"""Paths times squares at most for checking a solution a file holds (the
check walks each path over the grid): a hostile file of 100,000 paths on
512x512 squares is read without its solution instead of checked for hours."""


class Pzprv3Error(ValueError):
    """Not a Number Link pzprv3 file; the message names the line and column."""


@dataclass(frozen=True)
class Pzprv3:
    puzzle: Puzzle
    solution: Solution | None
    rule: str
    kind: str
    lines_note: str = ""
    """Why the file's lines are not taken as a solution ('' when they are,
    or when it has none)."""


def is_pzprv3(text: str) -> bool:
    """``text`` starts as a pzprv3 file does."""
    parts = re.split(r"[\n/]", text.lstrip("\ufeff \t\r\n")[:200], maxsplit=2)
    if parts and parts[0].strip().startswith("v:"):
        parts = parts[1:]
    return bool(parts) and parts[0].strip().startswith("pzprv3")


def _logical_lines(text: str) -> list[tuple[int, int, str]]:
    """(line, column of its first character, text) of each line, a ``/``
    breaking lines too when the file is written that way."""
    out = []
    slashed = "/" in text.split("\n", 1)[0]
    for n, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"),
                             start=1):
        if slashed:
            col = 1
            for part in line.split("/"):
                out.append((n, col, part))
                col += len(part) + 1
        else:
            out.append((n, 1, line))
    return out


def _tokens(line: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in re.finditer(r"\S+", line)]


def parse_pzprv3(text: str, source: str = "<pzprv3>") -> Pzprv3:
    """The puzzle (and the solution its lines draw, when they draw one) of a
    pzprv3 file; Pzprv3Error naming the line and column otherwise."""
    name = shown_name(source)
    lines = _logical_lines(text.lstrip("\ufeff"))
    i = 0

    def where(k: int, col: int | None = None) -> str:
        n, c, _ = lines[min(k, len(lines) - 1)]
        return f"{name}: line {n}, column {c + (col or 0)}"

    def need(k: int, what: str) -> str:
        if k >= len(lines):
            n = lines[-1][0]
            raise Pzprv3Error(f"{name}: line {n}: the file ends where {what} should be")
        return lines[k][2].strip()

    if need(0, "pzprv3").startswith("v:"):
        i = 1
    if not re.fullmatch(r"pzprv3(\.\d+)?", need(i, "pzprv3")):
        raise Pzprv3Error(f"{where(i)}: expected 'pzprv3', not {need(i, 'pzprv3')[:30]!r}")
    i += 1
    pid = need(i, "the puzzle type")
    kind = {"numlin": "numlin", "numberlink": "numlin", "arukone": "arukone"}.get(pid)
    if kind is None:
        raise Pzprv3Error(f"{where(i)}: the puzzle type is {pid[:30]!r}, not Number Link "
                          f"(numlin or arukone)")
    i += 1
    size = []
    for what in ("rows", "columns"):
        t = need(i, f"the number of {what}")
        if not (t.isascii() and t.isdigit() and len(t) < 6 and 1 <= int(t) <= MAX_SIDE):
            raise Pzprv3Error(f"{where(i)}: expected the number of {what} (1 to {MAX_SIDE}), "
                              f"not {t[:30]!r}")
        size.append(int(t))
        i += 1
    rows, cols = size
    flags = ""
    if kind == "arukone":
        t = need(i, "passallcell or dontpassallcell")
        if t not in ("passallcell", "dontpassallcell"):
            raise Pzprv3Error(f"{where(i)}: expected 'passallcell' or 'dontpassallcell', not "
                              f"{t[:30]!r}")
        flags = "e" if t == "dontpassallcell" else ""
        i += 1

    def grid(count: int, per_line: int, what: str, read) -> list:
        nonlocal i
        out = []
        for r in range(count):
            need(i, f"{what} {r + 1} of {count}")
            toks = _tokens(lines[i][2])
            if len(toks) != per_line:
                raise Pzprv3Error(f"{where(i)}: {what} {r + 1} has {len(toks)} values, "
                                  f"expected {per_line}")
            for col, tok in toks:
                v = read(tok)
                if v is None:
                    raise Pzprv3Error(f"{where(i, col)}: {tok[:20]!r} is not a "
                                      f"{'square' if what == 'row' else 'link'} "
                                      f"of a pzprv3 {kind}")
                out.append(v)
            i += 1
        return out

    def square(tok: str):
        if tok == ".":
            return EMPTY
        if tok == "-":
            return HIDDEN
        if kind == "arukone":
            if len(tok) == 1 and tok.isascii() and tok.isalpha():
                return ord(tok) - 64 if tok.isupper() else ord(tok) - 96 + 26
            return None
        return int(tok) if tok.isascii() and tok.isdigit() and len(tok) < 8 else None

    def link(tok: str):
        return {"0": False, "-1": False, "1": True}.get(tok)

    clues = grid(rows, cols, "row", square)
    first_link_line = i
    right = np.array(grid(rows, cols - 1, "row of links across", link), bool) \
        .reshape(rows, cols - 1)
    down = np.array(grid(rows - 1, cols, "row of links down", link), bool) \
        .reshape(rows - 1, cols)
    try:
        puzzle = link_puzzle(Link(kind, cols, rows, tuple(clues), flags))
    except PuzzLinkError as exc:
        raise Pzprv3Error(f"{name}: {exc}") from None
    rule = rule_of(kind, flags)
    sol, note = None, ""
    if right.any() or down.any():
        sol, note = solution_from_links(puzzle, right, down, rule)
        if note:
            note = f"{name}: line {lines[first_link_line][0]}: the lines are not a solution " \
                   f"({note})"
    return Pzprv3(puzzle, sol, rule, kind, note)


def solution_from_links(puzzle: Puzzle, right: np.ndarray, down: np.ndarray,
                        rule: str) -> tuple[Solution | None, str]:
    """The solution the links draw (each end's path followed along them)
    and '' when it is one under ``rule``; else (None, what is wrong)."""
    h, w = puzzle.cells.shape
    if puzzle.npaths * w * h > CHECK_BUDGET:
        return checked_solution(puzzle, None, rule)
    bare = Solution(np.zeros((h, w), np.int32), right, down)
    paths = np.zeros(h * w, np.int32)
    for k, (a, _b) in enumerate(puzzle.endpoints(), start=1):
        for sq in route_of(bare, a, puzzle.bridges):
            if paths[sq] == 0:
                paths[sq] = k
    return checked_solution(puzzle, Solution(paths.reshape(h, w), right, down), rule)


def checked_solution(puzzle: Puzzle, sol: Solution,
                     rule: str) -> tuple[Solution | None, str]:
    """(sol, '') when it is a solution of ``puzzle`` under ``rule``; else
    (None, what is wrong), also when it is too large to check."""
    if puzzle.npaths * puzzle.width * puzzle.height > CHECK_BUDGET:
        return None, (f"{puzzle.npaths} paths on {puzzle.width}x{puzzle.height} squares are "
                      f"too many to check")
    problems = check_solution(puzzle, sol, rule)
    if problems:
        return None, problems[0]
    return sol, ""


def format_pzprv3(puzzle: Puzzle, solution: Solution | None = None, kind: str = "numlin",
                  rule: str | None = None) -> str:
    """The pzprv3 file of ``puzzle`` (and the lines of ``solution``), as
    pzprjs writes it; numbers as in its puzz.link URL.  ValueError for a
    puzzle the type cannot hold (bridges; arukone: over 52 pairs)."""
    try:
        link = puzzle_link(puzzle, kind, rule)
    except PuzzLinkError as exc:
        raise ValueError(str(exc)) from None
    h, w = puzzle.height, puzzle.width
    out = ["pzprv3", kind, str(h), str(w)]
    if kind == "arukone":
        out.append("dontpassallcell" if "e" in link.flags else "passallcell")

    def square(v: int) -> str:
        if v == EMPTY:
            return ". "
        if v == HIDDEN:
            return "- "
        return (arukone_letter(v) if kind == "arukone" else str(v)) + " "

    clues = np.array(link.clues).reshape(h, w)
    out += ["".join(square(int(v)) for v in row) for row in clues]
    right = solution.right if solution is not None else np.zeros((h, w - 1), bool)
    down = solution.down if solution is not None else np.zeros((h - 1, w), bool)
    out += ["".join("1 " if v else "0 " for v in row) for row in right]
    out += ["".join("1 " if v else "0 " for v in row) for row in down]
    return "\n".join(out) + "\n"
