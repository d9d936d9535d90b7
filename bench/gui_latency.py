"""Benchmark: how live the workbench window feels (offscreen).

1. Slider-to-pixels latency: on the default world (64x32, ``-R 1 5 30``)
   move the spike slider step by step and time each change until the map on
   screen shows the new parameters and has been painted (target, issue 30:
   median at most 16 ms, one frame).  Between changes the GUI thread waits
   in Qt's event loop as the application's does (:mod:`gui_common`).  The
   CPU time the whole process spends per change (every thread: the run, the
   picture, the widgets) is printed beside it: it does not grow with the
   machine's load, the wall time does.
2. The longest stall of the GUI thread (a 1 ms heartbeat, :mod:`gui_common`)
   during those changes and while larger maps of every generator generate
   and are shown: fairland 256x128 and 512x256, Number Link 40x40, TGP
   2048² (the terrain), the TGP first frame 1024² (towns, industries, trees,
   the town names), ports on its default heightmap (target, issue 28: at
   most 16 ms).
   (``bench/gui_tgp_stall.py`` measures TGP 4096², ``bench/gui_zoom.py``
   zooming and panning, ``bench/gui_drag.py`` a drag.)
3. Start-up to the first map (``bench/gui_first_map.py``, median of 3;
   target, issue 30: at most 1.5 s on a set-up checkout).

Run: ``python bench/gui_latency.py [--quick]`` (``--quick``: only the
slider); the last lines are ``latency_ms_median: N``, ``max_stall_ms: N``
and ``first_map_s: N``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gui_common import (  # noqa: E402  (bench/ is the script's folder)
    STALL_TARGET_MS,
    Heartbeat,
    generate,
    load,
    open_window,
    pause,
    say,
    summary,
    wait_in_loop,
    wait_until,
)
from PySide6.QtWidgets import QApplication  # noqa: E402

LATENCY_TARGET_MS = 16.0

BIG_MAPS = (
    ("fairland 256x128", "fairland", {"world": (256, 128), "nc": 40, "sc": 100, "ni": 80,
                                      "is": 50, "pm": 20}),
    ("fairland 512x256", "fairland", {"world": (512, 256), "nc": 40, "sc": 100, "ni": 80,
                                      "is": 50, "pm": 20}),
    ("Number Link 40x40", "numberlink", {"size": (40, 40)}),
    ("TGP 2048x2048", "tgp", {"size": (2048, 2048), "stop_after": "rivers"}),
    ("TGP first frame 1024x1024", "tgp", {"size": (1024, 1024), "stop_after": "world"}),
    ("ports, 30 ports", "ports", {"n_ports": 30}),
)


def painted_counter(win) -> list[int]:
    """A one-element list counting the map item's paints with a picture."""
    count = [0]
    item = win.map_view.image
    paint = item.paint

    def counted(p, option, widget=None):
        paint(p, option, widget)
        if item.qimage is not None:
            count[0] += 1
    item.paint = counted
    return count


def slider_to_pixels(app, win, values, wait, painted) -> tuple[list[float], list[float]]:
    """(wall ms, process CPU ms) of each change of the spike slider, until
    the map of the new value is painted."""
    slider = win.param_panel.widgets["sp"].editor
    latencies, cpu = [], []
    for value in values:
        before, paints = win.shown_image(), painted[0]
        t0, c0 = time.perf_counter(), time.process_time()
        slider.setValue(value)
        wait(app, lambda v=value, b=before, n=paints: (
            win.result is not None and win.result.params["sp"] == v
            and win.shown_image() is not b and painted[0] > n), what=f"spike {value}")
        latencies.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        wait(app, lambda: not win.busy(), what="the window idle")
    return latencies, cpu


def main() -> int:
    quick = "--quick" in sys.argv
    app = QApplication.instance() or QApplication(sys.argv)
    say(load())
    win = open_window(app)
    painted = painted_counter(win)
    pause(app, 0.3)

    # 1. slider to pixels (and the stalls meanwhile)
    heart = Heartbeat(app)
    latencies, cpu = slider_to_pixels(app, win, range(11, 51), wait_in_loop, painted)
    heart.phase("64x32: 40 slider changes")
    polled, _ = slider_to_pixels(app, win, range(49, 9, -1), wait_until, painted)
    heart.restart()
    median = statistics.median(latencies)
    say(f"slider-to-pixels over {len(latencies)} changes: {summary(latencies)} ms (target "
        f"median <= {LATENCY_TARGET_MS:g} ms); CPU per change (all threads) median "
        f"{statistics.median(cpu):.1f} ms; polling with the GIL held instead: "
        f"{summary(polled)} ms")
    say(f"latency_ms_median: {median:.1f}")
    if quick:
        heart.stop()
        win.shutdown()
        return 0 if median <= LATENCY_TARGET_MS else 1

    # 2. the GUI thread while larger maps generate and are shown
    for name, gen, values in BIG_MAPS:
        if gen != win.workbench.generator.name:
            win.set_generator(gen, generate=False)
            generate(app, win, None, {}, what=f"{gen}'s first map")
            pause(app, 0.3)
        heart.restart()
        seconds = generate(app, win, None, values, what=name)
        pause(app, 0.2)
        heart.phase(f"{name} (shown in {seconds:.2f} s, {win.last_seconds * 1000:.0f} ms "
                    "on the worker)")
    heart.stop()
    win.shutdown()
    worst_name, stall = heart.worst()
    own_name, own = heart.worst_own()

    from gui_first_map import first_map_seconds, report
    first = report(first_map_seconds(3))
    say(load())
    say(f"longest GUI stall: {stall:.1f} ms ({worst_name}); target <= {STALL_TARGET_MS:g} ms; "
        f"less the GUI thread's waits for a core (the machine's load): {own:.1f} ms "
        f"({own_name})")
    say(f"latency_ms_median: {median:.1f}")
    say(f"max_stall_ms: {stall:.1f}")
    say(f"first_map_s: {first:.2f}")
    return 0 if (median <= LATENCY_TARGET_MS and stall <= STALL_TARGET_MS
                 and first <= 1.5) else 1


if __name__ == "__main__":
    sys.exit(main())
