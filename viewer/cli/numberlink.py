"""``python -m viewer numberlink``: generate Number Link grids and puzzles, solve puzzles.

    numberlink generate --size WxH --seed TEXT [--count N] [--mode faithful|fast]
                        [--unique --rule RULE] [--format text|testmain] [--out FILE]
                        [--progress] ...
    numberlink solve FILE [--rule fill-no-touch|fill|free] [--max-solutions N]
    numberlink generate --unique --difficulty easy|normal|hard|extreme [--min-length N]
                        [--max-same-length P] [--bridges K] [--svg F] [--pdf F] ...
    numberlink grade FILE [--rule RULE] [--steps]
    numberlink book --count N --size WxH --difficulty D --seed TEXT [--paper a4|letter]
                    [--pdf FILE] [--svg DIR]

``generate --format testmain`` prints what path.c's test program prints (a
solution block and a puzzle block per grid), so ``--size 10x8 --seed 12345
--count 10`` is the test program itself.  ``--format text`` prints puzzles in
the plain text format (several separated by an empty line).

``--mode fast`` makes grids of the same kind without path.c's restarts (see
``engine/numberlink/fastgen.py``); 100x100 takes well under a second.
Progress (grids filled, restarts, squares covered) goes to standard error when
it is a terminal or ``--progress`` is given.

``solve`` reads either format and prints the first solution in it, then a
last line ``solutions: K`` (the number found, up to ``--max-solutions``,
default 2; 0 when there is none).  So K = 1 means the puzzle is unique under
the rule, K = 2 that it is not.

``grade`` prints ``grade: G`` (easy, normal, hard, extreme; or several /
none for a file that is not a unique puzzle), then one line per technique
with the number of deductions it made, then ``deductions: N``; ``--steps``
prints each deduction first, as a hint.  ``generate --difficulty`` makes
unique puzzles of exactly that grade (``--unique`` is then implied);
``--bridges K`` unique puzzles with K bridge squares (text format only).

``book`` makes a printable book: the puzzles several to a page, each with
its number, size, grade and seed (puzzle ``n`` is ``generate --seed
TEXT-n``), then the solutions; ``--pdf FILE`` one PDF, ``--svg DIR`` one
SVG a page (``page-01.svg`` ...), vector output painted by Qt.
``generate --svg/--pdf`` (and ``--solution-svg/--solution-pdf``) draw the
last puzzle (solution) alone.

Everything goes through ``sys.stdout``/``sys.stderr``; errors exit with 1.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from ..engine.numberlink.generator import (
    NUMBERLINK,
    PARAMS,
    GridStream,
    UniqueSearch,
    check_size,
    bridge_search_of,
    graded_search,
    grid_paths,
    grid_puzzle,
)
from ..engine.numberlink.options import PUZZLE_FORMATS, URL_TYPES
from ..engine.params import Param, ParamError, check_bounds, parse_size
from ..engine.protocol import GenerationError
from ..formats.atomic import WriteError
from .args import (
    LiteralDashes,
    Usage,
    add_bundle,
    add_bundle_option,
    bundle_targets,
    check_outputs,
    shorten,
)
from .args import ProgressLine as _ProgressLine
from .args import isatty as _isatty
from .extras import OwnCommand
from .numberlink_sources import (
    add_convert,
    add_source_options,
    book_entries_from,
    read_one,
    read_puzzles,
    rule_for,
    run_convert,
)

PROG = "numberlink"


class CliError(Exception):
    pass


MAX_COUNT = 10_000
"""--count at most (a 128x128 puzzle is 33 kB of text: 10,000 are 330 MB)."""
MAX_SQUARES = 2**24
"""--count times the squares of a grid at most (the puzzles and solutions
are held until written: 16 million squares are some 300 MB)."""
MAX_SOLUTIONS = 1000
"""--max-solutions at most."""
GRADE_TIME_LIMIT = 60.0
MAX_BOOK = 1000
"""Puzzles in one book at most (the engine's own bound, engine.numberlink.book)."""
SOLVE_MAX_SIDE = 128
"""solve takes puzzles of at most this many squares a side (the generator's
largest; the solver's memory grows with the squares times the labels)."""


class _Parser(LiteralDashes, argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit(2) and print usage
        raise CliError(f"{message}\nTry '{self.prog} --help'.")

    def exit(self, status: int = 0, message: str | None = None):
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


class _Exit(Exception):
    def __init__(self, status: int):
        self.status = status


def _bounded(top: int):
    def whole(text: str) -> int:
        try:
            if len(text) > 30:
                raise ValueError
            v = int(text.strip(), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not "
                                             f"{shorten(text)}") from None
        if v < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {v}")
        if v > top:
            raise argparse.ArgumentTypeError(f"must be at most {top}, not {v}")
        return v
    return whole


def _seconds(text: str) -> float:
    try:
        if len(text) > 40:
            raise ValueError
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not "
                                         f"{shorten(text)}") from None
    if not math.isfinite(v) or v < 0:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds, 0 or more, "
                                         f"not {text.strip()}")
    return v


def _param_option(parser: argparse.ArgumentParser, param: Param, help_extra: str = "") -> None:
    """``--name`` for one of the generator's Params: its type, bounds, choices,
    default and help come from the Param itself."""

    def convert(text: str):
        try:
            value = param.convert(text)
            check_bounds((param,), {param.name: value})
        except ParamError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value

    flag = param.flag
    kwargs: dict = {"default": param.default, "dest": param.name}
    if param.kind == "choice":
        kwargs["choices"] = param.choices
    else:
        kwargs["type"] = convert
        kwargs["metavar"] = {"int": "N", "float": "X"}.get(param.kind, "VALUE")
    bounds = ""
    if param.minimum is not None and param.maximum is not None:
        bounds = f", {param.minimum}..{param.maximum}"
    kwargs["help"] = f"{help_extra}{param.help} (default {param.default}{bounds})"
    parser.add_argument(flag, **kwargs)


def _gen_param(name: str) -> Param:
    return next(p for p in PARAMS if p.name == name)


def _parser() -> _Parser:
    p = _Parser(prog=PROG, description="Number Link grids (Tatham's path.c) and a solver.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    g = sub.add_parser("generate", help="generate grids / puzzles")
    g.add_argument("--size", default="10x8", help="WxH (default 10x8)")
    g.add_argument("--seed", default="12345", help="seed text (default 12345)")
    g.add_argument("--count", type=_bounded(MAX_COUNT), default=1,
                   help=f"number of grids, 1..{MAX_COUNT} (default 1)")
    g.add_argument("--unique", action="store_true",
                   help="only puzzles with exactly one solution under --rule")
    _param_option(g, _gen_param("mode"))
    _param_option(g, _gen_param("fast_rounds"))
    _param_option(g, _gen_param("rule"), "with --unique: ")
    _param_option(g, _gen_param("extend_share"), "faithful mode: ")
    _param_option(g, _gen_param("max_boring"))
    _param_option(g, _gen_param("max_tries"))
    _param_option(g, _gen_param("difficulty"), "implies --unique: ")
    _param_option(g, _gen_param("min_length"))
    _param_option(g, _gen_param("max_same_length"))
    _param_option(g, _gen_param("bridges"))
    g.add_argument("--progress", action="store_true",
                   help="report grids filled, restarts and squares covered on standard "
                        "error (on by itself when standard error is a terminal)")
    g.add_argument("--format", choices=PUZZLE_FORMATS, default="text",
                   help="text: the plain puzzle format (puzzles separated by an empty "
                        "line); testmain: solution and puzzle as path.c's test program "
                        "prints them; url: each puzzle's puzz.link URL, one a line; "
                        "pzprv3 (pzprjs's file, with the solution's lines), janko (Janko's "
                        "Arukone): one puzzle; flow: a Flow Free level pack (default text)")
    g.add_argument("--url-type", choices=URL_TYPES, default="numlin",
                   help="the puzz.link type of --format url and pzprv3 (default numlin)")
    g.add_argument("--out", help="write the puzzles here instead of standard output")
    g.add_argument("--solution-out", help="also write the solutions to this file")
    g.add_argument("--png", help="picture of the (last) puzzle")
    g.add_argument("--solution-png", help="picture of the (last) solution")
    g.add_argument("--svg", help="vector picture of the (last) puzzle, SVG")
    g.add_argument("--pdf", help="the (last) puzzle on a page of its own, PDF")
    g.add_argument("--solution-svg", help="vector picture of the (last) solution, SVG")
    g.add_argument("--solution-pdf", help="the (last) solution on a page of its own, PDF")
    add_bundle_option(g)
    g.add_argument("--quality", action="store_true",
                   help="print quality figures of each grid on standard error")
    s = sub.add_parser("solve", help="solve a puzzle file")
    s.add_argument("file", help="the puzzle: a file (text, testmain, puzz.link URLs, pzprv3, "
                                "Janko, Flow Free) or a puzz.link URL")
    add_source_options(s, _param_option, _gen_param("rule"))
    s.add_argument("--max-solutions", type=_bounded(MAX_SOLUTIONS), default=2,
                   help=f"stop after this many solutions, 1..{MAX_SOLUTIONS} (default 2)")
    s.add_argument("--time-limit", type=_seconds, default=None,
                   help="give up after this many seconds")
    s.add_argument("--all", action="store_true", help="print every solution found")
    s.add_argument("--png", help="picture of the first solution (or the puzzle if none)")
    bk = sub.add_parser("book", help="a printable book of graded puzzles (PDF or SVG)")
    bk.add_argument("sources", nargs="*", metavar="SOURCE",
                    help="puzzles to print (files in any format, puzz.link URLs) instead of "
                         "generating them; each is graded under its rule")
    bk.add_argument("--count", type=_bounded(MAX_BOOK), default=12,
                    help=f"puzzles in the book, 1..{MAX_BOOK} (default 12)")
    bk.add_argument("--size", default="10x10", help="WxH of every puzzle (default 10x10)")
    _param_option(bk, _gen_param("difficulty"))
    bk.add_argument("--seed", default="book", help="seed text; puzzle n is made from "
                                                  "TEXT-n (default book)")
    _param_option(bk, _gen_param("rule"), "default for SOURCEs: each one's own rule, else ")
    bk.set_defaults(rule=None)
    _param_option(bk, _gen_param("mode"))
    _param_option(bk, _gen_param("max_tries"))
    _param_option(bk, _gen_param("bridges"))
    bk.add_argument("--paper", choices=("a4", "letter"), default="a4",
                    help="page size (default a4)")
    bk.add_argument("--title", default="Number Link", help="the pages' title")
    bk.add_argument("--pdf", help="write the book to this PDF file")
    bk.add_argument("--svg", help="write one SVG a page into this folder (made if missing)")
    bk.add_argument("--progress", action="store_true",
                    help="report the puzzles made on standard error")
    gr = sub.add_parser("grade", help="grade a puzzle file: how a person would solve it")
    gr.add_argument("file", help="the puzzle: a file (text, testmain, puzz.link URLs, pzprv3, "
                                 "Janko, Flow Free) or a puzz.link URL")
    add_source_options(gr, _param_option, _gen_param("rule"))
    gr.add_argument("--steps", action="store_true",
                    help="print every deduction, as a hint, before the counts")
    gr.add_argument("--time-limit", type=_seconds, default=GRADE_TIME_LIMIT,
                    help=f"time for the SAT solver on a puzzle no tier solves (default "
                         f"{GRADE_TIME_LIMIT:g} s)")
    add_convert(sub, _param_option, _gen_param("rule"))
    return p


def run_numberlink(argv: Sequence[str]) -> int:
    try:
        args = _parser().parse_args(list(argv))
        if args.command == "generate":
            return _generate(args)
        if args.command == "solve":
            return _solve(args)
        if args.command == "grade":
            return _grade(args)
        if args.command == "book":
            return _book(args)
        if args.command == "convert":
            return run_convert(args, CliError, check_outputs)
        raise CliError("missing command: generate, solve, grade, book or convert\n"
                       "Try 'numberlink --help'.")
    except _Exit as exc:
        return exc.status
    except (CliError, ParamError, GenerationError, WriteError, Usage) as exc:
        sys.stderr.write(f"{PROG}: {exc}\n")
        return 1


def _size(args) -> tuple[int, int]:
    """``--size WxH``, parsed and within Number Link's bounds."""
    try:
        w, h = parse_size(args.size)
    except ValueError as exc:
        raise CliError(f"--size: {exc}") from None
    check_size(w, h)
    return w, h


def _generate(args) -> int:
    from ..engine.numberlink.puzzle import solution_from_paths
    from ..engine.numberlink.quality import quality
    from ..formats.numberlink import format_puzzle, format_solution, format_testmain, render
    from ..formats.png import png_bytes

    w, h = _size(args)
    if args.count * w * h > MAX_SQUARES:
        raise CliError(f"--count {args.count} grids of {w}x{h} make {args.count * w * h} "
                       f"squares; at most {MAX_SQUARES} in one run (about 100 MB of text)")
    if args.format in ("pzprv3", "janko") and args.count > 1:
        raise CliError(f"--format {args.format} holds one puzzle: --count 1 (or --format url, "
                       f"flow or text for several)")
    bundle = _bundle_values(args, w, h)
    outputs = check_outputs(args.out, args.solution_out, args.png, args.solution_png,
                            args.svg, args.pdf, args.solution_svg, args.solution_pdf,
                            *bundle_targets(args.bundle))
    # Always watched (so that Ctrl-C reaches a long compiled run), shown on request.
    progress = _ProgressLine(sys.stderr, args.progress or _isatty(sys.stderr))
    stream = GridStream(w, h, args.seed, mode=args.mode, extend_share=args.extend_share,
                        fast_rounds=args.fast_rounds, progress=progress,
                        target=args.count * (args.max_tries if args.unique or args.difficulty != "any"
                                     or args.bridges else 1))
    puzzles, solutions = [], []
    search = bridge_search = None
    if args.bridges > 0:
        if args.format != "text":
            raise CliError(f"--bridges: the {args.format} format has no bridges; use "
                           f"--format text")
        bridge_search = bridge_search_of(stream, vars(args))
    elif args.difficulty != "any":
        search = graded_search(stream, vars(args))
    elif args.unique:
        search = UniqueSearch(stream, rule=args.rule, max_boring=args.max_boring,
                              max_tries=args.max_tries)
    try:
        for n in range(args.count):
            restarts_before = stream.restarts
            graded = None
            if bridge_search is not None:
                puzzle, solution, tries, graded = bridge_search.next()
                paths = solution.paths
            else:
                if search is not None:
                    g, _, tries, graded = search.next()
                else:
                    g, tries = stream.next(), 1
                paths = grid_paths(g)
                puzzle = grid_puzzle(g)
                solution = solution_from_paths(paths)
            puzzles.append(puzzle)
            solutions.append(solution)
            if args.quality:
                progress.clear()
                extra = f"; tries {tries}" if search is not None else ""
                if graded is not None and hasattr(graded, "grade"):
                    extra += f"; {graded.summary()}"
                sys.stderr.write(f"grid {n + 1}: {quality(paths).summary()}; "
                                 f"restarts {stream.restarts - restarts_before}{extra}\n")
    finally:
        progress.clear()
    if args.format not in ("text", "testmain"):
        text = _site_format(args, puzzles, solutions)
        sol_text = "\n".join(format_solution(p, s) for p, s in zip(puzzles, solutions))
    elif args.format == "testmain":
        text = "".join(format_testmain(p, s) for p, s in zip(puzzles, solutions))
        sol_text = "".join(format_testmain(p, s).split("\n\n")[0] + "\n\n"
                           for p, s in zip(puzzles, solutions))
    else:
        text = "\n".join(format_puzzle(p) for p in puzzles)
        sol_text = "\n".join(format_solution(p, s) for p, s in zip(puzzles, solutions))
    with outputs:
        if args.out is not None:
            outputs.add(args.out, text)
        if args.solution_out is not None:
            outputs.add(args.solution_out, sol_text)
        if args.png is not None:
            outputs.add(args.png, png_bytes(render(puzzles[-1])))
        if args.solution_png is not None:
            outputs.add(args.solution_png, png_bytes(render(puzzles[-1], solutions[-1])))
        _add_vector_pictures(outputs, args, puzzles[-1], solutions[-1])
        add_bundle(outputs, args.bundle, lambda: NUMBERLINK.generate(bundle, seed=args.seed))
    if args.out is None:
        sys.stdout.write(text)
    return 0


def _site_format(args, puzzles, solutions) -> str:
    """--format url, pzprv3, janko or flow (each puzzle with its solution)."""
    from ..formats.numberlink_sources import Loaded, format_as

    rule = args.rule if args.unique or args.difficulty != "any" else None
    items = [Loaded(p, s, rule) for p, s in zip(puzzles, solutions)]
    try:
        return format_as(args.format, items, args.url_type)
    except ValueError as exc:
        raise CliError(f"--format {args.format}: {exc}") from None


def _add_vector_pictures(outputs, args, puzzle, solution) -> None:
    """--svg, --pdf, --solution-svg, --solution-pdf of the last grid."""
    wanted = [(args.svg, None, "svg"), (args.pdf, None, "pdf"),
              (args.solution_svg, solution, "svg"), (args.solution_pdf, solution, "pdf")]
    if not any(path for path, _, _ in wanted):
        return
    from ..render.numberlink_vector import single_page
    from ..ui.views.numberlink_book import pdf_bytes, svg_bytes

    for path, sol, kind in wanted:
        if path is not None:
            page = single_page(puzzle, sol)
            outputs.add(path, svg_bytes(page) if kind == "svg" else pdf_bytes([page]))


def _book(args) -> int:
    import os

    from ..engine.names import shown_name
    from ..engine.numberlink.book import book_entries
    from ..render.numberlink_vector import LayoutError, book_pages, layout
    from ..render.numberlink_vector import MIN_PUZZLE_CELL_MM

    if args.pdf is None and args.svg is None:
        raise CliError("book: say where it goes: --pdf FILE and/or --svg DIR")
    items = [i for src in args.sources for i in read_puzzles(src, None, CliError)]
    if items:
        w = max(i.puzzle.width for i in items)
        h = max(i.puzzle.height for i in items)
        if len(items) > MAX_BOOK:
            raise CliError(f"book: {len(items)} puzzles; a book holds at most {MAX_BOOK}")
    else:
        w, h = _size(args)
        args.rule = args.rule or _gen_param("rule").default
    if args.svg is not None and os.path.exists(args.svg) and not os.path.isdir(args.svg):
        raise CliError(f"--svg {shown_name(args.svg)}: not a folder")
    try:
        layout(w, h, args.paper, MIN_PUZZLE_CELL_MM)
    except LayoutError as exc:
        raise CliError(f"book: {exc}") from None
    outputs = check_outputs(args.pdf)
    progress = _ProgressLine(sys.stderr, args.progress or _isatty(sys.stderr))
    try:
        if items:
            entries = book_entries_from(items, args, CliError, progress)
        else:
            entries = book_entries(args.count, w, h, args.difficulty, args.seed, rule=args.rule,
                                   max_tries=args.max_tries, mode=args.mode,
                                   bridges=args.bridges, progress=progress)
    finally:
        progress.clear()
    from ..ui.views.numberlink_book import pdf_bytes, svg_bytes

    pages = book_pages(entries, args.paper, args.title)
    svgs = []
    if args.svg is not None:
        os.makedirs(args.svg, exist_ok=True)
        svgs = [os.path.join(args.svg, f"page-{n:02d}.svg") for n in range(1, len(pages) + 1)]
        for path in svgs:
            outputs.expect(path)
    with outputs:
        if args.pdf is not None:
            outputs.add(args.pdf, pdf_bytes(pages, args.title))
        for path, page in zip(svgs, pages):
            outputs.add(path, svg_bytes(page, args.title))
    where = " and ".join(shown_name(p) for p in (args.pdf, args.svg) if p is not None)
    what = "read" if items else args.difficulty
    sys.stderr.write(f"{PROG}: book of {len(entries)} {what} {w}x{h} puzzles, "
                     f"{len(pages)} pages, written to {where}\n")
    return 0


def _bundle_values(args, w: int, h: int) -> dict | None:
    """The generator's values that make the last grid again, for --bundle
    (the bundle holds one grid, as the window's does)."""
    if args.bundle is None:
        return None
    top = _gen_param("grid_number").maximum
    if (args.unique or args.difficulty != "any" or args.bridges) and args.count > 1:
        raise CliError("--bundle holds one grid: with --unique, --count 1")
    if args.count > top:
        raise CliError(f"--bundle holds the last grid, at most grid {top}: --count {top} "
                       f"at most")
    return NUMBERLINK.validate({
        "size": (w, h), "mode": args.mode, "fast_rounds": args.fast_rounds,
        "grid_number": args.count, "extend_share": args.extend_share, "unique": args.unique,
        "rule": args.rule, "max_boring": args.max_boring, "max_tries": args.max_tries,
        "difficulty": args.difficulty, "min_length": args.min_length,
        "max_same_length": args.max_same_length, "bridges": args.bridges})


def _read_puzzle_file(path: str, args=None):
    """The puzzle ``path`` names (a file in any format, or a puzz.link URL)
    and how it came (its rule, its solution), or CliError in one line."""
    from ..engine.names import shown_name

    loaded = read_one(path, getattr(args, "level", None), CliError)
    puzzle = loaded.puzzle
    if puzzle.width > SOLVE_MAX_SIDE or puzzle.height > SOLVE_MAX_SIDE:
        raise CliError(f"{shown_name(path)}: the puzzle is {puzzle.width}x"
                       f"{puzzle.height}; the solver takes at most "
                       f"{SOLVE_MAX_SIDE}x{SOLVE_MAX_SIDE}")
    if args is not None:
        args.rule = rule_for(args, loaded)
    return puzzle, loaded


def _grade(args) -> int:
    from ..engine.names import shown_name
    from ..engine.numberlink.deduce import TITLES
    from ..engine.numberlink.grade import grade
    from ..engine.numberlink.hints import hint
    from ..engine.numberlink.solver import SolverLimitError, SolverUnavailable

    puzzle, _ = _read_puzzle_file(args.file, args)
    try:
        g = grade(puzzle, args.rule, time_limit=args.time_limit)
    except SolverUnavailable as exc:
        raise CliError(str(exc)) from None
    except SolverLimitError as exc:
        raise CliError(f"{shown_name(args.file)}: {exc}") from None
    out = []
    if args.steps:
        out.extend(f"{n}. {hint(g.board, d)}" for n, d in enumerate(g.deductions, start=1))
    out.append(f"grade: {g.grade}")
    out.extend(f"{code} {TITLES[code]}: {count}" for code, count in g.counts.items())
    out.append(f"deductions: {len(g.deductions)}")
    sys.stdout.write("\n".join(out) + "\n")
    if g.grade == "unknown":
        sys.stderr.write(f"{PROG}: the SAT solver's time limit ({args.time_limit:g} s) ran "
                         f"out before it decided whether the puzzle is unique\n")
    return 0


def _solve(args) -> int:
    from ..engine.names import shown_name
    from ..engine.numberlink.solver import SolverLimitError, SolverUnavailable, solve
    from ..formats.numberlink import (
        _is_number,
        _testmain_block_rows,
        format_solution,
        render,
    )
    from ..formats.png import png_bytes

    outputs = check_outputs(args.png)
    puzzle, loaded = _read_puzzle_file(args.file, args)
    fmt = loaded.fmt
    if fmt == "testmain" and not all(_is_number(t) for t in puzzle.labels):
        fmt = "text"
    try:
        result = solve(puzzle, args.rule, args.max_solutions, time_limit=args.time_limit)
    except SolverUnavailable as exc:
        raise CliError(str(exc)) from None
    except SolverLimitError as exc:
        raise CliError(f"{shown_name(args.file)}: {exc}") from None
    shown = result.solutions if args.all else result.solutions[:1]
    out = []
    for sol in shown:
        if fmt == "testmain":
            import numpy as np

            numbers = np.array([0] + [int(t) for t in puzzle.labels], np.int64)
            out.append(_testmain_block_rows(numbers[sol.paths]) + "\n")
        else:
            out.append(format_solution(puzzle, sol))
    if args.png is not None:
        with outputs:
            outputs.add(args.png, png_bytes(render(
                puzzle, result.solutions[0] if result.solutions else None)))
    sys.stdout.write(("" if fmt == "testmain" else "\n").join(out))
    sys.stdout.write(f"solutions: {len(result.solutions)}\n")
    if result.status == "several" and len(result.solutions) >= 2:
        diff = int(result.solutions[0].differences(result.solutions[1]).sum())
        sys.stderr.write(f"{PROG}: not unique under {args.rule}: the second solution differs "
                         f"in {diff} squares\n")
    elif result.status == "unknown":
        sys.stderr.write(f"{PROG}: time limit reached before the search finished\n")
    return 0


def map_values(argv: Sequence[str]) -> tuple[dict, str]:
    """A ``numberlink generate`` map ID's values and seed (grid N of
    ``--count N``), read by the command's own parser."""
    try:
        args = _parser().parse_args(list(argv))
    except _Exit:
        raise CliError("a map ID is a command that makes a map, not its help") from None
    if args.command != "generate":
        raise CliError("a Number Link map ID is a 'numberlink generate' command")
    w, h = _size(args)
    top = _gen_param("grid_number").maximum
    if args.count > top:
        raise CliError(f"the window opens grid 1..{top} of a run: --count {top} at most")
    values = {"size": (w, h), "mode": args.mode, "fast_rounds": args.fast_rounds,
              "grid_number": args.count, "extend_share": args.extend_share,
              "unique": args.unique, "rule": args.rule, "max_boring": args.max_boring,
              "max_tries": args.max_tries}
    return values, args.seed


EXTRAS = OwnCommand(run_numberlink, map_values)
"""Number Link's command line is its own: ``generate`` and ``solve``."""
