"""What the window benchmarks share (offscreen): opening the window, waiting
for it as its event loop does, and the heartbeat that measures the GUI
thread's stalls.

A stall is the longest gap between two beats of a 1 ms precise timer on the
GUI thread: the time its event loop could not service the timer (a frame at
60 Hz is 16.7 ms; issue 28's target is at most 16 ms).  Waiting is done in
Qt's event loop (:func:`wait_in_loop`), as ``app.exec()`` waits, rather than
polling with the GIL held, which slows the worker threads the window waits for.

To find what a stall is made of (each phase's line also says how much of
its longest gap the GUI thread was on a core, and how long it waited for one):

- ``BENCH_STALL_SPY=1``: the threads' Python stacks while a beat is late;
- ``BENCH_SLOW_HANDLERS=1``: the Python the event loop called in the
  longest gap, and every call over 4 ms (a profile hook: it slows the GUI
  thread, so a stall may hide); ``BENCH_SLOW_DEPTH=N`` times the calls
  up to N deep below the event loop too (``> `` a level: what a slot calls);
- ``BENCH_STALL_LOG=FILE``: every gap over 8 ms, the phases' starts and the
  maps' and states' arrivals, with CLOCK_MONOTONIC times (as ``perf record
  -k CLOCK_MONOTONIC`` writes them);
- ``BENCH_SWITCH_INTERVAL=S``: Python's GIL switch interval;
- ``BENCH_PIECES=1``: the GUI thread's pieces of work (each turn's call,
  each workbench event's handler, each worker's arrival, the map view's
  paint, the Towns and Industries tables' paint and new rows) timed without a profile hook, the longest on a core (thread
  time) and in all, listed in each phase's report; then the pieces that
  ran in the phase's longest gaps (and any thread's garbage collection,
  which holds Python's lock), in order: a gap with none was the GUI
  thread waiting for a core or for the lock.

On a virtual machine (Linux), each phase's line also says how much time the
host took from the machine's cores near its longest gap ("host steal": the
``steal`` column of ``/proc/stat``, read every 5 ms by a small process of
its own, in 10 ms ticks).  While a core is taken, nothing on it runs, timers
included: the GUI thread's gap grows though it neither works nor waits in
the machine's run queue.
"""

from __future__ import annotations

import collections
import contextlib
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


def take_option(flag: str, default: str) -> str:
    """The value of ``flag VALUE`` (or ``flag=VALUE``) on the command line,
    taken out of ``sys.argv`` (the bench's other arguments stay where it
    reads them); ``default`` when it is not given."""
    args = sys.argv
    for i in range(1, len(args)):
        if args[i] == flag and i + 1 < len(args):
            value = args[i + 1]
            del args[i:i + 2]
            return value
        if args[i].startswith(flag + "="):
            return args.pop(i).partition("=")[2]
    return default


def tgp_stop_after(default: str) -> str:
    """``--stop-after STAGE`` of a TGP bench: the last step its 15.2 maps
    make (``world``, the window's default: the game's first frame with its
    towns, industries and trees; ``rivers``: the terrain only)."""
    from viewer.engine.tgp.options import STOP_AFTER

    stage = take_option("--stop-after", default)
    if stage not in STOP_AFTER:
        raise SystemExit(f"--stop-after: one of {', '.join(STOP_AFTER)}, not {stage!r}")
    return stage


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


class SlowHandlers:
    """With ``BENCH_SLOW_HANDLERS=1``: every Python function the event loop
    calls on the GUI thread (a slot, a timer, an event handler) that runs
    longer than ``ms``, timed by a profile hook on that thread (which slows
    it, so the times are upper bounds), listed in each phase's report."""

    def __init__(self, ms: float = 4.0):
        self.limit = ms / 1000
        self.loops = {wait_in_loop.__code__, wait_until.__code__}
        self.depth = int(os.environ.get("BENCH_SLOW_DEPTH", "1"))
        """how deep below the event loop calls are timed (2: what a slot calls too)"""
        self.started: dict[int, tuple[float, int]] = {}
        self.slow: collections.Counter = collections.Counter()
        self.worst: dict[str, float] = {}
        self._gc_t = 0.0
        self.calls: collections.deque = collections.deque(maxlen=200_000)
        """(start, seconds, code) of every call the event loop made lately"""
        gc.callbacks.append(self._gc)
        sys.setprofile(self._hook)

    def _gc(self, phase: str, info: dict) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        if phase == "start":
            self._gc_t = time.perf_counter()
        else:
            took = time.perf_counter() - self._gc_t
            if took > self.limit / 4:
                where = f"garbage collection, generation {info['generation']}"
                self.slow[where] += 1
                self.worst[where] = max(self.worst.get(where, 0.0), took * 1000)

    def _hook(self, frame, event, _arg) -> None:
        if event == "call":
            back = frame.f_back
            for depth in range(self.depth):
                if back is None:
                    return
                if back.f_code in self.loops:
                    self.started[id(frame)] = (time.perf_counter(), depth)
                    return
                back = back.f_back
        elif event == "return":
            started = self.started.pop(id(frame), None)
            if started is not None:
                t, depth = started
                took = time.perf_counter() - t
                self.calls.append((t, took, frame.f_code, depth))
                if took > self.limit:
                    c = frame.f_code
                    where = (f"{'> ' * depth}{c.co_qualname} {Path(c.co_filename).name}:"
                             f"{c.co_firstlineno}")
                    self.slow[where] += 1
                    self.worst[where] = max(self.worst.get(where, 0.0), took * 1000)

    def within(self, t0: float, t1: float) -> None:
        """What the event loop called between ``t0`` and ``t1`` (a long gap)."""
        inside = [(t, took, c, d) for t, took, c, d in self.calls
                  if t1 >= t and t + took >= t0]
        total = collections.Counter()
        count = collections.Counter()
        for _t, took, c, depth in inside:
            where = f"{'> ' * depth}{c.co_qualname} {Path(c.co_filename).name}:{c.co_firstlineno}"
            total[where] += took * 1000
            count[where] += 1
        say(f"    in the longest gap ({(t1 - t0) * 1000:.1f} ms), Python called by the event "
            f"loop: {sum(total.values()):.1f} ms in {len(inside)} calls")
        for where, ms in total.most_common(8 * self.depth):
            say(f"      {count[where]:4d}  {ms:6.1f} ms  {where}")

    def report(self) -> None:
        if self.slow:
            say("    Python called by the event loop for over "
                f"{self.limit * 1000:g} ms (times, longest):")
            for where, k in sorted(self.slow.items(),
                                   key=lambda kv: -self.worst[kv[0]])[:10 * self.depth]:
                say(f"      {k:4d}  {self.worst[where]:6.1f} ms  {where}")
        self.slow.clear()
        self.worst.clear()

    def stop(self) -> None:
        sys.setprofile(None)
        gc.callbacks.remove(self._gc)


class Pieces:
    """With ``BENCH_PIECES=1``: the GUI thread's pieces timed as they run
    (``time.thread_time``: on a core; ``perf_counter``: in all), by name."""

    def __init__(self) -> None:
        self.worst: dict[str, tuple[float, float, int]] = {}    # name: (core, all, count)
        self.spans: list[tuple[float, float, float, str]] = []  # (start, end, core ms, name)
        from pyqtgraph import GraphicsView

        from viewer.ui import turns
        from viewer.ui.worker import LatestWins
        from viewer.workbench.events import Events

        pieces = self
        gc_start: dict[int, tuple[float, float]] = {}

        def collected(phase: str, info: dict) -> None:    # any thread's: it holds the GIL
            me = threading.get_ident()
            if phase == "start":
                gc_start[me] = (time.perf_counter(), time.thread_time())
            elif me in gc_start:
                t0, c0 = gc_start.pop(me)
                t1 = time.perf_counter()
                if t1 - t0 > 0.001:
                    pieces.spans.append((t0, t1, (time.thread_time() - c0) * 1000,
                                         f"gc generation {info['generation']} on "
                                         f"{threading.current_thread().name}"))
        gc.callbacks.append(collected)

        def turn() -> None:
            call = next(iter(turns._due), None)
            with pieces.timed(f"turn {getattr(call, '__qualname__', call)}"):
                original_turn()
        original_turn = turns._turn
        turns._turn = turn

        def emit(events, event) -> None:
            if threading.current_thread() is not threading.main_thread():
                return original_emit(events, event)
            for fn in list(events._list(type(event))):
                with pieces.timed(f"event {type(event).__name__} -> "
                                  f"{getattr(fn, '__qualname__', fn)}"):
                    fn(event)
        original_emit = Events.emit
        Events.emit = emit

        def on_done(worker, *args) -> None:
            with pieces.timed(f"arrival {worker._thread.objectName()}"):
                original_done(worker, *args)
        original_done = LatestWins._on_done
        LatestWins._on_done = on_done

        def paint(view, ev) -> None:
            with pieces.timed("paint GraphicsView"):
                original_paint(view, ev)
        original_paint = GraphicsView.paintEvent
        GraphicsView.paintEvent = paint

        from viewer.ui.views.tgp_towns import TownsTable    # (and the Industries table)

        def table_paint(table, ev) -> None:
            with pieces.timed(f"paint {type(table).__name__}"):
                original_table_paint(table, ev)
        original_table_paint = TownsTable.paintEvent
        TownsTable.paintEvent = table_paint

        def show_rows(table, rows) -> None:
            with pieces.timed(f"rows {type(table).__name__}.show_rows"):
                original_show_rows(table, rows)
        original_show_rows = TownsTable.show_rows
        TownsTable.show_rows = show_rows

    @contextlib.contextmanager
    def timed(self, name: str):
        c0, t0 = time.thread_time(), time.perf_counter()
        try:
            yield
        finally:
            t1 = time.perf_counter()
            core, took = (time.thread_time() - c0) * 1000, (t1 - t0) * 1000
            self.spans.append((t0, t1, core, name))
            c, t, n = self.worst.get(name, (0.0, 0.0, 0))
            self.worst[name] = (max(c, core), max(t, took), n + 1)

    def report(self, n: int = 12) -> None:
        say("    pieces on the GUI thread, longest on a core (in all; times):")
        for name, (core, took, k) in sorted(self.worst.items(), key=lambda kv: -kv[1][0])[:n]:
            say(f"      {core:6.1f} ms ({took:6.1f} ms; {k:5d})  {name}")
        self.worst.clear()

    def within(self, gaps: list[tuple[float, float]]) -> None:
        """The pieces that ran in each of the given gaps (start, end), in order."""
        for a, b in gaps:
            inside = [s for s in self.spans if s[1] > a and s[0] < b]
            say(f"    gap {(b - a) * 1000:.1f} ms: {len(inside)} pieces, "
                f"{sum(s[2] for s in inside):.1f} ms on a core, "
                f"{sum(s[1] - s[0] for s in inside) * 1000:.1f} ms in all")
            for s0, s1, core, name in inside:
                say(f"      +{(s0 - a) * 1000:5.1f} {core:5.1f} ({(s1 - s0) * 1000:5.1f}) {name}")
        self.spans.clear()


PIECES = Pieces() if os.environ.get("BENCH_PIECES") == "1" else None


STEAL_WATCH = r"""
import os, sys, time
fd = os.open("/proc/stat", os.O_RDONLY)
def steal():
    return [int(line.split()[8]) for line in os.pread(fd, 1 << 16, 0).split(b"\n")
            if line.startswith(b"cpu") and not line.startswith(b"cpu ")]
before = steal()
while True:
    time.sleep(0.005)
    now, t = steal(), time.clock_gettime(time.CLOCK_MONOTONIC)
    for cpu, (a, b) in enumerate(zip(before, now)):
        if b > a:
            sys.stdout.write(f"{t:.6f} {cpu} {b - a}\n")
            sys.stdout.flush()
    before = now
"""


class StealWatch:
    """The host's steal time on this (virtual) machine's cores, as
    ``/proc/stat`` counts it (ticks of 10 ms), noted with CLOCK_MONOTONIC
    times (:func:`time.perf_counter`'s clock on Linux) by a process of its
    own; None where there is no such count."""

    TICK_MS = 10.0
    LAG_S = 0.03
    """How long after the host took a core the count may show it (the
    guest's tick, the 5 ms reads)."""

    @classmethod
    def start(cls) -> StealWatch | None:
        try:
            with open("/proc/stat") as f:
                if len(f.readline().split()) < 9:
                    return None
        except OSError:
            return None
        import subprocess

        return cls(subprocess.Popen([sys.executable, "-c", STEAL_WATCH],
                                    stdout=subprocess.PIPE, stdin=subprocess.DEVNULL))

    def __init__(self, proc) -> None:
        self.proc = proc
        os.set_blocking(proc.stdout.fileno(), False)
        self.seen: list[tuple[float, int]] = []     # (time, ticks on any core)
        self._rest = b""
        import atexit

        atexit.register(self.stop)

    def _read(self) -> None:
        try:
            data = os.read(self.proc.stdout.fileno(), 1 << 16)
        except BlockingIOError:
            return
        lines = (self._rest + data).split(b"\n")
        self._rest = lines.pop()
        for line in lines:
            t, _cpu, ticks = line.split()
            self.seen.append((float(t), int(ticks)))

    def ms_near(self, a: float, b: float) -> float:
        """The host's steal counted from ``a`` to a little after ``b`` (ms)."""
        self._read()
        return self.TICK_MS * sum(n for t, n in self.seen if a <= t <= b + self.LAG_S)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Heartbeat:
    """A 1 ms precise timer on the GUI thread; :meth:`phase` names the
    longest gap between its beats since the last phase (the longest stall).

    Each beat also reads how long the GUI thread has waited, runnable, for a
    core (``/proc/thread-self/schedstat``, Linux): the part of a gap the
    machine's load took (other processes on the cores), printed beside the
    stall as ``load wait``; ``own`` is the gap less that wait.  The thread's
    CPU time gives each gap's time on a core: "most on a core in one gap" is
    the GUI thread's own work between two beats, whatever the machine's load
    and the other threads' hold on the GIL.
    ``BENCH_STALL_SPY=1`` adds a :class:`StallSpy`'s report to each phase."""

    def __init__(self, app: QApplication):
        self.app = app
        self.beats: list[float] = []
        self.waits: list[float] = []
        self.cpu: list[float] = []
        self.stalls: dict[str, float] = {}
        self.own: dict[str, float] = {}
        self.clean: dict[str, float] = {}
        """each phase's longest gap with no host steal near it (a virtual machine's)"""
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
        self.steal = StealWatch.start()
        self.spy = StallSpy(self) if os.environ.get("BENCH_STALL_SPY") == "1" else None
        self.handlers = SlowHandlers() if os.environ.get("BENCH_SLOW_HANDLERS") == "1" else None

    def _run_queue_wait(self) -> float:
        """Seconds the GUI thread has waited for a core so far."""
        if self._sched is None:
            return 0.0
        return int(os.pread(self._sched, 100, 0).split()[1]) / 1e9

    def _beat(self) -> None:
        self.beats.append(time.perf_counter())
        self.waits.append(self._run_queue_wait())
        self.cpu.append(time.thread_time())

    def restart(self) -> None:
        """Measure from now."""
        log = os.environ.get("BENCH_STALL_LOG")
        if log:
            with open(log, "a") as f:
                f.write(f"{time.perf_counter():.6f} start\n")
        self.beats[:] = [time.perf_counter()]
        self.waits[:] = [self._run_queue_wait()]
        self.cpu[:] = [time.thread_time()]
        if getattr(self, "spy", None) is not None:
            self.spy.samples.clear()
            self.spy.others.clear()

    def phase(self, name: str, echo: bool = True) -> float:
        beats = self.beats + [time.perf_counter()]
        waits = self.waits + [self._run_queue_wait()]
        cpu = self.cpu + [time.thread_time()]
        gaps = [((b - a) * 1000, (wb - wa) * 1000, (cb - ca) * 1000)
                for a, b, wa, wb, ca, cb in zip(beats, beats[1:], waits, waits[1:],
                                                cpu, cpu[1:])]
        worst, wait, busy = max(gaps, default=(0.0, 0.0, 0.0))
        log = os.environ.get("BENCH_STALL_LOG")
        if log:         # the long gaps' times (CLOCK_MONOTONIC), e.g. for perf -k CLOCK_MONOTONIC
            with open(log, "a") as f:
                for a, (g, w, c) in zip(beats, gaps):
                    if g > STALL_TARGET_MS / 2:
                        f.write(f"{a:.6f} {a + g / 1000:.6f} {g:.1f} {c:.1f} {w:.1f} {name}\n")
        own = max((g - w for g, w, _ in gaps), default=0.0)
        if self.steal is not None:      # the longest gap the host took no core near
            clean = max((g for (g, _, _), a, b in zip(gaps, beats, beats[1:])
                         if g <= STALL_TARGET_MS / 2 or self.steal.ms_near(a, b) == 0),
                        default=0.0)
            self.clean[name] = max(clean, self.clean.get(name, 0.0))
        if worst > self.stalls.get(name, -1.0):
            self.stalls[name] = worst
        self.own[name] = max(own, self.own.get(name, 0.0))
        if echo:
            over = sum(1 for g, _, _ in gaps if g > STALL_TARGET_MS)
            on_core = max((c for _, _, c in gaps), default=0.0)
            steal = ""
            if self.steal is not None and gaps:
                i = max(range(len(gaps)), key=lambda k: gaps[k][0])
                steal = (f"; host steal near it "
                         f"{self.steal.ms_near(beats[i], beats[i + 1]):.0f} ms")
            say(f"  {name}: longest GUI stall {worst:.1f} ms (on a core {busy:.1f} ms and "
                f"waiting for one {wait:.1f} ms in it; longest own {own:.1f} ms; {over} "
                f"of {len(gaps)} gaps over "
                f"{STALL_TARGET_MS:g} ms; most on a core in one gap {on_core:.1f} ms{steal})")
            if self.spy is not None:
                self.spy.report()
            if PIECES is not None:
                PIECES.report()
                long = sorted(((g, a, b) for (g, _, _), a, b in zip(gaps, beats, beats[1:])
                               if g > STALL_TARGET_MS * 0.75 or g == worst), reverse=True)[:4]
                PIECES.within([(a, b) for _, a, b in sorted(long, key=lambda x: x[1])])
            if self.handlers is not None:
                i = max(range(len(gaps)), key=lambda k: gaps[k][0], default=None)
                if i is not None:
                    self.handlers.within(beats[i], beats[i + 1])
                self.handlers.report()
        self.restart()
        return worst

    def worst(self) -> tuple[str, float]:
        name = max(self.stalls, key=self.stalls.get)
        return name, self.stalls[name]

    def worst_clean(self) -> tuple[str, float] | None:
        """The longest gap the host took no core near (None: no steal count)."""
        if not self.clean:
            return None
        name = max(self.clean, key=self.clean.get)
        return name, self.clean[name]

    def worst_own(self) -> tuple[str, float]:
        """The longest gap less the GUI thread's wait for a core in it."""
        name = max(self.own, key=self.own.get)
        return name, self.own[name]

    def stop(self) -> None:
        self.timer.stop()
        if self.steal is not None:
            self.steal.stop()
            self.steal = None
        if self.handlers is not None:
            self.handlers.stop()
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
    from viewer import runtime
    from viewer.ui.main_window import MainWindow

    runtime.configure_window()      # the window's process as viewer.ui.app.main makes it
    if os.environ.get("BENCH_SWITCH_INTERVAL"):     # (to compare GIL switch intervals)
        sys.setswitchinterval(float(os.environ["BENCH_SWITCH_INTERVAL"]))
    win = MainWindow(generate=generate)
    log = os.environ.get("BENCH_STALL_LOG")
    if log:                     # when maps and states reach the window, beside the stalls
        def mark(what):
            def write(*_a):
                with open(log, "a") as f:
                    f.write(f"{time.perf_counter():.6f} {what}\n")
            return write
        from viewer.workbench import events as ev
        for kind, what in ((ev.RunStarted, "run_started"), (ev.RunFinished, "run_finished"),
                           (ev.StateChanged, "state_changed")):
            win.workbench.events.connect(kind, mark(what))
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
