"""The seed gallery dock: a grid of thumbnails of many seeds' maps, the
metric chosen under each; click one (or move to it with the arrow keys) to
open it, Enter too; Edit > "Gallery: next 24 seeds" (Ctrl+G) fills it with
the seeds after the one shown, a sweep's "Gallery" button with its cases in
the table's order.  The thumbnails are made on the gallery's worker thread
(:mod:`viewer.workbench.gallery`), never on the GUI thread; a new gallery
or Esc stops the one under way.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..workbench import Workbench
from ..workbench.gallery import THUMB_PIXELS, Case, Thumb, make_thumb, next_seeds
from .docks import scrolling
from .screen_image import to_qimage
from .worker import LatestWins

GALLERY_SEEDS = 24


USABLE_COLUMNS, USABLE_ROWS = 4, 2
"""Thumbnails the gallery shows each way when it opens."""
MAP_KEPT = 220
"""Pixels of the map kept above a docked gallery; with less it opens as a
window of its own."""


class GalleryDock(QDockWidget):
    def __init__(self, wb: Workbench, shell):
        super().__init__("Gallery", shell.widget)
        self.setObjectName("gallery")
        self.hide()
        self.toggleViewAction().triggered.connect(lambda on: on and self._opened())
        self.wb, self.shell = wb, shell
        self.worker = LatestWins("gallery", self)     # thumbnails, never on this thread
        self.worker.finished.connect(self._made)
        self._serial = 0
        self._job: tuple = ()
        self.thumbs: dict[int, Thumb] = {}
        self._cases: list[Case] = []
        self._generator = wb.generator.name
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.next_button = QPushButton(f"Next {GALLERY_SEEDS} seeds")
        self.next_button.setToolTip("thumbnails of the seeds after the one shown")
        self.next_button.clicked.connect(lambda: self.next_seeds())
        self.metric_box = QComboBox()
        self.metric_box.setToolTip("the metric written under each thumbnail")
        self.metric_box.currentIndexChanged.connect(lambda _i: self._relabel())
        self.status = QLabel("")
        self.status.setWordWrap(True)
        top.addWidget(self.next_button)
        top.addWidget(QLabel("under each:"))
        top.addWidget(self.metric_box)
        top.addWidget(self.status, 1)
        lay.addLayout(top)
        self.grid = QListWidget()
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setIconSize(QSize(THUMB_PIXELS, THUMB_PIXELS))
        self.grid.setSpacing(6)
        self.grid.setWordWrap(True)
        self.grid.setUniformItemSizes(True)
        self.grid.setMinimumHeight(THUMB_PIXELS + 56)     # a whole row, words and all
        self.grid.itemClicked.connect(self._open_item)
        self.grid.itemActivated.connect(self._open_item)
        self.grid.currentItemChanged.connect(self._current_changed)
        lay.addWidget(self.grid, 1)
        self.setWidget(scrolling(body))        # a small window keeps its size
        self.fill_metrics()

    def place(self) -> None:
        """The first time: below the map, above the timeline, the window's
        width (then where the user puts it).  Not a tab of the timeline: tabifying docks while
        others come and go crashed Qt's dock layout under the random user."""
        w = self.shell.widget
        if w.dockWidgetArea(self) == Qt.DockWidgetArea.NoDockWidgetArea:
            w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self,
                            Qt.Orientation.Vertical)    # (beside the timeline: its height)

    def _opened(self) -> None:
        self.place()
        self.open_usable()

    def _over_window(self) -> None:
        """A floating gallery over the window's lower half, on its screen."""
        w = self.shell.widget
        frame = w.frameGeometry()
        x = frame.center().x() - self.width() // 2
        y = frame.bottom() - self.height() - 40
        screen = w.screen().availableGeometry() if w.screen() is not None else None
        if screen is not None:
            x = min(max(x, screen.left()), max(screen.left(), screen.right() - self.width()))
            y = min(max(y, screen.top()), max(screen.top(), screen.bottom() - self.height()))
        self.move(x, y)

    def room_wanted(self) -> QSize:
        """The size that shows :data:`USABLE_COLUMNS` x :data:`USABLE_ROWS`
        thumbnails with their words, the buttons above and a scroll bar."""
        cell = QSize(THUMB_PIXELS + 16 + 2 * self.grid.spacing(),
                     THUMB_PIXELS + 44 + 2 * self.grid.spacing())
        bar = self.grid.verticalScrollBar().sizeHint().width()
        top = self.next_button.sizeHint().height() + 16
        return QSize(USABLE_COLUMNS * cell.width() + bar + 24,
                     USABLE_ROWS * cell.height() + top + 24)

    def open_usable(self) -> None:
        """At a usable size: docked below the map when the window has the
        room for it and a map above, else in a window of its own."""
        w = self.shell.widget
        want = self.room_wanted()
        if self.isFloating():
            if self.width() < want.width() or self.height() < want.height():
                self.resize(want.expandedTo(self.size()))
            return
        central = w.centralWidget()
        if central is not None and central.height() - want.height() < MAP_KEPT:
            self.setFloating(True)          # the window is too small: its own window
            self.resize(want)
            self._over_window()
            return
        w.resizeDocks([self], [want.height()], Qt.Orientation.Vertical)
        if self.width() < want.width():
            w.resizeDocks([self], [want.width()], Qt.Orientation.Horizontal)

    # -- filling ------------------------------------------------------------------
    def fill_metrics(self) -> None:
        box = self.metric_box
        box.blockSignals(True)
        box.clear()
        box.addItem("(seed only)", "")
        m = self.wb.generator.metrics
        names = list(m.names()) if m is not None else []
        for n in names:
            box.addItem(n, n)
        box.blockSignals(False)

    def next_seeds(self, n: int = GALLERY_SEEDS) -> None:
        """The ``n`` seeds after the one shown, with the values shown."""
        wb = self.wb
        r = wb.result if wb.result is not None and \
            wb.result.generator == wb.generator.name else None
        values = dict(r.params) if r is not None else wb.values
        seed = r.seed if r is not None else wb.seed
        self.show_cases([Case(values, s) for s in next_seeds(wb.generator, seed, n)],
                        f"the {n} seeds after {seed}")

    def show_cases(self, cases: Sequence[Case], what: str = "", metric: str = "") -> None:
        """Make the thumbnails of ``cases`` (on the worker), in this order,
        with ``metric`` under each when it is one the gallery computes
        (else what the case's label says)."""
        self.stop()
        i = self.metric_box.findData(metric) if metric else -1
        if i >= 0:
            self.metric_box.blockSignals(True)
            self.metric_box.setCurrentIndex(i)
            self.metric_box.blockSignals(False)
        self.place()
        self.show()
        self.raise_()
        self.open_usable()
        QTimer.singleShot(0, self.open_usable)      # again once the dock is laid out
        wb = self.wb
        self.grid.clear()
        self.thumbs = {}
        for i, c in enumerate(cases):
            item = QListWidgetItem(self._text(c, None))
            item.setData(Qt.ItemDataRole.UserRole, i)
            item.setSizeHint(QSize(THUMB_PIXELS + 16, THUMB_PIXELS + 44))
            item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            self.grid.addItem(item)
        self._cases = list(cases)
        self._generator = wb.generator.name
        self.status.setText(f"making {len(cases)} thumbnails: {what} (Esc stops)")
        self._serial += 1
        self._job = (self._serial, wb.generator, wb.layer, wb.picture_options())
        self._submit(0)
        self.grid.setFocus()

    def _submit(self, i: int) -> None:
        """Case ``i`` on the gallery's worker (one after another)."""
        if i >= len(self._cases):
            self._ended()
            return
        serial, decl, layer, options = self._job
        case = self._cases[i]
        self.worker.submit(lambda token: (serial, make_thumb(decl, i, case, layer, options,
                                                             token)))

    def _made(self, _id: int, value, _seconds: float) -> None:
        serial, thumb = value
        if serial != self._serial:
            return                          # an earlier gallery's
        self._thumb_done(thumb)
        self._submit(thumb.index + 1)

    def _thumb_done(self, t: Thumb) -> None:
        if t.index >= len(self._cases) or t.case is not self._cases[t.index]:
            return                          # an earlier gallery's
        self.thumbs[t.index] = t
        item = self.grid.item(t.index)
        if item is None:
            return
        if t.rgba is not None:              # (112 pixels a side: cheap here)
            item.setIcon(QIcon(QPixmap.fromImage(to_qimage(t.rgba))))
        item.setText(self._text(t.case, t))
        if t.error:
            item.setToolTip(t.error)
        self.status.setText(f"{len(self.thumbs)} of {len(self._cases)} thumbnails")

    def _ended(self) -> None:
        n, total = len(self.thumbs), len(self._cases)
        self.status.setText(f"{n} of {total} thumbnails" + ("" if n == total else
                                                           " (stopped)"))

    def _text(self, c: Case, t: Thumb | None) -> str:
        seed = c.seed.decode("latin-1") if isinstance(c.seed, bytes) else c.seed
        text = f"seed {seed}" + (f"\n{c.label}" if c.label else "")
        name = self.metric_box.currentData()
        if t is not None and t.error:
            return text + "\nrefused"
        if name and t is not None and name in t.metrics \
                and not c.label.startswith(f"{name} "):       # (a sweep's label says it)
            text += f"\n{name} {t.metrics[name]:g}"
        return text

    def _relabel(self) -> None:
        for i in range(self.grid.count()):
            t = self.thumbs.get(i)
            self.grid.item(i).setText(self._text(self._cases[i], t))

    # -- opening ------------------------------------------------------------------
    def _current_changed(self, item, prev=None) -> None:
        # browsing with the keyboard opens as it goes (not the first item
        # made current when the grid takes the focus)
        if item is not None and prev is not None and self.grid.hasFocus():
            self._open_item(item)

    def _open_item(self, item: QListWidgetItem) -> None:
        i = item.data(Qt.ItemDataRole.UserRole)
        if i is None or i >= len(self._cases):
            return
        case = self._cases[i]
        # after the list's own signal has returned: opening may rebuild the
        # window around the list (never delete items inside their signal)
        QTimer.singleShot(0, lambda: case in self._cases and self.open_case(case))

    def open_case(self, c: Case) -> None:
        wb = self.wb
        if wb.generator.name != self._generator:
            return                  # (another generator's gallery: it was cleared)
        seed = c.seed.decode("latin-1") if isinstance(c.seed, bytes) else c.seed
        with wb.changes(f"Open gallery seed {seed}"):
            wb.set_values(c.values)
            wb.set_seed(c.seed)
        wb.request()

    # -- stopping -----------------------------------------------------------------
    def busy(self) -> bool:
        return not self.worker.is_idle()

    def stop(self) -> None:
        self._serial += 1                   # what is under way is an earlier gallery's
        if not self.worker.is_idle():
            self.worker.cancel()
            self._ended()

    def generator_changed(self) -> None:
        self.stop()
        self.grid.clear()
        self._cases = []
        self.thumbs = {}
        self.status.setText("")
        self.fill_metrics()

    def shutdown(self) -> None:
        self.stop()
        self.worker.shutdown()
