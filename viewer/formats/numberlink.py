"""Number Link files: the plain text format of the reference puzzles, the C
test program's grid blocks, and PNG pictures.

Plain text (``*.txt``; solutions ``*.sol.txt``)::

    W H
    . . a d a . .        H rows of W tokens separated by blanks
    ...                  '.' a blank square, any other token a label

A puzzle has every label exactly twice; a solution labels every square on a
path (``.`` for squares left empty under the ``free`` rule).

Bridges: ``+`` (a token of its own) is a bridge square, where two paths
cross straight, one across and one down.  A bridge is never on the edge of
the grid (the reader refuses one there with its line and column), and
``+`` is never a label.  In a solution a bridge is written ``A+B``: the
path across it, ``+``, the path down it (``.`` for a crossing left empty
under ``free``).

The test program's format (``testmain``, as path.c's ``main`` prints it):
rows of ``|``, then ``%2d`` per square (`` .`` for blank), then `` |``; a
block of H rows and an empty line.  A file may hold several grids, each a
solution block followed by a puzzle block (the goldens), or puzzle blocks
alone.  Labels there are numbers; labels of 10 or more run into their
neighbours, so every cell is read as exactly two characters.
"""

from __future__ import annotations

import os

import numpy as np

from ..engine.numberlink.puzzle import (
    Puzzle,
    PuzzleError,
    Solution,
    bridged_solution,
    solution_from_paths,
)
from .atomic import write_atomic
from .png import write_png
from .reading import InputFileError, read_limited

__all__ = [
    "NumberLinkFormatError", "parse_puzzle", "parse_solution", "read_puzzle", "read_solution",
    "format_puzzle", "format_solution", "write_puzzle", "write_solution", "parse_testmain",
    "format_testmain", "render", "write_puzzle_png", "detect_format",
]

FORMATS = ("text", "testmain")
MAX_LABEL_CHARS = 64
"""Longer labels are refused by the reader (a label is drawn in a disc and
printed on every square of its path)."""

from ..engine.names import shown_name  # noqa: E402  (apart from the imports above)


class NumberLinkFormatError(ValueError):
    """A file that is not a Number Link puzzle; the message names the line."""


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def detect_format(text: str) -> str:
    for line in _lines(text):
        if line.strip():
            return "testmain" if line.lstrip().startswith("|") else "text"
    return "text"


# -- plain text ---------------------------------------------------------------

def _parse_rows(text: str, source: str) -> tuple[int, int, list[list[str]]]:
    source = shown_name(source)     # one line whatever the name holds
    lines = _lines(text)
    header_at = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_at is None:
        raise NumberLinkFormatError(f"{source}: the file is empty; expected a first line 'W H'")
    head = lines[header_at].split()
    lineno = header_at + 1
    if len(head) != 2 or not all(_is_number(t) and len(t) < 10 for t in head):
        raise NumberLinkFormatError(f"{source}: line {lineno}: expected the size 'W H' "
                                    f"(two whole numbers), not {lines[header_at].strip()!r}")
    w, h = int(head[0]), int(head[1])
    if w < 1 or h < 1:
        raise NumberLinkFormatError(f"{source}: line {lineno}: width and height must be at "
                                    f"least 1, not {w}x{h}")
    rows = []
    for y in range(h):
        i = header_at + 1 + y
        if i >= len(lines) or not lines[i].strip():
            found = "the end of the file" if i >= len(lines) else "an empty line"
            raise NumberLinkFormatError(f"{source}: line {i + 1}: expected row {y + 1} of {h}, "
                                        f"found {found}")
        toks = lines[i].split()
        if len(toks) != w:
            raise NumberLinkFormatError(f"{source}: line {i + 1}: row {y + 1} has {len(toks)} "
                                        f"squares, expected {w}")
        rows.append(toks)
    for j in range(header_at + 1 + h, len(lines)):
        if lines[j].strip():
            raise NumberLinkFormatError(f"{source}: line {j + 1}: unexpected text after the "
                                        f"{h} rows: {lines[j].strip()[:40]!r}")
    return w, h, rows


def _is_number(t: str) -> bool:
    """``t`` is a whole number in ASCII digits (not ``²`` or ``٣``)."""
    return t.isascii() and t.isdigit()


def _label_order(labels: set[str]) -> list[str]:
    """Numbers in numeric order, then the rest in text order."""
    def key(t: str) -> tuple[int, int, str]:
        if _is_number(t):  # numeric order without int(): labels may be 5000 digits long
            digits = t.lstrip("0")
            return (0, len(digits), digits)
        return (1, 0, t)

    return sorted(labels, key=key)


def parse_puzzle(text: str, source: str = "<puzzle>") -> Puzzle:
    """A puzzle from plain text or from the test program's blocks (its first
    puzzle: the second block of a solution + puzzle pair)."""
    source = shown_name(source)
    if detect_format(text) == "testmain":
        grids = parse_testmain(text, source)
        return grids[0][1]
    w, h, rows = _parse_rows(text, source)
    where: dict[str, list[tuple[int, int]]] = {}
    header_line = next(i for i, line in enumerate(_lines(text)) if line.strip()) + 1
    bridges = np.zeros((h, w), bool)
    for y, row in enumerate(rows):
        for x, t in enumerate(row):
            if t == BRIDGE:
                if x in (0, w - 1) or y in (0, h - 1):
                    line = _lines(text)[header_line + y]
                    col = _token_columns(line)[x]
                    raise NumberLinkFormatError(
                        f"{source}: line {header_line + 1 + y}, column {col}: a bridge "
                        f"({BRIDGE}) needs a square on each of its four sides; it cannot be "
                        f"on the edge of the grid")
                bridges[y, x] = True
            elif t != ".":
                where.setdefault(t, []).append((x, y))
    for t, spots in where.items():
        if len(t) > MAX_LABEL_CHARS:
            raise NumberLinkFormatError(
                f"{source}: line {header_line + 1 + spots[0][1]}: a label of "
                f"{len(t)} characters ({t[:12]!r}...); labels are at most {MAX_LABEL_CHARS}")
        if len(spots) != 2:
            lines = ", ".join(str(header_line + 1 + y) for _, y in spots)
            raise NumberLinkFormatError(
                f"{source}: line {header_line + 1 + spots[-1][1]}: label {t!r} occurs "
                f"{len(spots)} time(s) (lines {lines}); each label must occur exactly twice")
    labels = _label_order(set(where))
    index = {t: k for k, t in enumerate(labels, start=1)}
    cells = np.array([[index.get(t, 0) for t in row] for row in rows], np.int32)
    return Puzzle(cells, tuple(labels), bridges if bridges.any() else None)


BRIDGE = "+"


def _token_columns(line: str) -> list[int]:
    """The column (from 1) where each blank-separated token of ``line`` starts."""
    out, inside = [], False
    for i, c in enumerate(line):
        if not c.isspace() and not inside:
            out.append(i + 1)
        inside = not c.isspace()
    return out


def parse_solution(text: str, puzzle: Puzzle, source: str = "<solution>") -> Solution:
    """A solution file for ``puzzle``; links follow from the labels (the
    fill-no-touch reading)."""
    source = shown_name(source)
    if detect_format(text) == "testmain":
        blocks = _testmain_blocks(text, source)
        paths = np.array(blocks[0][1], np.int32)
        if paths.shape != puzzle.cells.shape:
            raise NumberLinkFormatError(f"{source}: the solution is {paths.shape[1]}x"
                                        f"{paths.shape[0]}, the puzzle "
                                        f"{puzzle.width}x{puzzle.height}")
        return solution_from_paths(paths)
    w, h, rows = _parse_rows(text, source)
    if (w, h) != (puzzle.width, puzzle.height):
        raise NumberLinkFormatError(f"{source}: line 1: the solution is {w}x{h}, the puzzle "
                                    f"{puzzle.width}x{puzzle.height}")
    index = {t: k for k, t in enumerate(puzzle.labels, start=1)}
    paths = np.zeros((h, w), np.int32)
    cross = np.zeros((h, w), np.int32)
    bridges = puzzle.bridges if puzzle.bridges is not None else np.zeros((h, w), bool)
    start = next(i for i, line in enumerate(_lines(text)) if line.strip()) + 2
    for y, row in enumerate(rows):
        for x, t in enumerate(row):
            if bridges[y, x]:
                parts = _bridge_parts(t, index)
                if parts is None:
                    raise NumberLinkFormatError(
                        f"{source}: line {start + y}: the bridge at column "
                        f"{_token_columns(_lines(text)[start + y - 1])[x]} must be written "
                        f"ACROSS{BRIDGE}DOWN (two of the puzzle's labels, or '.'), not {t!r}")
                paths[y, x], cross[y, x] = parts
                continue
            if t == ".":
                continue
            if t not in index:
                raise NumberLinkFormatError(f"{source}: line {start + y}: label {t!r} is not "
                                            f"one of the puzzle's")
            paths[y, x] = index[t]
    if puzzle.bridges is None:
        return solution_from_paths(paths)
    return bridged_solution(paths, cross, bridges)


def _bridge_parts(t: str, index: dict[str, int]) -> tuple[int, int] | None:
    """``A+B`` as (path across, path down); None when it is not that."""
    for i, c in enumerate(t):
        if c == BRIDGE:
            a, b = t[:i], t[i + 1:]
            ka = 0 if a == "." else index.get(a)
            kb = 0 if b == "." else index.get(b)
            if ka is not None and kb is not None:
                return ka, kb
    return None


MAX_FILE_BYTES = 4 * 2**20
"""Puzzle files larger than this are refused unread (a 128x128 puzzle with
long labels is well under a megabyte)."""


def read_text_file(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a puzzle file, or NumberLinkFormatError saying why not
    (missing, a folder, a pipe or device, too large, not UTF-8 text);
    nothing is read from anything but a regular file."""
    name = os.fspath(path)
    if not name:
        raise NumberLinkFormatError("'': an empty file name")
    shown = shown_name(name)
    try:
        data = read_limited(name, limit, "puzzle file")
    except IsADirectoryError:
        raise NumberLinkFormatError(f"{shown}: is a folder, not a puzzle file") from None
    except FileNotFoundError:
        raise NumberLinkFormatError(f"{shown}: no such file") from None
    except InputFileError as exc:
        raise NumberLinkFormatError(str(exc)) from None
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise NumberLinkFormatError(f"{shown}: cannot read it ({why})") from None
    if b"\0" in data:
        raise NumberLinkFormatError(f"{shown}: not a text file (it holds NUL bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NumberLinkFormatError(f"{shown}: not UTF-8 text (byte {exc.start + 1})") from None


def read_puzzle(path: str | os.PathLike) -> Puzzle:
    text = read_text_file(path)
    try:
        return parse_puzzle(text, os.fspath(path))
    except PuzzleError as exc:
        raise NumberLinkFormatError(f"{shown_name(path)}: {exc}") from None


def read_solution(path: str | os.PathLike, puzzle: Puzzle) -> Solution:
    text = read_text_file(path)
    try:
        return parse_solution(text, puzzle, os.fspath(path))
    except PuzzleError as exc:
        raise NumberLinkFormatError(f"{shown_name(path)}: {exc}") from None


def format_puzzle(puzzle: Puzzle) -> str:
    labels = (".",) + puzzle.labels
    bridges = puzzle.bridges
    rows = [" ".join(BRIDGE if bridges is not None and bridges[y, x] else labels[v]
                     for x, v in enumerate(row)) for y, row in enumerate(puzzle.cells)]
    return f"{puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


def format_solution(puzzle: Puzzle, solution: Solution) -> str:
    labels = (".",) + puzzle.labels
    bridges = puzzle.bridges
    cross = solution.cross

    def token(y: int, x: int, v: int) -> str:
        if bridges is not None and bridges[y, x]:
            return f"{labels[v]}{BRIDGE}{labels[int(cross[y, x]) if cross is not None else 0]}"
        return labels[v]

    rows = [" ".join(token(y, x, int(v)) for x, v in enumerate(row))
            for y, row in enumerate(solution.paths)]
    return f"{puzzle.width} {puzzle.height}\n" + "\n".join(rows) + "\n"


def write_puzzle(path: str | os.PathLike, puzzle: Puzzle) -> None:
    write_atomic(path, format_puzzle(puzzle))


def write_solution(path: str | os.PathLike, puzzle: Puzzle, solution: Solution) -> None:
    write_atomic(path, format_solution(puzzle, solution))


# -- the test program's blocks -------------------------------------------------------

def _testmain_block_rows(cells: np.ndarray) -> str:
    return "".join("|" + "".join(f"{int(v):2d}" if v > 0 else " ." for v in row) + " |\n"
                   for row in cells)


def format_testmain(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """A solution block (if given) and the puzzle block, each with its blank line,
    exactly as path.c's test program prints them.  Labels must be numbers;
    there are no bridges in it."""
    if puzzle.bridges is not None:
        raise ValueError("the testmain format has no bridges (use the text format)")
    for t in puzzle.labels:
        if not _is_number(t):
            raise ValueError(f"the testmain format holds numbers only, not label {t!r}")
    numbers = np.array([0] + [int(t) for t in puzzle.labels], np.int32)
    out = ""
    if solution is not None:
        out += _testmain_block_rows(numbers[solution.paths]) + "\n"
    return out + _testmain_block_rows(numbers[puzzle.cells]) + "\n"


def _testmain_blocks(text: str, source: str) -> list[tuple[int, list[list[int]]]]:
    """``(first line number, rows)`` of each block."""
    source = shown_name(source)
    blocks: list[tuple[int, list[list[int]]]] = []
    current: list[list[int]] = []
    start = 0
    for lineno, line in enumerate(_lines(text), start=1):
        if not line.strip():
            if current:
                blocks.append((start, current))
                current = []
            continue
        body = line.rstrip()
        if not (body.startswith("|") and body.endswith(" |")) or len(body) < 3:
            raise NumberLinkFormatError(f"{source}: line {lineno}: expected a grid row "
                                        f"'| 1 . 2 |', not {line.strip()[:40]!r}")
        inner = body[1:-2]
        if not inner:
            block = start if current else lineno
            raise NumberLinkFormatError(f"{source}: line {lineno}: a grid row with no squares "
                                        f"(block at line {block})")
        if len(inner) % 2:
            raise NumberLinkFormatError(f"{source}: line {lineno}: squares must be two "
                                        f"characters wide")
        row = []
        for x in range(0, len(inner), 2):
            cell = inner[x:x + 2]
            if cell == " .":
                row.append(0)
            elif _is_number(cell.strip()) and int(cell) > 0:
                row.append(int(cell))
            else:
                raise NumberLinkFormatError(f"{source}: line {lineno}: square {x // 2 + 1} "
                                            f"is {cell!r}, expected ' .' or a number")
        if current and len(row) != len(current[0]):
            raise NumberLinkFormatError(f"{source}: line {lineno}: row has {len(row)} "
                                        f"squares, the rows above {len(current[0])}")
        if not current:
            start = lineno
        current.append(row)
    if current:
        blocks.append((start, current))
    if not blocks:
        raise NumberLinkFormatError(f"{source}: no grid found")
    return blocks


def parse_testmain(text: str, source: str = "<testmain>") -> list[tuple[Solution | None, Puzzle]]:
    """Every grid of a test-program output: ``(solution or None, puzzle)``.

    A block with blanks is a puzzle; a block without is a solution, paired
    with the puzzle block that follows it."""
    source = shown_name(source)
    out: list[tuple[Solution | None, Puzzle]] = []
    pending: tuple[int, np.ndarray] | None = None
    for start, rows in _testmain_blocks(text, source):
        arr = np.array(rows, np.int32)
        if (arr > 0).all() and pending is None:
            pending = (start, arr)
            continue
        try:
            n = int(arr.max())
            puzzle = Puzzle(arr, tuple(str(k) for k in range(1, n + 1)))
        except (PuzzleError, ValueError) as exc:
            raise NumberLinkFormatError(f"{source}: line {start}: the block there "
                                        f"is not a puzzle: {exc}") from None
        sol = None
        if pending is not None:
            if pending[1].shape != arr.shape:
                raise NumberLinkFormatError(f"{source}: line {start}: the puzzle's size "
                                            f"differs from the solution above it")
            sol = solution_from_paths(pending[1])
            pending = None
        out.append((sol, puzzle))
    if pending is not None:
        raise NumberLinkFormatError(f"{source}: line {pending[0]}: a solution block with no "
                                    f"puzzle block after it")
    return out


# -- pictures -------------------------------------------------------------------------

def palette(n: int) -> np.ndarray:
    """``n`` well-spread RGB colours (uint8): path ``k`` is drawn in ``palette(n)[k - 1]``."""
    from ..render.numberlink import path_palette  # (the renderer only when drawing)

    return path_palette(n)


def render(puzzle: Puzzle, solution: Solution | None = None, cell: int = 32) -> np.ndarray:
    """An ``(H*cell + 1, W*cell + 1, 4)`` RGBA picture: the grid, the solution's
    paths as thick coloured lines over squares tinted in their colours (if
    given), and each end as a disc with its label: the picture pipeline's
    export of the puzzle opened (:func:`viewer.render.picture.picture`, as
    the workbench draws it), without a legend."""
    from ..engine.numberlink.opened import puzzle_result, with_solution
    from ..render.picture import picture  # (a solve draws nothing)

    result = puzzle_result(puzzle, "")
    if solution is not None:
        result = with_solution(result, solution)
    return picture(result, "paths", None, cell, export=True, legend=False).rgba


def write_puzzle_png(path: str | os.PathLike, puzzle: Puzzle,
                     solution: Solution | None = None, cell: int = 32) -> None:
    """The puzzle (or, with ``solution``, the solved grid) as a PNG."""
    write_png(path, render(puzzle, solution, cell))
