"""The legend under the map: a colour bar for quantities, swatches for
categories and special values (from :func:`viewer.render.colormaps.legend_for`)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..render.colormaps import Legend

BAR_HEIGHT = 12


FRAME = "#505058"
"""The edge round every swatch, so that white and pale ones show on a pale
window (and dark ones on a dark one)."""


class Swatches(QWidget):
    """The legend's swatches, each a colour in a FRAME edge all round with
    its label beside it, wrapped to the width (a swatch never parted from
    its label)."""

    GAP = 14        # between one label and the next swatch

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.entries: list[tuple[str, tuple]] = []
        self._height = 0
        self._placed: dict[tuple, tuple] = {}   # (width, font) -> (places, height)

    def set_entries(self, entries) -> None:
        self.entries = [(str(label), tuple(int(v) for v in c[:3])) for label, c in entries]
        self._placed.clear()
        self._layout(self.width())
        self.update()

    def text(self) -> str:
        """The labels, as a line of text."""
        return "   ".join(label for label, _c in self.entries)

    def _box(self) -> QSize:
        h = max(8, self.fontMetrics().ascent())
        return QSize(2 * h, h)

    def _places(self, width: int) -> list[tuple[QRect, QRect, str, tuple]]:
        """(swatch rectangle, label rectangle, label, colour) of each entry
        (kept per width and font until the entries change: a layout asks a
        dozen times, and measuring a puzzle's hundred labels each time held
        the GUI thread 4 ms)."""
        key = (width, self.font().key())
        if key in self._placed:
            out, self._height = self._placed[key]
            return out
        out = self._measure(width)
        if len(self._placed) > 32:
            self._placed.clear()
        self._placed[key] = (out, self._height)
        return out

    def _measure(self, width: int) -> list[tuple[QRect, QRect, str, tuple]]:
        fm = self.fontMetrics()
        line = fm.lineSpacing() + 2
        box = self._box()
        x = y = 0
        out = []
        for label, colour in self.entries:
            w = box.width() + 4 + fm.horizontalAdvance(label)
            if x and x + w > width:
                x, y = 0, y + line
            swatch = QRect(x, y + (line - box.height()) // 2, box.width(), box.height())
            text = QRect(x + box.width() + 4, y, w - box.width() - 4, line)
            out.append((swatch, text, label, colour))
            x += w + self.GAP
        self._height = y + line if out else 0
        return out

    def _layout(self, width: int) -> None:
        self._places(max(1, width))
        self.setMinimumHeight(self._height)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        self._places(max(1, width))
        return self._height

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(200, self.heightForWidth(max(200, self.width())))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._layout(self.width())

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        frame = QColor(FRAME)
        ink = self.palette().windowText().color()
        for swatch, text, label, colour in self._places(self.width()):
            p.fillRect(swatch, frame)
            p.fillRect(swatch.adjusted(1, 1, -1, -1), QColor(*colour))
            p.setPen(ink)
            p.drawText(text, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       label)
        p.end()


class LegendWidget(QWidget):
    """Title, colour bar and swatches, wrapped to the width and never cut:
    in one fixed height (the map never changes size with the layer), what
    does not fit scrolls (a long title at 800 pixels, 60 paths of a puzzle)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 2)
        self.body = QWidget()
        lay = QVBoxLayout(self.body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.title = QLabel()           # wrapped at words: all of it shows
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        self._title = ""
        lay.addWidget(self.title)
        bar_row = QHBoxLayout()
        self.vmin = QLabel()
        self.bar = QLabel()
        self.bar.setMinimumWidth(120)
        self.bar.setScaledContents(True)
        self.bar.setFixedHeight(BAR_HEIGHT)
        self.vmax = QLabel()
        bar_row.addWidget(self.vmin)
        bar_row.addWidget(self.bar, 1)
        bar_row.addWidget(self.vmax)
        self.bar_box = QWidget()
        self.bar_box.setLayout(bar_row)
        bar_row.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.bar_box)
        self.swatches = Swatches()
        lay.addWidget(self.swatches)
        lay.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.body)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll)
        line = self.swatches.fontMetrics().lineSpacing()
        # one height with or without a bar: a title line, the bar's and two
        # of swatches
        self.setFixedHeight(self.title.sizeHint().height() + max(BAR_HEIGHT, line) + 2 * line
                            + 6 + 2 * 2 + 2 * 2)
        self.legend: Legend | None = None

    def set_legend(self, legend: Legend | None) -> None:
        if _same_legend(legend, self.legend):       # (every step of a timeline says it again)
            self.legend = legend
            return
        self.legend = legend
        if legend is None:
            self._set_title("")
            self.bar_box.hide()
            self.swatches.set_entries([])
            return
        self._set_title(legend.title)
        if legend.lut is not None:
            lut = np.ascontiguousarray(np.repeat(legend.lut[None, :, :], BAR_HEIGHT, axis=0))
            img = QImage(lut.data, lut.shape[1], lut.shape[0], lut.shape[1] * 4,
                         QImage.Format.Format_RGBA8888).copy()
            self.bar.setPixmap(QPixmap.fromImage(img))
            self.vmin.setText(f"{legend.vmin:g}")
            self.vmax.setText(f"{legend.vmax:g}")
            self.bar_box.show()
        else:
            self.bar_box.hide()
        self.swatches.set_entries(legend.entries)

    def _set_title(self, text: str) -> None:
        self._title = text
        self.title.setText(text)
        self.title.setToolTip(text)

    def title_text(self) -> str:
        """The whole title (the label may show it elided)."""
        return self._title


def _same_legend(a: Legend | None, b: Legend | None) -> bool:
    """Whether two legends show the same: their title, swatches, bar and range."""
    if a is None or b is None:
        return a is b
    try:
        if (a.title, a.entries, a.vmin, a.vmax) != (b.title, b.entries, b.vmin, b.vmax):
            return False
    except ValueError:                          # (a colour as an array: compared no further)
        return False
    if a.lut is None or b.lut is None:
        return a.lut is b.lut
    return a.lut is b.lut or np.array_equal(a.lut, b.lut)
