"""A/B compare, for every generator: "Pin as A" keeps the map shown; every
map made after it is B.  A is shown beside B with linked zoom, pan and
timeline step (A at the same step, or its last; its finished map beside
B's finished map), either as itself or as the difference of the layer
shown (which cells changed, and by how much for a numeric layer), with a
table of A's and B's metrics.  Nothing here
is per generator: pictures come from the picture pipeline, numbers from
the generator's declared metrics."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..declaration import Declaration
from ..engine.protocol import MapState, Result
from ..render.difference import difference_picture
from ..render.picture import picture
from ..workbench import Pinned, Workbench
from ..workbench.events import PinnedChanged
from .legend import LegendWidget
from .map_view import MapView
from .shell import Shell
from .worker import LatestWins
from .zoom import DetailKeeper

SHOW_A, SHOW_DIFFERENCE = "A", "difference B - A"
NAMES_MIN_WIDTH = 60
NAMES_WANTED_WIDTH = 240
"""The metric names' column takes up to this much before the numbers shrink
the pane's share (the pane is widened to hold names and numbers)."""


def params_changed(a: Result, b: Result, decl: Declaration | None = None) -> str:
    """What differs between A's and B's parameters and seeds, in words: a
    setting by its label and its values as the panel names them ("Rivers
    few -> lots") where ``decl`` declares it."""
    params = {p.name: p for p in decl.params} if decl is not None else {}

    def said(k, v) -> str:
        p = params.get(k)
        return p.said(v) if p is not None and v is not None else str(v)
    out = [f"{params[k].label if k in params else k} {said(k, a.params.get(k))} -> "
           f"{said(k, b.params.get(k))}"
           for k in sorted(set(a.params) | set(b.params), key=str)
           if a.params.get(k) != b.params.get(k)]
    if a.seed != b.seed:
        out.append(f"seed {a.seed} -> {b.seed}")
    return ", ".join(out) or "same parameters and seed"


def metric_text(v: float, scale: float, signed: bool = False) -> str:
    """A metric's value rounded to what it means beside values of magnitude
    ``scale`` (A's and B's): whole numbers whole, others to four significant
    digits of the scale, never in exponent form (1.52588e-05 was a share's
    difference of one tile in 65536)."""
    if v != v:                          # NaN: no value
        return "n/a"
    sign = "+" if signed and v > 0 else ""
    if float(v).is_integer() and float(scale).is_integer():
        return f"{sign}{int(v):,}"
    digits = 3 - math.floor(math.log10(scale)) if scale > 0 and math.isfinite(scale) else 3
    digits = min(max(digits, 0), 6)
    text = f"{v:,.{digits}f}"
    if float(text.replace(",", "")) == 0:
        text = f"{0:.{digits}f}"        # not "-0.000"
        sign = ""
    return sign + text


def metric_rows(decl: Declaration, a: Result, b: Result | None
                ) -> list[tuple[str, float, float | None]]:
    """(metric, A's value, B's value) for every metric the generator declares."""
    metrics = decl.metrics
    if metrics is None:
        return []
    ma = metrics(a)
    mb = metrics(b) if b is not None else {}
    return [(name, ma[name], mb.get(name)) for name in ma]


class CompareView(QWidget):
    """The A side: a header, A's map (or the difference), its legend and the
    metrics of A and B."""

    def __init__(self, workbench: Workbench, shell: Shell):
        super().__init__()
        self.wb, self.shell = workbench, shell
        self.a: Result | None = None               # the Workbench's pinned map, shown
        self.state: MapState | None = None         # A at the step shown
        self.difference = None                     # the last Difference drawn
        self._rows_for: tuple[int, int] | None = None
        self._rows: list = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.title = QLabel()
        self.title.setWordWrap(True)            # on its own line: a narrow pane keeps it readable
        lay.addWidget(self.title)
        top.addStretch(1)
        self.mode = QComboBox()
        self.mode.addItems([SHOW_A, SHOW_DIFFERENCE])
        self.mode.setToolTip("show A itself, or where the layer shown differs from A to B")
        self.mode.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.mode)
        self.unpin_button = QPushButton("Unpin")
        self.unpin_button.setToolTip("stop comparing (Edit > Unpin A)")
        self.unpin_button.clicked.connect(workbench.unpin)
        top.addWidget(self.unpin_button)
        lay.addLayout(top)
        self.map_view = MapView()
        lay.addWidget(self.map_view, 1)
        self.legend = LegendWidget()
        lay.addWidget(self.legend)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["A", "B", "B - A"])
        self.table.setMaximumHeight(170)
        # A, B and B - A side by side whatever the pane's width: the numbers
        # whole when they fit, the metric names taking what is left
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.table)
        self.zoom = DetailKeeper(self.map_view, self._shown_source, self)
        self.worker = LatestWins("A's step", self)
        self.worker.finished.connect(self._state_ready)
        workbench.events.connect(PinnedChanged, lambda e: self._pinned_changed(e.pinned))
        self.hide()

    # -- pinning -----------------------------------------------------------------
    def pin(self) -> None:
        """Keep the map shown as A (the Workbench pins it)."""
        if self.wb.pin() is None:
            self.shell.status("no map to pin yet", error=True)

    def unpin(self) -> None:
        self.wb.unpin()

    def _pinned_changed(self, pinned: Pinned | None) -> None:
        if pinned is None:
            self.worker.cancel()
            self.a = self.state = self.difference = None
            self.hide()
            return
        r = pinned.result
        self.a, self.state = r, None
        self.show()
        split = self.parentWidget()
        if isinstance(split, QSplitter):        # A and B side by side, halves alike
            half = max(1, split.width() // 2)
            split.setSizes([half, half])
        self.map_view.follow(self.shell.map_view)
        self.shell.status(f"pinned as A: {r.generator}, seed {r.seed}; change the parameters "
                          "to make B")
        self.refresh()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_table()

    def _fit_table(self) -> None:
        t = self.table
        header, names = t.horizontalHeader(), t.verticalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        numbers = sum(header.sectionSize(c) for c in range(t.columnCount()))
        bar = t.verticalScrollBar().sizeHint().width()
        room = t.width() - numbers - bar - 2 * t.frameWidth() - 2
        if room >= NAMES_MIN_WIDTH:
            names.setFixedWidth(min(room, max(NAMES_MIN_WIDTH, names.sizeHint().width())))
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            t.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        else:                   # too narrow: the names elided (tooltips), the numbers whole
            names.setFixedWidth(NAMES_MIN_WIDTH)
            t.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def fit(self) -> None:
        """Show the whole of A in its pane (as Fit does for B)."""
        if self.pinned and self.isVisible():
            self.map_view.fit_linked()

    def _shown_source(self):
        if self.state is None or self.difference is not None or self.wb.state is None \
                or self.mode.currentText() != SHOW_A:
            return None
        return self.state, self.wb.layer, self.options()

    def options(self) -> dict:
        """A's picture options: B's, with the colour scale they share (the
        Workbench's :attr:`~Workbench.shared_range`, from both maps' values)."""
        return self.wb.screen_options()

    def _share_scale(self, a_legend) -> bool:
        """One colour scale for A and B: the range covering both maps' own
        values of the layer.  True when it changed: B is drawn again on it,
        and A after B (so this picture of A is not shown)."""
        b_legend = self.shell.legend.legend
        mine = a_legend.own_range() if a_legend is not None else None
        theirs = b_legend.own_range() if b_legend is not None else None
        if mine is None or theirs is None:
            return False
        return self.wb.share_range((self.wb.layer, min(mine[0], theirs[0]),
                                    max(mine[1], theirs[1])))

    @property
    def pinned(self) -> bool:
        return self.a is not None

    # -- following B -------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw A for what B shows now (layer, step, options, scale): the
        Workbench's pinned map at its :meth:`~Workbench.pinned_step`, built
        on A's worker."""
        a, b = self.a, self.wb.state
        if a is None:
            return
        if b is None or b.result.generator != a.generator:
            self.wb.unpin()
            return
        self._describe(b.result)
        step = self.wb.pinned_step()
        trace = a.trace
        if step is None or trace is None or step >= trace.n_steps:
            self._draw(self.wb.state_at(None, a))
            return
        wb = self.wb
        self.worker.submit(lambda _token: wb.state_at(step, a))

    def _state_ready(self, _job_id: int, state: MapState, _seconds: float) -> None:
        b = self.wb.state
        if state.result is self.a and b is not None and b.result.generator == self.a.generator:
            self._draw(state)

    def _draw(self, state: MapState) -> None:
        self.state = state
        wb = self.wb
        b = wb.state
        layer = wb.layer
        shown = self.shell.map_view
        same = (state.result.grid == b.result.grid)
        scale = int(shown.scale) if same and shown.scale >= 1 else None
        notice = None
        if self.mode.currentText() == SHOW_DIFFERENCE:
            options = wb.picture_options()
            try:
                pic, self.difference = difference_picture(state, b, layer, options, scale)
            except ValueError as exc:
                pic, notice = picture(state, layer, options, scale), str(exc)
                self.difference = None
        else:
            pic = picture(state, layer, self.options(), scale)
            self.difference = None
            if self._share_scale(pic.legend):
                return
        g = state.result.grid
        self.map_view.show_map(pic.rgba, (g.width, g.height), pic.scale, pic.letters,
                               hexes=pic.hexes)
        self.map_view.follow(shown)
        self.map_view.set_notice(notice or pic.notice)
        self.legend.set_legend(pic.legend)

    def _describe(self, b: Result) -> None:
        a = self.a
        step = ""
        a_step = self.wb.pinned_step()
        if a_step is not None and a.trace is not None:
            step = f", step {a_step}" + (" (finished)" if a_step >= a.trace.n_steps else "")
        self.title.setText(f"<b>A</b>: seed {a.seed}{step}. B differs in: "
                           f"{params_changed(a, b, self.wb.generator)}")
        if self._rows_for != (id(a), id(b)):
            self._rows_for = (id(a), id(b))
            self._rows = metric_rows(self.wb.generator, a, b) if b is not a else []
        rows = self._rows
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([name for name, _, _ in rows])
        for i, (name, _, _) in enumerate(rows):
            self.table.verticalHeaderItem(i).setToolTip(name)
        for i, (_name, va, vb) in enumerate(rows):
            finite = [abs(x) for x in (va, vb) if x is not None and math.isfinite(x)]
            scale = max(finite, default=0.0)
            for j, v in enumerate((va, vb, None if vb is None else vb - va)):
                item = QTableWidgetItem("" if v is None else metric_text(v, scale, j == 2))
                if v is not None:               # the whole number where the cell cuts it
                    item.setToolTip(f"{_name}: {v:.10g}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, j, item)
        self._fit_table()                   # for the numbers now in it

    def busy(self) -> bool:
        return not self.worker.is_idle() or self.zoom.busy()

    def shutdown(self) -> None:
        self.worker.shutdown()
        self.zoom.shutdown()
