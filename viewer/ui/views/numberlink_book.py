"""Number Link drawings (:mod:`viewer.render.numberlink_vector`) painted by
Qt as vector files: PDF through QPdfWriter (every page of a book in one
file) and SVG through QSvgGenerator (one file a page).  Both are made in
memory and written atomically by the caller; no dependency beyond Qt."""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtSvg import QSvgGenerator

from ...render.numberlink_vector import Drawing

__all__ = ["pdf_bytes", "svg_bytes", "ensure_gui"]

PDF_DPI = 1200
SVG_DPI = 96


def ensure_gui() -> None:
    """An application for fonts (offscreen when there is no display); a
    QApplication, so that windows may still be opened in the same process."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    if QCoreApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        ensure_gui.app = QApplication([])          # kept alive with the function


def _paint(p: QPainter, d: Drawing, k: float) -> None:
    """``d`` onto ``p`` at ``k`` device units a millimetre."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for x1, y1, x2, y2, pen, rgb in d.lines:
        qp = QPen(QColor(*rgb))
        qp.setWidthF(pen * k)
        qp.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(qp)
        p.drawLine(QPointF(x1 * k, y1 * k), QPointF(x2 * k, y2 * k))
    for cx, cy, r, fill, pen, rgb in d.discs:
        qp = QPen(QColor(*rgb))
        qp.setWidthF(pen * k)
        p.setPen(qp)
        p.setBrush(QBrush(QColor(*fill)) if fill is not None else Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(cx * k, cy * k), r * k, r * k)
    _paint_boxes(p, d, k)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for x, y, size, text, rgb, bold, *align in d.texts:
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(size * k)))
        font.setBold(bool(bold))
        p.setFont(font)
        p.setPen(QColor(*rgb))
        half = size * k * (len(text) + 2)
        if align == ["left"]:
            p.drawText(QRectF(x * k, y * k - size * k, 2 * half, 2 * size * k),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            continue
        p.drawText(QRectF(x * k - half, y * k - size * k, 2 * half, 2 * size * k),
                   Qt.AlignmentFlag.AlignCenter, text)


def _paint_boxes(p: QPainter, d: Drawing, k: float) -> None:
    """The filled boxes, without antialiasing: touching boxes leave no seam."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    for x, y, w, h, rgb in d.boxes:
        p.fillRect(QRectF(x * k, y * k, w * k, h * k), QColor(*rgb))
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)


def pdf_bytes(pages: list[Drawing], title: str = "Number Link") -> bytes:
    """A PDF of ``pages`` (each its own size, in millimetres)."""
    ensure_gui()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buf)
    writer.setResolution(PDF_DPI)
    writer.setTitle(title)
    writer.setCreator("mapgen-viewer")

    def size_of(d: Drawing) -> QPageSize:
        return QPageSize(QPageSize.PageSizeId.A4) if (round(d.width), round(d.height)) == \
            (210, 297) else QPageSize(QPageSize.PageSizeId.Letter) if \
            (round(d.width, 1), round(d.height, 1)) == (215.9, 279.4) else \
            QPageSize(QRectF(0, 0, d.width, d.height).size(), QPageSize.Unit.Millimeter)

    writer.setPageLayout(QPageLayout(size_of(pages[0]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    try:
        k = PDF_DPI / 25.4
        for n, d in enumerate(pages):
            if n:
                writer.setPageSize(size_of(d))
                writer.newPage()
            _paint(painter, d, k)
    finally:
        painter.end()
    buf.close()
    return bytes(data.data())


def svg_bytes(d: Drawing, title: str = "Number Link") -> bytes:
    """An SVG of one drawing, ``d.width`` x ``d.height`` millimetres."""
    ensure_gui()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    k = SVG_DPI / 25.4
    gen.setSize(QSize(round(d.width * k), round(d.height * k)))
    gen.setViewBox(QRectF(0, 0, d.width * k, d.height * k))
    gen.setResolution(SVG_DPI)
    gen.setTitle(title)
    painter = QPainter(gen)
    try:
        _paint(painter, d, k)
    finally:
        painter.end()
    buf.close()
    return bytes(data.data())
