"""The legend under the map: a colour bar for quantities, swatches for
categories and special values (from :func:`viewer.render.colormaps.legend_for`)."""

from __future__ import annotations

import html

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
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


def _hex(rgba) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgba[:3])


class LegendWidget(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        lay.setSpacing(2)
        self.title = QLabel()           # one line, elided: the map never jumps
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
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
        self.swatches = QLabel()
        self.swatches.setWordWrap(True)
        self.swatches.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # two lines of swatches; more scroll (60 paths of a puzzle, say)
        self.swatch_area = QScrollArea()
        self.swatch_area.setWidget(self.swatches)
        self.swatch_area.setWidgetResizable(True)
        self.swatch_area.setFrameShape(QFrame.Shape.NoFrame)
        self.swatch_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        line = self.swatches.fontMetrics().lineSpacing()
        self.swatch_area.setMinimumHeight(2 * line + 6)
        lay.addWidget(self.swatch_area, 1)
        # one height with or without a bar (the swatches take its place), so
        # the map never changes size with the layer
        self.setFixedHeight(self.title.sizeHint().height() + max(BAR_HEIGHT, line) + 2 * line
                            + 6 + 2 * 2 + 2 * 2)
        self.legend: Legend | None = None

    def set_legend(self, legend: Legend | None) -> None:
        self.legend = legend
        if legend is None:
            self._set_title("")
            self.bar_box.hide()
            self.swatches.setText("")
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
        # each swatch in a dark frame, so that white and pale ones show too
        parts = [f'<span style="background-color:{FRAME}">&nbsp;<span style="color:{_hex(c)}">'
                 f'&#9608;&#9608;</span>&nbsp;</span>&nbsp;{html.escape(label)}'
                 for label, c in legend.entries]
        self.swatches.setText("&nbsp;&nbsp; ".join(parts))

    def _set_title(self, text: str) -> None:
        self._title = text
        self.title.setToolTip(text)
        self._elide()

    def _elide(self) -> None:
        fm = self.title.fontMetrics()
        self.title.setText(fm.elidedText(self._title, Qt.TextElideMode.ElideRight,
                                         max(20, self.title.width())))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._elide()

    def title_text(self) -> str:
        """The whole title (the label may show it elided)."""
        return self._title
