"""Benchmark: no stall a user feels while zooming, panning and scrubbing
(offscreen).

On a 512x256 fairland world in a 1280x820 window: zoom in step by step as a
wheel does until a hex is 48 screen pixels wide, pan, scrub the timeline
while zoomed in, zoom back out and pan again.  A 1 ms heartbeat on the GUI
thread measures its longest stall (:mod:`gui_common`; target, issue 28: at
most 16 ms); the finer pictures of a zoom are drawn on a worker, the GUI
thread only swaps them in.

``--tgp WxH`` does the same on an OpenTTD 15.2 TerraGenesis map of that
size, by default its first frame (towns with their names, industries,
lighthouses and transmitters, trees; ``--stop-after STAGE`` for an earlier
one), zooming in until a tile is 48 screen pixels wide.

Run: ``python bench/gui_zoom.py [WxH] [--tgp WxH [--stop-after STAGE]]``; the
last line is ``max_stall_ms: N``.
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
    take_option,
    tgp_stop_after,
    wait_in_loop,
)
from PySide6.QtWidgets import QApplication  # noqa: E402

HEX_PIXELS = 48


def main() -> int:
    tgp = take_option("--tgp", "")
    stop_after = tgp_stop_after("world")
    size = tgp or (sys.argv[1] if len(sys.argv) > 1 else "512x256")
    world = tuple(int(n) for n in size.split("x"))
    app = QApplication.instance() or QApplication(sys.argv)
    say(load())
    win = open_window(app)
    if tgp:
        generate(app, win, "tgp", {"size": world, "stop_after": stop_after}, timeout=900)
        made = f"TGP 15.2 {size} stop after {stop_after}"
        det = win.result.detail
        if getattr(det, "world", None) is not None:
            made += (f" ({len(det.towns or ())} towns, "
                     f"{sum(i is not None for i in det.world.industries)} industries)")
    else:
        generate(app, win, None, {"world": world, "nc": 40, "sc": 100, "ni": 80, "is": 50,
                                  "pm": 20})
        made = f"{world[0]}x{world[1]} world"
    pause(app, 0.3)
    view = win.map_view
    trace = win.result.trace
    say(f"{made}, {trace.n_steps} steps, {view.scale} px/cell at fit")

    heart = Heartbeat(app)
    t0 = time.perf_counter()
    phase = heart.phase

    # zoom in, a wheel notch at a time, letting each finer picture come
    while view.screen_zoom() * view.scale < HEX_PIXELS:
        view.zoom_by(0.85)
        pause(app, 0.05)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    fine = view.detail_scale
    phase("zoom in")
    # pan while zoomed in (drags of a fifth of the view)
    (x0, x1), (y0, y1) = view.vb.viewRange()
    for i in range(30):
        view.pan_by((x1 - x0) / 5 * (1 if i % 10 < 5 else -1), (y1 - y0) / 9)
        pause(app, 0.03)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    phase("pan zoomed in")
    # scrub the timeline while zoomed in
    for k in range(1, 21):
        win.timeline.set_step(trace.n_steps * k // 20)
        pause(app, 0.04)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    phase("scrub zoomed in")
    # zoom back out, beyond the whole world, and pan
    for _ in range(40):
        view.zoom_by(1.2)
        pause(app, 0.03)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    phase("zoom out")
    for _ in range(20):
        view.pan_by(view.period[0] / 7, view.period[1] / 11)
        pause(app, 0.03)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    phase("pan zoomed out")
    for k in range(20, 0, -1):
        win.timeline.set_step(trace.n_steps * k // 20)
        pause(app, 0.04)
    wait_in_loop(app, lambda: not win.busy())
    pause(app, 0.3)
    phase("scrub zoomed out")
    seconds = time.perf_counter() - t0
    heart.stop()
    win.shutdown()
    name, stall = heart.worst()
    own_name, own = heart.worst_own()
    say(load())
    say(f"finest picture {fine} px/cell; {seconds:.1f} s of zooming, panning and scrubbing; "
        f"longest stall {stall:.1f} ms ({name}), less the GUI thread's waits for a core "
        f"{own:.1f} ms ({own_name}); target <= {STALL_TARGET_MS:g} ms")
    say(f"max_stall_ms: {stall:.1f}")
    return 0 if stall <= STALL_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
