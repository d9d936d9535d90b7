"""Number Link files: plain text, the test program's blocks, PNG."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refdata import require_reference

from viewer.engine.numberlink.generator import generate_grids, grid_paths, grid_puzzle
from viewer.engine.numberlink.puzzle import solution_from_paths
from viewer.formats.numberlink import (
    NumberLinkFormatError,
    format_puzzle,
    format_solution,
    format_testmain,
    parse_puzzle,
    parse_solution,
    parse_testmain,
    read_puzzle,
    render,
    write_puzzle,
    write_puzzle_png,
    write_solution,
)
from viewer.formats.png import read_png


def test_every_published_puzzle_and_solution_round_trips():
    folder = require_reference("numberlink") / "puzzles"
    for path in sorted(folder.glob("*.txt")):
        if path.name.endswith(".sol.txt"):
            continue
        text = path.read_text()
        puzzle = parse_puzzle(text, path.name)
        assert format_puzzle(puzzle) == text
        sol_path = path.with_name(path.name[:-4] + ".sol.txt")
        sol_text = sol_path.read_text()
        assert format_solution(puzzle, parse_solution(sol_text, puzzle)) == sol_text


def test_goldens_parse_as_solution_and_puzzle_pairs():
    path = require_reference("numberlink") / "generator-golden" / \
        "testmain_w10_h8_seed12345_n10.txt"
    text = path.read_text()
    grids = parse_testmain(text)
    assert len(grids) == 10
    assert "".join(format_testmain(p, s) for s, p in grids) == text
    # A testmain file given to the puzzle reader yields its first puzzle.
    assert np.array_equal(parse_puzzle(text).cells, grids[0][1].cells)


@settings(max_examples=20)
@given(st.integers(4, 14), st.integers(4, 14), st.text(max_size=5))
def test_generated_grids_round_trip_in_both_formats(w, h, seed):
    if w * h < 12:
        return
    g = generate_grids(w, h, seed, 1)[0]
    puzzle, sol = grid_puzzle(g), solution_from_paths(grid_paths(g))
    back = parse_puzzle(format_puzzle(puzzle))
    assert np.array_equal(back.cells, puzzle.cells) and back.labels == puzzle.labels
    assert np.array_equal(parse_solution(format_solution(puzzle, sol), puzzle).paths, sol.paths)
    [(s2, p2)] = parse_testmain(format_testmain(puzzle, sol))
    assert np.array_equal(p2.cells, puzzle.cells) and np.array_equal(s2.paths, sol.paths)


def test_free_solutions_keep_empty_squares(tmp_path):
    puzzle = parse_puzzle("4 1\na . . a\n")
    sol = solution_from_paths(np.array([[1, 1, 1, 1]]))
    assert format_solution(puzzle, sol) == "4 1\na a a a\n"
    sol = parse_solution("4 2\na a a a\n. . . .\n", parse_puzzle("4 2\na . . a\n. . . .\n"))
    assert sol.paths[1].tolist() == [0, 0, 0, 0]
    write_puzzle(tmp_path / "p.txt", puzzle)
    write_solution(tmp_path / "p.sol.txt", puzzle, solution_from_paths(np.array([[1, 1, 1, 1]])))
    assert read_puzzle(tmp_path / "p.txt").labels == ("a",)
    assert (tmp_path / "p.sol.txt").read_text() == "4 1\na a a a\n"


BAD = [
    ("", "empty"),
    ("3\n. . .\n", "line 1"),
    ("3 x\n", "line 1"),
    ("3 2\na . a\n", "line 3"),
    ("3 2\na . a\n. b\n", "line 3"),
    ("3 2\na . a\nb . .\n", "label 'b' occurs 1"),
    ("3 2\na a a\n. . .\n", "label 'a' occurs 3"),
    ("3 1\na . a\nextra\n", "line 3"),
    ("| 1 . 1 |\n| 2 x 2 |\n", "line 2"),
    ("| 1 . 1 |\n| 2 . |\n", "line 2"),
    ("| 1 . 1 |\nhello\n", "line 2"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_malformed_files_are_refused_with_the_line(text, message, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(NumberLinkFormatError) as info:
        read_puzzle(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)


def test_png_of_puzzle_and_solution(tmp_path):
    folder = require_reference("numberlink") / "puzzles"
    puzzle = read_puzzle(folder / "spivey-7x6.txt")
    sol = parse_solution((folder / "spivey-7x6.sol.txt").read_text(), puzzle)
    write_puzzle_png(tmp_path / "p.png", puzzle, cell=20)
    write_puzzle_png(tmp_path / "s.png", puzzle, sol, cell=20)
    p, s = read_png(tmp_path / "p.png"), read_png(tmp_path / "s.png")
    assert p.shape == s.shape == (6 * 20 + 1, 7 * 20 + 1, 4)
    # The solution paints every square's centre; the puzzle only the ends.
    centres = s[10::20, 10::20, :3]
    assert (centres != 255).any(axis=2).all()
    assert (p[10::20, 10::20, :3] != 255).any(axis=2).sum() == 8
    assert np.array_equal(render(puzzle, cell=20), p)
