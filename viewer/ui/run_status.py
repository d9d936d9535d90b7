"""The status bar of a run: the message, a progress bar with the engine's
own words once a run takes longer than half a second, Cancel, and the time
of the last generation."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QSizePolicy

from .. import jit_cache

if TYPE_CHECKING:
    from .main_window import MainWindow

PROGRESS_AFTER_S = 0.5
PROGRESS_POLL_MS = 100
COMPILING = "preparing engine (compiling)..."
ERROR_STYLE = "color: #e55;"


class RunStatus:
    def __init__(self, window: MainWindow):
        self.w = window
        bar = window.statusBar()
        self.message = QLabel()
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.message, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)     # the phase is in the message
        self.progress.setFixedWidth(140)
        self.progress.hide()
        bar.addPermanentWidget(self.progress)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("stop this generation (Esc)")
        self.cancel_button.clicked.connect(window.cancel_generation)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.cancel_button)
        self.time_label = QLabel("")
        self.time_label.setToolTip("time of the last generation")
        bar.addPermanentWidget(self.time_label)
        self.runs_done = 0
        self._started = 0.0
        self.timer = QTimer(window)
        self.timer.setInterval(PROGRESS_POLL_MS)
        self.timer.timeout.connect(self.poll)

    def show(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setToolTip(text)
        self.message.setStyleSheet(ERROR_STYLE if error else "")

    def started(self, *_args) -> None:
        self._started = time.perf_counter()
        if not self.timer.isActive():
            self.timer.start()

    def poll(self) -> None:
        running = self.w.gen_worker.running
        if running is None:
            self.timer.stop()
            self.progress.hide()
            self.cancel_button.hide()
            return
        if time.perf_counter() - self._started < PROGRESS_AFTER_S:
            return
        self.w.map_view.set_waiting("generating...")
        phase, frac = running.token.progress()
        self.progress.show()
        self.cancel_button.show()
        compiling = jit_cache.active()      # numba's line, while it compiles
        if self.runs_done == 0 or compiling:
            self.progress.setRange(0, 0)        # busy indicator: no phases yet
            self.show(compiling or COMPILING)
        else:
            self.progress.setRange(0, 100)
            self.progress.setValue(int(frac * 100))
            self.show(f"generating: {phase or 'starting'} ({int(frac * 100)}%)...")

    def ended(self, seconds: float | None = None) -> None:
        self.runs_done += 1
        if seconds is not None:
            self.time_label.setText(f"generated in {seconds * 1000:.0f} ms")
        if self.w.gen_worker.running is None:
            self.progress.hide()
            self.cancel_button.hide()

    def stop(self) -> None:
        self.timer.stop()
