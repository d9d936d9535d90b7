"""The printable book: pages of puzzles then solutions, each puzzle with its
number, size, grade and seed, as vector drawings; PDF and SVG through Qt."""

from __future__ import annotations

import re

import pytest

from viewer.engine.numberlink.book import book_entries
from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.grade import grade
from viewer.engine.numberlink.solver import solve
from viewer.engine.protocol import GenerationError
from viewer.render.numberlink_vector import (
    PAPERS,
    LayoutError,
    book_pages,
    layout,
    single_page,
)


@pytest.fixture(scope="module")
def entries():
    return book_entries(7, 7, 7, "normal", "bk")


def test_each_puzzle_is_made_again_by_its_seed_and_has_the_grade(entries):
    assert [e.number for e in entries] == list(range(1, 8))
    for e in entries:
        assert e.seed == f"bk-{e.number}" and e.grade == "normal"
        again = NUMBERLINK.generate({"size": "7x7", "difficulty": "normal"}, seed=e.seed)
        assert (again.detail.puzzle.cells == e.puzzle.cells).all()
        assert grade(e.puzzle).grade == "normal"
        assert solve(e.puzzle).status == "unique"


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_puzzles_come_first_several_to_a_page_then_the_solutions(entries, paper):
    pages = book_pages(entries, paper)
    pw, ph = PAPERS[paper]
    assert all((p.width, p.height) == (pw, ph) for p in pages)
    titles = [next(t[3] for t in p.texts if t[3].startswith("Number Link")) for p in pages]
    first_solution = titles.index("Number Link: solutions")
    assert set(titles[:first_solution]) == {"Number Link: puzzles"}
    assert set(titles[first_solution:]) == {"Number Link: solutions"}
    captions = [t[3] for p in pages[:first_solution] for t in p.texts
                if re.match(r"\d+\.  ", t[3])]
    assert captions == [f"{e.number}.  7x7  normal  seed bk-{e.number}" for e in entries]
    assert first_solution < len(entries)                 # several to a page
    # every end of every puzzle is a ring on the puzzle pages, with its label
    ends = sum(int((e.puzzle.cells > 0).sum()) for e in entries)
    assert sum(len(p.discs) for p in pages[:first_solution]) == ends
    assert all(d[3] == (255, 255, 255) for p in pages[:first_solution] for d in p.discs)
    # the solutions draw one line per link
    links = sum(int(e.solution.right.sum() + e.solution.down.sum()) for e in entries)
    grid_lines = sum(8 + 8 for _ in entries)
    assert sum(len(p.lines) for p in pages[first_solution:]) == links + grid_lines
    # everything inside the page
    for p in pages:
        for x1, y1, x2, y2, *_ in p.lines:
            assert 0 <= min(x1, x2) and max(x1, x2) <= pw and max(y1, y2) <= ph


def test_a_grid_too_big_for_the_page_is_refused_in_one_line():
    with pytest.raises(LayoutError) as why:
        layout(60, 60, "a4", 6.0)
    assert "\n" not in str(why.value) and "60x60" in str(why.value)
    assert layout(10, 10, "a4", 6.0)[0] * layout(10, 10, "a4", 6.0)[1] >= 4


def test_a_grade_that_cannot_be_met_names_the_puzzle():
    with pytest.raises(GenerationError) as why:
        book_entries(2, 5, 5, "extreme", "x", max_tries=2)
    assert "puzzle 1 of the book" in str(why.value) and "\n" not in str(why.value)


def test_pdf_and_svg_are_vector_files(entries, qapp):
    from viewer.ui.views.numberlink_book import pdf_bytes, svg_bytes

    pages = book_pages(entries, "a4")
    pdf = pdf_bytes(pages)
    assert pdf.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == len(pages)
    svg = svg_bytes(single_page(entries[0].puzzle, entries[0].solution)).decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "<image" not in svg                        # drawn, not a picture pasted in
    for label in entries[0].puzzle.labels:
        assert f">{label}<" in svg
