"""A sweep run on its own QThread: the worker, and the threads under way
(stopped at exit, so that a panel deleted meanwhile takes neither along)."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ...sweep import BackendError, SweepSpec, run_sweep
from ...workbench.errors import error_text
from .. import threads_at_exit

__all__ = ["SweepWorker"]


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
            error = error_text(exc)
        self.ended.emit(error)


_UNDER_WAY: dict[QThread, SweepWorker] = {}
"""Each sweep thread running and its worker, kept here until the sweep
ends: a panel deleted meanwhile takes neither with it; at exit its sweep is
cancelled and waited for, within a bound (:mod:`..threads_at_exit`)."""


def under_way(thread: QThread, worker: SweepWorker) -> None:
    """``thread`` runs ``worker``'s sweep: kept until it is stopped."""
    _UNDER_WAY[thread] = worker
    threads_at_exit.keep_until_exit(thread, worker, stop=worker.cancel.set)


def _stop(thread: QThread) -> None:
    """Cancel the sweep on ``thread`` and wait for the thread to end."""
    worker = _UNDER_WAY.get(thread)
    if worker is not None:
        worker.cancel.set()
    thread.quit()           # ends once the sweep's slot returns
    thread.wait()
    _UNDER_WAY.pop(thread, None)
    threads_at_exit.release(thread)
