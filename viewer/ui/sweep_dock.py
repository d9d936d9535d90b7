"""The Sweep panel: the current generator over a range of seeds and up to two
varied parameters, run by a :class:`SweepWorker` on its own QThread (with a
local process pool, or in this process with one job), its rows in a
sortable table, a histogram of any metric and a scatter of any two.
Clicking a row or a point emits ``caseChosen(values, seed)`` so the window
can open that case in the map; "Export table" writes CSV or Parquet.

Generic: everything comes from the generator's declaration (its Params,
metrics and default seed), nothing here names a generator.  The window
composes it (this module does not import the main window) and feeds it the
current values with :meth:`SweepPanel.set_values`; those are the sweep's
fixed parameters.
"""

from __future__ import annotations

import atexit
import math
import threading
import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .. import registry
from ..declaration import Declaration
from ..engine.params import ParamError
from ..sweep import (
    BackendError,
    BatchResult,
    InProcess,
    LocalPool,
    SweepSpec,
    build_spec,
    default_jobs,
    run_sweep,
    write_table,
)
from . import folders

__all__ = ["SweepPanel", "SweepTableModel", "SweepWorker"]

NOTHING = "(nothing)"
VARIABLE_KINDS = ("int", "float", "bool", "choice", "size", "text")
MAX_BINS = 50


def _cell_text(value: Any) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return str(int(value)) if value.is_integer() else f"{value:.6g}"
    return str(value)


def _sort_key(value: Any) -> tuple:
    """Numbers before texts, empty (NaN) cells last."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (1, 0.0, "") if isinstance(value, float) and math.isnan(value) else \
            (0, float(value), "")
    return (0, 0.0, str(value)) if value != "" else (1, 0.0, "")


class SweepTableModel(QAbstractTableModel):
    """The rows of a sweep, each with its case number; sortable by any column
    (by case until a column is chosen)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.columns: tuple[str, ...] = ()
        self.cases: list[int] = []
        self.rows: list[tuple] = []
        self._order: list[int] = []       # display row -> index into rows
        self._sort: tuple[int, Qt.SortOrder] | None = None

    def reset(self, columns: tuple[str, ...]) -> None:
        self.beginResetModel()
        self.columns, self.cases, self.rows, self._order = tuple(columns), [], [], []
        self.endResetModel()

    def add(self, start: int, rows: list[tuple]) -> None:
        if not rows:
            return
        self.layoutAboutToBeChanged.emit()
        self.cases.extend(range(start, start + len(rows)))
        self.rows.extend(rows)
        self._arrange()
        self.layoutChanged.emit()

    def _arrange(self) -> None:
        idx = range(len(self.rows))
        if self._sort is None:
            self._order = sorted(idx, key=self.cases.__getitem__)
        else:
            col, order = self._sort
            desc = order == Qt.SortOrder.DescendingOrder
            # Empty cells last either way; ties by case.
            keyed = sorted(idx, key=lambda i: self.cases[i])
            keyed.sort(key=lambda i: _sort_key(self.rows[i][col])[1:], reverse=desc)
            keyed.sort(key=lambda i: _sort_key(self.rows[i][col])[0])
            self._order = keyed

    # -- Qt model ---------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self.rows[self._order[index.row()]][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell_text(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, (int, float)):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal:
                return self.columns[section] if section < len(self.columns) else None
            return str(section + 1)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._arrange()
        self.layoutChanged.emit()

    # -- helpers ------------------------------------------------------------------
    def case_at(self, display_row: int) -> int:
        return self.cases[self._order[display_row]]

    def rows_by_case(self) -> list[tuple]:
        return [self.rows[i] for i in sorted(range(len(self.rows)), key=self.cases.__getitem__)]

    def column_values(self, name: str) -> np.ndarray:
        """A numeric column as floats (NaN where not a number), in row order."""
        j = self.columns.index(name)
        return np.array([v if isinstance(v, (int, float)) else math.nan
                         for v in (r[j] for r in self.rows)], float)


class SweepWorker(QObject):
    """One sweep, run by :meth:`run` on the thread the worker is moved to
    (its ``started``): each batch of rows comes out as ``batch``, the end as
    ``ended`` (None, or the error message).  Setting ``cancel`` (from any
    thread) stops the sweep soon."""

    batch = Signal(object)
    ended = Signal(object)

    def __init__(self, spec: SweepSpec, backend: Any, cancel: threading.Event):
        super().__init__()
        self.spec, self.backend, self.cancel = spec, backend, cancel

    @Slot()
    def run(self) -> None:
        error = None
        try:
            for batch in run_sweep(self.spec, self.backend, cancel=self.cancel):
                self.batch.emit(batch)
        except BackendError as exc:
            error = str(exc)
        except Exception as exc:  # noqa: BLE001 - shown in the panel, never a traceback
            error = f"{type(exc).__name__}: {exc}"
        self.ended.emit(error)


_UNDER_WAY: dict[QThread, SweepWorker] = {}
"""Each sweep thread running and its worker, kept here until the sweep
ends: a panel deleted meanwhile takes neither with it."""


def _stop(thread: QThread) -> None:
    """Cancel the sweep on ``thread`` and wait for the thread to end."""
    worker = _UNDER_WAY.get(thread)
    if worker is not None:
        worker.cancel.set()
    thread.quit()           # ends once the sweep's slot returns
    thread.wait()
    _UNDER_WAY.pop(thread, None)


@atexit.register
def _stop_all() -> None:
    for thread in list(_UNDER_WAY):
        _stop(thread)


class SweepPanel(QWidget):
    """See the module docstring.  ``caseChosen(values, seed)`` gives the
    generator's checked values and the seed of a clicked row or point."""

    caseChosen = Signal(dict, object)  # noqa: N815 - Qt's spelling on the Qt surface
    finished = Signal()

    def __init__(self, generator: Any, parent: QWidget | None = None):
        """``generator``: a :class:`Declaration`, or a registered engine."""
        super().__init__(parent)
        self.generator = generator
        self.declaration = generator if isinstance(generator, Declaration) \
            else registry.declaration(generator.name)
        self.values: dict[str, Any] = {p.name: p.default for p in self.declaration.params}
        self.spec: SweepSpec | None = None
        self._thread: QThread | None = None
        self._worker: SweepWorker | None = None
        self._cancel = threading.Event()
        self._t0 = 0.0
        self._done = 0
        self._failed = 0
        self._build()

    # -- building -----------------------------------------------------------------
    def _build(self) -> None:
        decl = self.declaration
        form = QFormLayout()
        default_seed = decl.default_seed
        self.seeds = QLineEdit("1..100")
        self.seeds.setPlaceholderText(f"A..B or S1,S2,... (e.g. {default_seed})")
        form.addRow("Seeds", self.seeds)
        self.vary_names: list[QComboBox] = []
        self.vary_values: list[QLineEdit] = []
        variable = [p for p in decl.params if p.kind in VARIABLE_KINDS]
        for i in range(2):
            names = QComboBox()
            names.addItem(NOTHING, None)
            for p in variable:
                names.addItem(f"{p.label} ({p.name})", p.name)
            values = QLineEdit()
            values.setPlaceholderText("V1,V2,...")
            names.currentIndexChanged.connect(lambda _=0, k=i: self._suggest_values(k))
            row = QHBoxLayout()
            row.addWidget(names, 1)
            row.addWidget(values, 1)
            form.addRow("Vary" if i == 0 else "and", row)
            self.vary_names.append(names)
            self.vary_values.append(values)
        self.options: dict[str, QCheckBox] = {}
        for opt in decl.metrics.options:
            if opt.kind == "bool":
                box = QCheckBox(opt.label)
                box.setToolTip(opt.help)
                box.setChecked(bool(opt.default))
                form.addRow("", box)
                self.options[opt.name] = box
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(64, default_jobs()))
        self.jobs.setValue(default_jobs())
        self.jobs.setToolTip("worker processes; 1 runs in this process")
        form.addRow("Jobs", self.jobs)

        self.run_button = QPushButton("Run")
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton("Export table…")
        self.export_button.clicked.connect(self._export_dialog)
        self.export_button.setEnabled(False)
        buttons = QHBoxLayout()
        for b in (self.run_button, self.cancel_button, self.export_button):
            buttons.addWidget(b)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m cases")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b")

        self.model = SweepTableModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicatorShown(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.clicked.connect(self._row_clicked)

        self.hist_metric = QComboBox()
        self.hist_metric.currentIndexChanged.connect(self.update_plots)
        self.hist_plot = pg.PlotWidget()
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
            box.currentIndexChanged.connect(self.update_plots)
        self.scatter_plot = pg.PlotWidget()
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

        self.plots = QTabWidget()
        self.plots.addTab(hist, "Histogram")
        self.plots.addTab(scatter, "Scatter")
        # the settings, the table and the plots side by side in a wide dock
        # (at the bottom of the window), one above the other in a tall one
        controls = QWidget()
        cl = QVBoxLayout(controls)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addLayout(form)
        cl.addLayout(buttons)
        cl.addWidget(self.progress)
        cl.addWidget(self.status)
        cl.addWidget(self.error)
        cl.addStretch(1)
        self.table.setMinimumHeight(90)
        self.plots.setMinimumHeight(120)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setChildrenCollapsible(False)
        for part in (controls, self.table, self.plots):
            self.split.addWidget(part)
        self.split.setStretchFactor(1, 3)
        self.split.setStretchFactor(2, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.split, 1)
        self._fill_metric_boxes(decl.metrics.names(self._option_values()))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        wide = self.width() >= 1.6 * self.height()
        want = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.split.orientation() != want:
            self.split.setOrientation(want)

    def _suggest_values(self, k: int) -> None:
        name = self.vary_names[k].currentData()
        edit = self.vary_values[k]
        if name is None:
            edit.clear()
            return
        p = self.declaration.param(name)
        if p.kind == "choice":
            text = ",".join(p.choices)
        elif p.kind == "bool":
            text = "0,1"
        elif p.kind == "int" and p.minimum is not None and p.maximum is not None \
                and p.maximum - p.minimum <= 10:
            text = ",".join(str(v) for v in range(int(p.minimum), int(p.maximum) + 1))
        elif p.kind == "size":
            text = ",".join(p.extra.get("choices", ())[:3]) or p.text(p.default)
        else:
            text = p.text(self.values.get(name, p.default))
        edit.setText(text)

    def _fill_metric_boxes(self, names: tuple[str, ...]) -> None:
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

    def _option_values(self) -> dict[str, Any]:
        return {name: box.isChecked() for name, box in self.options.items()}

    # -- the sweep ----------------------------------------------------------------
    def set_values(self, values: Mapping[str, Any]) -> None:
        """The generator's current values: the sweep's fixed parameters."""
        self.values = dict(values)

    def set_seeds(self, text: str) -> None:
        self.seeds.setText(text)

    def set_vary(self, name: str | None, values: str = "", which: int = 0) -> None:
        box = self.vary_names[which]
        box.setCurrentIndex(max(0, box.findData(name)) if name else 0)
        if values:
            self.vary_values[which].setText(values)

    def make_spec(self) -> SweepSpec:
        """The sweep the panel describes, or ParamError."""
        vary = []
        for names, values in zip(self.vary_names, self.vary_values):
            name = names.currentData()
            if name is not None:
                vary.append((name, [v.strip() for v in values.text().split(",")
                                    if v.strip()]))
        varied = {n for n, _ in vary}
        fixed = {k: v for k, v in self.values.items() if k not in varied}
        fixed.update(self._option_values())
        return build_spec(self.declaration.name, fixed, self.seeds.text(), vary)

    @property
    def running(self) -> bool:
        return self._thread is not None

    @property
    def worker(self) -> SweepWorker | None:
        """The worker of the sweep under way (on its own thread), or None."""
        return self._worker

    def run(self) -> bool:
        """Check the spec and start the sweep on a worker thread; False
        (message shown) when the spec is refused or a sweep is running."""
        if self.running:
            return False
        try:
            spec = self.make_spec()
        except ParamError as exc:
            self.error.setText(str(exc))
            return False
        self.error.setText("")
        self.spec = spec
        self.model.reset(spec.columns)
        self._fill_metric_boxes(spec.metric_names)
        self.progress.setRange(0, spec.n_cases)
        self.progress.setValue(0)
        self._done = self._failed = 0
        self._t0 = time.perf_counter()
        self.status.setText(f"starting {spec.n_cases} cases…")
        self._cancel = threading.Event()
        jobs = self.jobs.value()
        backend = InProcess() if jobs == 1 else LocalPool(jobs)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.export_button.setEnabled(False)
        self._worker = SweepWorker(spec, backend, self._cancel)
        self._thread = self._start(self._worker)
        return True

    def _start(self, worker: SweepWorker) -> QThread:
        thread = QThread()
        thread.setObjectName("sweep")
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        # the thread's loop ends when the sweep does (quit is thread-safe)
        worker.ended.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        worker.batch.connect(self._on_batch)            # queued: the panel's thread
        worker.ended.connect(self._on_ended)
        _UNDER_WAY[thread] = worker
        cancel = worker.cancel
        self.destroyed.connect(lambda *_: cancel.set())     # a panel gone without shutdown()
        thread.start()
        return thread

    def cancel(self) -> None:
        """Stop the sweep; the rows done so far stay."""
        if self.running:
            self._cancel.set()
            self.status.setText("cancelling…")

    def shutdown(self) -> None:
        """Cancel and wait for the sweep's thread (when the window closes)."""
        thread = self._thread
        if thread is not None:
            _stop(thread)

    def _on_batch(self, batch: BatchResult) -> None:
        if self.spec is None:
            return
        self.model.add(batch.start, batch.rows)
        ok = self.spec.columns.index("ok")
        self._done += len(batch.rows)
        self._failed += sum(1 for r in batch.rows if not r[ok])
        self.progress.setValue(self._done)
        rate = self._done / max(time.perf_counter() - self._t0, 1e-9)
        text = f"{self._done} of {self.spec.n_cases} cases, {rate:.0f} cases/s"
        if self._failed:
            text += f", {self._failed} failed (see the error column)"
        self.status.setText(text)
        self.update_plots()

    def _on_ended(self, error: str | None) -> None:
        if self._thread is not None:
            _stop(self._thread)     # its loop is ending: wait for it
        self._thread = self._worker = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.export_button.setEnabled(bool(self.model.rows))
        n = self.spec.n_cases if self.spec is not None else 0
        if error:
            self.error.setText(error)
        if self._done >= n and not error:
            # every case is in, even when Cancel came after the last one
            text = f"done: {n} of {n} cases"
            if self._failed:
                text += f", {self._failed} failed (see the error column)"
            self.status.setText(text)
        elif self._cancel.is_set():
            self.status.setText(f"cancelled: {self._done} of {n} cases kept")
        elif not error:
            self.status.setText(self.status.text().replace("cases,", "cases done,", 1))
        self.update_plots()
        self.finished.emit()

    # -- plots and choosing a case --------------------------------------------------
    def update_plots(self) -> None:
        if not self.model.rows:
            self.hist_item.setData([0.0, 1.0], [0.0])
            self.scatter_item.setData([], [])
            return
        name = self.hist_metric.currentText()
        if name in self.model.columns:
            values = self.model.column_values(name)
            values = values[np.isfinite(values)]
            edges, counts = histogram(values)
            self.hist_item.setData(edges, counts)
            self.hist_plot.setLabel("bottom", name)
        xn, yn = self.scatter_x.currentText(), self.scatter_y.currentText()
        if xn in self.model.columns and yn in self.model.columns:
            x, y = self.model.column_values(xn), self.model.column_values(yn)
            keep = np.isfinite(x) & np.isfinite(y)
            cases = np.asarray(self.model.cases)[keep]
            self.scatter_item.setData(x[keep], y[keep], data=cases)
            self.scatter_plot.setLabel("bottom", xn)
            self.scatter_plot.setLabel("left", yn)

    def choose_case(self, case: int) -> None:
        if self.spec is None:
            return
        seed, values = self.spec.case(int(case))
        self.caseChosen.emit(dict(values), seed)

    def _row_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.choose_case(self.model.case_at(index.row()))

    def _points_clicked(self, item, points, ev=None) -> None:
        if len(points):
            self.choose_case(int(points[0].data()))

    # -- export ---------------------------------------------------------------------
    def export_table(self, path: str) -> None:
        """Write the rows (in case order) to ``path`` (.csv or .parquet)."""
        if self.spec is None:
            raise ValueError("no sweep to export")
        write_table(path, self.spec.columns, self.spec.column_kinds(), self.model.rows_by_case())

    def _export_dialog(self) -> None:
        path = folders.save_path(self, "Export sweep table", "sweep.csv",
                                 "CSV (*.csv);;Parquet (*.parquet)")
        if not path:
            return
        try:
            self.export_table(path)
        except (OSError, ValueError) as exc:
            self.error.setText(str(exc.strerror if isinstance(exc, OSError) and exc.strerror
                                   else exc))
        else:
            self.status.setText(f"table written to {path}")


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
