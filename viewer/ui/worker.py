"""Running engines off the GUI thread, newest request first.

A :class:`LatestWins` owns one worker thread.  ``submit(fn)`` asks for
``fn(token)`` to run there: if nothing runs it starts at once; if a job runs,
the new job waits, replacing any job that was already waiting (that one is
dropped).  So at most one job is in flight and one waits.  What happens to
the running job depends on ``finish_running``: by default its
:class:`~viewer.engine.protocol.CancelToken` is cancelled (a stale answer is
worth nothing: a solve, an export); with ``finish_running`` it runs to its
end and its result is delivered as ``superseded`` (mapgen4's policy for
maps: the picture keeps moving under a dragged slider).  :meth:`cancel`
stops everything either way.  Results come back to the GUI thread through
queued signals carrying the job id; only the newest request's come as
``finished``, so a stale map never replaces a newer one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..engine.protocol import Cancelled, CancelToken
from ..runtime import as_background
from . import threads_at_exit

JobFn = Callable[[CancelToken], Any]


@dataclass
class Job:
    id: int
    fn: JobFn
    token: CancelToken = field(default_factory=CancelToken)
    submitted: float = field(default_factory=time.perf_counter)


class _Executor(QObject):
    """Lives in the worker thread and runs one job per call."""

    done = Signal(int, object, object, float)   # id, value, error, seconds

    @Slot(object)
    def run(self, job: Job) -> None:
        as_background()             # (once per thread: below the GUI's priority)
        t0 = time.perf_counter()
        value, error = None, None
        try:
            job.token.check()
            value = job.fn(job.token)
        except BaseException as exc:  # noqa: BLE001 - errors travel back as values
            error = exc
        self.done.emit(job.id, value, error, time.perf_counter() - t0)


class LatestWins(QObject):
    """See the module docstring.  Signals are emitted on the GUI thread, and
    only for the newest request."""

    started = Signal(int, object)               # id, CancelToken
    finished = Signal(int, object, float)       # id, value, seconds
    failed = Signal(int, object)                # id, exception
    cancelled = Signal(int)
    superseded = Signal(int, object, float)     # id, value, seconds: an older job's value
    idle = Signal()                             # nothing running, nothing waiting

    _run = Signal(object)

    def __init__(self, name: str = "worker", parent: QObject | None = None,
                 finish_running: bool = False):
        super().__init__(parent)
        self.finish_running = finish_running
        self._thread = QThread()
        self._thread.setObjectName(name)
        self._executor = _Executor()
        self._executor.moveToThread(self._thread)
        self._run.connect(self._executor.run)
        self._executor.done.connect(self._on_done)
        self._thread.start()
        self._next_id = 0
        self._latest = 0
        self._running: Job | None = None
        self._waiting: Job | None = None
        self.dropped = 0            # superseded jobs never started or discarded

    # -- state -----------------------------------------------------------------
    @property
    def running(self) -> Job | None:
        return self._running

    @property
    def waiting(self) -> Job | None:
        return self._waiting

    def is_idle(self) -> bool:
        return self._running is None and self._waiting is None

    @property
    def latest_id(self) -> int:
        return self._latest

    # -- requests --------------------------------------------------------------
    def submit(self, fn: JobFn) -> int:
        """Ask for ``fn(token)`` to run; returns the request's id."""
        self._next_id += 1
        job = Job(self._next_id, fn)
        self._latest = job.id
        if self._running is None:
            self._start(job)
        else:
            if not self.finish_running:
                self._running.token.cancel()
            if self._waiting is not None:
                self.dropped += 1
            self._waiting = job
        return job.id

    def cancel(self) -> None:
        """Cancel the running job and forget the waiting one."""
        if self._waiting is not None:
            self.dropped += 1
            self._waiting = None
        if self._running is not None:
            self._running.token.cancel()

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Cancel everything and stop the thread, waiting up to ``timeout_ms``
        for the running job; a job still running then (one that cannot stop
        at once: a kernel's first compile) keeps its thread, which outlives
        this worker until the job returns, and is waited for at exit
        (:mod:`.threads_at_exit`)."""
        self.cancel()
        self._thread.quit()
        if not self._thread.wait(timeout_ms):
            threads_at_exit.keep_until_exit(self._thread, self._executor)

    def _start(self, job: Job) -> None:
        self._running = job
        self.started.emit(job.id, job.token)
        self._run.emit(job)

    @Slot(int, object, object, float)
    def _on_done(self, job_id: int, value: Any, error: Any, seconds: float) -> None:
        self._running = None
        newest = job_id == self._latest
        if not newest:
            if self.finish_running and error is None:
                self.superseded.emit(job_id, value, seconds)
            else:
                self.dropped += 1
        elif isinstance(error, Cancelled):
            self.cancelled.emit(job_id)
        elif error is not None:
            self.failed.emit(job_id, error)
        else:
            self.finished.emit(job_id, value, seconds)
        if self._waiting is not None and self._running is None:
            job, self._waiting = self._waiting, None
            self._start(job)
        elif self.is_idle():
            self.idle.emit()
