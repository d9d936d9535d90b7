"""The status bar of a run: the message, a progress bar with the engine's
own words once a run takes longer than half a second, Cancel, and the time
of the last generation.  It follows the Workbench's runs (its events and
:meth:`~viewer.workbench.Workbench.progress`)."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton

from .. import jit_cache
from ..workbench import Workbench
from .elided import ElidedLabel
from .shell import Shell

PROGRESS_AFTER_S = 0.5
PROGRESS_POLL_MS = 100
COMPILING = "preparing engine (compiling)..."
ERROR_STYLE = "color: #e55;"


class RunStatus:
    """In the shell's status bar: Cancel stops what runs
    (``shell.cancel_generation``), and the map view says "generating..."
    during a long run."""

    def __init__(self, workbench: Workbench, shell: Shell):
        self.wb, self.shell = workbench, shell
        window = shell.widget
        bar = window.statusBar()
        self.message = ElidedLabel()       # a long message ends in "…", whole in its tooltip
        bar.addWidget(self.message, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)     # the phase is in the message
        self.progress.setFixedWidth(140)
        self.progress.hide()
        bar.addPermanentWidget(self.progress)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("stop this generation (Esc)")
        self.cancel_button.clicked.connect(shell.cancel_generation)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.cancel_button)
        self.time_label = QLabel("")
        self.time_label.setToolTip("time of the last generation")
        bar.addPermanentWidget(self.time_label)
        self.runs_done = 0
        self._started = 0.0
        self._own_work = False
        self.timer = QTimer(window)
        self.timer.setInterval(PROGRESS_POLL_MS)
        self.timer.timeout.connect(self.poll)
        from ..workbench import events as ev

        workbench.events.connect_all({
            ev.RunStarted: self.started,
            ev.RunFinished: lambda e: self.ended(e.seconds),
            ev.RunFailed: lambda _e: self.ended(),
            ev.RunCancelled: lambda _e: self.ended(),
        })

    def show(self, text: str, error: bool = False) -> None:
        style = ERROR_STYLE if error else ""
        if text != self.message.text():
            self.message.setText(text)
        if style != self.message.styleSheet():
            self.message.setStyleSheet(style)

    def started(self, *_args) -> None:
        self._started = time.perf_counter()
        if not self.timer.isActive():
            self.timer.start()

    def poll(self) -> None:
        progress = self.wb.progress()
        if progress is None:
            self.timer.stop()
            self.progress.hide()
            self.cancel_button.setVisible(self._own_work)
            return
        if time.perf_counter() - self._started < PROGRESS_AFTER_S:
            return
        # (what has not changed is left alone: this runs ten times a second
        # beside a long run, and each Qt call may wait for Python's lock)
        view = self.shell.map_view
        if not view.is_waiting():
            view.set_waiting("generating...")
        phase, frac = progress
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        compiling = jit_cache.active()      # numba's line, while it compiles
        if self.runs_done == 0 or compiling:
            if self.progress.maximum() != 0:
                self.progress.setRange(0, 0)        # busy indicator: no phases yet
            self.show(compiling or COMPILING)
        else:
            percent = int(frac * 100)
            if self.progress.maximum() != 100:
                self.progress.setRange(0, 100)
            if self.progress.value() != percent:
                self.progress.setValue(percent)
            self.show(f"generating: {phase or 'starting'} ({percent}%)...")

    def ended(self, seconds: float | None = None) -> None:
        self.runs_done += 1
        if seconds is not None:
            self.show_time(seconds)
        if self.wb.progress() is None:
            self.progress.hide()
            self.cancel_button.setVisible(self._own_work)

    def show_time(self, seconds: float | None) -> None:
        self.time_label.setText("" if seconds is None else
                                f"generated in {seconds * 1000:.0f} ms")

    def own_work(self, running: bool) -> None:
        """Work of a part of the window (a solver) started or ended."""
        self._own_work = running
        self.cancel_button.setVisible(self._own_work or self.wb.progress() is not None)

    def stop(self) -> None:
        self.timer.stop()
