"""What the window benchmarks share (offscreen): opening the window, waiting
for it as its event loop does, and the heartbeat that measures the GUI
thread's stalls.

A stall is the longest gap between two beats of a 1 ms precise timer on the
GUI thread: the time its event loop could not service the timer (a frame at
60 Hz is 16.7 ms; issue 28's target is at most 16 ms).  Waiting is done in
Qt's event loop (:func:`wait_in_loop`), as ``app.exec()`` waits, rather than
polling with the GIL held, which slows the worker threads the window waits for.
"""

from __future__ import annotations

import collections
import gc
import os
import statistics
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MAPGEN_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.ini"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

STALL_TARGET_MS = 16.0
BEAT_MS = 1


def say(text: str) -> None:
    """A line of the benchmark's report, at once (a slow step shows where it is)."""
    print(text, flush=True)


def load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def wait_until(app: QApplication, cond, timeout: float = 300.0, what: str = "") -> None:
    """Spin the event loop (at most 5 ms a turn, the GIL held between turns)
    until ``cond()``."""
    end = time.perf_counter() + timeout
    while not cond():
        if time.perf_counter() > end:
            raise TimeoutError(f"the window did not get there in {timeout:g} s"
                               + (f": {what}" if what else ""))
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def wait_in_loop(app: QApplication, cond, timeout: float = 300.0, what: str = "") -> None:
    """:func:`wait_until`, the GUI thread blocking in the event loop between
    looks (as in ``app.exec()``); a 1 ms timer wakes it to look again."""
    end = time.perf_counter() + timeout
    tick = QTimer()
    tick.setTimerType(Qt.TimerType.PreciseTimer)
    tick.setInterval(1)
    tick.start()
    try:
        while not cond():
            if time.perf_counter() > end:
                raise TimeoutError(f"the window did not get there in {timeout:g} s"
                                   + (f": {what}" if what else ""))
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    finally:
        tick.stop()


def pause(app: QApplication, seconds: float) -> None:
    end = time.perf_counter() + seconds
    wait_in_loop(app, lambda: time.perf_counter() > end)


class StallSpy:
    """With ``BENCH_STALL_SPY=1``: a thread that, whenever the heartbeat is
    late by more than ``late_ms``, samples the GUI thread's Python stack
    (and the other threads'), so that a phase's report names what stalls."""

    def __init__(self, heart: Heartbeat, late_ms: float = 8.0):
        self.heart, self.late = heart, late_ms / 1000
        self.gui = threading.main_thread().ident
        self.samples: collections.Counter = collections.Counter()
        self.others: collections.Counter = collections.Counter()
        self.on = True
        self.collections: list[tuple[float, int, str]] = []   # (ms, generation, thread)
        self._gc_start: dict[int, float] = {}
        gc.callbacks.append(self._gc)
        threading.Thread(target=self._run, daemon=True, name="stall spy").start()

    def _gc(self, phase: str, info: dict) -> None:
        me = threading.get_ident()
        if phase == "start":
            self._gc_start[me] = time.perf_counter()
        elif me in self._gc_start:
            ms = (time.perf_counter() - self._gc_start.pop(me)) * 1000
            if ms > 2:
                self.collections.append((ms, info["generation"],
                                         threading.current_thread().name))

    @staticmethod
    def _where(frame, depth: int) -> str:
        return " <- ".join(f"{f.name} {Path(f.filename).name}:{f.lineno}"
                           for f in reversed(traceback.extract_stack(frame)[-depth:]))

    def _run(self) -> None:
        while self.on:
            time.sleep(0.001)
            beats = self.heart.beats
            if beats and time.perf_counter() - beats[-1] > self.late:
                me = threading.get_ident()
                for tid, frame in sys._current_frames().items():
                    if tid == self.gui:
                        self.samples[self._where(frame, 8)] += 1
                    elif tid != me:
                        self.others[self._where(frame, 3)] += 1

    def report(self, n: int = 12) -> None:
        for title, counts in (("the GUI thread", self.samples),
                              ("the other threads", self.others)):
            if counts:
                say(f"    where {title} was while the heartbeat was late (ms samples):")
                for where, k in counts.most_common(n):
                    say(f"      {k:5d}  {where}")
        if self.collections:
            say("    garbage collections over 2 ms: " + ", ".join(
                f"{ms:.0f} ms (generation {g}, {t})" for ms, g, t in self.collections))
        self.samples.clear()
        self.others.clear()
        self.collections.clear()


class Heartbeat:
    """A 1 ms precise timer on the GUI thread; :meth:`phase` names the
    longest gap between its beats since the last phase (the longest stall).

    Each beat also reads how long the GUI thread has waited, runnable, for a
    core (``/proc/thread-self/schedstat``, Linux): the part of a gap the
    machine's load took (other processes on the cores), printed beside the
    stall as ``load wait``; ``own`` is the gap less that wait.
    ``BENCH_STALL_SPY=1`` adds a :class:`StallSpy`'s report to each phase."""

    def __init__(self, app: QApplication):
        self.app = app
        self.beats: list[float] = []
        self.waits: list[float] = []
        self.stalls: dict[str, float] = {}
        self.own: dict[str, float] = {}
        try:
            self._sched = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            self._sched = None
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(BEAT_MS)
        self.timer.timeout.connect(self._beat)
        self.timer.start()
        wait_in_loop(app, lambda: len(self.beats) >= 5)
        self.restart()
        self.spy = StallSpy(self) if os.environ.get("BENCH_STALL_SPY") == "1" else None

    def _run_queue_wait(self) -> float:
        """Seconds the GUI thread has waited for a core so far."""
        if self._sched is None:
            return 0.0
        return int(os.pread(self._sched, 100, 0).split()[1]) / 1e9

    def _beat(self) -> None:
        self.beats.append(time.perf_counter())
        self.waits.append(self._run_queue_wait())

    def restart(self) -> None:
        """Measure from now."""
        self.beats[:] = [time.perf_counter()]
        self.waits[:] = [self._run_queue_wait()]
        if getattr(self, "spy", None) is not None:
            self.spy.samples.clear()
            self.spy.others.clear()

    def phase(self, name: str, echo: bool = True) -> float:
        beats = self.beats + [time.perf_counter()]
        waits = self.waits + [self._run_queue_wait()]
        gaps = [((b - a) * 1000, (wb - wa) * 1000)
                for a, b, wa, wb in zip(beats, beats[1:], waits, waits[1:])]
        worst, wait = max(gaps, default=(0.0, 0.0))
        own = max((g - w for g, w in gaps), default=0.0)
        if worst > self.stalls.get(name, -1.0):
            self.stalls[name] = worst
        self.own[name] = max(own, self.own.get(name, 0.0))
        if echo:
            over = sum(1 for g, _ in gaps if g > STALL_TARGET_MS)
            say(f"  {name}: longest GUI stall {worst:.1f} ms (load wait {wait:.1f} ms in "
                f"it; longest own {own:.1f} ms; {over} of {len(gaps)} gaps over "
                f"{STALL_TARGET_MS:g} ms)")
            if self.spy is not None:
                self.spy.report()
        self.restart()
        return worst

    def worst(self) -> tuple[str, float]:
        name = max(self.stalls, key=self.stalls.get)
        return name, self.stalls[name]

    def worst_own(self) -> tuple[str, float]:
        """The longest gap less the GUI thread's wait for a core in it."""
        name = max(self.own, key=self.own.get)
        return name, self.own[name]

    def stop(self) -> None:
        self.timer.stop()
        if self.spy is not None:
            self.spy.on = False
        if self._sched is not None:
            os.close(self._sched)
            self._sched = None


def warm_threads_done() -> bool:
    return not any(t.name.startswith("warm up") for t in threading.enumerate())


def open_window(app: QApplication, warmed: bool = True, generate: bool = True):
    """The workbench window at 1280x820, its first map shown (``warmed``:
    and the warm-up it starts then done, as when one has looked at it for a
    moment)."""
    from viewer.ui.main_window import MainWindow

    if os.environ.get("BENCH_SWITCH_INTERVAL"):     # (to compare GIL switch intervals)
        sys.setswitchinterval(float(os.environ["BENCH_SWITCH_INTERVAL"]))
    win = MainWindow(generate=generate)
    win.resize(1280, 820)
    win.show()
    if generate:
        wait_in_loop(app, lambda: win.result is not None and not win.busy(),
                     what="the first map")
    if warmed:
        t0 = time.perf_counter()
        wait_in_loop(app, warm_threads_done, timeout=900, what="the engines' warm-up "
                     "(numba compiles the kernels once per change of their sources)")
        if time.perf_counter() - t0 > 2:
            say(f"(waited {time.perf_counter() - t0:.0f} s for the engines' warm-up)")
    return win


def generate(app: QApplication, win, generator: str | None, values: dict,
             what: str = "", timeout: float = 900.0) -> float:
    """Switch to ``generator`` (when given), set ``values`` on the Workbench
    and wait for their map to be shown; returns the seconds it took."""
    wb = win.workbench
    if generator is not None and wb.generator.name != generator:
        win.set_generator(generator, generate=False)
    wb.set_values(values)
    t0 = time.perf_counter()
    run = win.request_generation()
    want = wb.validated()

    def shown() -> bool:
        r = win.result
        return (r is not None and not win.busy() and r.generator == wb.generator.name
                and all(r.params.get(k) == v for k, v in want.items() if k in values))
    if run is None and not shown():
        raise RuntimeError(f"no run for {values}: {wb.error}")
    wait_in_loop(app, shown, timeout=timeout, what=what or f"a map of {values}")
    return time.perf_counter() - t0


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):.1f}, max {max(values):.1f} "
            f"[min {min(values):.1f}]")
