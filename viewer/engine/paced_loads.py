"""Kernel loads one at a time, each after a pause, for a warm-up beside a window.

numba loads a kernel from its cache (its index and data unpickled, the
object code linked by LLVM, its symbols looked up) or compiles it, under
its compiler lock, in pieces of Python and of LLVM's C code: 3 to 12 ms a
kernel on an idle 2-core machine (TGP's warm-up: 12 kernels, 56 ms), 25 to
60 ms beside a 4096 x 4096 run starting.  A thread that does so beside the
window's runs competes with the GUI thread for Python's lock at every one of
those pieces: a 4096² map started right after the switch to TGP met TGP's
warm-up loading its kernels, and the GUI thread waited 28 ms for the lock.

Within :func:`paced` (on one thread) that thread calls ``wait()`` before it
loads each kernel: when it is about to take numba's compiler lock and does
not hold it already (a kernel's own callees come within the same hold), so
it waits holding no lock of numba's, and any other thread (a run loading
what it needs) goes on meanwhile.  :class:`UntilQuiet` is the window's
``wait``: until nothing has been under way for a while.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator

_local = threading.local()
_wanted = False                 # some thread paced its loads
_listening = False
_listen_lock = threading.Lock()


@contextlib.contextmanager
def paced(wait: Callable[[], None]) -> Iterator[None]:
    """Within this block, this thread calls ``wait()`` before each kernel
    it loads or compiles (see the module docstring)."""
    global _wanted
    before = getattr(_local, "wait", None)
    _local.wait = wait
    _wanted = True
    listen()
    try:
        yield
    finally:
        _local.wait = before


def listen() -> None:
    """Have numba's compiler lock call the pacing (once, and only when numba
    is imported already: :func:`viewer.engine.jit.materialize` calls this
    again when it imports numba, before any kernel of ours exists)."""
    global _listening
    if _listening or not _wanted or sys.modules.get("numba") is None:
        return
    with _listen_lock:
        if _listening:
            return
        from numba.core import event
        from numba.core.compiler_lock import global_compiler_lock

        class BeforeLoad(event.Listener):
            # numba says "numba:compiler_lock" starts just before it takes the lock
            def on_start(self, ev):
                wait = getattr(_local, "wait", None)
                if wait is not None and not global_compiler_lock.is_locked():
                    wait()

            def on_end(self, ev):
                pass

        event.register("numba:compiler_lock", BeforeLoad())
        _listening = True


POLL_S = 0.02


class UntilQuiet:
    """A ``wait`` for :func:`paced`: it returns once ``busy()`` (asked every
    ``poll_s``) has not said True for ``quiet_s`` seconds, counted from the
    last time it did or else from the making of this wait; an error
    ``busy()`` raises counts as nothing under way.  So loads begin a while
    after the window's last map was made and drawn (its arrival, its names
    and its kept picture are still being done when the map is shown), and
    follow one another without a pause while nothing else happens."""

    def __init__(self, busy: Callable[[], bool], quiet_s: float, poll_s: float = POLL_S):
        self.busy = busy
        self.quiet_s = quiet_s
        self.poll_s = poll_s
        self.last_busy = time.perf_counter()

    def __call__(self) -> None:
        while True:
            try:
                now_busy = bool(self.busy())
            except Exception:  # noqa: BLE001 - a window gone: nothing is under way
                now_busy = False
            now = time.perf_counter()
            if now_busy:
                self.last_busy = now
            elif now - self.last_busy >= self.quiet_s:
                return
            time.sleep(self.poll_s)
