"""The workbench's runner in the window: :class:`QtRunner` runs the
Workbench's jobs on a :class:`~viewer.ui.worker.LatestWins` thread and
tells the Workbench on the Qt thread (the runner protocol of
:mod:`viewer.workbench.runs`), so every workbench event reaches the widgets
on their own thread.  A job the newest request replaced is dropped without
a word, as :class:`LatestWins` drops it; the Workbench only listens to its
newest run anyway."""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..engine.protocol import Cancelled
from ..workbench.runs import Done, JobFn, Outcome
from .worker import LatestWins


class QtRunner(QObject):
    def __init__(self, name: str, parent: QObject | None = None):
        super().__init__(parent)
        self.worker = LatestWins(name, self)
        self._done: dict[int, Done] = {}
        self.worker.finished.connect(lambda i, v, s: self._end(Outcome(i, v, None, s)))
        self.worker.failed.connect(lambda i, e: self._end(Outcome(i, None, e)))
        self.worker.cancelled.connect(self._cancelled)

    def submit(self, fn: JobFn, done: Done) -> int:
        job_id = self.worker.submit(fn)
        self._done = {job_id: done}          # only the newest is ever told
        return job_id

    def _cancelled(self, job_id: int) -> None:
        self._end(Outcome(job_id, None, Cancelled()))

    def _end(self, outcome: Outcome) -> None:
        done = self._done.pop(outcome.id, None)
        if done is not None:
            done(outcome)

    def cancel(self) -> None:
        self.worker.cancel()

    def idle(self) -> bool:
        return self.worker.is_idle()

    def progress(self) -> tuple[str, float] | None:
        job = self.worker.running
        return job.token.progress() if job is not None else None

    def shutdown(self) -> None:
        self.worker.shutdown()
