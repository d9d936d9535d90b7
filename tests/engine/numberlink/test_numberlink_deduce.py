"""The deduction solver: each technique on a small hand-made grid (the state
before, the deduction, the state after), and the tiers on whole puzzles."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.numberlink.deduce import OFF, ON, UNKNOWN, Board, Contradiction
from viewer.engine.numberlink.generator import grid_puzzle
from viewer.engine.numberlink.grade import grade
from viewer.engine.numberlink.gridgen import gridgen
from viewer.engine.numberlink.puzzle import Puzzle, check_solution
from viewer.engine.numberlink.rng import RandomState
from viewer.engine.numberlink.solver import solve


def board(*rows: str, rule: str = "fill-no-touch") -> Board:
    labels = sorted({c for r in rows for c in r if c != "."})
    cells = np.array([[0 if c == "." else labels.index(c) + 1 for c in r] for r in rows])
    return Board(Puzzle(cells, tuple(labels)), rule)


def sq(b: Board, x: int, y: int) -> int:
    return y * b.w + x


def link(b: Board, p: tuple[int, int], q: tuple[int, int]) -> int:
    return b.edge(sq(b, *p), sq(b, *q))


def bit(b: Board, label: str) -> int:
    return 1 << b.puzzle.labels.index(label)


def last(state):
    return state.log[-1]


# -- Easy -----------------------------------------------------------------------

def test_e1_degree_a_blank_corner_takes_both_its_links():
    b = board("A..", "...", "..A", "B.B")
    s = b.fresh()
    corner = sq(b, 2, 0)
    links = [link(b, (2, 0), (1, 0)), link(b, (2, 0), (2, 1))]
    assert [s.link[e] for e in links] == [UNKNOWN, UNKNOWN]
    assert s.degree_rule(corner)
    assert [s.link[e] for e in links] == [ON, ON]
    d = last(s)
    assert d.technique == "E1" and d.squares == (corner,)
    assert sorted(d.links) == sorted((e, ON) for e in links)


def test_e1_degree_an_end_with_its_link_has_the_others_off():
    b = board("A..", "...", "..A", "B.B")
    s = b.fresh()
    end = sq(b, 0, 0)
    s.apply("test", (), links=[(link(b, (0, 0), (1, 0)), ON)])
    down = link(b, (0, 0), (0, 1))
    assert s.link[down] == UNKNOWN
    assert s.degree_rule(end)
    assert s.link[down] == OFF and last(s).technique == "E1"


def test_e2_colour_a_link_shares_label_sets_and_disjoint_sets_are_not_linked():
    b = board("AB.", "...", "..A", "B..")
    s = b.fresh()
    # ends of different labels side by side: never linked
    e = link(b, (0, 0), (1, 0))
    assert s.colour_rule(sq(b, 0, 0))
    assert s.link[e] == OFF and last(s).technique == "E2"
    # a square linked to A's end may carry only A
    middle = sq(b, 0, 1)
    assert s.mask[middle] == bit(b, "A") | bit(b, "B")
    s.apply("test", (), links=[(link(b, (0, 0), (0, 1)), ON)])
    assert s.colour_rule(middle)
    assert s.mask[middle] == bit(b, "A")
    assert last(s).technique == "E2" and (middle, bit(b, "A")) in last(s).labels


def test_e3_no_ring_the_link_that_would_close_a_ring_is_off():
    b = board("A...", "....", "...A", "B..B", rule="fill")
    s = b.fresh()
    p, q, r, t = (1, 1), (2, 1), (2, 2), (1, 2)
    s.apply("test", (), links=[(link(b, p, q), ON), (link(b, q, r), ON), (link(b, r, t), ON)])
    closing = link(b, t, p)
    assert s.link[closing] == UNKNOWN
    assert s.ring_rule(sq(b, *t))
    assert s.link[closing] == OFF and last(s).technique == "E3"


def test_e4_touch_same_label_neighbours_are_linked_and_an_off_link_takes_the_label():
    b = board("AA.", "...", "B.B")
    s = b.fresh()
    e = link(b, (0, 0), (1, 0))
    assert s.touch_rule(sq(b, 0, 0))
    assert s.link[e] == ON and last(s).technique == "E4"
    b = board("A..", "...", "A.B", "..B")
    s = b.fresh()
    right = sq(b, 1, 0)
    s.apply("test", (), links=[(link(b, (0, 0), (1, 0)), OFF)])
    assert s.mask[right] & bit(b, "A")
    assert s.touch_rule(sq(b, 0, 0))
    assert not s.mask[right] & bit(b, "A") and last(s).technique == "E4"


def test_e4_is_not_a_rule_of_fill():
    b = board("AA.", "...", "B.B", rule="fill")
    s = b.fresh()
    s.easy()
    assert all(d.technique != "E4" for d in s.log)


# -- Normal ---------------------------------------------------------------------

def _walled(rule: str = "fill-no-touch"):
    """A 5x3 grid where column 2 is open only in its middle row."""
    b = board("B...C", "A...A", "B...C", rule=rule)
    s = b.fresh(record=True)
    walls = [((1, 0), (2, 0)), ((2, 0), (3, 0)), ((1, 2), (2, 2)), ((2, 2), (3, 2))]
    s.apply("test", (), links=[(link(b, p, q), OFF) for p, q in walls])
    return b, s


def test_n1_reach_a_dead_end_square_loses_the_label():
    b, s = _walled()
    dead = sq(b, 2, 0)                  # reached only from (2, 1), and back
    assert s.mask[dead] & bit(b, "A")
    assert s.normal_label(b.puzzle.labels.index("A") + 1)
    n1 = [d for d in s.log if d.technique == "N1"]
    assert n1 and dead in n1[0].squares
    assert not s.mask[dead] & bit(b, "A")
    assert not s.mask[sq(b, 2, 2)] & bit(b, "A")


def test_n2_bottleneck_every_route_takes_the_square_and_the_bridge_link():
    b, s = _walled()
    gate = sq(b, 2, 1)
    assert s.mask[gate] != bit(b, "A")
    s.normal_label(b.puzzle.labels.index("A") + 1)
    n2 = [d for d in s.log if d.technique == "N2"]
    assert any(gate in d.squares and (gate, bit(b, "A")) in d.labels for d in n2)
    assert s.mask[gate] == bit(b, "A")
    bridge = link(b, (1, 1), (2, 1))
    assert s.link[bridge] == ON
    assert any((bridge, ON) in d.links for d in n2)


def test_n1_a_label_that_cannot_reach_its_other_end_is_a_contradiction():
    b = board("A.B", "...", "B.A")
    s = b.fresh()
    s.apply("test", (), links=[(link(b, (0, 0), (1, 0)), OFF), (link(b, (0, 0), (0, 1)), OFF)])
    with pytest.raises(Contradiction) as why:
        s.normal_label(1)
    assert why.value.technique == "N1"


def test_n3_pocket_with_two_ways_in_takes_both_and_with_one_is_a_contradiction():
    b = board("..A", "BC.", "..A", "BC.")
    s = b.fresh()
    pocket = {sq(b, 0, 0), sq(b, 1, 0)}
    s.apply("test", (), links=[(link(b, (1, 0), (1, 1)), OFF)])
    doors = [link(b, (1, 0), (2, 0)), link(b, (0, 0), (0, 1))]
    assert s.pockets()
    d = last(s)
    assert d.technique == "N3" and set(d.squares) == pocket
    assert sorted(d.links) == sorted((e, ON) for e in doors)
    s = b.fresh()
    s.apply("test", (), links=[(link(b, (1, 0), (1, 1)), OFF), (link(b, (0, 0), (0, 1)), OFF)])
    with pytest.raises(Contradiction) as why:
        s.pockets()
    assert why.value.technique == "N3"


# -- Hard and the tiers ---------------------------------------------------------

def _tatham(seed: str = "12345", w: int = 10, h: int = 8) -> Puzzle:
    return grid_puzzle(gridgen(w, h, RandomState(seed)))


def test_h1_an_assumption_that_fails_fixes_the_opposite_and_agrees_with_the_sat_solution():
    p = _tatham()
    b = Board(p)
    s = b.fresh()
    s.run("normal")
    assert not s.solved()
    before = bytearray(s.link)
    assert s.hard()
    d = last(s)
    assert d.technique == "H1" and len(d.links) == 1
    (e, value), = d.links
    assert before[e] == UNKNOWN and s.link[e] == value
    trial = b.replay(s.log[:-1])
    assert trial.link == before
    with pytest.raises(Contradiction):
        trial.apply("H1", (), links=[(e, OFF if value == ON else ON)])
        trial.fixpoint("normal")
    sol = solve(p).solutions[0]
    on = (sol.right[b.ea[e] // b.w, b.ea[e] % b.w] if b.eb[e] == b.ea[e] + 1
          else sol.down[b.ea[e] // b.w, b.ea[e] % b.w])
    assert (value == ON) == bool(on)


def test_an_easy_puzzle_is_solved_by_easy_alone():
    b = board("B..A.", "CD...", ".....", ".CDB.", "A....")
    s = b.fresh()
    s.run("easy")
    assert s.solved()
    assert {d.technique for d in s.log} <= {"E1", "E2", "E3", "E4"}
    g = grade(b.puzzle)
    assert g.grade == "easy"
    assert check_solution(b.puzzle, g.solution) == []


def test_a_hard_puzzle_is_not_solved_by_easy_nor_normal_but_by_hard():
    p = _tatham()
    b = Board(p)
    for tier in ("easy", "normal"):
        s = b.fresh()
        s.run(tier)
        assert not s.solved(), tier
    s = b.fresh()
    s.run("hard")
    assert s.solved()
    g = grade(p)
    assert g.grade == "hard" and g.counts["H1"] > 0
    assert g.solution.same_routes(solve(p).solutions[0])


def test_the_log_replays_to_the_state_it_recorded():
    p = _tatham()
    b = Board(p)
    s = b.fresh()
    s.run("hard")
    again = b.replay(s.log)
    assert again.link == s.link and again.mask == s.mask


@pytest.mark.parametrize("seed", [f"grade-{i}" for i in range(12)])
def test_every_graded_grid_is_unique_by_sat_and_solved_like_it(seed):
    """Deductions are sound: whenever a tier solves a grid, the SAT solver
    finds the same solution and no other."""
    p = _tatham(seed, 7, 7)
    g = grade(p)
    r = solve(p)
    if g.grade in ("easy", "normal", "hard"):
        assert r.status == "unique"
        assert g.solution.same_routes(r.solutions[0])
    elif g.grade == "extreme":
        assert r.status == "unique"
    else:
        assert r.status == g.grade


def test_free_rule_a_square_no_path_can_use_is_left_empty():
    b = board("A.A.", "B..B", rule="free")
    g = grade(b.puzzle, "free")
    assert g.grade == "easy"
    corner = sq(b, 3, 0)
    assert g.solution.paths.ravel()[corner] == 0
    assert check_solution(b.puzzle, g.solution, "free") == []
    assert solve(b.puzzle, "free").status == "unique"


def test_free_rule_a_puzzle_of_several_solutions_is_not_graded():
    b = board("A.A", "...", "B.B", rule="free")
    assert grade(b.puzzle, "free").grade == "several"
    assert solve(b.puzzle, "free").status == "several"


@pytest.mark.parametrize("seed", ["twin-1", "twin-2", "twin-3", "twin-4", "extreme"])
def test_the_compiled_techniques_make_the_same_deductions_as_the_python_ones(seed):
    """The kernels (route analysis, pockets, the H1 trials) against the
    readable Python techniques: the same log, step for step (grids of each
    grade, an extreme one where every trial fails at the end)."""
    if seed == "extreme":
        from viewer.engine.numberlink.generator import NUMBERLINK

        p = NUMBERLINK.generate({"size": "8x8", "difficulty": "extreme"}, seed="graded") \
            .detail.puzzle
    else:
        p = _tatham(seed, 9, 9)
    logs = []
    for compiled in (True, False):
        b = Board(p)
        b.compiled = compiled
        s = b.fresh()
        s.run("hard")
        logs.append(s.log)
    assert [(d.technique, d.links, d.labels) for d in logs[0]] == \
        [(d.technique, d.links, d.labels) for d in logs[1]]
