"""Everything that changes this process, in one place.

Each tweak below changes the whole process (its scheduling, its memory
allocator, its garbage collector, an interpreter object, an environment
variable a library reads), so none is made by importing a module or by
constructing a widget: the entry points apply what their process needs,
once, each with its reason and its switch:

* :func:`configure_command` (``viewer.cli.main``, every command line):
  numba's cache folder and one BLAS thread; the kept memory from its
  second map on (:func:`command_map_starting`).
* :func:`configure_window` (``viewer.ui.app.main``, the window): the same,
  then the PySide6 reference guard, the kept memory, the quick handover of
  Python's lock and the background priority of the window's workers; the
  heap frozen after each generator's first map (:func:`first_map_shown`).
* :func:`configure_worker` (a sweep's worker process): numba's cache
  folder, and the process below the program that started it.

A test builds a window without any of them (its process's malloc is left
alone); the tests that check a tweak apply it themselves, in a process of
their own.

**numba's cache** (:func:`viewer.jit_cache.configure`): an installed copy
keeps its compiled kernels in the user's cache folder, not in
site-packages; numba's first compile of each generator is announced.

**One BLAS thread** (``OPENBLAS_NUM_THREADS=1`` unless the user set it): no
command does linear algebra, and OpenBLAS's thread pool takes a third of
numpy's import.

**The PySide6 reference guard** (:func:`guard_references`): PySide6 6.12 on
Python 3.11 returns ``None`` from every void Qt method, and ``True`` from
``Signal.emit``, without taking a reference (on Python 3.12+ those objects
are immortal, so it does no harm there).  Each call steals one reference,
and after enough calls the interpreter aborts with "deallocating None" in a
long session.  The guard measures the loss with a few harmless calls and,
only if there is one, gives ``None``, ``True`` and ``False`` so many extra
references that they can never run out.  ``MAPGEN_REFCOUNT_GUARD=0`` turns
it off.

**Background priority** (:func:`as_background`, :data:`BACKGROUND_NICE`): a
window keeps moving only if its event loop gets a core the moment it
wakes.  With as many busy threads as cores (on 2 cores: a 4096 x 4096
generation beside a trace rebuild, or a sweep's processes), the kernel's fair
scheduler let the GUI thread wait, runnable, for a core up to 16 ms
(the 4096 x 4096 stall bench, "waiting for one"); a frame is 16.7 ms.  So every
thread and process that works for the window (the runners, the gallery, the
warm-up, the sweep's pool) runs :data:`BACKGROUND_NICE` nice levels below the
program's main thread.  They lose nothing while the window is idle (the
cores are theirs), and, with Linux's autogroups (the default on desktops), a
thread's nice level counts only against the threads of its own session: the
program as a whole is not slowed beside other programs.  Linux gives each
thread its own nice level; elsewhere (macOS, Windows) a nice level is the
whole process's, so threads are left alone there and only the sweep's worker
processes are lowered.  Only in the window's process; ``MAPGEN_BACKGROUND_NICE=0``
turns it off (to compare).

**Quick handover of Python's lock** (:func:`quick_handover`,
:data:`WINDOW_SWITCH_INTERVAL_S`): a thread that wants the lock (the GIL)
while another runs Python code waits for the interpreter's switch
interval, 5 ms by default, and the GUI thread wants it again after every
call into Qt that lets it go.  While a worker rebuilt a 4096 x 4096 state,
three such waits made one 15 ms stall with the GUI thread 0.4 ms on a core
(the stall bench's scrubs).  In the window's process the interval is 1 ms:
a thread alone (a command line's, a worker without the GUI waiting) is
never interrupted by it, so only the handover gets quicker.
``MAPGEN_SWITCH_INTERVAL_MS`` sets another (5 is Python's own).

**Kept memory** (:func:`keep_memory`): freeing a 4096 x 4096 array gave its
pages back to the system (munmap, or glibc trimming its heap) with Python's
lock held: 14 ms in the kernel on the trace's worker, the GUI thread waiting
for the lock all that while.  In the window's process (Linux with glibc),
freed memory stays the process's, for its next arrays: no unmapping, no page
faults when it is used again.  Every thread allocates from one malloc
arena (glibc's main one): a thread's own arena is made of 64 MB heaps, so
glibc mapped each array of 64 MB or more a worker made (a 4096 x 4096
``int32`` layer) on its own whatever the limits, and the thread that dropped
it, often the GUI's, unmapped it: 3.3 ms with the lock held, once per step
of a 4096 x 4096 timeline scrubbed.  The process stays at its largest size (a
4096 x 4096 heightmap and its timeline: about 3.3 GB, against 2.7 GB at most
when memory is given back; a 4096 x 4096 first frame's, 5.6 GB, as with an
arena a thread).  Transparent huge pages are off in it too: on a
virtual machine, while a worker faulted in new huge pages the GUI thread ran
a hundred times slower for 20-150 ms.  ``MAPGEN_KEEP_MEMORY=0`` turns both
off.  A command line's process keeps its memory too once it makes a second
map (:func:`command_map_starting`: an in-process caller making maps one
after another, such as a sweep or the side-by-side timing): otherwise each
map's large arrays are unmapped when it is dropped and faulted in again,
page by page, by the next (about 0.5 ms a megabyte on these virtual
machines, 4 ms for huge pages: 2-3 ms of a warm 1024 x 1024 r13671 map's
16).  A single command is left as it was (``ctypes`` alone costs its
start-up 3 ms, and its first map's pages are new whatever malloc keeps).

**The frozen heap** (:func:`first_map_shown`, :func:`freeze_heap`): a full
garbage collection walks every object (Qt's, pyqtgraph's, numba's: hundreds
of thousands) holding the GIL, 50 to 200 ms that no thread, the GUI's
included, can run.  In the window, after each generator's first map (its
kernels loaded by then) and after a warm-up, the objects made so far are
left out of the collector.  ``MAPGEN_FREEZE_HEAP=0`` turns it off.
The same holds for what a map's timeline keeps and rebuilds while it is
shown (:func:`long_lived`: a 4096 x 4096 first frame's World, each state kept
or rebuilt, holds some 60,000 objects, its towns and industries): no
collection runs while they are made, and once made they are left out of the
collector too.  Measured on the 4096 x 4096 stall bench before: full
collections of 130 to 1,030 ms, on the trace's worker and on the GUI thread.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator

WINDOW = "window"
COMMAND = "command"
WORKER = "worker"
_role: str | None = None
"""What this process was configured as (None: nothing applied, as in a
test or a library's import)."""


def role() -> str | None:
    return _role


def _switched_off(variable: str) -> bool:
    return os.environ.get(variable) == "0"


def configure_command() -> None:
    """A command line's process: numba's cache folder, one BLAS thread."""
    global _role
    if _role is None:
        _role = COMMAND
    _numba_and_blas()


_command_maps = 0


def command_map_starting() -> None:
    """A command line is about to make a map in this process: from the
    second on, freed memory stays the process's (:func:`keep_memory`; see
    the module docstring)."""
    global _command_maps
    _command_maps += 1
    if _command_maps == 2:
        keep_memory()


def configure_window() -> None:
    """The window's process: as a command's, then the PySide6 reference
    guard, the kept memory and the workers' background priority."""
    global _role
    _role = WINDOW
    _numba_and_blas()
    guard_references()
    keep_memory()
    quick_handover()


WINDOW_SWITCH_INTERVAL_S = 0.001
"""Python's switch interval in the window's process (see the module docstring)."""


def quick_handover() -> float:
    """Set the window's switch interval (``MAPGEN_SWITCH_INTERVAL_MS``, or
    :data:`WINDOW_SWITCH_INTERVAL_S`); returns it in seconds."""
    seconds = WINDOW_SWITCH_INTERVAL_S
    try:
        asked = float(os.environ.get("MAPGEN_SWITCH_INTERVAL_MS", "")) / 1000
        if asked > 0:
            seconds = asked
    except ValueError:
        pass
    sys.setswitchinterval(seconds)
    return seconds


def configure_worker(nice: int | None = None) -> None:
    """A sweep's worker process: numba's cache folder; at nice level
    ``nice`` (what :func:`worker_nice` gave the program that started it)
    when given."""
    global _role
    _role = WORKER
    _numba_and_blas()
    if nice is not None:
        background_process(nice)


def _numba_and_blas() -> None:
    from . import jit_cache

    jit_cache.configure()
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

BACKGROUND_NICE = 10
"""Nice levels below the program's main thread (Linux's weights: the GUI
thread gets about nine tenths of a core it shares with one worker)."""

MAX_NICE = 19
_local = threading.local()


def offset() -> int:
    """The nice levels work runs below the GUI (:data:`BACKGROUND_NICE`, or
    ``MAPGEN_BACKGROUND_NICE``); 0 outside the window's process."""
    if _role != WINDOW:
        return 0
    try:
        return max(0, int(os.environ.get("MAPGEN_BACKGROUND_NICE", BACKGROUND_NICE)))
    except ValueError:
        return BACKGROUND_NICE


def main_nice() -> int:
    """The nice level of this process's main thread (the GUI's)."""
    return os.getpriority(os.PRIO_PROCESS, os.getpid())


def lower(who: int, base: int, by: int | None = None) -> int | None:
    """Put task ``who`` (a thread's native id on Linux, a process id) at
    ``base`` + ``by`` (default :func:`offset`; at most 19), never raising
    its priority; returns its nice level, or None where it cannot be read
    or set."""
    try:
        current = os.getpriority(os.PRIO_PROCESS, who)
        target = min(MAX_NICE, base + (offset() if by is None else by))
        if target > current:
            os.setpriority(os.PRIO_PROCESS, who, target)
            current = target
        return current
    except (OSError, AttributeError):    # no such call here, or not allowed
        return None


def as_background() -> int | None:
    """Lower the calling thread (once; Linux only, see the module docstring);
    its nice level, or None where threads keep the process's."""
    if (_role != WINDOW or not sys.platform.startswith("linux")
            or threading.current_thread() is threading.main_thread()):
        return None
    if getattr(_local, "nice", None) is None:
        _local.nice = lower(threading.get_native_id(), main_nice())
        me = threading.current_thread()
        if not isinstance(me, threading._DummyThread):      # (Qt names its own)
            name_thread(me.name)
    return _local.nice


PR_SET_NAME = 15


def name_thread(name: str) -> None:
    """Give the calling thread ``name`` (its first 15 bytes) where the system
    shows it (Linux: ``top -H``, ``ps -L``, ``perf``), as Qt names its own
    threads; Python 3.11 names none."""
    try:
        _libc().prctl(PR_SET_NAME, name.encode()[:15], 0, 0, 0)
    except (OSError, AttributeError):
        pass


_libc_handle = None


def _libc():
    """The C library (ctypes), loaded once and only when asked for: a
    command's start-up needs none of it."""
    global _libc_handle
    if _libc_handle is None:
        import ctypes

        _libc_handle = ctypes.CDLL(None)
    return _libc_handle


def background_thread(target: Callable[[], object], name: str) -> threading.Thread:
    """A started daemon thread running ``target`` below the GUI's priority."""
    def run() -> None:
        as_background()
        target()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def worker_nice() -> int:
    """The nice level for the worker processes this process starts: its
    own, lowered by :func:`offset` (so only the window's workers are
    lowered)."""
    return min(MAX_NICE, main_nice() + offset())


def background_process(nice: int) -> int | None:
    """In a worker process: put the whole process at nice level ``nice``
    (never raising its priority)."""
    return lower(os.getpid(), nice, by=0)


M_TRIM_THRESHOLD, M_MMAP_MAX, M_ARENA_MAX = -1, -4, -8    # glibc's mallopt parameters
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
                libc = _libc()
                kept = (libc.mallopt(M_MMAP_MAX, 0) == 1
                        and libc.mallopt(M_TRIM_THRESHOLD, 2**31 - 1) == 1
                        and libc.mallopt(M_ARENA_MAX, 1) == 1)
                libc.prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)
                _kept = kept
            except (OSError, AttributeError):   # not glibc (musl has no mallopt)
                pass
    return _kept


_guarded = False
EXTRA_REFS = 1 << 40


def _reference_losses() -> tuple[int, int]:
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        sig = Signal()

    p = _Probe()
    n0, t0 = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(16):
        p.setObjectName("probe")          # a void method
        p.sig.emit()
    return n0 - sys.getrefcount(None), t0 - sys.getrefcount(True)


def guard_references() -> bool:
    """Protect ``None``/``True``/``False`` if this PySide6 loses references to
    them (see the module docstring); whether the guard was needed (and
    applied).  Once per process."""
    global _guarded
    if _guarded or sys.version_info >= (3, 12) or _switched_off("MAPGEN_REFCOUNT_GUARD"):
        return _guarded
    lost_none, lost_true = _reference_losses()
    if lost_none > 0 or lost_true > 0:
        import ctypes

        for obj in (None, True, False):
            ctypes.c_ssize_t.from_address(id(obj)).value += EXTRA_REFS
        _guarded = True
    return _guarded


_frozen_after: set[str] = set()


def first_map_shown(generator: str) -> bool:
    """The window showed a map of ``generator``: after its first, the heap
    is frozen (see the module docstring); whether it was frozen now."""
    if generator in _frozen_after:
        return False
    _frozen_after.add(generator)
    return freeze_heap()


def freeze_heap() -> bool:
    """Leave the objects made so far out of Python's cyclic garbage
    collector, in the window's process (they are still freed when nothing
    refers to them); whether it did."""
    if _role != WINDOW or _switched_off("MAPGEN_FREEZE_HEAP"):
        return False
    gc.freeze()
    return True


_long_lived = [0, False]     # [depth, the collector was enabled before]
_long_lived_lock = threading.Lock()


@contextlib.contextmanager
def long_lived() -> Iterator[None]:
    """Within this block (any thread) the objects made are kept, as a map's
    states and their copies are: in the window's process, no garbage
    collection runs until the outermost such block ends, and then every
    object made so far is left out of the collector (:func:`freeze_heap`);
    elsewhere nothing changes."""
    if _role != WINDOW or _switched_off("MAPGEN_FREEZE_HEAP"):
        yield
        return
    with _long_lived_lock:
        if _long_lived[0] == 0:
            _long_lived[1] = gc.isenabled()
            gc.disable()
        _long_lived[0] += 1
    try:
        yield
    finally:
        with _long_lived_lock:
            _long_lived[0] -= 1
            if _long_lived[0] == 0:
                gc.freeze()
                if _long_lived[1]:
                    gc.enable()
