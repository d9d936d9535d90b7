"""The workbench's runner in the window: :class:`QtRunner` runs the
Workbench's jobs on a :class:`~viewer.ui.worker.LatestWins` thread and
tells the Workbench on the Qt thread (the runner protocol of
:mod:`viewer.workbench.runs`), so every workbench event reaches the widgets
on their own thread.  With ``finish_running`` (the maps' runner) a running
job a newer request supersedes runs to its end and is told as an outcome
that is not the newest (``Outcome.newest`` False); a job that waited and
was replaced is dropped without a word, as :class:`LatestWins` drops it."""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..engine.protocol import Cancelled
from ..workbench.runs import Done, JobFn, Outcome
from .worker import LatestWins


class QtRunner(QObject):
    def __init__(self, name: str, parent: QObject | None = None,
                 finish_running: bool = False):
        super().__init__(parent)
        self.worker = LatestWins(name, self, finish_running)
        self._done: dict[int, Done] = {}
        self.worker.finished.connect(lambda i, v, s: self._end(Outcome(i, v, None, s)))
        self.worker.failed.connect(lambda i, e: self._end(Outcome(i, None, e)))
        self.worker.cancelled.connect(self._cancelled)
        self.worker.superseded.connect(
            lambda i, v, s: self._end(Outcome(i, v, None, s, newest=False)))

    def submit(self, fn: JobFn, done: Done) -> int:
        running = self.worker.running
        job_id = self.worker.submit(fn)
        # the newest is told; so is the running job when it is let finish
        keep = {running.id} if running is not None and self.worker.finish_running else set()
        self._done = {i: d for i, d in self._done.items() if i in keep}
        self._done[job_id] = done
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
