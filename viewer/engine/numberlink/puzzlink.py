"""Number Link as puzz.link URLs (pzprjs's ``numlin`` and ``arukone``), both
ways: pure text and data, no files.

A URL is ``[PREFIX?][KEY=VALUE&...]TYPE[_edit|_play]/[v:VARIANT/][FLAGS/]COLS/ROWS/BODY``
with ``PREFIX`` the player's address (``https://puzz.link/p``, the older
``http://pzv.jp/p.html``, any other copy of pzprjs) and ``TYPE`` ``numlin``
(also spelled ``numberlink``) or ``arukone``.  The body lists the squares
row by row: a number is one hex digit (0-15), ``-`` and two (16-255), ``+``
and three (256-4095), ``=``, ``@`` (or ``%``), ``*`` and ``$`` the larger
ones; ``.`` a hidden number (drawn ``?``); ``g`` ... ``z`` 1 ... 20 empty
squares.  A body whose last character is not a letter or digit gets a
``/`` after it (pzprjs does so, for link shorteners).

The rules: ``numlin`` paths need not fill the grid (our ``free``);
``arukone`` paths fill it (``fill``), unless its flag ``e`` says they need
not (``free``).  Arukone shows its numbers 1-52 as the letters A-Z, a-z.

:func:`parse_url` reads a URL into a :class:`Link` (what it says, kept so
that :func:`format_url` writes it back byte for byte when its body is
written as pzprjs writes bodies); :func:`link_puzzle` turns a link into a
:class:`~.puzzle.Puzzle` and its rule (refusing what the solver cannot
take: hidden numbers, a number not used exactly twice); :func:`puzzle_link`
and :func:`puzzle_url` go the other way.  Every refusal is a
:class:`PuzzLinkError` of one line, naming the column of the URL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .puzzle import Puzzle

__all__ = ["Link", "PuzzLinkError", "parse_url", "format_url", "encode_body", "decode_body",
           "link_puzzle", "puzzle_link", "puzzle_url", "looks_like_url", "TYPES",
           "DEFAULT_PREFIX", "MAX_SIDE", "rule_of", "arukone_letter"]

DEFAULT_PREFIX = "https://puzz.link/p?"
TYPES = ("numlin", "arukone")
ALIASES = {"numlin": "numlin", "numberlink": "numlin", "arukone": "arukone"}
"""The type names pzprjs reads (``numberlink`` is Kanpen's name for numlin)."""
MAX_SIDE = 512
"""Columns and rows of a URL at most (the window opens 256 a side)."""
MAX_CHARS = 4 * 2**20
MAX_NUMBER = 1126351
"""The largest number a body can hold (``$`` and five hex digits)."""
HIDDEN = -2
EMPTY = -1
_LONG = (("-", 2, 0), ("+", 3, 0), ("=", 3, 4096), ("@", 3, 8192), ("%", 3, 8192),
         ("*", 4, 12240), ("$", 5, 77776))
_HEX = set("0123456789abcdefABCDEF")


class PuzzLinkError(ValueError):
    """A URL that is not a Number Link puzzle we can take; one line, naming
    the column."""


@dataclass(frozen=True)
class Link:
    """What a puzz.link URL says, in its own terms."""

    kind: str
    """``numlin`` or ``arukone``."""
    cols: int
    rows: int
    clues: tuple[int, ...]
    """Row by row: -1 an empty square, -2 a hidden number, else the number."""
    flags: str = ""
    variant: str | None = None
    prefix: str = DEFAULT_PREFIX
    """Everything before the type: the address, ``?`` and any ``KEY=VALUE&``."""
    spelled: str = ""
    """The type as written (``numberlink``, ``numlin_play``...); '' for :attr:`kind`."""

    @property
    def rule(self) -> str:
        return rule_of(self.kind, self.flags)


def rule_of(kind: str, flags: str = "") -> str:
    """Our rule for a puzz.link type and its flags."""
    if kind == "arukone" and "e" not in flags:
        return "fill"
    return "free"


def looks_like_url(text: str) -> bool:
    """``text`` is meant as a puzz.link URL (not a file name): an address
    with a query, or a bare ``numlin/...``/``arukone/...``."""
    t = text.strip()
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", t):
        return True
    return bool(re.match(r"^\??(numlin|numberlink|arukone)(_edit|_play)?/", t))


# -- the body -----------------------------------------------------------------------

def _number_text(n: int) -> str:
    if n == HIDDEN:
        return "."
    if n < 0:
        return ""
    if n < 16:
        return format(n, "x")
    if n < 256:
        return "-" + format(n, "02x")
    if n < 4096:
        return "+" + format(n, "03x")
    if n < 8192:
        return "=" + format(n - 4096, "03x")
    if n < 12240:
        return "@" + format(n - 8192, "03x")
    if n < 77776:
        return "*" + format(n - 12240, "04x")
    if n <= MAX_NUMBER:
        return "$" + format(n - 77776, "05x")
    raise PuzzLinkError(f"the number {n} is too large for a puzz.link URL (at most {MAX_NUMBER})")


def encode_body(clues) -> str:
    """The body of ``clues`` (row by row, -1 empty, -2 hidden), as pzprjs writes it."""
    out: list[str] = []
    count = 0
    for n in clues:
        text = _number_text(int(n))
        if not text:
            count += 1
        if count == 0:
            out.append(text)
        elif text or count == 20:
            out.append(_base36(count + 15) + text)
            count = 0
    if count:
        out.append(_base36(count + 15))
    return "".join(out)


def _base36(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


def decode_body(body: str, cells: int, at: int = 1, where: str = "") -> tuple[int, ...]:
    """The ``cells`` clues of ``body``; PuzzLinkError naming the column
    (``at``: the body's first column in the URL) when the body does not
    cover exactly that many squares or holds a character it cannot."""
    out = [EMPTY] * cells
    c = i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if c >= cells:
            raise PuzzLinkError(f"{where}column {at + i}: text after the {cells} squares of "
                                f"the grid ({_show(body[i:])})")
        if ch in "0123456789abcdef":
            out[c] = int(ch, 16)
            c, i = c + 1, i + 1
        elif ch == ".":
            out[c] = HIDDEN
            c, i = c + 1, i + 1
        elif "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if c + run > cells:
                raise PuzzLinkError(f"{where}column {at + i}: {ch!r} skips {run} squares, past "
                                    f"the end of the grid ({cells - c} left of {cells})")
            c, i = c + run, i + 1
        else:
            form = next((f for f in _LONG if f[0] == ch), None)
            if form is None:
                raise PuzzLinkError(f"{where}column {at + i}: {_show(ch)} is not part of a "
                                    f"Number Link body (numbers, '.', runs g-z)")
            _, digits, base = form
            text = body[i + 1:i + 1 + digits]
            if len(text) != digits or not set(text) <= _HEX:
                raise PuzzLinkError(f"{where}column {at + i}: {ch!r} must be followed by "
                                    f"{digits} hex digits, not {_show(text)}")
            out[c] = int(text, 16) + base
            c, i = c + 1, i + 1 + digits
    if c != cells:
        raise PuzzLinkError(f"{where}column {at + n}: the body ends after {c} squares; the "
                            f"grid has {cells}")
    return tuple(out)


def _show(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "...")


# -- the URL ------------------------------------------------------------------------

def parse_url(text: str, where: str = "") -> Link:
    """The link a URL says (PuzzLinkError, one line naming the column, when
    it is not a Number Link URL we take).  ``where`` starts each message
    (e.g. ``"file.txt: line 3, "``)."""
    url = text.strip()
    if len(url) > MAX_CHARS:
        raise PuzzLinkError(f"{where}a URL of {len(url)} characters (at most {MAX_CHARS})")
    if not url:
        raise PuzzLinkError(f"{where}an empty URL")
    lead = len(text) - len(text.lstrip())
    if re.search(r"kanpen\.net|geocities", url):
        raise PuzzLinkError(f"{where}a Kanpen URL; only puzz.link URLs (pzprjs's own) are read")
    q = url.find("?")
    start = q + 1
    qs = url.find("/", start)
    # KEY=VALUE& before the type (pzprjs's type=player&)
    while qs > -1:
        m = re.match(r"(\w+)=(\w+)&", url[start:qs])
        if not m:
            break
        start += m.end()
    if qs < 0:
        raise PuzzLinkError(f"{where}column {lead + start + 1}: no puzzle in it (expected "
                            f"TYPE/COLS/ROWS/BODY after the '?')")
    head = url[start:qs]
    if head.startswith("v:") or re.match(r"^pzprv[0-9.]*$", head):
        raise PuzzLinkError(f"{where}column {lead + start + 1}: a URL holding a whole pzprv3 "
                            f"file (the file readers take it)")
    pid = re.sub(r"(_edit|_play)$", "", head)
    kind = ALIASES.get(pid)
    if kind is None:
        raise PuzzLinkError(f"{where}column {lead + start + 1}: the puzzle type is "
                            f"{_show(pid)}, not Number Link (numlin or arukone)")
    prefix = url[:start]
    parts = url[qs + 1:].split("/")
    col = lead + qs + 2                       # column of parts[0]
    cols_at = [col]
    for p in parts[:-1]:
        cols_at.append(cols_at[-1] + len(p) + 1)
    k = 0
    variant = None
    if k < len(parts) and parts[k].startswith("v:"):
        variant = parts[k][2:]
        k += 1
    flags = ""
    if k < len(parts) and parts[k] and not _is_decimal(parts[k]):
        flags = parts[k]
        if not re.fullmatch(r"[A-Za-z0-9]*", flags):
            raise PuzzLinkError(f"{where}column {cols_at[k]}: {_show(flags)} is neither a flag "
                                f"segment nor the number of columns")
        k += 1
    size = []
    for what in ("columns", "rows"):
        if k >= len(parts) or not parts[k]:
            raise PuzzLinkError(f"{where}column {cols_at[min(k, len(parts) - 1)]}: expected the "
                                f"number of {what}")
        if not _is_decimal(parts[k]):
            raise PuzzLinkError(f"{where}column {cols_at[k]}: expected the number of {what}, "
                                f"not {_show(parts[k])}")
        v = int(parts[k]) if len(parts[k]) < 10 else MAX_SIDE + 1
        if not 1 <= v <= MAX_SIDE:
            raise PuzzLinkError(f"{where}column {cols_at[k]}: {parts[k][:12]} {what}; a grid has "
                                f"1 to {MAX_SIDE}")
        size.append(v)
        k += 1
    rest = parts[k:]
    if rest and rest[-1] == "":
        rest = rest[:-1]                     # the '/' pzprjs adds after a body like '...3.'
    if len(rest) > 1:
        bad = cols_at[k] + len(rest[0])
        raise PuzzLinkError(f"{where}column {bad}: a '/' inside the body")
    body = rest[0] if rest else ""
    cols, rows = size
    clues = decode_body(body, cols * rows, cols_at[k] if k < len(cols_at) else col, where)
    return Link(kind, cols, rows, clues, flags, variant, prefix,
                head if head != kind else "")


def _is_decimal(t: str) -> bool:
    return t.isascii() and t.isdigit()


def format_url(link: Link) -> str:
    """The URL of ``link``, as pzprjs writes it."""
    out = [link.spelled or link.kind]
    if link.variant is not None:
        out.append("v:" + link.variant)
    if link.flags:
        out.append(link.flags)
    out += [str(link.cols), str(link.rows), encode_body(link.clues)]
    text = "/".join(out)
    if not text[-1:].isascii() or not text[-1:].isalnum():
        text += "/"
    return link.prefix + text


# -- puzzles -------------------------------------------------------------------------

def arukone_letter(n: int) -> str:
    """Arukone's face of number 1..52: A-Z, a-z."""
    return chr(ord("A") + n - 1) if n <= 26 else chr(ord("a") + n - 27)


def _arukone_number(label: str) -> int | None:
    if len(label) == 1 and label.isascii() and label.isalpha():
        return ord(label) - ord("A") + 1 if label.isupper() else ord(label) - ord("a") + 27
    return None


def link_puzzle(link: Link, where: str = "") -> Puzzle:
    """The puzzle a link poses (its rule is ``link.rule``); PuzzLinkError
    naming the square when it holds a clue the solver cannot take."""
    cells = np.array(link.clues, np.int64).reshape(link.rows, link.cols)
    hidden = np.argwhere(cells == HIDDEN)
    if len(hidden):
        y, x = (int(v) for v in hidden[0])
        raise PuzzLinkError(f"{where}row {y + 1}, column {x + 1} of the grid holds a hidden "
                            f"number ('?'); the solver needs the number of every end "
                            f"({len(hidden)} hidden)")
    values, counts = np.unique(cells[cells >= 0], return_counts=True)
    numbers = [int(v) for v in values]
    odd = values[counts != 2]
    if odd.size:
        n = int(odd[0])
        spots = np.argwhere(cells == n)
        at = ", ".join(f"row {y + 1} column {x + 1}" for y, x in spots[:3].tolist())
        raise PuzzLinkError(f"{where}the number {_label(link.kind, n)} is in {len(spots)} "
                            f"square(s) ({at}{', ...' if len(spots) > 3 else ''}); each end's "
                            f"number must be in exactly two")
    if link.kind == "arukone":
        bad = [n for n in numbers if not 1 <= n <= 52]
        if bad:
            raise PuzzLinkError(f"{where}arukone's numbers are 1 to 52 (A-Z, a-z), not {bad[0]}")
    grid = np.where(cells >= 0, np.searchsorted(values, np.maximum(cells, 0)) + 1,
                    0).astype(np.int32)
    return Puzzle(grid, tuple(_label(link.kind, n) for n in numbers))


def _label(kind: str, n: int) -> str:
    return arukone_letter(n) if kind == "arukone" and 1 <= n <= 52 else str(n)


def _numbers(puzzle: Puzzle, kind: str) -> list[int]:
    """The number each path gets in a URL of ``kind``: its label where the
    labels are numbers (letters for arukone) the type can hold, all
    different; else 1..n in label order."""
    labels = puzzle.labels
    n = len(labels)
    if kind == "arukone":
        if n > 52:
            raise PuzzLinkError(f"arukone holds at most 52 pairs (A-Z, a-z), not {n}; "
                                f"write it as numlin")
        mine = [_arukone_number(t) for t in labels]
        if all(v is not None for v in mine) and len(set(mine)) == n:
            return mine
        mine = [int(t) if _is_decimal(t) and len(t) < 4 else None for t in labels]
        if all(v is not None and 1 <= v <= 52 for v in mine) and len(set(mine)) == n:
            return mine
        return list(range(1, n + 1))
    mine = [int(t) if _is_decimal(t) and len(t) < 8 else None for t in labels]
    if all(v is not None and v <= MAX_NUMBER for v in mine) and len(set(mine)) == n:
        return mine
    return list(range(1, n + 1))


def puzzle_link(puzzle: Puzzle, kind: str = "numlin", rule: str | None = None,
                prefix: str = DEFAULT_PREFIX) -> Link:
    """The link of ``puzzle`` as ``kind``.  Numbers keep their labels where
    they can (numbers for numlin, letters or 1-52 for arukone), else paths
    are numbered 1..n in label order.  An arukone whose ``rule`` is
    ``free`` gets the flag ``e``.  PuzzLinkError for a puzzle with bridges
    (neither type has them) or more pairs than arukone holds."""
    if kind not in TYPES:
        raise PuzzLinkError(f"unknown puzz.link type {kind!r}; known: {', '.join(TYPES)}")
    if puzzle.bridges is not None:
        raise PuzzLinkError("puzz.link's numlin and arukone have no bridges; this puzzle has "
                            f"{len(puzzle.bridge_squares)}")
    numbers = np.array([EMPTY] + _numbers(puzzle, kind), np.int64)
    clues = tuple(int(v) for v in numbers[puzzle.cells.ravel()])
    flags = "e" if kind == "arukone" and rule == "free" else ""
    return Link(kind, puzzle.width, puzzle.height, clues, flags, None, prefix)


def puzzle_url(puzzle: Puzzle, kind: str = "numlin", rule: str | None = None,
               prefix: str = DEFAULT_PREFIX) -> str:
    """The puzz.link URL of ``puzzle`` (see :func:`puzzle_link`)."""
    return format_url(puzzle_link(puzzle, kind, rule, prefix))
