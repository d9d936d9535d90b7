"""The book's puzzles carry their puzz.link URLs, as text and as QR codes:
the codes read from the rendered pages (SVG through Qt's renderer, PDF
through PDFium, decoded by zxing-cpp) are the puzzles' URLs, and the URLs
decode back to the printed puzzles."""

from __future__ import annotations

import re

import numpy as np
import pytest

from viewer.engine.numberlink.book import book_entries
from viewer.engine.numberlink.puzzlink import link_puzzle, parse_url
from viewer.render.numberlink_vector import book_pages, single_page

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the QR "
                                                   "codes")


@pytest.fixture(scope="module")
def entries():
    return book_entries(5, 8, 8, "easy", "qr")


def _svg_image(data: bytes, scale: float) -> np.ndarray:
    from PySide6.QtCore import QByteArray, QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    from viewer.ui.views.numberlink_book import ensure_gui

    ensure_gui()
    renderer = QSvgRenderer(QByteArray(data))
    size = renderer.defaultSize()
    img = QImage(round(size.width() * scale), round(size.height() * scale),
                 QImage.Format.Format_Grayscale8)
    img.fill(255)
    painter = QPainter(img)
    renderer.render(painter, QRectF(0, 0, img.width(), img.height()))
    painter.end()
    return np.array(img.constBits(), np.uint8).reshape(img.height(),
                                                       img.bytesPerLine())[:, :img.width()]


def _decoded(image) -> list[str]:
    return sorted(r.text for r in zxingcpp.read_barcodes(image))


def test_each_url_opens_the_printed_puzzle(entries):
    for e in entries:
        assert np.array_equal(link_puzzle(parse_url(e.url)).cells, e.puzzle.cells)


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_svg_pages_qr_codes_decode_to_the_puzzles_urls(entries, scale):
    from viewer.ui.views.numberlink_book import svg_bytes

    pages = book_pages(entries, "a4")
    found = []
    shown_text = ""
    for page in pages:
        data = svg_bytes(page)
        found += _decoded(_svg_image(data, scale))
        shown_text += "".join(re.findall(r">([^<>]*)</text>", data.decode("utf-8")))
    assert sorted(found) == sorted(e.url for e in entries)
    for e in entries:                      # and printed as text (in lines, one after another)
        assert e.url in shown_text


def test_pdf_pages_qr_codes_decode_to_the_puzzles_urls(entries):
    pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 (the test extra) renders PDF")
    from viewer.ui.views.numberlink_book import pdf_bytes

    pages = book_pages(entries, "letter")
    pdf = pdfium.PdfDocument(pdf_bytes(pages))
    found, text = [], ""
    for i in range(len(pdf)):
        page = pdf[i]
        found += _decoded(page.render(scale=300 / 72).to_pil())
        text += page.get_textpage().get_text_range().replace("\r", "").replace("\n", "")
    assert sorted(found) == sorted(e.url for e in entries)
    # the URLs' lines, as drawn one under another, are text in the PDF
    lines = [t[3] for page in pages[1:] for t in page.texts if t[6:] == ("left",)]
    assert "".join(lines) == "".join(e.url for e in entries)
    assert all(line in text for line in lines)


def test_solution_pages_and_single_pictures_carry_no_code(entries):
    pages = book_pages(entries, "a4")
    puzzle_pages = [p for p in pages if p.boxes]
    assert puzzle_pages and len(puzzle_pages) < len(pages)
    assert not single_page(entries[0].puzzle).boxes


def test_a_bridge_puzzle_has_no_url_and_no_code():
    bridged = book_entries(1, 7, 7, "any", "br", bridges=1)
    assert bridged[0].url is None
    assert not any(p.boxes for p in book_pages(bridged, "a4"))
