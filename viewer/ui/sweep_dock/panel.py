"""The Sweep panel itself: its settings, the table and the plots side by
side, and the run (see the package's docstring)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QThread, Signal
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
    QVBoxLayout,
    QWidget,
)

from ... import registry
from ...declaration import Declaration
from ...engine.params import ParamError
from ...sweep import (
    BatchResult,
    InProcess,
    LocalPool,
    SweepSpec,
    build_spec,
    default_jobs,
    write_table,
)
from .. import folders
from ..elided import FullTextTips, fit_titles
from ..wheel_focus import wheel_needs_focus
from .plots import SweepPlots
from .table import SweepTableModel
from .worker import SweepWorker, _stop, under_way

__all__ = ["SweepPanel"]

NOTHING = "(nothing)"
GALLERY_MOST = 96
"""A gallery of a sweep shows at most this many of its cases (the first in
the table's order: sort it by a metric to see the best)."""
VARIABLE_KINDS = ("int", "float", "bool", "choice", "size", "text")


class SweepPanel(QWidget):
    """See the module docstring.  ``caseChosen(values, seed)`` gives the
    generator's checked values and the seed of a clicked row or point."""

    caseChosen = Signal(dict, object)  # noqa: N815 - Qt's spelling on the Qt surface
    galleryAsked = Signal(list, str)  # noqa: N815 - (values, seed, metric value) rows, metric
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
            names = wheel_needs_focus(QComboBox())
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
        self.jobs = wheel_needs_focus(QSpinBox())
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
        self.gallery_button = QPushButton("Open as gallery")
        self.gallery_button.setToolTip(
            f"the sweep's maps as thumbnails, in the table's order (the first "
            f"{GALLERY_MOST}), the histogram's metric under each: click one to open it")
        self.gallery_button.clicked.connect(self.open_as_gallery)
        self.gallery_button.setEnabled(False)
        buttons = QHBoxLayout()
        for b in (self.run_button, self.cancel_button, self.export_button,
                  self.gallery_button):
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
        self.tips = FullTextTips(self.table)        # a cut title or cell: its whole text

        self.plots = SweepPlots()
        self.plots.caseClicked.connect(self.choose_case)
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
        room = self.parentWidget() or self       # (a scroll area's viewport: its room)
        self.fit_room(min(self.width(), room.width()), min(self.height(), room.height()))

    def fit_room(self, width: int, height: int) -> None:
        """The settings, table and plots side by side in a wide room where
        they fit so, one above the other otherwise."""
        side = sum(self.split.widget(i).minimumSizeHint().width()
                   for i in range(self.split.count())) + 2 * self.split.handleWidth() + 8
        wide = width >= 1.6 * height and width >= side
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
            text = ",".join(map(str, p.suggestions[:3])) or p.text(p.default)
        else:
            text = p.text(self.values.get(name, p.default))
        edit.setText(text)

    def _fill_metric_boxes(self, names: tuple[str, ...]) -> None:
        texts = self.declaration.metrics.texts if self.declaration.metrics else ()
        self.plots.set_metrics(tuple(n for n in names if n not in texts))   # (numbers only)

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
        # the window's values hold every setting, those the chosen version
        # lacks too: they are the sweep's base (skipped where they do not
        # count), not settings given (which a sweep refuses as the generator's
        # command line does)
        base = {k: v for k, v in self.values.items() if k not in varied}
        return build_spec(self.declaration.name, self._option_values(), self.seeds.text(), vary,
                          base=base)

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
        fit_titles(self.table)
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
        under_way(thread, worker)
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
        self.gallery_button.setEnabled(True)
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
        self.plots.show_rows(self.model)

    def choose_case(self, case: int) -> None:
        if self.spec is None:
            return
        seed, values = self.spec.case(int(case))
        self.caseChosen.emit(dict(values), seed)

    def gallery_cases(self) -> tuple[list[tuple[dict, Any, float]], str]:
        """The cases a gallery of this sweep shows: ``(values, seed, value of
        the metric)`` in the table's order (the first GALLERY_MOST), and that
        metric (the histogram's)."""
        metric = self.plots.hist_metric.currentText()
        model = self.model
        if self.spec is None or not model.rows:
            return [], metric
        out = []
        for row in range(min(model.rowCount(), GALLERY_MOST)):
            seed, values = self.spec.case(model.case_at(row))
            value = model.value_at(row, metric)
            out.append((dict(values), seed,
                        float(value) if isinstance(value, (int, float)) else math.nan))
        return out, metric

    def open_as_gallery(self) -> None:
        cases, metric = self.gallery_cases()
        if cases:
            self.galleryAsked.emit(cases, metric)

    def _row_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.choose_case(self.model.case_at(index.row()))

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
