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
    assert "How to play" in [t[3] for t in pages[0].texts]        # the rules first
    pages = pages[1:]
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


def _text(page) -> str:
    return " ".join(t[3] for t in page.texts)


def test_the_book_opens_with_its_title_and_the_rules_of_its_puzzles(entries):
    pages = book_pages(entries, "a4", "Summer puzzles")
    first = pages[0]
    big = max(first.texts, key=lambda t: t[2])
    assert big[3] == "Summer puzzles" and big[5]                   # the title, largest, bold
    text = _text(first)
    assert "How to play" in text and "7 puzzles, 7x7, normal" in text
    assert "no path runs alongside itself" in text                 # fill-no-touch's rule
    assert "bridge" not in text and not first.boxes                # no bridge, no code here
    assert not re.search(r"\d+\.  7x7", text)                     # no puzzle on it
    assert all(t[3].startswith("Summer puzzles: ") for p in pages[1:] for t in p.texts
               if t[2] == 5.0)
    for x, y, size, line, *_ in first.texts:                       # every line on the page
        assert 0 <= x and x + len(line) * size * 0.6 <= first.width + 1 and y <= first.height


def test_the_rules_page_explains_the_bridge_mark_when_a_puzzle_has_one():
    from viewer.render.numberlink_vector import GRID

    bridged = book_entries(1, 7, 7, "any", "br", bridges=1)
    first = book_pages(bridged, "a4")[0]
    text = _text(first)
    assert "grey cross marks a bridge" in text and "both crossings are used" in text
    assert sum(1 for ln in first.lines if ln[5] == GRID) == 2     # the mark drawn beside it
    free = book_entries(1, 7, 7, "any", "br", bridges=1, rule="free")
    assert "either crossing may stay empty" in _text(book_pages(free, "a4")[0])
    assert "Squares may stay empty" in _text(book_pages(free, "a4")[0])


def test_the_title_is_the_pdfs_first_page_text(entries, qapp):
    pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 (the test extra) reads PDF")
    from viewer.ui.views.numberlink_book import pdf_bytes

    pages = book_pages(entries[:2], "a4", "Puzzles for Ada")
    pdf = pdfium.PdfDocument(pdf_bytes(pages, "Puzzles for Ada"))
    first = pdf[0].get_textpage().get_text_range()
    assert "Puzzles for Ada" in first and "How to play" in first
    assert "Puzzles for Ada: puzzles" in pdf[1].get_textpage().get_text_range()
