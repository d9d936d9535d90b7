"""The legend under the map: a colour bar for quantities, swatches for
categories and special values (from :func:`viewer.render.colormaps.legend_for`)."""

from __future__ import annotations

import html

import numpy as np
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..render.colormaps import Legend

BAR_HEIGHT = 12


def _hex(rgba) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgba[:3])


class LegendWidget(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        lay.setSpacing(2)
        self.title = QLabel()
        self.title.setWordWrap(True)
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
        lay.addWidget(self.swatches)
        self.legend: Legend | None = None

    def set_legend(self, legend: Legend | None) -> None:
        self.legend = legend
        if legend is None:
            self.title.setText("")
            self.bar_box.hide()
            self.swatches.setText("")
            return
        self.title.setText(f"<b>{html.escape(legend.title)}</b>")
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
        parts = [f'<span style="background-color:{_hex(c)}; color:{_hex(c)}">'
                 f'&nbsp;&#9608;&#9608;&nbsp;</span>&nbsp;{html.escape(label)}'
                 for label, c in legend.entries]
        self.swatches.setText("&nbsp;&nbsp; ".join(parts))
