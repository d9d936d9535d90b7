"""``numberlink convert`` and the puzzle sources the other ``numberlink``
commands take: a file in any format (:mod:`viewer.formats.numberlink_sources`:
text, testmain, a file of puzz.link URLs, pzprv3, Janko, Flow Free) or a
puzz.link URL given as it is.

    numberlink convert SOURCE --to url|pzprv3|janko|flow|text|testmain [-o FILE]
                       [--url-type numlin|arukone] [--solve] [--rule RULE] [--level N]

Standard output without ``-o``.  A source's solution goes along where the
format holds one (pzprv3's lines, Janko's solution, Flow Free's paths);
``--solve`` solves a puzzle that comes without (a Flow Free level always
needs one: it is solved under the rule).  A source of several puzzles
(a Flow Free pack, a file of URLs) is converted whole, or only its level
``--level N``.
"""

from __future__ import annotations

import sys

__all__ = ["add_convert", "run_convert", "read_puzzles", "read_one", "rule_for",
           "add_source_options"]

DEFAULT_RULE = "fill-no-touch"


def add_source_options(parser, param_option, rule_param) -> None:
    """``--rule`` (default: the source's own) and ``--level N``."""
    param_option(parser, rule_param, "default: the source's own rule where it has one (a "
                                     "puzz.link numlin: free; arukone: fill), else ")
    parser.set_defaults(rule=None)
    parser.add_argument("--level", type=int, default=None, metavar="N",
                        help="the Nth puzzle of a source holding several (a Flow Free pack, "
                             "a file of URLs); default the first")


def rule_for(args, loaded) -> str:
    return args.rule or loaded.rule or DEFAULT_RULE


def read_puzzles(source: str, level: int | None, error) -> list:
    """The puzzles of ``source`` (all, or its ``level``-th); ``error(text)``
    makes the command's one-line error."""
    from ..formats.numberlink import NumberLinkFormatError
    from ..formats.numberlink_sources import read_source

    try:
        items = read_source(source)
    except NumberLinkFormatError as exc:
        raise error(str(exc)) from None
    if level is not None:
        if not 1 <= level <= len(items):
            raise error(f"--level {level}: the source holds {len(items)} puzzle(s)")
        items = [items[level - 1]]
    return items


def read_one(source: str, level: int | None, error):
    return read_puzzles(source, level, error)[0]


def add_convert(sub, param_option, rule_param) -> None:
    from ..engine.numberlink.options import PUZZLE_FORMATS as FORMATS
    from ..engine.numberlink.options import URL_TYPES

    c = sub.add_parser("convert", help="turn a puzzle (a file in any format, or a puzz.link "
                                       "URL) into another format")
    c.add_argument("source", help="a puzzle file (text, testmain, URLs, pzprv3, Janko, Flow "
                                  "Free) or a puzz.link URL")
    c.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    c.add_argument("-o", "--out", help="write it here (default standard output)")
    c.add_argument("--url-type", choices=URL_TYPES, default=None,
                   help="puzz.link type for url and pzprv3 (default: the source's own, else "
                        "numlin)")
    c.add_argument("--solve", action="store_true",
                   help="solve a puzzle that comes without its solution, so that the "
                        "solution goes along (pzprv3 lines, Janko solution)")
    add_source_options(c, param_option, rule_param)


def _with_solutions(items: list, args, error) -> list:
    """Each item with a solution (solved under its rule where it has none)."""
    from dataclasses import replace

    from ..engine.numberlink.solver import SolverLimitError, SolverUnavailable, solve

    out = []
    for n, item in enumerate(items, start=1):
        if item.solution is None:
            rule = rule_for(args, item)
            try:
                result = solve(item.puzzle, rule, 1)
            except (SolverUnavailable, SolverLimitError) as exc:
                raise error(f"puzzle {n}: {exc}") from None
            if not result.solutions:
                raise error(f"puzzle {n} ({item.name}) has no solution under {rule}; it "
                            f"cannot be written with one")
            item = replace(item, solution=result.solutions[0], rule=rule)
        out.append(item)
    return out


def run_convert(args, error, outputs_of) -> int:
    from dataclasses import replace

    from ..formats.numberlink_sources import format_as

    outputs = outputs_of(args.out)
    items = read_puzzles(args.source, args.level, error)
    if args.rule is not None:
        items = [replace(i, rule=args.rule) for i in items]
    if args.solve or args.to == "flow":
        items = _with_solutions(items, args, error)
    for item in items:
        if item.note:
            sys.stderr.write(f"numberlink: {item.note}; written without it\n")
    try:
        text = format_as(args.to, items, args.url_type)
    except ValueError as exc:
        raise error(f"--to {args.to}: {exc}") from None
    if args.out is None:
        sys.stdout.write(text)
        return 0
    with outputs:
        outputs.add(args.out, text)
    return 0


def book_entries_from(items: list, args, error, progress=None) -> list:
    """Book entries for puzzles read from sources: each graded (and solved)
    under its rule; the caption names where it came from."""
    from ..engine.numberlink.book import BookEntry
    from ..engine.numberlink.grade import grade
    from ..engine.numberlink.solver import SolverLimitError, SolverUnavailable

    out = []
    for n, item in enumerate(items, start=1):
        if progress is not None:
            progress(f"book: grading puzzle {n} of {len(items)}", (n - 1) / len(items))
        rule = rule_for(args, item)
        try:
            g = grade(item.puzzle, rule)
        except (SolverUnavailable, SolverLimitError) as exc:
            raise error(f"{item.name}: {exc}") from None
        sol = item.solution or g.solution
        if sol is None:
            raise error(f"{item.name}: no solution under {rule} (grade {g.grade}); a book "
                        f"prints each puzzle's solution")
        out.append(BookEntry(n, item.puzzle, sol, g.grade if g.grade != "unknown" else "?",
                             "", source=item.name, rule=rule, kind=item.kind))
    return out
