"""Number Link's print exports in the window: the puzzle or the solution
shown as SVG or PDF, and File > Export puzzle book... (a dialog for the
count, size, difficulty, seed and paper; the puzzles made on the view's
solve worker, the PDF or SVG pages painted and written when they are done)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
)

from ...engine.names import shown_name
from ...engine.numberlink.book import MAX_BOOK, book_entries
from ...engine.numberlink.grade import GRADES
from ...formats.atomic import OutputSet, write_atomic
from ...render.numberlink_vector import PAPERS, book_pages, single_page
from ..folders import save_path
from .numberlink_book import pdf_bytes, svg_bytes

__all__ = ["BookRequest", "BookDialog", "write_single", "write_book", "make_book_job"]


def write_single(path: str, result, solution: bool) -> str:
    """The shown puzzle (or its solution) alone, as SVG or PDF by the name's ending."""
    puzzle = result.detail.get("puzzle")
    if puzzle is None:
        raise ValueError("only a Number Link grid has a puzzle to export")
    sol = result.detail.get("solution") if solution else None
    if solution and sol is None:
        raise ValueError("the puzzle has no solution yet (check uniqueness solves it)")
    page = single_page(puzzle, sol)
    data = pdf_bytes([page]) if path.lower().endswith(".pdf") else svg_bytes(page)
    write_atomic(path, data)
    return f"{'solution' if solution else 'puzzle'} written to {shown_name(path)}"


@dataclass(frozen=True)
class BookRequest:
    count: int = 12
    width: int = 10
    height: int = 10
    difficulty: str = "normal"
    seed: str = "book"
    paper: str = "a4"
    rule: str = "fill-no-touch"
    bridges: int = 0
    title: str = "Number Link"


def make_book_job(req: BookRequest):
    """The worker's part: the book's puzzles (GenerationError in one line)."""
    def job(token):
        def progress(_text, _fraction):
            token.check()
        return book_entries(req.count, req.width, req.height, req.difficulty, req.seed,
                            rule=req.rule, bridges=req.bridges, progress=progress)
    return job


def write_book(path: str, req: BookRequest, entries) -> str:
    """The pages, to ``path`` (a .pdf file, or a folder of SVG pages)."""
    title = req.title.strip() or "Number Link"
    pages = book_pages(entries, req.paper, title)
    if path.lower().endswith(".pdf"):
        write_atomic(path, pdf_bytes(pages, title))
        return f"book of {len(entries)} puzzles, {len(pages)} pages, written to {shown_name(path)}"
    os.makedirs(path, exist_ok=True)
    names = [os.path.join(path, f"page-{n:02d}.svg") for n in range(1, len(pages) + 1)]
    with OutputSet(*names) as out:
        for name, page in zip(names, pages):
            out.add(name, svg_bytes(page, title))
    return (f"book of {len(entries)} puzzles, {len(pages)} SVG pages, written to "
            f"{shown_name(path)}")


class BookDialog(QDialog):
    """Title, count, size, difficulty, seed and paper of a puzzle book."""

    def __init__(self, parent, req: BookRequest):
        super().__init__(parent)
        self.setWindowTitle("Export puzzle book")
        form = QFormLayout(self)
        self.title = QLineEdit(req.title)
        self.title.setPlaceholderText("Number Link")
        self.title.setToolTip("the book's title, on its first page and atop every page")
        self.count = QSpinBox()
        self.count.setRange(1, MAX_BOOK)
        self.count.setValue(req.count)
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box, v in ((self.width_box, req.width), (self.height_box, req.height)):
            box.setRange(4, 40)
            box.setValue(v)
        self.difficulty = QComboBox()
        self.difficulty.addItems(GRADES)
        self.difficulty.setCurrentText(req.difficulty)
        self.seed = QLineEdit(req.seed)
        self.paper = QComboBox()
        self.paper.addItems([p.upper() if p == "a4" else p.title() for p in PAPERS])
        self.paper.setCurrentIndex(list(PAPERS).index(req.paper))
        self.bridges = QSpinBox()
        self.bridges.setRange(0, 10)
        self.bridges.setValue(req.bridges)
        self.format = QComboBox()
        self.format.addItems(["PDF", "SVG pages"])
        form.addRow("Title:", self.title)
        form.addRow("Puzzles:", self.count)
        form.addRow("Width:", self.width_box)
        form.addRow("Height:", self.height_box)
        form.addRow("Difficulty:", self.difficulty)
        form.addRow("Seed:", self.seed)
        form.addRow("Bridges:", self.bridges)
        form.addRow("Paper:", self.paper)
        form.addRow("Format:", self.format)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.rule = req.rule

    def request(self) -> BookRequest:
        return BookRequest(self.count.value(), self.width_box.value(), self.height_box.value(),
                           self.difficulty.currentText(), self.seed.text() or "book",
                           list(PAPERS)[self.paper.currentIndex()], self.rule,
                           self.bridges.value(), self.title.text().strip() or "Number Link")

    def wants_pdf(self) -> bool:
        return self.format.currentIndex() == 0


def ask_book_target(parent, pdf: bool) -> str:
    if pdf:
        return save_path(parent, "Export puzzle book", "book.pdf", "PDF files (*.pdf)")
    return save_path(parent, "Export puzzle book (a folder for the SVG pages)", "book",
                     "Folders (*)")
