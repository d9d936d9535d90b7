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


def test_generate_with_a_difficulty_then_grade_it(monkeypatch, tmp_path):
    f = tmp_path / "hard.txt"
    rc, out, err = run(["generate", "--size", "8x8", "--seed", "g", "--difficulty", "hard",
                        "--out", str(f)], monkeypatch)
    assert (rc, out, err) == (0, "", "")
    rc, out, err = run(["grade", str(f)], monkeypatch)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "grade: hard"
    counts = {line.split(":")[0].split()[0]: int(line.split(":")[1]) for line in lines[1:-1]}
    assert set(counts) == {"E1", "E2", "E3", "E4", "N1", "N2", "N3", "H1"}
    assert counts["H1"] > 0
    assert lines[-1] == f"deductions: {sum(counts.values())}"


def test_grade_steps_are_hints_naming_technique_and_squares(monkeypatch, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("5 5\nB . . A .\nC D . . .\n. . . . .\n. C D B .\nA . . . .\n")
    rc, out, err = run(["grade", str(f), "--steps"], monkeypatch)
    assert rc == 0
    steps = [line for line in out.splitlines() if line[:1].isdigit()]
    assert steps and all(" at (" in line for line in steps)
    assert out.splitlines()[len(steps)] == "grade: easy"


def test_grade_of_a_puzzle_with_several_solutions(monkeypatch, tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("3 3\na . .\n. . .\n. . a\n")
    rc, out, err = run(["grade", str(f), "--rule", "free"], monkeypatch)
    assert rc == 0 and out.startswith("grade: several\n")


@pytest.mark.parametrize("argv,message", [
    (["grade"], "file"),
    (["grade", "/no/such/puzzle.txt"], "no such file"),
    (["grade", "x", "--rule", "loose"], "--rule"),
    (["generate", "--difficulty", "fiendish"], "--difficulty"),
    (["generate", "--size", "5x5", "--difficulty", "extreme", "--max-tries", "2"],
     "--max-tries"),
])
def test_grade_and_difficulty_bad_input_in_one_line(argv, message, monkeypatch):
    rc, out, err = run(argv, monkeypatch)
    assert rc == 1 and out == ""
    assert err.startswith("numberlink: ") and message in err and err.count("\n") <= 2


def test_book_writes_a_pdf_and_svg_pages(monkeypatch, tmp_path):
    pdf, folder = tmp_path / "book.pdf", tmp_path / "pages"
    rc, out, err = run(["book", "--count", "5", "--size", "6x6", "--difficulty", "easy",
                        "--seed", "cli", "--pdf", str(pdf), "--svg", str(folder),
                        "--paper", "letter"], monkeypatch)
    assert rc == 0 and out == ""
    assert "book of 5 easy 6x6 puzzles" in err
    assert pdf.read_bytes().startswith(b"%PDF-")
    pages = sorted(p.name for p in folder.iterdir())
    assert pages and pages[0] == "page-01.svg"
    assert "How to play" in (folder / pages[0]).read_text()       # the rules first
    first = (folder / pages[1]).read_text()
    assert "seed cli-1" in first and "6x6" in first and "easy" in first


@pytest.mark.parametrize("argv,message", [
    (["book", "--count", "2", "--size", "60x60"], "does not fit"),
    (["book", "--count", "2", "--size", "6x6"], "--pdf"),
    (["book", "--count", "0", "--pdf", "x.pdf"], "--count"),
    (["book", "--count", "2", "--size", "5x5", "--difficulty", "extreme", "--max-tries", "2",
      "--pdf", "PDF"], "--max-tries"),
])
def test_book_bad_input_writes_nothing(argv, message, monkeypatch, tmp_path):
    argv = [str(tmp_path / a) if a in ("x.pdf", "PDF") else a for a in argv]
    if "--pdf" not in argv and "does not fit" in message:
        argv += ["--pdf", str(tmp_path / "b.pdf")]
    rc, out, err = run(argv, monkeypatch)
    assert rc == 1 and out == "" and message in err and err.startswith("numberlink: ")
    assert list(tmp_path.iterdir()) == []


def test_generate_draws_the_puzzle_and_solution_as_svg_and_pdf(monkeypatch, tmp_path):
    files = {k: tmp_path / f"{k}.{k.split('-')[-1]}" for k in ("svg", "pdf", "solution-svg",
                                                               "solution-pdf")}
    argv = ["generate", "--size", "6x6", "--seed", "v", "--out", str(tmp_path / "p.txt")]
    for k, f in files.items():
        argv += [f"--{k}", str(f)]
    rc, out, err = run(argv, monkeypatch)
    assert (rc, err) == (0, "")
    assert files["pdf"].read_bytes().startswith(b"%PDF-")
    assert files["solution-pdf"].read_bytes().startswith(b"%PDF-")
    puzzle_svg, solution_svg = files["svg"].read_text(), files["solution-svg"].read_text()
    assert "<svg" in puzzle_svg and "<svg" in solution_svg
    assert len(solution_svg) > len(puzzle_svg)        # the paths drawn too


def test_the_copied_command_line_of_a_graded_puzzle_makes_it_again(monkeypatch):
    import shlex

    from viewer.engine.numberlink.generator import NUMBERLINK
    from viewer.formats.numberlink import format_puzzle
    from viewer.formats.numberlink_exports import command_line

    r = NUMBERLINK.generate({"size": "7x7", "difficulty": "hard", "min_length": 4}, seed="cl")
    line = command_line(r.params, r.seed)
    assert "--difficulty hard" in line and "--min-length 4" in line
    rc, out, err = run(shlex.split(line)[1:], monkeypatch)
    assert rc == 0 and out == format_puzzle(r.detail.puzzle)


def test_generate_bridges_then_solve_and_grade_the_file(monkeypatch, tmp_path):
    from viewer.engine.numberlink.solver import solve
    from viewer.formats.numberlink import read_puzzle

    f = tmp_path / "b.txt"
    rc, out, err = run(["generate", "--size", "8x8", "--seed", "br", "--bridges", "2",
                        "--difficulty", "hard", "--out", str(f)], monkeypatch)
    assert (rc, err) == (0, "")
    puzzle = read_puzzle(f)
    assert len(puzzle.bridge_squares) == 2 and f.read_text().count("+") == 2
    assert solve(puzzle).status == "unique"
    rc, out, err = run(["solve", str(f)], monkeypatch)
    assert rc == 0 and out.endswith("solutions: 1\n") and out.count("+") == 2
    rc, out, err = run(["grade", str(f)], monkeypatch)
    assert rc == 0 and out.startswith("grade: hard\n")
    rc, out, err = run(["generate", "--size", "8x8", "--bridges", "1", "--format", "testmain"],
                       monkeypatch)
    assert rc == 1 and "testmain" in err


def test_a_bridge_on_the_edge_is_refused_by_solve_and_grade(monkeypatch, tmp_path):
    f = tmp_path / "edge.txt"
    f.write_text("4 3\na . . a\nb . . +\nb . . .\n")
    for command in ("solve", "grade"):
        rc, out, err = run([command, str(f)], monkeypatch)
        assert rc == 1 and out == ""
        assert "line 3, column 7: a bridge (+)" in err and err.count("\n") == 1
