"""The sweep's plots: a histogram of any metric and a scatter of any two,
drawn from the table's rows; clicking a point names its case."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

__all__ = ["SweepPlots", "histogram", "MAX_BINS"]

MAX_BINS = 50


class PlainAxis(pg.AxisItem):
    """An axis that writes a metric's own values as a table would: 1,500,000
    (not 1.5e+06), 0.22 (to the decimals of the tick spacing); ``whole``:
    whole numbers only (a count of cases has no 0.5)."""

    def __init__(self, orientation: str, whole: bool = False):
        super().__init__(orientation)
        self.whole = whole
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        if self.whole:
            return [f"{int(round(v)):,}" if abs(v - round(v)) < 1e-9 else "" for v in values]
        digits = max(0, -math.floor(math.log10(spacing))) if spacing > 0 else 0
        digits = min(digits, 9)
        return [f"{v:,.{digits}f}" for v in values]


class SweepPlots(QTabWidget):
    """The Histogram and Scatter tabs; ``caseClicked(case)`` for a point clicked."""

    caseClicked = Signal(int)  # noqa: N815 - Qt's spelling on the Qt surface

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = None
        self.hist_metric = QComboBox()
        self.hist_metric.currentIndexChanged.connect(self._redraw)
        self.hist_plot = pg.PlotWidget(axisItems={"bottom": PlainAxis("bottom"),
                                                  "left": PlainAxis("left", whole=True)})
        self.hist_plot.setLabel("left", "cases")
        self.hist_item = pg.PlotDataItem(stepMode="center", fillLevel=0,
                                         brush=(80, 140, 220, 160), pen=(40, 90, 170))
        self.hist_plot.addItem(self.hist_item)
        hist = QWidget()
        hl = QVBoxLayout(hist)
        hl.setContentsMargins(0, 0, 0, 0)
        hl.addWidget(self.hist_metric)
        hl.addWidget(self.hist_plot)

        self.scatter_x = QComboBox()
        self.scatter_y = QComboBox()
        for box in (self.scatter_x, self.scatter_y):
            box.currentIndexChanged.connect(self._redraw)
        self.scatter_plot = pg.PlotWidget(axisItems={"bottom": PlainAxis("bottom"),
                                                     "left": PlainAxis("left")})
        self.scatter_item = pg.ScatterPlotItem(size=6, pen=None, brush=(220, 90, 60, 170),
                                               hoverable=True, hoverSize=9)
        self.scatter_item.sigClicked.connect(self._points_clicked)
        self.scatter_plot.addItem(self.scatter_item)
        scatter = QWidget()
        sl = QVBoxLayout(scatter)
        sl.setContentsMargins(0, 0, 0, 0)
        axes = QHBoxLayout()
        axes.addWidget(QLabel("x"))
        axes.addWidget(self.scatter_x, 1)
        axes.addWidget(QLabel("y"))
        axes.addWidget(self.scatter_y, 1)
        sl.addLayout(axes)
        sl.addWidget(self.scatter_plot)

        self.addTab(hist, "Histogram")
        self.addTab(scatter, "Scatter")

    def set_metrics(self, names: tuple[str, ...]) -> None:
        for box, pick in ((self.hist_metric, 0), (self.scatter_x, 0), (self.scatter_y, 1)):
            current = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItems(list(names))
            if current in names:
                box.setCurrentText(current)
            elif names:
                box.setCurrentIndex(min(pick, len(names) - 1))
            box.blockSignals(False)

    def _redraw(self) -> None:
        if self._model is not None:
            self.show_rows(self._model)

    def show_rows(self, model) -> None:
        """Draw the rows of ``model`` (a :class:`SweepTableModel`)."""
        self._model = model
        if not model.rows:
            self.hist_item.setData([0.0, 1.0], [0.0])
            self.scatter_item.setData([], [])
            return
        name = self.hist_metric.currentText()
        if name in model.columns:
            values = model.column_values(name)
            values = values[np.isfinite(values)]
            edges, counts = histogram(values)
            self.hist_item.setData(edges, counts)
            self.hist_plot.setLabel("bottom", name)
        xn, yn = self.scatter_x.currentText(), self.scatter_y.currentText()
        if xn in model.columns and yn in model.columns:
            x, y = model.column_values(xn), model.column_values(yn)
            keep = np.isfinite(x) & np.isfinite(y)
            cases = np.asarray(model.cases)[keep]
            self.scatter_item.setData(x[keep], y[keep], data=cases)
            self.scatter_plot.setLabel("bottom", xn)
            self.scatter_plot.setLabel("left", yn)

    def _points_clicked(self, item, points, ev=None) -> None:
        if len(points):
            self.caseClicked.emit(int(points[0].data()))


def histogram(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(edges, counts): one bin per whole number when the values are whole
    and few, else up to :data:`MAX_BINS` even bins."""
    if values.size == 0:
        return np.array([0.0, 1.0]), np.array([0.0])
    lo, hi = float(values.min()), float(values.max())
    if np.all(values == np.round(values)) and hi - lo < MAX_BINS:
        edges = np.arange(lo - 0.5, hi + 1.5)
    else:
        if hi == lo:
            lo, hi = lo - 0.5, hi + 0.5
        bins = int(min(MAX_BINS, max(1, math.ceil(math.sqrt(values.size)))))
        edges = np.linspace(lo, hi, bins + 1)
    counts, edges = np.histogram(values, bins=edges)
    return edges, counts.astype(float)
