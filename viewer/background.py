"""What keeps the GUI thread moving beside the work of its workers: they run
at a lower scheduling priority than the GUI, and the window's process keeps
the memory it frees (:func:`keep_memory`).

A window keeps moving only if its event loop gets a core the moment it
wakes.  With as many busy threads as cores (on 2 cores: a 4096 x 4096
generation beside a trace rebuild, or a sweep's processes), the kernel's fair
scheduler let the GUI thread wait, runnable, for a core up to 16 ms
(the 4096 x 4096 stall bench, "waiting for one"); a frame is 16.7 ms.  So every
thread and process that works for the window (the runners, the gallery, the
warm-up, the sweep's pool) runs :data:`BACKGROUND_NICE` nice levels below the
program's main thread.  They lose nothing while the window is idle (the
cores are theirs), and, with Linux's autogroups (the default on desktops), a
thread's nice level counts only against the threads of its own session: the
program as a whole is not slowed beside other programs.

Linux gives each thread its own nice level; elsewhere (macOS, Windows) a
nice level is the whole process's, so threads are left alone there and only
the sweep's worker processes are lowered.  ``MAPGEN_BACKGROUND_NICE=0`` turns
it off (to compare).

:func:`keep_memory`: freeing a 4096 x 4096 array gave its pages back to the
system (munmap, or glibc trimming its heap) with Python's lock held: 14 ms
in the kernel on the trace's worker, the GUI thread waiting for the lock all
that while.  In the window's process (Linux with glibc), freed memory stays
the process's, for its next arrays: no unmapping, no page faults when it is
used again.  The process stays at its largest size (a 4096 x 4096 heightmap
and its timeline: about 3.3 GB, against 2.7 GB at most when memory is given
back).  Transparent huge pages are off in it too: on a virtual machine, while
a worker faulted in new huge pages the GUI thread ran a hundred times slower
for 20-150 ms.  ``MAPGEN_KEEP_MEMORY=0`` turns both off.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Callable

BACKGROUND_NICE = 10
"""Nice levels below the program's main thread (Linux's weights: the GUI
thread gets about nine tenths of a core it shares with one worker)."""

MAX_NICE = 19
_local = threading.local()


def offset() -> int:
    """The nice levels work runs below the GUI (:data:`BACKGROUND_NICE`, or
    ``MAPGEN_BACKGROUND_NICE``)."""
    try:
        return max(0, int(os.environ.get("MAPGEN_BACKGROUND_NICE", BACKGROUND_NICE)))
    except ValueError:
        return BACKGROUND_NICE


def main_nice() -> int:
    """The nice level of this process's main thread (the GUI's)."""
    return os.getpriority(os.PRIO_PROCESS, os.getpid())


def lower(who: int, base: int) -> int | None:
    """Put task ``who`` (a thread's native id on Linux, a process id) at
    ``base`` + :func:`offset` (at most 19), never raising its priority;
    returns its nice level, or None where it cannot be read or set."""
    try:
        current = os.getpriority(os.PRIO_PROCESS, who)
        target = min(MAX_NICE, base + offset())
        if target > current:
            os.setpriority(os.PRIO_PROCESS, who, target)
            current = target
        return current
    except (OSError, AttributeError):    # no such call here, or not allowed
        return None


def as_background() -> int | None:
    """Lower the calling thread (once; Linux only, see the module docstring);
    its nice level, or None where threads keep the process's."""
    if not sys.platform.startswith("linux") or threading.current_thread() is threading.main_thread():
        return None
    if getattr(_local, "nice", None) is None:
        _local.nice = lower(threading.get_native_id(), main_nice())
    return _local.nice


def background_thread(target: Callable[[], object], name: str) -> threading.Thread:
    """A started daemon thread running ``target`` below the GUI's priority."""
    def run() -> None:
        as_background()
        target()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def background_process(base: int) -> int | None:
    """In a worker process: lower the whole process below ``base`` (the
    nice level of the program that started it)."""
    return lower(os.getpid(), base)


M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4       # glibc's mallopt parameters
PR_SET_THP_DISABLE = 41
_kept: bool | None = None


def keep_memory() -> bool:
    """In this process, from now on: freed memory stays the process's and no
    transparent huge pages (see the module docstring); once per process.
    Whether it could (Linux with glibc, not turned off)."""
    global _kept
    if _kept is None:
        _kept = False
        if sys.platform.startswith("linux") and os.environ.get("MAPGEN_KEEP_MEMORY") != "0":
            try:
                libc = ctypes.CDLL(None)
                kept = (libc.mallopt(M_MMAP_MAX, 0) == 1
                        and libc.mallopt(M_TRIM_THRESHOLD, 2**31 - 1) == 1)
                libc.prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)
                _kept = kept
            except (OSError, AttributeError):   # not glibc (musl has no mallopt)
                pass
    return _kept
