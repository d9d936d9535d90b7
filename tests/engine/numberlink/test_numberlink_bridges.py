"""Bridges: the text format marks them (and refuses one in the wrong place
with its line and column), the SAT solver decides uniqueness with them
under each rule, the deduction solver and the generator handle them."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.grade import grade
from viewer.engine.numberlink.puzzle import RULES, Puzzle, PuzzleError, check_solution
from viewer.engine.numberlink.solver import solve
from viewer.engine.protocol import GenerationError
from viewer.formats.numberlink import (
    NumberLinkFormatError,
    format_puzzle,
    format_solution,
    parse_puzzle,
    parse_solution,
)

CROSSING = """5 5
. . a . .
. . . . .
b . + . b
. . . . .
. . a . .
"""
"""a runs down column 3 and b across row 3, crossing on the bridge; the
other squares must be covered by detours of a and b."""


def test_the_format_marks_bridges_and_reads_back_what_it_writes():
    p = parse_puzzle(CROSSING)
    assert p.bridge_squares == [12]
    assert format_puzzle(p) == CROSSING
    r = solve(p, "fill", 2)
    sol = r.solutions[0]
    text = format_solution(p, sol)
    assert "+" in text.splitlines()[3]
    again = parse_solution(text, p)       # the labels (links: the fill-no-touch reading)
    assert np.array_equal(again.paths, sol.paths) and np.array_equal(again.cross, sol.cross)


@pytest.mark.parametrize("text,line,column", [
    ("3 3\n+ . .\n. a a\n. . .\n", 2, 1),
    ("4 4\na . . a\n. . . +\nb . . b\n. . . .\n", 3, 7),
    ("4 3\na  .  .  a\n.  .  .  .\n.  + b  b\n", 4, 4),
])
def test_a_bridge_on_the_edge_is_refused_with_its_line_and_column(text, line, column):
    with pytest.raises(NumberLinkFormatError) as why:
        parse_puzzle(text, "p.txt")
    msg = str(why.value)
    assert f"line {line}, column {column}:" in msg and "bridge" in msg and "\n" not in msg


def test_a_bridge_cannot_be_an_end_or_on_the_edge_in_the_model():
    cells = np.zeros((4, 4), np.int32)
    cells[0, 0] = cells[3, 3] = 1
    edge = np.zeros((4, 4), bool)
    edge[0, 1] = True
    with pytest.raises(PuzzleError):
        Puzzle(cells, ("1",), edge)
    on_end = np.zeros((4, 4), bool)
    on_end[1, 1] = True
    cells[1, 1], cells[0, 0] = 1, 0
    with pytest.raises(PuzzleError):
        Puzzle(cells, ("1",), on_end)


def test_sat_answers_with_bridges_under_each_rule_are_checked_solutions():
    p = parse_puzzle(CROSSING)
    # fill-no-touch: row 3 and column 3 are taken straight, and the four
    # corners of 2x2 squares cannot be covered without a path beside itself
    assert solve(p, "fill-no-touch", 2).status == "none"
    for rule in ("fill", "free"):
        r = solve(p, rule, 2)
        assert r.status == "several"
        assert not r.solutions[0].same_routes(r.solutions[1])
        for sol in r.solutions:
            assert check_solution(p, sol, rule) == []
            y, x = 2, 2
            assert sol.paths[y, x] == p.labels.index("b") + 1     # across
            assert sol.cross[y, x] == p.labels.index("a") + 1     # down


@pytest.mark.parametrize("seed", ["b1", "b2", "b3"])
def test_generated_bridge_puzzles_are_unique_by_sat_and_the_deductions_agree(seed):
    r = NUMBERLINK.generate({"size": "8x8", "bridges": 2}, seed=seed)
    p, sol = r.detail.puzzle, r.detail.solution
    assert len(p.bridge_squares) == 2
    assert check_solution(p, sol, "fill-no-touch") == []
    s = solve(p, "fill-no-touch", 2)
    assert s.status == "unique" and s.solutions[0].same_routes(sol)
    g = grade(p)
    if g.grade in ("easy", "normal", "hard"):
        assert g.solution.same_routes(sol)
    # the text format carries it whole
    again = parse_puzzle(format_puzzle(p))
    assert np.array_equal(again.bridges, p.bridges)
    assert parse_solution(format_solution(p, sol), again).same_routes(sol)


@pytest.mark.parametrize("rule", RULES)
def test_bridges_with_a_difficulty_under_each_rule(rule):
    r = NUMBERLINK.generate({"size": "7x7", "bridges": 1, "difficulty": "easy",
                             "rule": rule, "max_tries": 400}, seed="bd")
    p = r.detail.puzzle
    assert len(p.bridge_squares) == 1
    assert r.detail.grade == "easy" and grade(p, rule).grade == "easy"
    assert solve(p, rule, 2).status == "unique"


def test_a_bridge_count_that_cannot_be_met_says_so_in_one_line():
    with pytest.raises(GenerationError) as why:
        NUMBERLINK.generate({"size": "5x5", "bridges": 6, "max_tries": 3}, seed="x")
    msg = str(why.value)
    assert "\n" not in msg and "6 bridge(s)" in msg and "3 tries" in msg
