"""The SAT encoding of a Number Link puzzle (for PySAT's Glucose 4.2):
variables, clauses and the reading of a model; the search for solutions
on it is :mod:`.solver`.

Encoding, for ``n`` squares and ``K`` paths:

* Colours, while ``n * K`` is at most ``ONE_HOT_MAX`` (every published
  puzzle): ``col[i][k]``, square ``i`` lies on path ``k``; one colour per
  used square (at least one, at most one by a sequential counter when ``K``
  is large).  Bigger puzzles (128x128 with 600 paths, or 8,192 two-square
  paths) get compact colours instead: the ``B = ceil(log2 K)`` bits of the
  path's number, so that the encoding grows as ``n * log2 K``, not ``n * K``.
* ``link[e]`` for each pair of side-by-side squares.  An end has exactly one
  link; any other square exactly two (``fill`` rules) or none or two
  (``free``, where a square is coloured iff it is linked).
* A link joins squares of one colour; under ``fill-no-touch`` two
  side-by-side squares of one colour must be linked.
* No 2x2 block is a ring of four links.

Cost, bounded before starting: :func:`estimate` gives the encoding's size
from the puzzle's shape alone; a puzzle whose SAT solver would need more
than ``MEMORY_MAX`` bytes, or whose encoding alone would take longer than
the time limit, is refused at once (:class:`SolverLimitError`, saying which
limit and what to try).  The clauses are built by numpy a block at a time,
kept as one flat int32 array of literals (4 bytes a literal, 8 a clause),
and handed to the SAT solver in chunks, the time limit and the caller's
``check`` looked at between blocks and chunks.  Measured: about 160 bytes a
clause (this array, Glucose's clauses, watches and learnt clauses) plus
the interpreter's 50 MB; a 128x128 puzzle of 600 paths is 1.6 million
clauses, 260 MB at most; 256x256 with 32,768 paths 1.0 GB.

Every model then consists of the K paths plus, perhaps, stray rings that
meet no end.  Under the fill rules rings are ruled out lazily: for each one
found the clause "some link leaves the ring's squares" (a connectivity cut:
every square lies on a path whose ends are elsewhere), and the solver is
asked again (incrementally, so what it learnt is kept).  Under ``free`` a
ring is harmless: dropped, its squares stay empty and the rest is a solution.
A ring-free model is a solution; it is blocked by "not all of these links"
to look for the next one.  (Any other solution lacks one of its links: with
all of them present its paths are complete and anything more would be a
ring.)  Under ``fill-no-touch`` the links follow from the colours, so
blocking links also blocks labellings.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .puzzle import RULES, Puzzle, Solution

__all__ = ["Encoding", "EncodingSize", "estimate", "SolverLimitError", "ONE_HOT_MAX",
           "MEMORY_MAX"]

APPEND_CHUNK = 50_000     # clauses handed to the SAT solver between two checks


def _append(sat, clauses: list[list[int]]) -> None:
    """``sat.append_formula(clauses)``, straight into Glucose when PySAT's
    handle is at hand (its Python wrappers are half the loading time)."""
    handle = getattr(getattr(sat, "solver", None), "glucose", None)
    try:
        import pysolvers
        add = pysolvers.glucose421_add_cl
    except (ImportError, AttributeError):
        handle = None
    if handle is None:
        sat.append_formula(clauses)
        return
    if not all(map(add, itertools.repeat(handle, len(clauses)), clauses)):
        sat.solver.status = False


class SolverLimitError(ValueError):
    """A puzzle whose encoding would not fit the solver's limits (memory, or
    the time limit given): refused before any work, with what to try."""


def _bits_for(k: int) -> int:
    """Bits of a path number 0..k-1 in the compact encoding."""
    return max(1, (k - 1).bit_length())


ONE_HOT_MAX = 100_000
"""Squares x paths up to which colours are one variable per (square, path)
(the encoding whose propagation is strongest: every published puzzle); above
it, ``ceil(log2 K)`` bits per square, so memory grows as squares x log2(paths)."""

MEMORY_MAX = 1536 * 2**20
"""Bytes the SAT solver may be expected to take (estimated before building)."""
BYTES_PER_LITERAL = 24      # measured: Glucose's clauses and watches, our flat array
BYTES_PER_CLAUSE = 40
BYTES_PER_VARIABLE = 80
CLAUSES_PER_SECOND = 800_000
"""Encoding speed (building + handing to the SAT solver) the time limit is
compared with before starting (measured, with a margin, on the bench machine)."""


@dataclass(frozen=True)
class EncodingSize:
    """What an encoding will hold, estimated from the puzzle's shape alone."""
    variables: int
    clauses: int
    literals: int

    @property
    def bytes(self) -> int:
        return (self.literals * BYTES_PER_LITERAL + self.clauses * BYTES_PER_CLAUSE
                + self.variables * BYTES_PER_VARIABLE)

    @property
    def seconds(self) -> float:
        return self.clauses / CLAUSES_PER_SECOND


def estimate(w: int, h: int, npaths: int, rule: str, *, canonical: bool = False) -> EncodingSize:
    """The size of the encoding of a ``w`` x ``h`` puzzle of ``npaths`` paths
    (an upper bound, within about 25 %: every square counted as blank)."""
    n, k = w * h, npaths
    e = (w - 1) * h + w * (h - 1)
    blocks = max(0, (w - 1) * (h - 1))
    no_touch = rule == "fill-no-touch" or (canonical and rule == "free")
    free = rule == "free"
    # The link structure (degrees, rings of four, corners, canonical moves).
    clauses = n * 9 + blocks * (9 if no_touch else 1) + (n * 6 if canonical and free else 0)
    literals = n * 30 + blocks * (25 if no_touch else 4) + (n * 30 if canonical and free else 0)
    variables = n * (2 if free else 1) + e
    if n * k <= ONE_HOT_MAX:
        per_edge = 3 if no_touch else 2
        amo = 3 * k if k > 6 else k * (k - 1) // 2
        sq = (2 * k + 4 if free else 1) + amo
        clauses += e * k * per_edge + n * (sq + 1)
        literals += e * k * per_edge * 3 + n * (sq * 2 + k * (4 if free else 1))
        variables += n * k + (n * k if k > 6 else 0)
    else:
        b = _bits_for(k)
        clauses += e * b * 2 + n * (b + 4 if free else b)
        literals += e * b * 6 + n * (b + 8 if free else b)
        variables += n * b
        if no_touch:
            clauses += e * (2 * b + 1)
            literals += e * (6 * b + b + 3)
            variables += e * b
    return EncodingSize(variables, clauses, literals)



class _Deadline(Exception):
    """The time limit ran out while the encoding was being built or loaded."""



class Encoding:
    """The clauses of one puzzle under one rule, and model decoding.

    Clauses are kept as a few int32 arrays (one row per clause, short rows
    padded with a repeated literal), built by numpy a block at a time and
    handed to the SAT solver in chunks: no Python list per clause.
    """

    def __init__(self, puzzle: Puzzle, rule: str,
                 check: Callable[[], None] | None = None, *, canonical: bool = False):
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
        self.puzzle, self.rule = puzzle, rule
        self.canonical = canonical and rule == "free"
        """Only canonical solutions (``free``; see the module's notes)."""
        self.no_touch = self.canonical or rule == "fill-no-touch"
        """No path touches itself: the rule itself (``fill-no-touch``) or part
        of being canonical."""
        self.free = rule == "free"
        h, w = puzzle.cells.shape
        self.w, self.h, self.n, self.K = w, h, w * h, puzzle.npaths
        self.one_hot = self.n * self.K <= ONE_HOT_MAX
        self.B = self.K if self.one_hot else _bits_for(self.K)
        """Colour variables per square: one per path, or the bits of its number."""
        self.cells = puzzle.cells.ravel().astype(np.int64)
        self._pieces: list[tuple[np.ndarray, np.ndarray]] = []
        self._check = check
        self.top = self.n * self.B
        self._edges()
        self._build()

    # -- variables ------------------------------------------------------------
    def col(self, i, k):
        """Variable (one-hot): square i is on path k (0-based k)."""
        return 1 + i * self.K + k

    def bit(self, i, j):
        """Variable (compact): bit j of the number of square i's path."""
        return 1 + i * self.B + j

    def _new(self, count: int) -> int:
        """The first of ``count`` fresh variables."""
        first = self.top + 1
        self.top += count
        return first

    def _edges(self) -> None:
        w, h, n = self.w, self.h, self.n
        idx = np.arange(n)
        y, x = idx // w, idx % w
        has_r, has_d = x < w - 1, y < h - 1
        per = has_r.astype(np.int64) + has_d
        off = np.cumsum(per) - per
        # Edge e (a < b) -> variable link0 + e; square by square, right then down.
        self.nedges = int(per.sum())
        ea = np.empty(self.nedges, np.int64)
        eb = np.empty(self.nedges, np.int64)
        ea[off[has_r]] = idx[has_r]
        eb[off[has_r]] = idx[has_r] + 1
        ea[off[has_d] + has_r[has_d]] = idx[has_d]
        eb[off[has_d] + has_r[has_d]] = idx[has_d] + w
        self.ea, self.eb = ea, eb
        self.e_right = eb == ea + 1
        if w == 1:
            self.e_right[:] = False
        self.link0 = self._new(self.nedges)
        lv = self.link0 + np.arange(self.nedges)
        self.right_var = np.zeros((h, max(w - 1, 0)), np.int64)
        self.down_var = np.zeros((max(h - 1, 0), w), np.int64)
        self.right_var[ea[self.e_right] // w, ea[self.e_right] % w] = lv[self.e_right]
        self.down_var[ea[~self.e_right] // w, ea[~self.e_right] % w] = lv[~self.e_right]
        # incident[i]: the link variables of square i's sides (up, left,
        # right, down; 0 where the grid ends), nbr[i] the squares beyond them.
        inc = np.zeros((n, 4), np.int64)
        nbr = np.full((n, 4), -1, np.int64)
        grid = idx.reshape(h, w)
        if h > 1:
            inc[grid[1:].ravel(), 0] = self.down_var.ravel()
            nbr[grid[1:].ravel(), 0] = grid[:-1].ravel()
            inc[grid[:-1].ravel(), 3] = self.down_var.ravel()
            nbr[grid[:-1].ravel(), 3] = grid[1:].ravel()
        if w > 1:
            inc[grid[:, 1:].ravel(), 1] = self.right_var.ravel()
            nbr[grid[:, 1:].ravel(), 1] = grid[:, :-1].ravel()
            inc[grid[:, :-1].ravel(), 2] = self.right_var.ravel()
            nbr[grid[:, :-1].ravel(), 2] = grid[:, 1:].ravel()
        self.incident, self.nbr = inc, nbr

    def link(self, a, b):
        """The link variable between side-by-side squares ``a`` and ``b`` (arrays)."""
        a, b = np.minimum(a, b), np.maximum(a, b)
        w = self.w
        right = (b == a + 1) & (w > 1)
        out = np.zeros(np.shape(a), np.int64)
        if right.any():
            out[right] = self.right_var[a[right] // w, a[right] % w]
        if (~right).any():
            out[~right] = self.down_var[a[~right] // w, a[~right] % w]
        return out

    # -- clauses ----------------------------------------------------------------
    # Each clause gets a sort key (section, item, place): the clauses are
    # handed to the SAT solver square by square, then edge by edge, block by
    # block, as a loop over them would make them.  Glucose is sensitive to
    # that order (janko-24x14 under fill: 4 s in this order, 7-18 s grouped
    # by kind).
    SQUARES, EDGES, BLOCKS, CORNERS, BUMPS, TOUCH = range(6)

    def _add(self, rows, section: int, item, place) -> None:
        """Clauses (rows; 0 = no literal) of ``section``, for ``item``
        (square, edge or block index per row) at ``place`` within it."""
        rows = np.asarray(rows, np.int64)
        if rows.ndim == 1:
            rows = rows[:, None]
        if not len(rows):
            return
        if self._check is not None:
            self._check()
        key = ((np.int64(section) << 56) | (np.asarray(item, np.int64) << 24)
               | np.asarray(place, np.int64))
        self._pieces.append((rows.astype(np.int32), np.broadcast_to(key, (len(rows),))))

    def _finish(self) -> None:
        """The pieces, in key order, into one flat array of literals and the
        clauses' offsets in it."""
        pieces, self._pieces = self._pieces, []
        if self._check is not None:
            self._check()
        lengths = np.concatenate([(r != 0).sum(axis=1) for r, _ in pieces]) if pieces \
            else np.zeros(0, np.int64)
        keys = np.concatenate([k for _, k in pieces]) if pieces else np.zeros(0, np.int64)
        flat = np.concatenate([r[r != 0] for r, _ in pieces]) if pieces \
            else np.zeros(0, np.int32)
        del pieces
        if self._check is not None:
            self._check()
        order = np.argsort(keys, kind="stable")
        del keys
        start = np.zeros(len(lengths) + 1, np.int64)
        np.cumsum(lengths, out=start[1:])
        lengths = lengths[order]
        self.offsets = np.zeros(len(order) + 1, np.int64)
        np.cumsum(lengths, out=self.offsets[1:])
        # Literal t of the reordered array comes from start[order[c]] + (t - offsets[c]).
        shift = np.repeat(start[:-1][order] - self.offsets[:-1], lengths)
        self.literals = flat[np.arange(len(flat), dtype=np.int64) + shift]
        """Every clause's literals, one after another (int32)."""
        self.nclauses = len(order)

    def _combinations(self, squares: np.ndarray, r: int, place0: int) -> None:
        """For each of ``squares``: "not all" of every ``r`` of its links
        (r=2: at most one; r=3: at most two), at places place0, place0 + 1, ..."""
        inc = self.incident[squares]
        for c, combo in enumerate(itertools.combinations(range(4), r)):
            sel = inc[:, combo]
            ok = (sel != 0).all(axis=1)
            self._add(-sel[ok], self.SQUARES, squares[ok], place0 + c)

    def _build(self) -> None:
        n, K, B = self.n, self.K, self.B
        S = self.SQUARES
        cells = self.cells
        ends = np.flatnonzero(cells)
        blank = np.flatnonzero(cells == 0)
        inc = self.incident
        present = inc != 0
        ks = np.arange(B)
        # An end: its colour, and exactly one link.
        if self.one_hot:
            cols = self.col(ends[:, None], ks[None, :])
            lits = np.where(ks[None, :] == cells[ends, None] - 1, cols, -cols)
        else:
            bits = self.bit(ends[:, None], ks[None, :])
            lits = np.where((cells[ends, None] - 1 >> ks[None, :]) & 1 == 1, bits, -bits)
        if K:
            self._add(lits.ravel(), S, np.repeat(ends, B), np.tile(ks, len(ends)))
        self._add(inc[ends], S, ends, B)
        self._combinations(ends, 2, B + 1)
        # A blank square: at most two links, and at least two (fill) or never
        # exactly one (free); then its colour.
        self._combinations(blank, 3, 0)
        bcols = self.col(blank[:, None], np.arange(K)[None, :]) if self.one_hot else None
        for a in range(4):
            on = present[blank, a]
            sq = blank[on]
            others = inc[sq][:, [b for b in range(4) if b != a]]
            if self.free:
                self._add(np.column_stack([-inc[sq, a], others]), S, sq, 4 + 2 * a)
                if self.one_hot:     # linked -> coloured
                    self._add(np.column_stack([-inc[sq, a], bcols[on]]), S, sq, 5 + 2 * a)
            else:
                self._add(others, S, sq, 4 + a)
        if self.one_hot:
            if self.free:            # coloured -> linked
                self._add(np.column_stack([-bcols.ravel(), np.repeat(inc[blank], K, axis=0)]),
                          S, np.repeat(blank, K), np.tile(12 + np.arange(K), len(blank)))
                amo0 = 12 + K
            else:
                self._add(bcols, S, blank, 8)
                amo0 = 9
            self._at_most_one(blank, bcols, amo0)
        elif self.free:
            # used[i]: blank square i is on a path (linked).
            self.used0 = self._new(n)
            u = self.used0 + blank
            for a in range(4):
                on = present[blank, a]
                self._add(np.column_stack([-inc[blank[on], a], u[on]]), S, blank[on], 12 + a)
            self._add(np.column_stack([-u, inc[blank]]), S, blank, 16)
        self._edge_colours()
        self._blocks()
        if self.canonical:
            self._canonical()
        self._finish()

    def _at_most_one(self, blank: np.ndarray, bcols: np.ndarray, place0: int) -> None:
        """At most one colour per blank square: pairwise for few paths, else
        a sequential counter (s_j = "one of cols[0..j] is true")."""
        K, S = self.K, self.SQUARES
        if K <= 6:
            for c, (a, b) in enumerate(itertools.combinations(range(K), 2)):
                self._add(np.column_stack([-bcols[:, a], -bcols[:, b]]), S, blank, place0 + c)
            return
        m = len(blank)
        if not m:
            return
        s = self._new(m * (K - 2)) + np.arange(m * (K - 2)).reshape(m, K - 2)
        prev = np.column_stack([bcols[:, :1], s])           # prev_j for j = 1..K-1
        lit = bcols[:, 1:]
        sq = np.repeat(blank, K - 1)
        j = np.tile(np.arange(K - 1), m)
        self._add(np.column_stack([-prev.ravel(), -lit.ravel()]), S, sq, place0 + 3 * j)
        sq, j = np.repeat(blank, K - 2), np.tile(np.arange(K - 2), m)
        self._add(np.column_stack([-prev[:, :-1].ravel(), s.ravel()]), S, sq, place0 + 3 * j + 1)
        self._add(np.column_stack([-lit[:, :-1].ravel(), s.ravel()]), S, sq, place0 + 3 * j + 2)

    def _edge_colours(self) -> None:
        """A link joins squares of one colour; under no-touch two side-by-side
        squares of one colour (both used) are linked.  Compact colours: a
        link makes every bit equal; d_j says the j-th bits differ, and
        "linked, or some d_j (or one square unused)"."""
        B, E, cells = self.B, self.EDGES, self.cells
        js = np.arange(B)
        lv = self.link0 + np.arange(self.nedges)
        chunk = max(1, 200_000 // max(B, 1))
        compact_touch = self.no_touch and not self.one_hot
        if compact_touch:
            self.diff0 = self._new(self.nedges * B)
        for start in range(0, self.nedges, chunk):
            sl = slice(start, start + chunk)
            e = np.repeat(np.arange(self.nedges)[sl], B)
            a = (1 + self.ea[sl, None] * B + js[None, :]).ravel()
            b = (1 + self.eb[sl, None] * B + js[None, :]).ravel()
            lr = np.repeat(lv[sl], B)
            j = np.tile(js, len(lv[sl]))
            self._add(np.column_stack([-lr, -a, b]), E, e, 3 * j)
            self._add(np.column_stack([-lr, a, -b]), E, e, 3 * j + 1)
            if self.no_touch and self.one_hot:
                self._add(np.column_stack([-a, -b, lr]), E, e, 3 * j + 2)
            if compact_touch:
                d = self.diff0 + np.arange(start * B, start * B + len(a))
                self._add(np.column_stack([-d, a, b]), E, e, 3 * j + 2)
                self._add(np.column_stack([-d, -a, -b]), E, e, 3 * B + j)
                cols = [lv[sl, None], d.reshape(-1, B)]
                if self.free:
                    for side in (self.ea[sl], self.eb[sl]):
                        cols.append(np.where(cells[side] == 0, -(self.used0 + side), 0)[:, None])
                # (after all the rest: long runs of one width load faster)
                self._add(np.column_stack(cols), self.TOUCH, np.arange(self.nedges)[sl], 0)

    def _blocks(self) -> None:
        """No ring of four.  Under no-touch, moreover, a path turning round a
        corner of a 2x2 block leaves the opposite square to another path
        (otherwise that square would touch it on two sides and close a ring):
        redundant, but it makes the 36x36 puzzle 30 times faster."""
        if self.w < 2 or self.h < 2:
            return
        ab = self.right_var[:-1, :].ravel()
        cd = self.right_var[1:, :].ravel()
        ac = self.down_var[:, :-1].ravel()
        bd = self.down_var[:, 1:].ravel()
        blocks = np.arange(len(ab))
        self._add(np.column_stack([-ab, -ac, -bd, -cd]), self.BLOCKS, blocks, 0)
        if self.no_touch:
            for c, (p, q, r, s) in enumerate(((ab, ac, bd, cd), (ab, bd, ac, cd),
                                               (ac, cd, ab, bd), (bd, cd, ab, ac))):
                self._add(np.column_stack([-p, -q, -r]), self.BLOCKS, blocks, 1 + 2 * c)
                self._add(np.column_stack([-p, -q, -s]), self.BLOCKS, blocks, 2 + 2 * c)

    def _canonical(self) -> None:
        """Under ``free``: no path turns round a 2x2 block's corner whose
        opposite square is empty and comes earlier (row by row), and none
        makes a bump of three squares over an empty one (see the module's
        notes)."""
        w, h = self.w, self.h

        def add_unless_end(head: list[np.ndarray], o: np.ndarray, section: int,
                           item: np.ndarray, place: int) -> None:
            keep = self.cells[o] == 0          # an end is always used: no clause
            self._add(np.column_stack([-x[keep] for x in head] + [self.incident[o[keep]]]),
                      section, item[keep], place)

        if w > 1 and h > 1:
            yy, xx = np.mgrid[0:h - 1, 0:w - 1]
            a = (yy * w + xx).ravel()
            b, c, d = a + 1, a + w, a + w + 1
            blocks = np.arange(len(a))
            # Turning at t (from n1 to n2) with o empty: moving the turn to o
            # keeps the length and lowers the sum of used squares.
            for place, (t, n1, n2, o) in enumerate(((d, b, c, a), (c, a, d, b))):
                add_unless_end([self.link(t, n1), self.link(t, n2)], o, self.CORNERS,
                               blocks, place)
        # Bumps: p1 -> u0 -> u1 -> u2 -> p2 round an empty square c between
        # p1 and p2 flattens into p1 -> c -> p2, two squares shorter.
        yy, xx = np.mgrid[0:h, 0:w]
        yy, xx = yy.ravel(), xx.ravel()
        for di, (dx, dy) in enumerate(((1, 0), (0, 1))):
            for si, (sx, sy) in enumerate(((dy, dx), (-dy, -dx))):
                ok = ((xx + 2 * dx < w) & (yy + 2 * dy < h) & (xx + sx >= 0) & (yy + sy >= 0)
                      & (xx + sx < w) & (yy + sy < h) & (xx + sx + 2 * dx < w)
                      & (yy + sy + 2 * dy < h))
                p1 = (yy * w + xx)[ok]
                c = p1 + dx + dy * w
                p2 = c + dx + dy * w
                off = sx + sy * w
                u0, u1, u2 = p1 + off, c + off, p2 + off
                add_unless_end([self.link(p1, u0), self.link(u0, u1), self.link(u1, u2),
                                self.link(u2, p2)], c, self.BUMPS, p1, 2 * di + si)

    def load(self, sat, deadline: float | None, check: Callable[[], None] | None) -> None:
        """Hand every clause to ``sat``, a chunk at a time (the deadline and
        ``check`` looked at between chunks)."""
        for c0 in range(0, self.nclauses, APPEND_CHUNK):
            if check is not None:
                check()
            if deadline is not None and time.perf_counter() > deadline:
                raise _Deadline
            c1 = min(c0 + APPEND_CHUNK, self.nclauses)
            _append(sat, self._chunk(c0, c1))

    def _chunk(self, c0: int, c1: int) -> list[list[int]]:
        """Clauses c0..c1-1 as lists (each run of one width converted at once)."""
        off = self.offsets[c0:c1 + 1]
        width = np.diff(off)
        cuts = np.concatenate([[0], np.flatnonzero(np.diff(width)) + 1, [len(width)]])
        out: list[list[int]] = []
        for r0, r1 in zip(cuts[:-1].tolist(), cuts[1:].tolist()):
            block = self.literals[off[r0]:off[r1]]
            if width[r0]:
                out.extend(block.reshape(r1 - r0, int(width[r0])).tolist())
            else:
                out.extend([] for _ in range(r1 - r0))
        return out

    # -- decoding -------------------------------------------------------------
    def links_of(self, sol: Solution) -> np.ndarray:
        """Which links (edge by edge) ``sol`` has."""
        w = self.w
        y, x = self.ea // w, self.ea % w
        on = np.zeros(self.nedges, bool)
        r = self.e_right
        on[r] = sol.right[y[r], x[r]]
        on[~r] = sol.down[y[~r], x[~r]]
        return on

    def decode(self, model: list[int]) -> tuple[Solution, list[list[int]]]:
        """The solution in ``model`` and the squares of each stray ring."""
        truth = np.zeros(self.top + 1, bool)
        m = np.asarray(model[: self.top], dtype=np.int64)
        truth[np.abs(m)] = m > 0
        links = truth[self.link0:self.link0 + self.nedges]
        colours = truth[1:1 + self.n * self.B].reshape(self.n, self.B)
        w, h = self.w, self.h
        linked = np.zeros(self.n, bool)
        linked[self.ea[links]] = True
        linked[self.eb[links]] = True
        used = linked | (self.cells != 0)
        if not self.K:  # no labels: no path anywhere
            paths = np.zeros(self.n, np.int32)
        elif self.one_hot:
            used &= colours.any(axis=1)
            paths = np.where(used, colours.argmax(axis=1) + 1, 0).astype(np.int32)
        else:
            number = (colours.astype(np.int64) << np.arange(self.B)).sum(axis=1)
            paths = np.where(used & (number < self.K), number + 1, 0).astype(np.int32)
        right = np.zeros((h, w - 1), bool)
        down = np.zeros((h - 1, w), bool)
        on = links & self.e_right
        right[self.ea[on] // w, self.ea[on] % w] = True
        on = links & ~self.e_right
        down[self.ea[on] // w, self.ea[on] % w] = True
        sol = Solution(paths.reshape(h, w), right, down)
        # Walk from every end; squares linked but not reached lie on rings.
        linkmask = np.zeros((self.n, 4), bool)
        nz = self.incident != 0
        linkmask[nz] = truth[self.incident[nz]]
        seen = np.zeros(self.n, bool)
        nbr = self.nbr

        def walk(start: int) -> list[int]:
            stack = [start]
            seen[start] = True
            members = []
            while stack:
                cur = stack.pop()
                members.append(cur)
                for s in range(4):
                    if linkmask[cur, s]:
                        nb = int(nbr[cur, s])
                        if not seen[nb]:
                            seen[nb] = True
                            stack.append(nb)
            return members

        for start in np.flatnonzero(self.cells):
            if not seen[start]:
                walk(int(start))
        rings = [walk(int(start)) for start in np.flatnonzero(linked & ~seen)
                 if not seen[start]]
        return sol, rings

    def ring_cut(self, members: list[int]) -> list[int]:
        """The clause "some link leaves these squares", for the squares of a
        stray ring (no end among them).  Under the fill rules each of them
        lies on a path whose ends are elsewhere, so the clause holds in every
        solution; it rules out at once every set of rings inside the squares,
        not just the one found."""
        inside = np.zeros(self.n, bool)
        sq = np.asarray(members, np.int64)
        inside[sq] = True
        nb, inc = self.nbr[sq], self.incident[sq]
        leaving = (nb >= 0) & ~inside[np.maximum(nb, 0)]
        return inc[leaving].tolist()

    def strip(self, sol: Solution, rings: list[list[int]]) -> Solution:
        """``sol`` without its stray rings (their squares left empty): under
        ``free`` what remains is a solution."""
        if not rings:
            return sol
        paths, right, down = sol.paths.copy(), sol.right.copy(), sol.down.copy()
        w = self.w
        for members in rings:
            for i in members:
                y, x = divmod(i, w)
                paths[y, x] = 0
                if x < w - 1:
                    right[y, x] = False
                if x > 0:
                    right[y, x - 1] = False
                if y < self.h - 1:
                    down[y, x] = False
                if y > 0:
                    down[y - 1, x] = False
        return Solution(paths, right, down)

    def blocking_clause(self, sol: Solution) -> list[int]:
        """"Not all of these links": the negated link variables of ``sol``."""
        return (-(self.link0 + np.flatnonzero(self.links_of(sol)))).tolist()

    def hint_phases(self, sol: Solution) -> list[int]:
        """Literals saying "this solution": the solver tries these values first."""
        flat = sol.paths.ravel().astype(np.int64)
        if self.one_hot:
            want = flat[:, None] == np.arange(1, self.K + 1)[None, :]
        else:
            want = ((np.maximum(flat, 1) - 1)[:, None] >> np.arange(self.B)[None, :]) & 1 == 1
            want &= (flat > 0)[:, None]
        cols = 1 + np.arange(self.n * self.B)
        lv = self.link0 + np.arange(self.nedges)
        return np.concatenate([np.where(want.ravel(), cols, -cols),
                               np.where(self.links_of(sol), lv, -lv)]).tolist()
