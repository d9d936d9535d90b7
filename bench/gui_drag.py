"""Benchmark: a map during every drag (offscreen).

A slider is dragged for 3 s over a generator whose run takes at least
300 ms (TerraGenesis 15.2, 1024 x 1024, custom terrain type, the custom
height moving one step every 30 ms, as a hand drags it with the button held
down).  The window's maps' runner lets the running map finish and shows it,
keeping only the newest request waiting (mapgen4's policy), so maps keep
coming while the slider moves.  A 5 ms heartbeat on the GUI thread measures
its longest stall.

Run: ``python bench/gui_drag.py [SIZE]``; the last lines are
``maps_shown_during_drag: N`` (target at least 3) and ``max_stall_ms: M``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MAPGEN_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.ini"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gui_latency import heartbeat, wait_until  # noqa: E402  (bench/ is the script's folder)
from PySide6.QtWidgets import QApplication  # noqa: E402

DRAG_SECONDS = 3.0
TICK_S = 0.030
MAPS_TARGET = 3


def main() -> int:
    size = sys.argv[1] if len(sys.argv) > 1 else "1024x1024"
    side = int(size.split("x")[0])
    app = QApplication.instance() or QApplication(sys.argv)
    from viewer.ui.main_window import MainWindow

    win = MainWindow(generate=False)
    win.resize(1280, 820)
    win.show()
    win.set_generator("tgp", generate=False)
    panel = win.param_panel
    wb = win.workbench
    wb.set_values({"size": (side, int(size.split("x")[1])),
                   "terrain": 5,                    # custom: the custom height counts
                   "custom_terrain": 30})
    win.request_generation()
    wait_until(app, lambda: win.result is not None and win.result.grid.width == side
               and not win.busy())
    one_run = win.last_seconds
    shown: list[tuple[float, int]] = []
    win.workbench.events.connect("result_changed", lambda r: r is not None and shown.append(
        (time.perf_counter(), r.params["custom_terrain"])))

    beats, heart = heartbeat(app)
    beats.clear()
    slider = panel.widgets["custom_terrain"].editor.slider
    slider.setSliderDown(True)
    t0 = time.perf_counter()
    beats.append(t0)
    value, next_tick = 30, t0
    while time.perf_counter() - t0 < DRAG_SECONDS:
        if time.perf_counter() >= next_tick:
            value = 30 + (value - 29) % 200
            slider.setValue(value - 1)            # positions count from the minimum, 1
            next_tick += TICK_S
        app.processEvents()
        time.sleep(0.001)
    t_release = time.perf_counter()
    slider.setSliderDown(False)
    during = sum(1 for t, _v in shown if t <= t_release)
    wait_until(app, lambda: not win.busy())
    wait_until(app, lambda: time.perf_counter() > t_release + 0.1 + (time.perf_counter()
                                                                     - t_release) * 0)
    heart.stop()
    gaps = [(b - a) * 1000 for a, b in zip(beats, beats[1:])]
    final = win.result.params["custom_terrain"]
    win.shutdown()
    print(f"one {size} run on the worker: {one_run * 1000:.0f} ms; "
          f"drag {DRAG_SECONDS:g} s, a step every {TICK_S * 1000:.0f} ms; last value "
          f"{value}, map shown after release {final}; target: at least {MAPS_TARGET} maps")
    print(f"maps_shown_during_drag: {during}")
    print(f"max_stall_ms: {max(gaps):.1f}")
    return 0 if during >= MAPS_TARGET and final == value else 1


if __name__ == "__main__":
    sys.exit(main())
