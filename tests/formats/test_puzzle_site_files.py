"""The puzzle sites' files: pzprjs's pzprv3 (with a solution's lines), Janko's
Arukone and Flow Free level packs; read and written with round trips byte
for byte, told apart from our own formats, and refused in one line naming
the line and column."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refdata import require_reference

from viewer.engine.numberlink.generator import generate_grids, grid_paths, grid_puzzle
from viewer.engine.numberlink.puzzle import check_solution, solution_from_paths
from viewer.formats.numberlink import NumberLinkFormatError, parse_puzzle, parse_solution
from viewer.formats.numberlink_flowfree import FlowError, format_flow, parse_flow
from viewer.formats.numberlink_janko import JankoError, format_janko, parse_janko
from viewer.formats.numberlink_pzprv3 import Pzprv3Error, format_pzprv3, parse_pzprv3
from viewer.formats.numberlink_sources import (
    SourceError,
    detect,
    format_as,
    parse_source_text,
)

# pzprjs's test scripts: a solved numlin and arukone, '/' for line breaks
NUMLIN = ("pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"
          "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /"
          "1 1 1 1 1 /1 0 1 1 0 /")
ARUKONE = ("pzprv3/arukone/4/4/passallcell/A B . . /. . . . /C A B C /. . . . /0 1 1 /"
           "1 0 1 /0 0 0 /1 1 1 /1 0 0 1 /0 1 1 0 /1 0 0 1 /")
FLOW = "5,0,1,5;12,17,18;6,11,16,21;3,4,9;0,1,2,7,8,13,14,19,24,23,22;5,10,15,20\n"


def _generated(w, h, seed):
    g = generate_grids(w, h, seed, 1)[0]
    return grid_puzzle(g), solution_from_paths(grid_paths(g))


def test_pzprjs_solved_files_read_with_their_solutions():
    r = parse_pzprv3(NUMLIN)
    assert r.kind == "numlin" and r.rule == "free" and r.puzzle.labels == ("1", "2", "3")
    assert r.solution is not None and check_solution(r.puzzle, r.solution, "free") == []
    a = parse_pzprv3(ARUKONE)
    assert a.kind == "arukone" and a.rule == "fill" and a.puzzle.labels == ("A", "B", "C")
    assert check_solution(a.puzzle, a.solution, "fill") == []
    # written back as pzprjs writes it (the crosses, -1, are no lines)
    assert format_pzprv3(a.puzzle, a.solution, "arukone", "fill").replace("\n", "/") == ARUKONE
    assert format_pzprv3(r.puzzle, r.solution).replace("\n", "/") == \
        NUMLIN.replace("-1", "0")


def test_unfinished_lines_are_not_taken_as_a_solution():
    unfinished = ARUKONE.replace("/0 1 1 /1 0 1 /", "/0 1 0 /1 0 0 /")
    r = parse_pzprv3(unfinished, "u.txt")
    assert r.solution is None and "the lines are not a solution" in r.lines_note


@settings(max_examples=15)
@given(st.integers(4, 12), st.integers(4, 12), st.text(max_size=4))
def test_generated_puzzles_round_trip_through_pzprv3_janko_and_flow(w, h, seed):
    if w * h < 12:
        return
    puzzle, sol = _generated(w, h, seed)
    for kind in ("numlin", "arukone"):
        if kind == "arukone" and puzzle.npaths > 52:
            continue
        text = format_pzprv3(puzzle, sol, kind)
        r = parse_pzprv3(text)
        assert np.array_equal(r.puzzle.cells, puzzle.cells)
        assert r.solution is not None and r.solution.same_routes(sol)
        assert format_pzprv3(r.puzzle, r.solution, kind) == text
    text = format_janko(puzzle, sol)
    j = parse_janko(text)
    assert j.puzzle.labels == puzzle.labels and np.array_equal(j.puzzle.cells, puzzle.cells)
    assert j.solution.same_routes(sol) and format_janko(j.puzzle, j.solution) == text
    text = format_flow([(puzzle, sol)])
    [lv] = parse_flow(text)
    assert np.array_equal(lv.puzzle.cells, puzzle.cells) and lv.solution.same_routes(sol)
    assert format_flow([(lv.puzzle, lv.solution)]) == text


def test_reference_puzzles_and_solutions_through_every_format():
    folder = require_reference("numberlink") / "puzzles"
    for path in sorted(folder.glob("*.sol.txt")):
        puzzle = parse_puzzle(path.with_name(path.name[:-8] + ".txt").read_text(), path.name)
        sol = parse_solution(path.read_text(), puzzle)
        for fmt in ("pzprv3", "janko", "flow", "url", "text"):
            [item] = parse_source_text(format_as(fmt, [_loaded(puzzle, sol)]), path.name)
            assert np.array_equal(item.puzzle.cells, puzzle.cells), (path.name, fmt)
            if fmt in ("pzprv3", "janko", "flow"):
                assert item.solution is not None and item.solution.same_routes(sol), \
                    (path.name, fmt)


def _loaded(puzzle, sol):
    from viewer.formats.numberlink_sources import Loaded

    return Loaded(puzzle, sol)


def test_janko_file_with_its_site_lines():
    text = ("begin\npuzzle arukone\nauthor Someone\nsource janko.at\nunit 20\nrows 2\ncols 3\n"
            "problem\n1 - 2\n1 - 2\nsolution\n1 2 2\n1 - 2\nmoves\n1,1;2,2;\nend\n")
    j = parse_janko(text, "j.txt")
    assert (j.puzzle.width, j.puzzle.height) == (3, 2) and j.rule == "fill"
    assert j.solution is None and "not taken" in j.solution_note    # a square left empty


def test_flow_pack_levels_and_their_numbers():
    text = FLOW + "3:2,0,7,2;0,3;1,2,5,4\n"
    levels = parse_flow(text)
    assert [lv.number for lv in levels] == [1, 7]
    assert levels[1].puzzle.width == 3 and levels[1].puzzle.height == 2
    assert all(check_solution(lv.puzzle, lv.solution, "fill") == [] for lv in levels)


@pytest.mark.parametrize("text,fmt", [(NUMLIN, "pzprv3"), ("v:x\npzprv3\nnumlin\n", "pzprv3"),
                                      ("begin\npuzzle arukone\n", "janko"), (FLOW, "flow"),
                                      ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n", "url"),
                                      ("2 1\na a\n", "text"), ("| 1 1 |\n", "testmain")])
def test_formats_told_apart_by_their_first_line(text, fmt):
    assert detect(text) == fmt


@pytest.mark.parametrize("reader,text,message", [
    (parse_pzprv3, "pzprv3\nnumlin\n2\n2\n1 1 \n. x \n0 \n0 \n0 0 \n",
     "f.txt: line 6, column 3: 'x' is not a square"),
    (parse_pzprv3, "pzprv3\nnumlin\n2\n2\n1 1 \n. . \n0 \n7 \n0 0 \n",
     "f.txt: line 8, column 1: '7' is not a link"),
    (parse_pzprv3, "pzprv3/numlin/2/2/1 1 /. . . /",
     "f.txt: line 1, column 24: row 2 has 3 values, expected 2"),
    (parse_pzprv3, "pzprv3\nsudoku\n", "f.txt: line 2, column 1: the puzzle type is 'sudoku'"),
    (parse_pzprv3, "pzprv3\nnumlin\n2\n", "f.txt: line 4, column 1: expected the number of "
                                         "columns"),
    (parse_janko, "begin\npuzzle sudoku\nsize 2\nproblem\n1 1\n- -\nend\n",
     "f.txt: line 2: the puzzle is 'sudoku', not arukone"),
    (parse_janko, "begin\npuzzle arukone\nsize 2\nproblem\n1 1\n-\nend\n",
     "f.txt: line 6: row 2 of the problem has 1 squares, expected 2"),
    (parse_janko, "begin\npuzzle arukone\nsize x\n", "f.txt: line 3, column 6: size must be"),
    (parse_janko, "begin\npuzzle arukone\nsize 2\nproblem\n1 2\n- 1\nend\n",
     "f.txt: line 5, column 3: '2' is in 1 square(s)"),
    (parse_flow, "5,0,1,1;0,1,2,40\n", "f.txt: line 1, column 15: '40' is not a square"),
    (parse_flow, "5,0,1,1;0,2\n", "f.txt: line 1, column 11: square 2 is not beside square 0"),
    (parse_flow, "5,0,1,2;0,1\n", "f.txt: line 1, column 7: the level says 2 flows and gives 1"),
    (parse_flow, "5,0,1,1,3;0,1\n", "f.txt: line 1, column 9: a level with bridges"),
])
def test_site_files_refused_naming_line_and_column(reader, text, message):
    errors = (Pzprv3Error, JankoError, FlowError)
    with pytest.raises(errors) as exc:
        reader(text, "f.txt")
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_a_file_of_urls_is_read_line_by_line():
    text = ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n\n"
            "https://puzz.link/p?arukone/4/4/12l3123j\n")
    items = parse_source_text(text, "u.txt")
    assert [i.rule for i in items] == ["free", "fill"]
    assert format_as("url", items) == text.replace("\n\n", "\n")
    with pytest.raises(SourceError, match=r"u\.txt: line 2, column 42: the body ends"):
        parse_source_text("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n"
                          "https://puzz.link/p?numlin/5/5/1j2h3m1h2j\n", "u.txt")


def test_several_text_puzzles_as_generate_prints_them():
    text = "2 1\n1 1\n\n3 1\n1 . 1\n"
    items = parse_source_text(text, "t.txt")
    assert [i.puzzle.width for i in items] == [2, 3]
    assert format_as("text", items) == text
    with pytest.raises(NumberLinkFormatError, match="t.txt: line 5: label '1' occurs 1"):
        parse_source_text("2 1\n1 1\n\n3 1\n1 . 2\n", "t.txt")


def test_formats_refuse_what_they_cannot_hold():
    one = parse_source_text("2 1\n1 1\n", "a")
    with pytest.raises(ValueError, match="holds one puzzle"):
        format_as("pzprv3", one + one)
    with pytest.raises(ValueError, match="solution's paths"):
        format_as("flow", one)


def test_hostile_sizes_are_refused_or_read_at_once(tmp_path):
    import time

    from viewer.engine.numberlink.puzzlink import PuzzLinkError, encode_body, link_puzzle
    from viewer.formats.numberlink_sources import read_source

    t0 = time.perf_counter()
    # 300 boards of 512x512 in a few kilobytes: more squares than a pack may hold
    with pytest.raises(FlowError, match="more than 4194304 squares"):
        parse_flow("512,0,1,1;0,1\n" * 300, "big.txt")
    urls = tmp_path / "urls.txt"
    urls.write_text(("https://puzz.link/p?numlin/512/512/" + "z" * 13107 + "j\n") * 20)
    with pytest.raises(SourceError, match="line 17, column 1: the file's URLs come to more"):
        read_source(str(urls))
    # 512x512 squares, each a number of its own: refused at once, saying which
    body = encode_body(range(512 * 512))
    with pytest.raises(PuzzLinkError, match="the number 0 is in 1 square"):
        link_puzzle(parse_url_of(f"https://puzz.link/p?numlin/512/512/{body}"))
    # a pzprv3 file whose lines are too many paths to check: read without them
    cols = 400
    row = " ".join(str(k) for k in range(1, cols + 1)) + " "
    text = "\n".join(["pzprv3", "numlin", "200", str(cols)] + [row, row] + [". " * cols] * 198
                     + ["1 " * (cols - 1)] * 200 + ["0 " * cols] * 199) + "\n"
    r = parse_pzprv3(text)
    assert r.puzzle.npaths == 400 and r.solution is None and "too many" in r.lines_note
    assert time.perf_counter() - t0 < 20


def parse_url_of(url):
    from viewer.engine.numberlink.puzzlink import parse_url

    return parse_url(url)


def test_a_pzprjs_file_url_holds_a_pzprv3_file():
    from urllib.parse import quote

    from viewer.formats.numberlink_sources import read_source

    url = "https://puzz.link/p?" + "/".join(quote(part) for part in NUMLIN.split("/"))
    [item] = read_source(url)
    assert item.kind == "numlin" and item.solution is not None
    assert check_solution(item.puzzle, item.solution, "free") == []
    with pytest.raises(SourceError, match="the pzprv3 file in the URL: line 1, column 19: "
                                          "row 1 has 5 values, expected 4"):
        read_source(url.replace("numlin/5/5", "numlin/5/4"))
