"""Benchmark: how live the workbench window feels (offscreen).

1. Slider-to-pixels latency: on the default world (64x32, ``-R 1 5 30``)
   move the spike slider step by step and time each change until the map on
   screen shows the new parameters (target: median at most 100 ms).
2. The longest stall of the GUI thread while a 256x128 world generates,
   measured with a 5 ms heartbeat timer (target: at most 30 ms).

Run: ``python bench/gui_latency.py``; the last two lines are
``latency_ms_median: N`` and ``max_stall_ms: N``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MAPGEN_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.ini"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

LATENCY_TARGET_MS = 100.0
STALL_TARGET_MS = 30.0


def wait_until(app: QApplication, cond, timeout: float = 300.0) -> None:
    end = time.perf_counter() + timeout
    while not cond():
        if time.perf_counter() > end:
            raise TimeoutError("the window did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def heartbeat(app: QApplication) -> tuple[list[float], QTimer]:
    """A 5 ms timer on the GUI thread, already beating; the gaps between
    its beats are the GUI thread's stalls."""
    beats: list[float] = []
    heart = QTimer()
    heart.setInterval(5)
    heart.timeout.connect(lambda: beats.append(time.perf_counter()))
    heart.start()
    wait_until(app, lambda: len(beats) >= 5)
    return beats, heart


def open_window(app: QApplication):
    """The workbench window at 1280x820, its first map shown."""
    from viewer.ui.main_window import MainWindow

    win = MainWindow()
    win.resize(1280, 820)
    win.show()
    wait_until(app, lambda: win.result is not None and not win.busy())
    return win


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    win = open_window(app)

    # 1. slider to pixels
    slider = win.param_panel.widgets["sp"].editor
    latencies = []
    for value in range(11, 51):
        before = win.shown_image()
        t0 = time.perf_counter()
        slider.setValue(value)
        wait_until(app, lambda v=value, b=before: (
            win.result is not None and win.result.params["sp"] == v
            and win.shown_image() is not b and not win.busy()))
        latencies.append((time.perf_counter() - t0) * 1000)
    median = statistics.median(latencies)

    # 2. GUI-thread stalls while a 256x128 world generates
    beats, heart = heartbeat(app)
    world = win.param_panel.widgets["world"]
    world.set_value((256, 128))
    for name, v in (("nc", 40), ("sc", 100), ("ni", 80), ("is", 50), ("pm", 20)):
        win.param_panel.widgets[name].set_value(v)
    beats.clear()
    win.request_generation()
    wait_until(app, lambda: win.result is not None and win.result.grid.width == 256
               and not win.busy())
    t_end = time.perf_counter() + 0.2
    wait_until(app, lambda: time.perf_counter() > t_end)
    heart.stop()
    gaps = [(b - a) * 1000 for a, b in zip(beats, beats[1:])]
    stall = max(gaps)
    win.shutdown()

    print(f"slider-to-pixels over {len(latencies)} changes: median {median:.1f} ms, "
          f"max {max(latencies):.1f} ms (target median <= {LATENCY_TARGET_MS:g} ms)")
    print(f"256x128 generation ({win.last_seconds * 1000:.0f} ms on the worker): "
          f"{len(beats)} heartbeats, longest GUI stall {stall:.1f} ms "
          f"(target <= {STALL_TARGET_MS:g} ms)")
    print(f"latency_ms_median: {median:.1f}")
    print(f"max_stall_ms: {stall:.1f}")
    return 0 if median <= LATENCY_TARGET_MS and stall <= STALL_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
