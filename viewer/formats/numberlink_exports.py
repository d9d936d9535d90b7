"""The files a Number Link grid exports: the puzzle and the solution as
text, path.c's testmain grids, and pictures of the puzzle and solution."""

from __future__ import annotations

import os

from .atomic import write_atomic
from .exports import Ask, Export
from .numberlink import (
    format_puzzle,
    format_solution,
    format_testmain,
    write_puzzle_png,
)

MAX_OPEN_SIDE = 256
"""Puzzles wider or taller than this are refused when opened."""


def open_puzzle(path):
    """A puzzle file (any format: text, testmain, puzz.link URLs, pzprv3,
    Janko, Flow Free; its first puzzle) as a Result to show, not solved yet,
    under the rule its format means (where it means one)."""
    from ..engine.names import shown_name
    from ..engine.numberlink.opened import puzzle_result
    from .numberlink_sources import read_source

    try:
        item = read_source(os.fspath(path) if not isinstance(path, str) else path)[0]
    except UnicodeDecodeError:
        raise ValueError(f"{shown_name(path)}: not a puzzle (not UTF-8 text)") from None
    puzzle = item.puzzle
    h, w = puzzle.cells.shape
    if max(w, h) > MAX_OPEN_SIDE:
        raise ValueError(f"{shown_name(path)}: {w}x{h} is too large to show (at most "
                         f"{MAX_OPEN_SIDE} a side)")
    return puzzle_result(puzzle, str(path), item.rule)


def open_link(text: str):
    """A pasted or dropped puzz.link URL as a Result to show (under the
    rule its type means); None for a text that is no URL; ValueError (one
    line) for one that is not a Number Link puzzle we can take."""
    from ..engine.numberlink.opened import puzzle_result
    from ..engine.numberlink.puzzlink import looks_like_url
    from .numberlink_sources import url_item

    text = text.strip()
    if not looks_like_url(text) or "\n" in text:
        return None
    item = url_item(text, "puzz.link URL: ", "URL")
    puzzle = item.puzzle
    if max(puzzle.width, puzzle.height) > MAX_OPEN_SIDE:
        raise ValueError(f"puzz.link URL: {puzzle.width}x{puzzle.height} is too large to show "
                         f"(at most {MAX_OPEN_SIDE} a side)")
    return puzzle_result(puzzle, text, item.rule)


def puzzle_of(result):
    puzzle = result.detail.get("puzzle")
    if puzzle is None:
        raise ValueError("only a Number Link grid has a puzzle to export")
    return puzzle


def solution_of(result):
    puzzle = puzzle_of(result)
    sol = result.detail.get("solution")
    if sol is None:
        raise ValueError(f"the {puzzle.width}x{puzzle.height} puzzle has no solution yet "
                         "(check uniqueness solves it)")
    return sol


def write_puzzle_text(path, result, _value=None) -> str:
    write_atomic(path, format_puzzle(puzzle_of(result)))
    return f"puzzle written to {path}"


def write_solution_text(path, result, _value=None) -> str:
    write_atomic(path, format_solution(puzzle_of(result), solution_of(result)))
    return f"solution written to {path}"


def write_testmain(path, result, _value=None) -> str:
    write_atomic(path, format_testmain(puzzle_of(result), result.detail.get("solution")))
    return f"testmain grids written to {path}"


def write_png(solution: bool):
    def write(path, result, cell=32) -> str:
        write_puzzle_png(path, puzzle_of(result), solution_of(result) if solution else None,
                         int(cell or 32))
        return f"{'solution' if solution else 'puzzle'} picture written to {path}"
    return write


def write_print_png(path, result, cell=32) -> str:
    from .numberlink_print import print_picture
    from .png import png_bytes

    write_atomic(path, png_bytes(print_picture(puzzle_of(result), int(cell or 32))))
    return f"puzzle for printing (black and white) written to {path}"


CELL = Ask("Pixels per square:", 32, 8, 128)
EXPORTS = (
    Export("puzzle", "Export &puzzle text...", "puzzle.txt", "Puzzles (*.txt)",
           write_puzzle_text, "the puzzle in the plain text format", shortcut="Ctrl+Shift+P"),
    Export("solution", "Export so&lution text...", "puzzle.sol.txt", "Solutions (*.txt)",
           write_solution_text, "the solution shown, every square labelled",
           shortcut="Ctrl+Shift+L"),
    Export("testmain", "Export test&main grids...", "grids.txt", "Text (*.txt)", write_testmain,
           "solution and puzzle as path.c's test program prints them"),
    Export("puzzle-png", "Export puzzle P&NG...", "puzzle.png", "PNG images (*.png)",
           write_png(False), "the puzzle as a picture: the ends with their labels", CELL),
    Export("solution-png", "Export solution PN&G...", "solution.png", "PNG images (*.png)",
           write_png(True), "the solved grid as a picture", CELL),
    Export("puzzle-print", "Export puzzle for pr&inting (black and white)...",
           "puzzle-print.png", "PNG images (*.png)", write_print_png,
           "the puzzle black on white, to print: grid, rings and labels, no colour", CELL),
)


def command_line(values, seed) -> str:
    """The ``numberlink generate`` command that makes this grid again: grid
    number N is the last of ``--count N`` (defaults left out)."""
    import shlex

    from ..engine.numberlink.generator import PARAMS

    if isinstance(seed, bytes):
        seed = seed.decode("latin-1")
    w, h = values["size"]
    parts = ["numberlink", "generate", "--size", f"{w}x{h}", "--seed", str(seed)]
    if values["grid_number"] != 1:
        parts += ["--count", str(values["grid_number"])]
    if values["unique"]:
        parts.append("--unique")
    for p in PARAMS:
        if p.name in ("mode", "fast_rounds", "rule", "extend_share", "max_boring",
                      "max_tries", "difficulty", "min_length", "max_same_length",
                      "bridges") \
                and values.get(p.name, p.default) != p.default:
            parts += [p.flag, p.text(values[p.name])]
    return shlex.join(parts)
