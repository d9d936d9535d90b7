"""Graded generation: puzzles of exactly the grade asked for, unique by the
SAT solver, within the quality controls; a grade that cannot be met says so."""

from __future__ import annotations

import pytest

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.grade import grade
from viewer.engine.numberlink.metrics import METRICS
from viewer.engine.numberlink.quality import quality
from viewer.engine.numberlink.solver import solve
from viewer.engine.protocol import GenerationError


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard", "extreme"])
def test_a_generated_puzzle_has_the_grade_asked_for_and_is_unique(difficulty):
    r = NUMBERLINK.generate({"size": "8x8", "difficulty": difficulty}, seed="graded")
    p = r.detail.puzzle
    assert r.detail.grade == difficulty
    assert grade(p).grade == difficulty                # the grade, again from the clues
    assert solve(p, "fill-no-touch").status == "unique"
    q = quality(r.layers["paths"])
    assert min(q.lengths) >= 3                         # no two-square paths by default
    assert 100 * len(q.boring) <= 25 * q.npaths
    assert 100 * max(q.histogram.values()) <= 50 * q.npaths
    assert sum(r.detail.grade_counts.values()) > 0


def test_min_length_and_the_spread_of_lengths_are_kept():
    r = NUMBERLINK.generate({"size": "8x8", "difficulty": "easy", "min_length": 5,
                             "max_same_length": 30, "max_tries": 2000}, seed="long")
    q = quality(r.layers["paths"])
    assert min(q.lengths) >= 5
    assert 100 * max(q.histogram.values()) <= 30 * q.npaths


def test_a_grade_that_cannot_be_met_names_the_limit():
    with pytest.raises(GenerationError) as why:
        NUMBERLINK.generate({"size": "5x5", "difficulty": "extreme", "max_tries": 3},
                            seed="x")
    text = str(why.value)
    assert "\n" not in text and "3 tries" in text and "--max-tries" in text


def test_grade_and_technique_counts_are_sweep_metrics():
    r = NUMBERLINK.generate({"size": "7x7", "difficulty": "hard"}, seed="m")
    names = METRICS.names({"check_grade": True})
    assert "grade" in names and "steps_H1" in names
    m = METRICS(r, check_grade=True)
    assert m["grade"] == 3 and m["steps_H1"] > 0
    plain = NUMBERLINK.generate({"size": "7x7", "grid_number": 2}, seed="m")
    m = METRICS(plain, check_grade=True)
    g = grade(plain.detail.puzzle)
    assert m["grade"] == {"easy": 1, "normal": 2, "hard": 3, "extreme": 4}[g.grade]
    assert m["steps_E1"] == g.counts["E1"]
