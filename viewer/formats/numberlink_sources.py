"""Every way a Number Link puzzle comes and goes: our text format, the test
program's blocks, puzz.link URLs (one a line in a file, or given as they
are), pzprjs's pzprv3 files, Janko's Arukone files and Flow Free level
packs, told apart by their first line; and writing any of them.

:func:`read_source` takes a file name or a URL and gives its puzzles as
:class:`Loaded` (with the solution the source holds, the rule its type
means, and the puzz.link type it was); a refusal is a
:class:`SourceError` (a :class:`~.numberlink.NumberLinkFormatError`) of
one line naming the file (or URL), the line and the column.
:func:`format_as` writes puzzles in any of the formats.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace

from ..engine.names import shown_name
from ..engine.numberlink.options import PUZZLE_FORMATS, URL_TYPES
from ..engine.numberlink.puzzle import Puzzle, PuzzleError, Solution
from ..engine.numberlink.puzzlink import (
    PuzzLinkError,
    link_puzzle,
    looks_like_url,
    parse_url,
    puzzle_url,
)
from .numberlink import (
    NumberLinkFormatError,
    detect_format,
    format_puzzle,
    format_testmain,
    parse_puzzle,
    parse_testmain,
    read_text_file,
)
from .numberlink_flowfree import FlowError, format_flow, is_flow, parse_flow
from .numberlink_janko import JankoError, format_janko, is_janko, parse_janko
from .numberlink_pzprv3 import Pzprv3Error, format_pzprv3, is_pzprv3, parse_pzprv3

__all__ = ["Loaded", "SourceError", "FORMATS", "read_source", "parse_source_text",
           "detect", "format_as", "URL_TYPES", "file_in_url", "url_item"]

FORMATS = PUZZLE_FORMATS
MAX_SQUARES = 2**22
"""Squares in all the URLs of a file at most."""
SINGLE = ("pzprv3", "janko")
"""Formats that hold one puzzle a file."""


class SourceError(NumberLinkFormatError):
    """A source that is not a puzzle we can take; one line naming where."""


@dataclass(frozen=True)
class Loaded:
    puzzle: Puzzle
    solution: Solution | None = None
    rule: str | None = None
    """The rule the source's type means (None: our text formats, which say none)."""
    name: str = ""
    kind: str | None = None
    """The puzz.link type (numlin, arukone) it was, if any."""
    note: str = ""
    """Why a solution the source holds was not taken ('' if none)."""
    fmt: str = "url"
    """The format it was read from (a URL given as it is: url)."""


def detect(text: str) -> str:
    """The format of a file's text, from its first line."""
    first = next((line.strip() for line in text.lstrip("\ufeff").splitlines() if line.strip()),
                 "")
    if is_pzprv3(text):
        return "pzprv3"
    if is_janko(text):
        return "janko"
    if is_flow(text):
        return "flow"
    if looks_like_url(first):
        return "url"
    return detect_format(text)


def file_in_url(text: str) -> str | None:
    """The pzprv3 file a pzprjs file URL holds (``?pzprv3/numlin/...``, its
    lines percent-encoded and joined by '/'), decoded; None for another URL."""
    from urllib.parse import unquote

    t = text.strip()
    rest = t[t.find("?") + 1:]
    while (m := re.match(r"\w+=\w+&", rest)):
        rest = rest[m.end():]
    if re.match(r"(v:[^/]*/)?pzprv[0-9.]*/", rest):
        return unquote(rest)
    return None


def url_item(text: str, where: str, name: str) -> Loaded:
    """The puzzle of one URL (a puzz.link URL, or a pzprjs file URL)."""
    held = file_in_url(text)
    if held is not None:
        try:
            r = parse_pzprv3(held, f"{where}the pzprv3 file in the URL")
        except Pzprv3Error as exc:
            raise PuzzLinkError(str(exc)) from None
        return Loaded(r.puzzle, r.solution, r.rule, name, r.kind, r.lines_note)
    link = parse_url(text, where)
    return Loaded(link_puzzle(link, where), None, link.rule, name, link.kind)


def read_source(source: str) -> list[Loaded]:
    """The puzzles of a file or of a puzz.link URL given as it is."""
    if looks_like_url(source) and not os.path.exists(source):
        try:
            return [url_item(source, "puzz.link URL: ", "URL")]
        except PuzzLinkError as exc:
            raise SourceError(str(exc)) from None
    text = read_text_file(source)
    return parse_source_text(text, os.fspath(source))


def parse_source_text(text: str, name: str = "<puzzle>") -> list[Loaded]:
    """The puzzles of a file's text, whatever its format."""
    shown = shown_name(name)
    fmt = detect(text)
    return [replace(i, fmt=fmt) for i in _parse(text, name, fmt, shown)]


def _parse(text: str, name: str, fmt: str, shown: str) -> list[Loaded]:
    try:
        if fmt == "pzprv3":
            r = parse_pzprv3(text, name)
            return [Loaded(r.puzzle, r.solution, r.rule, name, r.kind, r.lines_note)]
        if fmt == "janko":
            r = parse_janko(text, name)
            return [Loaded(r.puzzle, r.solution, r.rule, name, "arukone", r.solution_note)]
        if fmt == "flow":
            return [Loaded(lv.puzzle, lv.solution, lv.rule, f"{name} level {lv.number}",
                           "arukone") for lv in parse_flow(text, name)]
        if fmt == "url":
            return _urls(text, name)
        if fmt == "testmain":
            return [Loaded(p, s, None, name) for s, p in parse_testmain(text, name)]
        return [Loaded(p, None, None, name) for p in _text_puzzles(text, name)]
    except (Pzprv3Error, JankoError, FlowError) as exc:
        raise SourceError(str(exc)) from None
    except PuzzLinkError as exc:                 # (its message names the file)
        raise SourceError(str(exc)) from None
    except PuzzleError as exc:
        raise SourceError(f"{shown}: {exc}") from None


def _urls(text: str, name: str) -> list[Loaded]:
    out = []
    squares = 0
    shown = shown_name(name)
    for n, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{shown}: line {n}, "
        if not looks_like_url(line):
            raise PuzzLinkError(f"{where}column 1: not a puzz.link URL (a file of URLs holds "
                                f"one a line)")
        item = url_item(line, where, f"{name} line {n}")
        squares += item.puzzle.width * item.puzzle.height
        if squares > MAX_SQUARES:
            raise PuzzLinkError(f"{where}column 1: the file's URLs come to more than "
                                f"{MAX_SQUARES} squares")
        out.append(item)
    return out


def _text_puzzles(text: str, name: str) -> list[Puzzle]:
    """One puzzle, or several separated by empty lines (as ``generate
    --count`` prints them), each read where it stands in the file."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip()
              and (i == 0 or not lines[i - 1].strip())]
    heads = [i for i in starts if re.fullmatch(r"\s*\d+\s+\d+\s*", lines[i])]
    if len(starts) <= 1 or heads != starts:
        return [parse_puzzle(text, name)]
    out = []
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        out.append(parse_puzzle("\n" * i + "\n".join(lines[i:end]), name))
    return out


def format_as(fmt: str, items: list[Loaded], url_type: str | None = None) -> str:
    """``items`` in format ``fmt``; ValueError (one line) for what the
    format cannot hold (several puzzles in a one-puzzle format, bridges in
    a pzprjs format, a Flow Free level without its solution, ...)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    if not items:
        raise ValueError("no puzzle to write")
    if fmt in SINGLE and len(items) > 1:
        raise ValueError(f"a {fmt} file holds one puzzle; there are {len(items)}")
    try:
        if fmt == "text":
            return "\n".join(format_puzzle(i.puzzle) for i in items)
        if fmt == "testmain":
            return "".join(format_testmain(i.puzzle, i.solution) for i in items)
        if fmt == "url":
            return "".join(puzzle_url(i.puzzle, url_type or i.kind or "numlin", i.rule) + "\n"
                           for i in items)
        if fmt == "pzprv3":
            i = items[0]
            return format_pzprv3(i.puzzle, i.solution, url_type or i.kind or "numlin", i.rule)
        if fmt == "janko":
            return format_janko(items[0].puzzle, items[0].solution)
        missing = [n for n, i in enumerate(items, start=1) if i.solution is None]
        if missing:
            raise ValueError(f"a Flow Free level is its solution's paths; puzzle {missing[0]} "
                             f"has none")
        return format_flow([(i.puzzle, i.solution) for i in items])
    except PuzzLinkError as exc:
        raise ValueError(str(exc)) from None
