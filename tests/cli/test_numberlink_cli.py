"""``numberlink generate`` and ``numberlink solve``, called in-process."""

from __future__ import annotations

import io
import sys

import pytest
from refdata import require_reference

from viewer.cli.numberlink import run_numberlink
from viewer.formats.numberlink import parse_puzzle, parse_testmain


def run(argv, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = run_numberlink(argv)
    return rc, out.getvalue(), err.getvalue()


def test_generate_testmain_is_the_c_test_program(monkeypatch, tmp_path):
    golden = require_reference("numberlink") / "generator-golden" / \
        "testmain_w10_h8_seed12345_n10.txt"
    rc, out, err = run(["generate", "--size", "10x8", "--seed", "12345", "--count", "10",
                        "--format", "testmain"], monkeypatch)
    assert (rc, err) == (0, "")
    assert out == golden.read_text()
    rc, out, err = run(["generate", "--size", "8x12", "--seed", "seed1", "--count", "10",
                        "--format", "testmain", "--out", str(tmp_path / "g.txt")], monkeypatch)
    assert (rc, out, err) == (0, "", "")
    assert (tmp_path / "g.txt").read_text() == (golden.parent / "w8_h12_seedseed1_n10.txt") \
        .read_text()


def test_generate_text_then_solve_it(monkeypatch, tmp_path):
    puzzle_file = tmp_path / "p.txt"
    rc, out, err = run(["generate", "--size", "7x7", "--seed", "cli", "--unique", "--out",
                        str(puzzle_file), "--solution-out", str(tmp_path / "p.sol.txt"),
                        "--png", str(tmp_path / "p.png"), "--solution-png",
                        str(tmp_path / "s.png"), "--quality"], monkeypatch)
    assert rc == 0 and out == ""
    assert err.startswith("grid 1: paths ")
    assert (tmp_path / "p.png").stat().st_size > 0 and (tmp_path / "s.png").stat().st_size > 0
    rc, out, err = run(["solve", str(puzzle_file)], monkeypatch)
    assert (rc, err) == (0, "")
    solution_text, last = out.rsplit("solutions: ", 1)
    assert last == "1\n"
    assert solution_text == (tmp_path / "p.sol.txt").read_text()


def test_generate_several_text_puzzles(monkeypatch):
    rc, out, err = run(["generate", "--size", "5x5", "--seed", "a", "--count", "3"], monkeypatch)
    assert rc == 0
    blocks = out.split("\n\n")
    assert len(blocks) == 3
    golden = require_reference("numberlink") / "generator-golden" / "w5_h5_seeda_n20.txt"
    expected = [p.cells.tolist() for _, p in parse_testmain(golden.read_text())[:3]]
    assert [parse_puzzle(b).cells.tolist() for b in blocks] == expected


@pytest.mark.parametrize("rule,count", [("fill-no-touch", "1"), ("fill", "2"), ("free", "2")])
def test_solve_reports_the_number_of_solutions(rule, count, monkeypatch):
    path = require_reference("numberlink") / "puzzles" / "tatham-10x8-s12345-1.txt"
    rc, out, err = run(["solve", str(path), "--rule", rule], monkeypatch)
    assert rc == 0
    assert out.splitlines()[-1] == f"solutions: {count}"
    assert out.startswith("10 8\n")
    if count == "2":
        assert "not unique" in err
    if rule == "fill-no-touch":
        sol = (path.parent / "tatham-10x8-s12345-1.sol.txt").read_text()
        assert out == sol + "solutions: 1\n"


def test_solve_a_testmain_file_answers_in_that_format(monkeypatch, tmp_path):
    f = tmp_path / "g.txt"
    run(["generate", "--format", "testmain", "--out", str(f)], monkeypatch)
    rc, out, err = run(["solve", str(f), "--max-solutions", "5"], monkeypatch)
    assert rc == 0
    assert out == f.read_text().split("\n\n")[0] + "\n\nsolutions: 1\n"


def test_unsolvable_puzzle_prints_zero(monkeypatch, tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("3 3\n. a .\nb . b\n. a .\n")
    rc, out, err = run(["solve", str(f), "--rule", "free"], monkeypatch)
    assert (rc, out) == (0, "solutions: 0\n")


@pytest.mark.parametrize("argv,message", [
    (["generate", "--size", "3x3"], "3x3"),
    (["generate", "--size", "ten"], "--size"),
    (["generate", "--size", "200x5"], "at most"),
    (["generate", "--mode", "quick"], "--mode"),
    (["generate", "--max-tries", "0"], "at least 1"),
    (["generate", "--extend-share", "x"], "--extend-share"),
    (["generate", "--count", "0"], "--count"),
    (["generate", "--format", "json"], "--format"),
    (["solve"], "file"),
    (["solve", "/no/such/puzzle.txt"], "no such file"),
    (["solve", "x", "--rule", "loose"], "--rule"),
    (["frobnicate"], "invalid choice"),
    ([], "missing command"),
])
def test_bad_input_gives_a_message_and_exit_1(argv, message, monkeypatch):
    rc, out, err = run(argv, monkeypatch)
    assert rc == 1 and out == ""
    assert err.startswith("numberlink: ") and message in err


def test_malformed_puzzle_file_names_the_line(monkeypatch, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("3 2\na . a\nb . c\n")
    rc, out, err = run(["solve", str(f)], monkeypatch)
    assert rc == 1 and out == ""
    assert "line 3" in err and "label 'b'" in err


def test_fast_mode_makes_full_grids_whose_puzzles_solve(monkeypatch, tmp_path):
    from viewer.engine.numberlink.puzzle import check_solution
    from viewer.engine.numberlink.solver import solve
    from viewer.formats.numberlink import read_solution

    rc, out, err = run(["generate", "--mode", "fast", "--size", "12x9", "--seed", "book",
                        "--count", "3", "--out", str(tmp_path / "p.txt"),
                        "--solution-out", str(tmp_path / "s.txt")], monkeypatch)
    assert (rc, out, err) == (0, "", "")
    puzzles = (tmp_path / "p.txt").read_text().split("\n\n")
    solutions = (tmp_path / "s.txt").read_text().split("\n\n")
    assert len(puzzles) == len(solutions) == 3
    assert len(set(puzzles)) == 3
    for k, (p_text, s_text) in enumerate(zip(puzzles, solutions)):
        puzzle = parse_puzzle(p_text)
        (tmp_path / f"s{k}.txt").write_text(s_text)
        sol = read_solution(tmp_path / f"s{k}.txt", puzzle)
        assert (sol.paths > 0).all()
        assert check_solution(puzzle, sol, "fill-no-touch") == []
        assert solve(puzzle, "fill-no-touch", 1).solutions


@pytest.mark.slow
def test_progress_goes_to_standard_error_only_when_asked(monkeypatch):
    argv = ["generate", "--size", "40x40", "--seed", "12345"]
    rc, quiet_out, err = run(argv, monkeypatch)
    assert (rc, err) == (0, "")
    rc, out, err = run(argv + ["--progress"], monkeypatch)
    assert rc == 0 and out == quiet_out
    lines = err.splitlines()
    assert lines and all(line.startswith("generate: grids filled ") for line in lines)
    assert any("restarts" in line and "squares covered" in line and "/1600" in line
               for line in lines)
