"""puzz.link URLs for Number Link (numlin, arukone): the published vectors
decode and encode back byte for byte, the reference puzzles make URLs that
decode to the same grids, the number forms and runs, the rules each type
means, and one-line refusals naming the column."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refdata import require_reference

from viewer.engine.numberlink.generator import generate_grids, grid_puzzle
from viewer.engine.numberlink.puzzlink import (
    Link,
    PuzzLinkError,
    decode_body,
    encode_body,
    format_url,
    link_puzzle,
    parse_url,
    puzzle_url,
)
from viewer.formats.numberlink import parse_puzzle

# pzprjs's own test vectors (test/script/numlin.js, arukone.js) and the issue's
VECTORS = [
    "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?numlin/7/6/523i1j5l4i2h3m4g1l",
    "http://pzv.jp/p.html?numlin/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?arukone/4/4/12l3123j",
    "https://puzz.link/p?arukone/e/4/4/12l3123j",
    "https://puzz.link/p?numlin_edit/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?numlin_play/v:alt/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?type=player&numlin/5/5/1j2h3m1h2j3",
    "numlin/5/5/1j2h3m1h2j3",
]


@pytest.mark.parametrize("url", VECTORS)
def test_published_vectors_decode_and_encode_byte_for_byte(url):
    link = parse_url(url)
    assert format_url(link) == url


def test_the_second_vectors_first_row():
    link = parse_url("https://puzz.link/p?numlin/7/6/523i1j5l4i2h3m4g1l")
    assert (link.cols, link.rows) == (7, 6)
    assert link.clues[:7] == (5, 2, 3, -1, -1, -1, 1)
    puzzle = link_puzzle(link)
    assert puzzle.labels == ("1", "2", "3", "4", "5")
    assert [puzzle.labels[k - 1] if k else "." for k in puzzle.cells[0]] == \
        ["5", "2", "3", ".", ".", ".", "1"]


def test_rules_each_type_means():
    assert parse_url("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3").rule == "free"
    assert parse_url("https://puzz.link/p?arukone/4/4/12l3123j").rule == "fill"
    assert parse_url("https://puzz.link/p?arukone/e/4/4/12l3123j").rule == "free"
    aru = link_puzzle(parse_url("https://puzz.link/p?arukone/4/4/12l3123j"))
    assert aru.labels == ("A", "B", "C")            # arukone shows letters
    # written back: arukone keeps its letters, a free arukone gets its flag
    assert puzzle_url(aru, "arukone") == "https://puzz.link/p?arukone/4/4/12l3123j"
    assert puzzle_url(aru, "arukone", "free") == "https://puzz.link/p?arukone/e/4/4/12l3123j"


@pytest.mark.parametrize("number,text", [(0, "0"), (15, "f"), (16, "-10"), (255, "-ff"),
                                         (256, "+100"), (4095, "+fff"), (4096, "=000"),
                                         (8191, "=fff"), (8192, "@000"), (12240, "*0000"),
                                         (77776, "$00000"), (1126351, "$fffff")])
def test_number_forms(number, text):
    assert encode_body([number]) == text
    assert decode_body(text, 1) == (number,)


def test_hidden_numbers_and_runs_of_empty_squares():
    # 1, 20 empty (z), 21 empty (z then g), a hidden number
    clues = [1] + [-1] * 20 + [2] + [-1] * 21 + [-2]
    body = encode_body(clues)
    assert body == "1z2zg."
    assert decode_body(body, len(clues)) == tuple(clues)
    assert decode_body("%000", 1) == (8192,)         # pzprjs also reads % for @
    # a trailing '.' gets the '/' pzprjs adds
    link = Link("numlin", 2, 1, (-1, -2))
    assert format_url(link) == "https://puzz.link/p?numlin/2/1/g./"
    assert parse_url(format_url(link)).clues == (-1, -2)


@given(st.lists(st.one_of(st.just(-1), st.just(-1), st.just(-2),
                          st.integers(0, 1126351)), min_size=1, max_size=60))
@settings(max_examples=200)
def test_any_clues_round_trip(clues):
    body = encode_body(clues)
    assert decode_body(body, len(clues)) == tuple(clues)
    assert encode_body(decode_body(body, len(clues))) == body


def test_reference_puzzles_convert_to_urls_that_decode_to_the_same_grids():
    folder = require_reference("numberlink") / "puzzles"
    paths = [p for p in sorted(folder.glob("*.txt")) if not p.name.endswith(".sol.txt")]
    assert paths
    for path in paths:
        puzzle = parse_puzzle(path.read_text(), path.name)
        url = puzzle_url(puzzle)
        back = link_puzzle(parse_url(url))
        assert np.array_equal(back.cells, puzzle.cells), path.name
        assert format_url(parse_url(url)) == url
        if puzzle.npaths <= 52:
            back = link_puzzle(parse_url(puzzle_url(puzzle, "arukone")))
            assert np.array_equal(back.cells, puzzle.cells), path.name


@settings(max_examples=15)
@given(st.integers(4, 12), st.integers(4, 12), st.text(max_size=4))
def test_generated_puzzles_keep_their_numbers_in_urls(w, h, seed):
    if w * h < 12:
        return
    puzzle = grid_puzzle(generate_grids(w, h, seed, 1)[0])
    back = link_puzzle(parse_url(puzzle_url(puzzle)))
    assert back.labels == puzzle.labels and np.array_equal(back.cells, puzzle.cells)


@pytest.mark.parametrize("url,message", [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", "column 42: the body ends after 24 squares; "
                                                  "the grid has 25"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3k", "column 43: text after the 25 squares"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jk", "column 42: 'k' skips 5 squares, past the end"),
    ("https://puzz.link/p?sudoku/5/5/1", "column 21: the puzzle type is 'sudoku', not Number "
                                         "Link"),
    ("https://puzz.link/p?numlin/5/x/1", "column 30: expected the number of rows, not 'x'"),
    ("https://puzz.link/p?numlin/5/5/-1", "column 32: '-' must be followed by 2 hex digits"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jQ", "column 42: 'Q' is not part of a Number Link "
                                                   "body"),
    ("https://puzz.link/p?numlin/0/5/1", "column 28: 0 columns; a grid has 1 to 512"),
    ("https://puzz.link/p?numlin/5", "expected the number of rows"),
])
def test_bad_urls_are_refused_naming_the_column(url, message):
    with pytest.raises(PuzzLinkError) as exc:
        parse_url(url)
    assert message in str(exc.value)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("url,message", [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", "row 5, column 5 of the grid holds a hidden "
                                                   "number"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j4", "the number 3 is in 1 square(s) (row 2 "
                                                   "column 4)"),
])
def test_clues_the_solver_cannot_take_are_refused_saying_which(url, message):
    link = parse_url(url)
    with pytest.raises(PuzzLinkError) as exc:
        link_puzzle(link)
    assert message in str(exc.value)


def test_bridges_and_too_many_arukone_pairs_are_refused():
    bridged = parse_puzzle("5 4\n1 . 2 . 3\n4 . + . 4\n. . . . .\n1 . 2 . 3\n")
    with pytest.raises(PuzzLinkError, match="no bridges"):
        puzzle_url(bridged)
    wide = parse_puzzle("53 2\n" + " ".join(str(k) for k in range(1, 54)) + "\n"
                        + " ".join(str(k) for k in range(1, 54)) + "\n")
    with pytest.raises(PuzzLinkError, match="at most 52 pairs"):
        puzzle_url(wide, "arukone")
    assert parse_url(puzzle_url(wide)).clues[:3] == (1, 2, 3)
