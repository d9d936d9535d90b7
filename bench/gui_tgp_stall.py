"""Benchmark: the GUI thread while a 4096 x 4096 TerraGenesis map generates
and is shown (offscreen).

A 1 ms heartbeat runs on the GUI thread (:mod:`gui_common`); the longest
gap between two beats is the longest stall.  Measured: generating the map
(on the worker), drawing it (decimated to 1024 x 1024 pixels, with hill
shading and contour lines), switching layers, and scrubbing the timeline
(the state is rebuilt on the trace worker).  Target, issue 28: no stall over
16 ms.

Run: ``python bench/gui_tgp_stall.py [SIZE]``; the last line is
``max_stall_ms: N``.
"""

from __future__ import annotations

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
    wait_in_loop,
)
from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> int:
    size = sys.argv[1] if len(sys.argv) > 1 else "4096x4096"
    side = tuple(int(n) for n in size.split("x"))
    app = QApplication.instance() or QApplication(sys.argv)
    say(load())
    win = open_window(app)
    win.set_generator("tgp", generate=False)
    generate(app, win, None, {"size": (64, 64)})
    if not win.options.get("contours"):
        win.set_option("contours", True)
    pause(app, 0.3)
    heart = Heartbeat(app)

    def measure(what: str, action, cond) -> None:
        heart.restart()
        t0 = time.perf_counter()
        action()
        wait_in_loop(app, cond, timeout=900, what=what)
        pause(app, 0.1)
        heart.phase(f"{what} ({time.perf_counter() - t0:.2f} s)")

    def make() -> None:
        win.workbench.set_values({"size": side})
        win.request_generation()

    measure(f"generate and show {size}", make,
            lambda: win.result is not None and win.result.grid.width == side[0]
            and not win.busy())
    one_run = win.last_seconds
    measure("show tile classes", lambda: win.select_layer("tile_class"),
            lambda: not win.busy())
    mid = win.result.trace.n_steps // 2
    measure(f"timeline to step {mid}", lambda: win.timeline.set_step(mid),
            lambda: win.state is not None and win.state.step == mid and not win.busy())
    measure("timeline to the end", win.timeline.last,
            lambda: win.state is not None and win.state.final and not win.busy())
    for k in range(1, 9):
        step = win.result.trace.n_steps * k // 8
        measure(f"scrub to step {step}", lambda s=step: win.timeline.set_step(s),
                lambda s=step: win.state is not None and (win.state.step == s or
                                                          win.state.final)
                and not win.busy())
    heart.stop()
    win.shutdown()
    name, worst = heart.worst()
    own_name, own = heart.worst_own()
    say(load())
    say(f"generation on the worker: {one_run * 1000:.0f} ms; longest stall {worst:.1f} ms "
        f"({name}), less the GUI thread's waits for a core {own:.1f} ms ({own_name}); "
        f"target <= {STALL_TARGET_MS:g} ms")
    say(f"max_stall_ms: {worst:.1f}")
    return 0 if worst <= STALL_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
