"""A Number Link solver that reasons as a person does: each deduction one of
a few named techniques, recorded so that it can be replayed and shown.

State: for each pair of side-by-side squares a *link*, unknown, on or off;
for each square the set of *labels* it may still carry (a bit mask, bit
``k - 1`` for path ``k``; under ``free`` one more bit, ``empty``).

Techniques, in three tiers (the grade of a puzzle is the lowest tier that
solves it; :mod:`.grade`):

Easy
  E1 Degree: an end has one link, any other square two; a square whose on
     links reach that number has its other links off, one whose on and
     unknown links together only just reach it has them all on.
  E2 Colour: squares joined by an on link share their label sets; a link
     between squares whose label sets are disjoint is off.
  E3 No ring: a link that would close a ring of on links is off.
  E4 Touch (``fill-no-touch``): two side-by-side squares that must carry
     the same label are linked; an off link between a square of known label
     and its neighbour takes that label from the neighbour.
Normal
  N1 Reach: a square loses a label when it lies on no route between the
     label's two ends through links that are not off and squares that may
     carry it (the squares of the blocks, in the block-cut tree of those
     squares, between the two ends).
  N2 Bottleneck: a square every such route passes through takes the label;
     a link every route takes is on.
  N3 Pocket (fill rules): a set of unlinked squares without an end, joined
     by unknown links, must be entered and left by its paths: with fewer
     than two ways in it is a contradiction, with exactly two both are on.
Hard
  H1 One step: assume an unknown link on (then off) and apply Normal to a
     fixed point; a contradiction fixes the opposite.

Deductions are sound: each follows from the rules, so a solve that decides
every link has found the one solution (the puzzle is unique).

The techniques work on the puzzle's graph (:mod:`.bridge_graph`): a node
per square and one more per bridge (the path down it), so a bridge is two
nodes of two links each.  The route analysis, the pockets and the H1
trials also run compiled (:mod:`.normal_kernels`, :mod:`.hard_kernels`)
for up to 63 labels under the fill rules; a test checks both make the same
deductions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .puzzle import RULES, Puzzle, Solution
from .bridge_graph import graph_of
from .normal_kernels import LABELS_MAX, pocket_scan, route_analysis

__all__ = ["UNKNOWN", "ON", "OFF", "TECHNIQUES", "TIERS", "TIER_TECHNIQUES", "Deduction",
           "Contradiction", "Board", "State", "technique_title"]

UNKNOWN, ON, OFF = 0, 1, 2

from .options import TECHNIQUES  # noqa: E402 - (its home was here)
TITLES = {"E1": "degree", "E2": "colour", "E3": "no ring", "E4": "touch", "N1": "reach",
          "N2": "bottleneck", "N3": "pocket", "H1": "one-step contradiction"}
TIERS = ("easy", "normal", "hard")
TIER_TECHNIQUES = {"easy": TECHNIQUES[:4], "normal": TECHNIQUES[:7], "hard": TECHNIQUES}


def technique_title(code: str) -> str:
    return f"{code} {TITLES[code]}"


@dataclass(frozen=True)
class Deduction:
    """One step of a solve: ``technique`` reasoned about ``squares`` (``y*w + x``)
    and fixed ``links`` (``(edge, ON or OFF)``) and narrowed ``labels``
    (``(square, mask after)``); ``label`` the path it concerns (0: none)."""

    technique: str
    squares: tuple[int, ...]
    links: tuple[tuple[int, int], ...] = ()
    labels: tuple[tuple[int, int], ...] = ()
    label: int = 0
    note: str = ""


class Contradiction(Exception):
    """The state admits no solution: ``technique`` found it at ``squares``."""

    def __init__(self, technique: str, squares: Iterable[int], what: str):
        super().__init__(f"{technique}: {what}")
        self.technique, self.squares, self.what = technique, tuple(squares), what


class Board:
    """What does not change during a solve: the squares, links, ends, rule."""

    def __init__(self, puzzle: Puzzle, rule: str = "fill-no-touch"):
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
        self.puzzle, self.rule = puzzle, rule
        h, w = puzzle.cells.shape
        g = graph_of(puzzle)
        self.graph = g
        self.w, self.h, self.K = w, h, puzzle.npaths
        self.squares = w * h
        self.n = g.nodes
        """Nodes: the squares, then one per bridge (the path down it)."""
        self.free = rule == "free"
        self.no_touch = rule == "fill-no-touch"
        self.all_labels = (1 << self.K) - 1
        self.EMPTY = (1 << self.K) if self.free else 0
        self.right_edge, self.down_edge = g.right_edge, g.down_edge
        ea, eb = list(g.ea), list(g.eb)
        self.ea, self.eb = ea, eb
        self.nedges = len(ea)
        self.inc: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for e, (a, b) in enumerate(zip(ea, eb)):
            self.inc[a].append((e, b))
            self.inc[b].append((e, a))
        cells = puzzle.cells.ravel()
        self.end_label = [int(c) for c in cells] + [0] * (self.n - self.squares)
        self.ends = puzzle.endpoints()
        self.need = [1 if c else 2 for c in self.end_label]
        import numpy as np

        self.nb_e = np.full((self.n, 4), -1, np.int32)
        self.nb_t = np.full((self.n, 4), -1, np.int32)
        for i, row in enumerate(self.inc):
            for j, (e, t) in enumerate(row):
                self.nb_e[i, j], self.nb_t[i, j] = e, t
        self.ea_arr = np.array(ea, np.int32)
        self.eb_arr = np.array(eb, np.int32)
        self.end_arr = np.array(self.end_label, np.int32)
        self.need_arr = np.array(self.need, np.int32)
        self.ends_arr = np.array(self.ends, np.int32).reshape(-1, 2)
        self.scratch = tuple(np.empty(self.n, np.int32) for _ in range(3))
        """The route kernel's outputs (one solve at a time per board)."""
        self.compiled = self.K <= LABELS_MAX
        """Route analysis by the compiled kernel (masks fit 64 bits)."""

    def edge(self, a: int, b: int) -> int:
        """The link between side-by-side squares ``a`` and ``b``."""
        a, b = min(a, b), max(a, b)
        y, x = divmod(a, self.w)
        return self.right_edge[(y, x)] if b == a + 1 else self.down_edge[(y, x)]

    def square(self, node: int) -> int:
        """The square of a node (a bridge's second node is its square)."""
        return self.graph.square_of[node]

    def fresh(self, record: bool = True) -> State:
        return State(self, record)

    def replay(self, deductions: Iterable[Deduction]) -> State:
        """The state the ``deductions`` lead to from the clues, applied as recorded."""
        s = State(self, record=False)
        for d in deductions:
            for e, v in d.links:
                s.link[e] = v
            for i, m in d.labels:
                s.mask[i] = m
        for e, v in enumerate(s.link):
            if v == ON:
                s.parent[s.find(self.ea[e])] = s.find(self.eb[e])
        return s

    def square_name(self, i: int) -> str:
        y, x = divmod(self.square(i), self.w)
        return f"({x + 1},{y + 1})"

    def label_text(self, k: int) -> str:
        return self.puzzle.labels[k - 1]


def _single(m: int) -> bool:
    return m != 0 and m & (m - 1) == 0


class State:
    """Links and label sets, the techniques that narrow them, and their log."""

    def __init__(self, board: Board, record: bool = True):
        self.b = board
        self.link = bytearray(board.nedges)
        full = board.all_labels | board.EMPTY
        self.mask = [(1 << (k - 1)) if k else full for k in board.end_label]
        self.parent = list(range(board.n))
        self.queue: list[int] = list(range(board.n))
        self.queued = bytearray([1]) * board.n
        self.pending = board.all_labels
        """Labels whose route analysis may have changed (N1, N2)."""
        self.log: list[Deduction] | None = [] if record else None

    def copy(self) -> State:
        s = State.__new__(State)
        s.b = self.b
        s.link = bytearray(self.link)
        s.mask = list(self.mask)
        s.parent = list(self.parent)
        s.queue = list(self.queue)
        s.queued = bytearray(self.queued)
        s.pending = self.pending
        s.log = None
        return s

    # -- the state ------------------------------------------------------------
    def find(self, i: int) -> int:
        p = self.parent
        while p[i] != i:
            p[i] = p[p[i]]
            i = p[i]
        return i

    def _push(self, i: int) -> None:
        if not self.queued[i]:
            self.queued[i] = 1
            self.queue.append(i)

    def solved(self) -> bool:
        return UNKNOWN not in self.link

    def degree(self, i: int) -> tuple[int, int]:
        on = unk = 0
        link = self.link
        for e, _ in self.b.inc[i]:
            v = link[e]
            if v == ON:
                on += 1
            elif v == UNKNOWN:
                unk += 1
        return on, unk

    def apply(self, technique: str, squares: Iterable[int], links=(), labels=(),
              label: int = 0, note: str = "") -> bool:
        """Fix ``links`` and narrow ``labels`` (Contradiction when they cannot
        be); one Deduction in the log for what changed.  True if anything did."""
        b = self.b
        done_links, done_labels = [], []
        for e, v in links:
            cur = self.link[e]
            if cur == v:
                continue
            a, c = b.ea[e], b.eb[e]
            if cur != UNKNOWN:
                raise Contradiction(technique, (a, c), "a link must be both on and off")
            if v == ON:
                ra, rc = self.find(a), self.find(c)
                if ra == rc:
                    raise Contradiction(technique, (a, c), "a ring of links")
                self.parent[ra] = rc
            else:
                self.pending |= self.mask[a] & self.mask[c] & b.all_labels
            self.link[e] = v
            done_links.append((e, v))
            self._push(a)
            self._push(c)
        for i, m in labels:
            old = self.mask[i]
            m &= old
            if m == old:
                continue
            if m == 0:
                raise Contradiction(technique, (i,), "a square can carry no label")
            self.mask[i] = m
            self.pending |= old & ~m & b.all_labels
            done_labels.append((i, m))
            self._push(i)
        if not done_links and not done_labels:
            return False
        if self.log is not None:
            self.log.append(Deduction(technique, tuple(squares), tuple(done_links),
                                      tuple(done_labels), label, note))
        return True

    # -- Easy ------------------------------------------------------------------
    def easy(self) -> bool:
        """E1-E4 until nothing changes; True if anything did."""
        changed = False
        while self.queue:
            i = self.queue.pop()
            self.queued[i] = 0
            changed |= self._easy_square(i)
        return changed

    def _easy_square(self, s: int) -> bool:
        changed = self.degree_rule(s)
        changed |= self.colour_rule(s)
        changed |= self.ring_rule(s)
        if self.b.no_touch:
            changed |= self.touch_rule(s)
        return changed

    def _set_all(self, s: int, value: int) -> bool:
        link = self.link
        return self.apply("E1", (s,), links=[(e, value) for e, _ in self.b.inc[s]
                                             if link[e] == UNKNOWN])

    def degree_rule(self, s: int) -> bool:
        """E1 at square ``s``."""
        b = self.b
        on, unk = self.degree(s)
        if b.free and not b.end_label[s]:
            changed = False
            if on > 2:
                raise Contradiction("E1", (s,), "a square with three links")
            if on:
                changed |= self.apply("E1", (s,), labels=((s, self.mask[s] & ~b.EMPTY),))
            must_use = not (self.mask[s] & b.EMPTY)
            if (self.mask[s] == b.EMPTY or on == 2) and unk:
                changed |= self._set_all(s, OFF)
            elif on + unk < 2:
                if on or must_use:
                    raise Contradiction("E1", (s,), "a square that cannot have two links")
                if unk:
                    changed |= self._set_all(s, OFF)
                changed |= self.apply("E1", (s,), labels=((s, b.EMPTY),))
            elif unk and on + unk == 2 and (on == 1 or must_use):
                changed |= self._set_all(s, ON)
            return changed
        d = b.need[s]
        if on > d or on + unk < d:
            raise Contradiction("E1", (s,), f"a square that cannot have {d} link(s)")
        if unk and on == d:
            return self._set_all(s, OFF)
        if unk and on + unk == d:
            return self._set_all(s, ON)
        return False

    def colour_rule(self, s: int) -> bool:
        """E2 on the links of square ``s``."""
        b = self.b
        link, mask = self.link, self.mask
        changed = False
        for e, t in b.inc[s]:
            v = link[e]
            if v == ON:
                ms, mt = mask[s], mask[t]
                m = ms & mt & ~b.EMPTY
                if m == 0:
                    raise Contradiction("E2", (s, t), "linked squares of different labels")
                if m != ms or m != mt:
                    changed |= self.apply("E2", (s, t), labels=((s, m), (t, m)))
            elif v == UNKNOWN and mask[s] & mask[t] & ~b.EMPTY == 0:
                changed |= self.apply("E2", (s, t), links=((e, OFF),))
        return changed

    def ring_rule(self, s: int) -> bool:
        """E3 on the links of square ``s``."""
        changed = False
        root = self.find(s)
        for e, t in self.b.inc[s]:
            if self.link[e] == UNKNOWN and self.find(t) == root:
                changed |= self.apply("E3", (s, t), links=((e, OFF),))
        return changed

    def touch_rule(self, s: int) -> bool:
        """E4 (fill-no-touch) on the links of square ``s``."""
        link, mask = self.link, self.mask
        changed = False
        for e, t in self.b.inc[s]:
            v = link[e]
            ms, mt = mask[s], mask[t]
            if v == UNKNOWN:
                if ms == mt and _single(ms):
                    changed |= self.apply("E4", (s, t), links=((e, ON),),
                                          label=ms.bit_length())
            elif v == OFF:
                if _single(ms) and mt & ms:
                    if mt == ms:
                        raise Contradiction("E4", (s, t), "unlinked neighbours of one label")
                    changed |= self.apply("E4", (s, t), labels=((t, mt & ~ms),),
                                          label=ms.bit_length())
                elif _single(mt) and ms & mt:
                    changed |= self.apply("E4", (s, t), labels=((s, ms & ~mt),),
                                          label=mt.bit_length())
        return changed

    # -- Normal ----------------------------------------------------------------
    def routes(self, k: int):
        """Route analysis of label ``k``: (squares on some route between its
        ends, bottleneck squares, bottleneck links), or Contradiction when
        the ends cannot be joined."""
        b = self.b
        bit = 1 << (k - 1)
        A, B = b.ends[k - 1]
        mask, link, inc = self.mask, self.link, b.inc
        disc = {A: 0}
        low = {A: 0}
        parent = {A: -1}
        pedge = {A: -1}
        order = [A]
        stack = [(A, iter(inc[A]))]
        while stack:
            v, it = stack[-1]
            for e, t in it:
                if link[e] == OFF or not mask[t] & bit or e == pedge[v]:
                    continue
                if t in disc:
                    if disc[t] < low[v]:
                        low[v] = disc[t]
                    continue
                disc[t] = low[t] = len(order)
                parent[t], pedge[t] = v, e
                order.append(t)
                stack.append((t, iter(inc[t])))
                break
            else:
                stack.pop()
                p = parent[v]
                if p >= 0 and low[v] < low[p]:
                    low[p] = low[v]
        if B not in disc:
            raise Contradiction("N1", (A, B), f"label {b.label_text(k)} cannot reach its "
                                f"other end")
        block = {A: -1}
        for v in order[1:]:
            p = parent[v]
            block[v] = v if low[v] >= disc[p] else block[p]
        on_path = set()
        cut_squares, cut_links = [], []
        x = B
        while x != A:
            p = parent[x]
            on_path.add(block[x])
            if low[x] >= disc[p] and p != A:
                cut_squares.append(p)
            if low[x] > disc[p]:
                cut_links.append(pedge[x])
            x = p
        route = {v for v in order if v == A or block[v] in on_path}
        return route, cut_squares, cut_links

    def routes_compiled(self, k: int):
        """:meth:`routes` by the compiled kernel: (lose, cut squares, cut links)."""
        import numpy as np

        b = self.b
        bit = 1 << (k - 1)
        A, B = b.ends[k - 1]
        lose, cut_sq, cut_lk = b.scratch
        ok, nl, ncs, ncl = route_analysis(np.array(self.mask, np.uint64),
                                          np.frombuffer(self.link, np.uint8), b.nb_e, b.nb_t,
                                          np.uint64(bit), A, B, lose, cut_sq, cut_lk)
        if not ok:
            raise Contradiction("N1", (A, B), f"label {b.label_text(k)} cannot reach its "
                                f"other end")
        return lose[:nl].tolist(), cut_sq[:ncs].tolist(), cut_lk[:ncl].tolist()

    def normal_label(self, k: int) -> bool:
        """N1 and N2 for label ``k``; True if anything changed."""
        b = self.b
        bit = 1 << (k - 1)
        mask = self.mask
        if b.compiled:
            lose, cut_squares, cut_links = self.routes_compiled(k)
        else:
            route, cut_squares, cut_links = self.routes(k)
            lose = [i for i in range(b.n) if mask[i] & bit and i not in route]
        changed = False
        if lose:
            changed |= self.apply("N1", lose, labels=[(i, mask[i] & ~bit) for i in lose],
                                  label=k)
        take = [i for i in cut_squares if mask[i] != bit]
        if take:
            changed |= self.apply("N2", take, labels=[(i, bit) for i in take], label=k)
        fix = [e for e in cut_links if self.link[e] == UNKNOWN]
        if fix:
            squares = sorted({sq for e in fix for sq in (b.ea[e], b.eb[e])})
            changed |= self.apply("N2", squares, links=[(e, ON) for e in fix], label=k)
        return changed

    def pockets(self) -> bool:
        """N3 (fill rules): the regions of unlinked squares without an end."""
        b = self.b
        if b.free:
            return False
        if b.compiled:
            return self._pockets_compiled()
        link, inc = self.link, b.inc
        seen = bytearray(b.n)
        ondeg = [0] * b.n
        for e, v in enumerate(link):
            if v == ON:
                ondeg[b.ea[e]] += 1
                ondeg[b.eb[e]] += 1
        inside = [not b.end_label[i] and ondeg[i] == 0 for i in range(b.n)]
        for start in range(b.n):
            if seen[start] or not inside[start]:
                continue
            region = [start]
            seen[start] = 1
            doors: dict[int, list[int]] = {}
            j = 0
            while j < len(region):
                v = region[j]
                j += 1
                for e, t in inc[v]:
                    if link[e] != UNKNOWN:
                        continue
                    if inside[t]:
                        if not seen[t]:
                            seen[t] = 1
                            region.append(t)
                    else:
                        doors.setdefault(t, []).append(e)
            room = sum(min(len(es), b.need[t] - ondeg[t]) for t, es in doors.items())
            if room < 2:
                raise Contradiction("N3", region, "a pocket its paths cannot enter and leave")
            if room == 2:
                fix = [e for es in doors.values() for e in es]
                if len(fix) == 2:
                    if self.apply("N3", region, links=[(e, ON) for e in fix]):
                        return True
        return False

    def _pockets_compiled(self) -> bool:
        import numpy as np

        b = self.b
        region = np.empty(b.n, np.int32)
        doors = np.empty(2, np.int32)
        status, size = pocket_scan(np.frombuffer(self.link, np.uint8), b.nb_e, b.nb_t,
                                   b.end_arr, b.need_arr, b.ea_arr, b.eb_arr, region, doors)
        if status == 1:
            raise Contradiction("N3", region[:size].tolist(),
                                "a pocket its paths cannot enter and leave")
        if status == 2:
            return self.apply("N3", region[:size].tolist(),
                              links=[(int(doors[0]), ON), (int(doors[1]), ON)])
        return False

    def normal(self) -> bool:
        """One Normal deduction (N1/N2 on a label whose routes may have
        changed, else N3); True if one was made."""
        while self.pending:
            low_bit = self.pending & -self.pending
            self.pending &= ~low_bit
            if self.normal_label(low_bit.bit_length()):
                return True
        return self.pockets()

    def fixpoint(self, tier: str) -> None:
        """Techniques of ``tier`` (easy, normal) until none applies."""
        while True:
            self.easy()
            if tier == "easy" or self.solved():
                return
            if not self.normal():
                if not self.queue:
                    return

    # -- Hard ----------------------------------------------------------------
    def candidates(self) -> list[int]:
        """Unknown links, those at the ends of paths being drawn first."""
        b = self.b
        ondeg = [0] * b.n
        for e, v in enumerate(self.link):
            if v == ON:
                ondeg[b.ea[e]] += 1
                ondeg[b.eb[e]] += 1
        out = []
        for e, v in enumerate(self.link):
            if v == UNKNOWN:
                a, c = b.ea[e], b.eb[e]
                near = (ondeg[a] > 0) + (ondeg[c] > 0) + (b.end_label[a] > 0) \
                    + (b.end_label[c] > 0)
                out.append((-near, e))
        out.sort()
        return [e for _, e in out]

    def hard(self, check: Callable[[], None] | None = None) -> bool:
        """One H1 deduction; True if one was made."""
        b = self.b
        if b.compiled and not b.free:
            return self._hard_compiled(check)
        for e in self.candidates():
            if check is not None:
                check()
            for assume, opposite in ((ON, OFF), (OFF, ON)):
                trial = self.copy()
                try:
                    trial.apply("H1", (), links=((e, assume),))
                    trial.fixpoint("normal")
                except Contradiction as why:
                    word = "on" if assume == ON else "off"
                    note = (f"if this link were {word}: {technique_title(why.technique)} "
                            f"finds {why.what}")
                    self.apply("H1", (b.ea[e], b.eb[e]) + why.squares,
                               links=((e, opposite),), note=note)
                    return True
        return False

    HARD_CHUNK = 48
    """Candidates per call of the compiled H1 (``check`` is asked between calls)."""

    def _hard_compiled(self, check: Callable[[], None] | None) -> bool:
        import numpy as np

        from .hard_kernels import TECHNIQUE_CODES, first_contradiction

        b = self.b
        cands = np.array(self.candidates(), np.int32)
        link = np.frombuffer(bytes(self.link), np.uint8).copy()
        mask = np.array(self.mask, np.uint64)
        parent = np.array([self.find(i) for i in range(b.n)], np.int32)
        flag = np.zeros(1, np.int64)
        for start in range(0, len(cands), self.HARD_CHUNK):
            if check is not None:
                check()
            e, assume, tech = first_contradiction(
                link, mask, parent, cands[start:start + self.HARD_CHUNK], b.nb_e, b.nb_t,
                b.ea_arr, b.eb_arr, b.end_arr, b.need_arr, b.ends_arr, b.no_touch, flag)
            if e >= 0:
                code = TECHNIQUE_CODES[tech]
                word = "on" if assume == ON else "off"
                note = f"if this link were {word}: {technique_title(code)} finds a contradiction"
                self.apply("H1", (b.ea[e], b.eb[e]), links=((int(e), OFF if assume == ON
                                                              else ON),), note=note)
                return True
        return False

    def run(self, tier: str, check: Callable[[], None] | None = None) -> None:
        """Every technique of ``tier`` (easy, normal, hard) until none applies."""
        self.fixpoint("easy" if tier == "easy" else "normal")
        while tier == "hard" and not self.solved() and self.hard(check):
            self.fixpoint("normal")

    # -- reading the state -------------------------------------------------------
    def solution(self) -> Solution:
        """The solution a solved state describes."""
        import numpy as np

        b = self.b
        h, w = b.h, b.w
        paths = np.zeros((h, w), np.int32)
        cross = np.zeros((h, w), np.int32)
        for i, m in enumerate(self.mask):
            lab = m & b.all_labels
            if _single(lab):
                sq = b.square(i)
                (cross if i >= b.squares else paths)[sq // w, sq % w] = lab.bit_length()
        right = np.zeros((h, max(w - 1, 0)), bool)
        down = np.zeros((max(h - 1, 0), w), bool)
        for (y, x), e in b.right_edge.items():
            right[y, x] = self.link[e] == ON
        for (y, x), e in b.down_edge.items():
            down[y, x] = self.link[e] == ON
        return Solution(paths, right, down, cross if b.n > b.squares else None)


def labels_of(mask: int, board: Board) -> list[int]:
    """The labels (1-based) in ``mask``; 0 for ``empty``."""
    out = [k for k in range(1, board.K + 1) if mask >> (k - 1) & 1]
    if board.EMPTY and mask & board.EMPTY:
        out.append(0)
    return out

