"""Benchmark: the GUI thread while a 4096 x 4096 TerraGenesis map generates
and is shown (offscreen).

A 5 ms heartbeat timer runs on the GUI thread; the longest gap between two
beats is the longest stall.  Measured: generating the map (on the worker),
drawing it (decimated to 1024 x 1024 pixels, with hill shading and contour
lines), switching layers, and scrubbing the timeline to a middle step (the
state is rebuilt on the trace worker).  Target: no stall over 250 ms.

Run: ``python bench/gui_tgp_stall.py [SIZE]``; the last line is
``max_stall_ms: N``.
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

STALL_TARGET_MS = 250.0


def main() -> int:
    size = sys.argv[1] if len(sys.argv) > 1 else "4096x4096"
    side = int(size.split("x")[0])
    app = QApplication.instance() or QApplication(sys.argv)
    from viewer.ui.main_window import MainWindow

    win = MainWindow()
    win.resize(1280, 820)
    win.show()
    wait_until(app, lambda: win.result is not None and not win.busy())
    win.set_generator("tgp", generate=False)
    win.param_panel.widgets["size"].set_value("64x64")
    win.request_generation()
    wait_until(app, lambda: win.result is not None and win.result.generator == "tgp"
               and not win.busy())
    if not win.options.get("contours"):
        win.set_option("contours", True)

    beats, heart = heartbeat(app)
    stalls: dict[str, float] = {}

    def measure(what: str, action, cond) -> None:
        beats.clear()
        t0 = time.perf_counter()
        action()
        beats.insert(0, t0)
        wait_until(app, cond)
        t_end = time.perf_counter() + 0.1
        wait_until(app, lambda: time.perf_counter() > t_end)
        gaps = [(b - a) * 1000 for a, b in zip(beats, beats[1:])]
        stalls[what] = max(gaps)
        print(f"{what}: {time.perf_counter() - t0:.2f} s, longest GUI stall "
              f"{stalls[what]:.0f} ms", flush=True)

    def generate() -> None:
        win.param_panel.widgets["size"].set_value(size)
        win.request_generation()

    measure(f"generate and show {size}", generate,
            lambda: win.result is not None and win.result.grid.width == side
            and not win.busy())
    measure("show tile classes", lambda: win.select_layer("tile_class"), lambda: True)
    mid = win.result.trace.n_steps // 2
    measure(f"timeline to step {mid}", lambda: win.timeline.set_step(mid),
            lambda: win.state is not None and win.state.step == mid and not win.busy())
    measure("timeline to the end", win.timeline.last,
            lambda: win.state is not None and win.state.final and not win.busy())
    heart.stop()
    win.shutdown()
    worst = max(stalls.values())
    print(f"generation on the worker: {win.last_seconds * 1000:.0f} ms; "
          f"target: no stall over {STALL_TARGET_MS:g} ms")
    print(f"max_stall_ms: {worst:.1f}")
    return 0 if worst <= STALL_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
