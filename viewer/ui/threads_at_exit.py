"""Threads still running a job when their owner goes, waited for at exit,
within a bound.

A worker's job that cannot stop at once (a kernel's first compile, a sweep's
batch) keeps its QThread running after the worker or panel that started it
has gone.  Destroying a running QThread aborts the process ("QThread:
Destroyed while thread is still running"), so each such thread, and the
objects its job runs in, are kept here (:func:`keep_until_exit`) and waited
for when the program ends.

The wait is bounded (:data:`EXIT_WAIT_S`, or ``MAPGEN_EXIT_WAIT_S``) for all
of them together: a job that never returns (a stuck one, or one deaf to its
cancel) must not hold a closed window's process, a test worker or CI past
its limit.  Past the bound the program says so in one line and ends with
status 1, without Qt's abort.
"""

from __future__ import annotations

import atexit
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QThread

__all__ = ["EXIT_WAIT_S", "keep_until_exit", "release", "wait_at_exit"]

EXIT_WAIT_S = 60.0
"""How long the program waits at exit, in all, for the threads kept here."""

_KEPT: dict[QThread, tuple[tuple[Any, ...], Callable[[], None] | None]] = {}


def keep_until_exit(thread: QThread, *objects: Any,
                    stop: Callable[[], None] | None = None) -> None:
    """Keep ``thread`` and ``objects`` (what its job runs in) alive until
    :func:`release` or the program's end; ``stop`` (asks the job to stop) is
    called at exit before the wait."""
    _KEPT[thread] = (objects, stop)


def release(thread: QThread) -> None:
    """``thread`` has ended (or was stopped by its owner): no longer kept."""
    _KEPT.pop(thread, None)


def exit_wait_s() -> float:
    """The bound on the wait at exit (``MAPGEN_EXIT_WAIT_S``, or
    :data:`EXIT_WAIT_S`)."""
    try:
        asked = float(os.environ.get("MAPGEN_EXIT_WAIT_S", ""))
    except ValueError:
        return EXIT_WAIT_S
    return asked if asked >= 0 else EXIT_WAIT_S


def wait_at_exit(bound_s: float | None = None) -> list[str]:
    """Ask each kept thread's job to stop and wait for the threads, ``bound_s``
    seconds (default :func:`exit_wait_s`) in all; returns the names of those
    still running then (none are kept any more)."""
    bound = exit_wait_s() if bound_s is None else bound_s
    deadline = time.monotonic() + bound
    for thread, (_objects, stop) in list(_KEPT.items()):
        if stop is not None:
            stop()
        thread.quit()
    stuck = []
    for thread in list(_KEPT):
        left_ms = max(0, int((deadline - time.monotonic()) * 1000))
        if not thread.wait(left_ms):
            stuck.append(thread.objectName() or "a worker")
    if not stuck:
        _KEPT.clear()
    return stuck


@atexit.register
def _at_exit() -> None:
    stuck = wait_at_exit()
    if stuck:
        print(f"mapgen: {', '.join(stuck)} still running a job {exit_wait_s():.0f} s "
              "after the program ended; left without it", file=sys.stderr)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(1)     # (a running QThread destroyed would abort the process)
