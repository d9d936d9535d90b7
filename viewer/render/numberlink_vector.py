"""Number Link as vector drawings, for print: a puzzle or a solution as
lines, discs and texts in millimetres, and the pages of a puzzle book.

No Qt here: :mod:`viewer.ui.views.numberlink_book` paints a
:class:`Drawing` with QPainter onto a PDF (QPdfWriter) or an SVG
(QSvgGenerator).  Puzzles print in black on white (a ring round each end,
its label inside; a grey cross on a bridge); solutions draw each path as a
line in its colour (across a bridge over the path down it).

A book (:func:`book_pages`) opens with its title and a short rules page
(how to play under the book's rule; what a bridge's grey cross means, when
a puzzle has one), then has the puzzles, several to a page, each
captioned with its number, size, grade and the seed that makes it again,
and, under it, its puzz.link URL as small text beside a QR code of it (to
play it online; :func:`draw_link`), then the solutions, smaller and more to
a page, numbered alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..engine.numberlink.book import BookEntry
from ..engine.numberlink.puzzle import Puzzle, Solution

__all__ = ["Drawing", "PAPERS", "BookEntry", "draw_grid", "single_page", "book_pages",
           "rules_page", "bridge_mark",
           "layout", "LayoutError", "MIN_PUZZLE_CELL_MM", "MIN_SOLUTION_CELL_MM"]

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres (width, height), portrait."""
MARGIN_MM = 15.0
HEADER_MM = 12.0
CAPTION_MM = 7.0
GAP_MM = 8.0
MIN_PUZZLE_CELL_MM = 6.0
"""A printed square no smaller than this (room for a written digit)."""
MIN_SOLUTION_CELL_MM = 2.5
MAX_PUZZLE_CELL_MM = 14.0
INK = (0, 0, 0)
GRID = (150, 150, 150)
FRAME = (60, 60, 60)


class LayoutError(ValueError):
    """A puzzle that does not fit the page at the smallest square allowed."""


@dataclass
class Drawing:
    """One page (or picture): ``width`` x ``height`` millimetres of lines
    ``(x1, y1, x2, y2, pen mm, rgb)``, discs ``(cx, cy, r, fill rgb or None,
    pen mm, pen rgb)``, texts ``(x, y, size mm, text, rgb, bold)`` centred
    at ``(x, y)`` (a seventh item ``"left"``: starting at ``x``) and filled
    boxes ``(x, y, w, h, rgb)`` (a QR code's dark modules)."""

    width: float
    height: float
    lines: list[tuple] = field(default_factory=list)
    discs: list[tuple] = field(default_factory=list)
    texts: list[tuple] = field(default_factory=list)
    boxes: list[tuple] = field(default_factory=list)


def _palette(n: int) -> list[tuple[int, int, int]]:
    from .numberlink import path_palette

    return [tuple(int(c) for c in row) for row in path_palette(max(n, 1))]


def draw_grid(d: Drawing, puzzle: Puzzle, solution: Solution | None, x0: float, y0: float,
              cell: float) -> None:
    """The puzzle (and, given, its solution's paths) with its top left corner
    at ``(x0, y0)`` and squares of ``cell`` millimetres."""
    h, w = puzzle.cells.shape
    thin = max(0.1, cell * 0.02)
    for y in range(h + 1):
        edge = y in (0, h)
        d.lines.append((x0, y0 + y * cell, x0 + w * cell, y0 + y * cell,
                        thin * (3 if edge else 1), FRAME if edge else GRID))
    for x in range(w + 1):
        edge = x in (0, w)
        d.lines.append((x0 + x * cell, y0, x0 + x * cell, y0 + h * cell,
                        thin * (3 if edge else 1), FRAME if edge else GRID))
    pal = _palette(puzzle.npaths)

    def centre(i, j):
        return x0 + (j + 0.5) * cell, y0 + (i + 0.5) * cell

    bridges = puzzle.bridges if puzzle.bridges is not None else np.zeros((h, w), bool)
    if solution is not None:
        pen = cell * 0.3
        vpaths = solution.down_paths()
        for i, j in zip(*np.nonzero(solution.down)):
            k = int(vpaths[i, j])
            d.lines.append((*centre(i, j), *centre(i + 1, j), pen, pal[k - 1] if k else INK))
        for i, j in zip(*np.nonzero(bridges)):       # the path across has a white rim
            (cx, cy), half = centre(i, j), cell * 0.5
            d.lines.append((cx - half, cy, cx + half, cy, pen * 1.6, (255, 255, 255)))
        for i, j in zip(*np.nonzero(solution.right)):
            k = int(solution.paths[i, j])
            d.lines.append((*centre(i, j), *centre(i, j + 1), pen, pal[k - 1] if k else INK))
    else:
        for i, j in zip(*np.nonzero(bridges)):       # a bridge: a grey cross
            bridge_mark(d, *centre(i, j), cell)
    for i, j in zip(*np.nonzero(puzzle.cells)):
        k = int(puzzle.cells[i, j])
        cx, cy = x0 + (j + 0.5) * cell, y0 + (i + 0.5) * cell
        fill = pal[k - 1] if solution is not None else (255, 255, 255)
        d.discs.append((cx, cy, cell * 0.4, fill, max(0.15, cell * 0.04), INK))
        text = puzzle.labels[k - 1]
        size = cell * (0.5 if len(text) <= 2 else 0.9 / len(text))
        ink = INK
        if solution is not None and sum(fill) < 300:
            ink = (255, 255, 255)
        d.texts.append((cx, cy, size, text, ink, True))


def bridge_mark(d: Drawing, cx: float, cy: float, cell: float) -> None:
    """A bridge in a puzzle: a grey cross centred at ``(cx, cy)`` in a square of ``cell`` mm."""
    arm = cell * 0.3
    d.lines.append((cx - arm, cy, cx + arm, cy, cell * 0.08, GRID))
    d.lines.append((cx, cy - arm, cx, cy + arm, cell * 0.08, GRID))


RULE_TEXT = {
    "fill-no-touch": "Every square lies on a path, and no path runs alongside itself: "
                     "two side-by-side squares of one path follow each other on it.",
    "fill": "Every square lies on a path.",
    "free": "Squares may stay empty.",
}
"""What each rule adds to the common ones, in the book's words."""
BRIDGE_TEXT = {
    "fill-no-touch": "both crossings are used.",
    "fill": "both crossings are used.",
    "free": "either crossing may stay empty.",
}
RULES_TEXT_MM = 4.2
"""The rules page's text size."""


def _wrapped(d: Drawing, text: str, x: float, y: float, width: float,
             size: float = RULES_TEXT_MM) -> float:
    """``text`` from ``(x, y)`` in lines that fit ``width`` mm; the y under it."""
    import textwrap

    per_line = max(10, int(width / (size * LINK_CHAR_WIDTH)))
    for line in textwrap.wrap(text, per_line):
        d.texts.append((x, y, size, line, INK, False, "left"))
        y += size * 1.45
    return y + size * 0.6


def rules_page(entries: list[BookEntry], paper: str, title: str) -> Drawing:
    """The book's first page: its title, what it holds and how to play (its
    rules; the bridge mark, when a puzzle has a bridge)."""
    pw, ph = PAPERS[paper]
    d = Drawing(pw, ph)
    d.texts.append((pw / 2, MARGIN_MM + 14, 10.0, title, INK, True))
    sizes = sorted({f"{e.puzzle.width}x{e.puzzle.height}" for e in entries})
    grades = sorted({e.grade for e in entries})
    d.texts.append((pw / 2, MARGIN_MM + 28, 4.5,
                    f"{len(entries)} puzzle{'s' if len(entries) != 1 else ''}, "
                    f"{', '.join(sizes)}, {', '.join(grades)}", INK, False))
    x, width = MARGIN_MM + 5, pw - 2 * MARGIN_MM - 10
    y = MARGIN_MM + 50
    d.texts.append((x, y, 6.0, "How to play", INK, True, "left"))
    y += 11
    y = _wrapped(d, "Join each pair of equal labels by a path from square to square, "
                    "through the squares' sides (never corner to corner). Paths do not "
                    "branch, and no two paths share a square.", x, y, width)
    rules = list(dict.fromkeys(e.rule for e in entries))
    for rule in rules:
        lead = f"Puzzles under the {rule} rule: " if len(rules) > 1 else ""
        y = _wrapped(d, lead + RULE_TEXT.get(rule, ""), x, y, width)
    if any(e.puzzle.bridges is not None and e.puzzle.bridges.any() for e in entries):
        cell = 12.0
        d.lines.append((x, y - 3, x + cell, y - 3, 0.3, FRAME))
        d.lines.append((x, y - 3 + cell, x + cell, y - 3 + cell, 0.3, FRAME))
        d.lines.append((x, y - 3, x, y - 3 + cell, 0.3, FRAME))
        d.lines.append((x + cell, y - 3, x + cell, y - 3 + cell, 0.3, FRAME))
        bridge_mark(d, x + cell / 2, y - 3 + cell / 2, cell)
        bridge = ("A grey cross marks a bridge: there two paths cross, one straight "
                  "across and one straight down. No path turns on a bridge or ends on it; "
                  + " ".join(dict.fromkeys(BRIDGE_TEXT[r] for r in rules if r in BRIDGE_TEXT)))
        y = max(_wrapped(d, bridge, x + cell + 5, y, width - cell - 5), y + cell + 3)
    y = _wrapped(d, "Each puzzle has exactly one solution; the solutions follow the "
                    "puzzles, numbered alike. A puzzle's caption gives the seed that makes it "
                    "again; where a puzzle has a code under it, scan it to play the puzzle "
                    "online.", x, y, width)
    return d


def single_page(puzzle: Puzzle, solution: Solution | None = None,
                cell: float = 10.0, caption: str = "") -> Drawing:
    """One puzzle (or solution) alone, its squares ``cell`` millimetres."""
    h, w = puzzle.cells.shape
    pad = cell * 0.5
    top = pad + (CAPTION_MM if caption else 0)
    d = Drawing(w * cell + 2 * pad, h * cell + top + pad)
    if caption:
        d.texts.append((d.width / 2, pad + CAPTION_MM / 2, 3.5, caption, INK, False))
    draw_grid(d, puzzle, solution, pad, top, cell)
    return d


def layout(w: int, h: int, paper: str, min_cell: float,
           max_cell: float = MAX_PUZZLE_CELL_MM, footer: float = 0.0) -> tuple[int, int, float]:
    """(columns, rows, cell mm) of the page that holds the most ``w`` x ``h``
    grids with squares of at least ``min_cell`` (the larger square on a
    tie); LayoutError when not even one fits."""
    pw, ph = PAPERS[paper]
    aw, ah = pw - 2 * MARGIN_MM, ph - 2 * MARGIN_MM - HEADER_MM
    best = None
    for cols in range(1, 7):
        for rows in range(1, 9):
            sw = (aw - (cols - 1) * GAP_MM) / cols
            sh = (ah - (rows - 1) * GAP_MM) / rows - CAPTION_MM - footer
            cell = min(sw / w, sh / h, max_cell)
            if cell < min_cell:
                continue
            key = (cols * rows, cell)
            if best is None or key > best[0]:
                best = (key, (cols, rows, cell))
    if best is None:
        most_w = int(aw // min_cell)
        most_h = int((ah - CAPTION_MM - footer) // min_cell)
        raise LayoutError(f"a {w}x{h} grid does not fit one {paper.upper()} page at "
                          f"{min_cell:g} mm a square (at most {most_w}x{most_h})")
    return best[1]


def _pages(entries: list[BookEntry], paper: str, title: str, solutions: bool,
           first_page: int) -> list[Drawing]:
    pw, ph = PAPERS[paper]
    if not entries:
        return []
    w = max(e.puzzle.width for e in entries)
    h = max(e.puzzle.height for e in entries)
    links = [] if solutions else [e.url for e in entries]
    footer = link_height(links)
    cols, rows, cell = layout(w, h, paper,
                              MIN_SOLUTION_CELL_MM if solutions else MIN_PUZZLE_CELL_MM,
                              MAX_PUZZLE_CELL_MM * (0.6 if solutions else 1.0), footer)
    if solutions:        # more to a page: smaller squares are enough
        cols2, rows2, cell2 = layout(w, h, paper, MIN_SOLUTION_CELL_MM,
                                     max(MIN_SOLUTION_CELL_MM, cell * 0.6))
        if cols2 * rows2 >= cols * rows:
            cols, rows, cell = cols2, rows2, cell2
    per = cols * rows
    aw, ah = pw - 2 * MARGIN_MM, ph - 2 * MARGIN_MM - HEADER_MM
    sw = (aw - (cols - 1) * GAP_MM) / cols
    sh = (ah - (rows - 1) * GAP_MM) / rows
    pages = []
    for start in range(0, len(entries), per):
        d = Drawing(pw, ph)
        d.texts.append((pw / 2, MARGIN_MM + HEADER_MM / 2 - 2, 5.0, title, INK, True))
        d.texts.append((pw / 2, ph - MARGIN_MM / 2, 3.0, str(first_page + len(pages)), INK,
                        False))
        for slot, e in enumerate(entries[start:start + per]):
            r, c = divmod(slot, cols)
            gw, gh = e.puzzle.width * cell, e.puzzle.height * cell
            sx = MARGIN_MM + c * (sw + GAP_MM)
            sy = MARGIN_MM + HEADER_MM + r * (sh + GAP_MM)
            x0 = sx + (sw - gw) / 2
            y0 = sy + CAPTION_MM + (sh - CAPTION_MM - footer - gh) / 2
            caption = e.caption() if not solutions else f"{e.number}.  {e.grade}"
            d.texts.append((sx + sw / 2, sy + CAPTION_MM / 2, 3.2 if not solutions else 2.8,
                            caption, INK, False))
            draw_grid(d, e.puzzle, e.solution if solutions else None, x0, y0, cell)
            if links and links[start + slot]:
                left, right = (x0, x0 + gw) if gw >= footer + 30 else (sx, sx + sw)
                draw_link(d, links[start + slot], left, y0 + gh + LINK_GAP_MM, right - left,
                          footer - LINK_GAP_MM)
        pages.append(d)
    return pages


def book_pages(entries: list[BookEntry], paper: str = "a4",
               title: str = "Number Link") -> list[Drawing]:
    """Every page of the book: its title and rules, the puzzles, then the
    solutions (numbered from the first puzzle page)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")
    title = title.strip() or "Number Link"
    puzzles = _pages(entries, paper, f"{title}: puzzles", False, 1)
    solutions = _pages(entries, paper, f"{title}: solutions", True, len(puzzles) + 1)
    first = [rules_page(entries, paper, title)] if entries else []
    return first + puzzles + solutions


# -- a puzzle's puzz.link URL: text and QR code -----------------------------------------

QR_MODULE_MM = 0.4
"""A QR module printed this wide: a phone reads it from a hand's length."""
QR_QUIET = 2
"""Light modules round the code (the page is white)."""
LINK_GAP_MM = 1.5
LINK_TEXT_MM = (2.0, 1.8, 1.6, 1.4, 1.2, 1.0)
"""The URL's text sizes tried, largest first, until it fits beside the code."""
LINK_CHAR_WIDTH = 0.6
"""A character's width over the text size (DejaVu Sans, on average at most)."""


def qr_modules(text: str) -> list[list[bool]]:
    """The dark modules of ``text``'s QR code, row by row (no quiet zone)."""
    import segno

    qr = segno.make(text, error="l", micro=False)
    return [[bool(v) for v in row] for row in qr.matrix_iter(scale=1, border=0)]


def link_height(links: list[str | None]) -> float:
    """Millimetres under each grid for the largest of these links' codes (0: none)."""
    sizes = [len(qr_modules(u)) for u in links if u]
    if not sizes:
        return 0.0
    return LINK_GAP_MM + (max(sizes) + 2 * QR_QUIET) * QR_MODULE_MM


def draw_link(d: Drawing, url: str, x: float, y: float, w: float, h: float) -> None:
    """``url`` as a QR code at the right of the box ``(x, y, w, h)`` and as
    text, broken into lines, at its left."""
    modules = qr_modules(url)
    n = len(modules)
    side = (n + 2 * QR_QUIET) * QR_MODULE_MM
    qx = x + w - side + QR_QUIET * QR_MODULE_MM
    qy = y + QR_QUIET * QR_MODULE_MM
    for r, row in enumerate(modules):
        c = 0
        while c < n:                       # one box a run of dark modules
            if not row[c]:
                c += 1
                continue
            run = c
            while run < n and row[run]:
                run += 1
            d.boxes.append((qx + c * QR_MODULE_MM, qy + r * QR_MODULE_MM,
                            (run - c) * QR_MODULE_MM, QR_MODULE_MM, INK))
            c = run
    room = max(w - side - 1.0, 10.0)
    for size in LINK_TEXT_MM:
        per_line = max(1, int(room / (size * LINK_CHAR_WIDTH)))
        lines = [url[i:i + per_line] for i in range(0, len(url), per_line)]
        if len(lines) * size * 1.25 <= h:
            break
    top = y + (h - len(lines) * size * 1.25) / 2 + size * 0.625
    for k, line in enumerate(lines):
        d.texts.append((x, top + k * size * 1.25, size, line, INK, False, "left"))
