"""Benchmark: a map during every drag (offscreen).

A slider is dragged for 3 s over a generator whose run takes at least
300 ms: TerraGenesis 15.2 with the custom terrain type, its custom height
moving one step every 30 ms as a hand drags it with the button held down.
The map size is the first of 1024x1024, 2048x1024, 2048x2048, ... whose runs
during the drag take at least 300 ms (median; a run that changes only the
custom height is quicker than a fresh one), or the size given.  The window's maps' runner lets the running map finish and
shows it, keeping only the newest request waiting (mapgen4's policy), so
maps keep coming while the slider moves.  A 1 ms heartbeat on the GUI thread
measures its longest stall (:mod:`gui_common`; target, issue 28: 16 ms).

The maps are the terrain (``--stop-after rivers``, the bar's case); with
``--stop-after world`` each is the game's first frame (towns, industries,
trees, the first tile loops: all made again for each value, since the
terrain under them changed), and the sizes tried start at 256x256.

Run: ``python bench/gui_drag.py [WxH] [--stop-after STAGE]``; the last lines are
``maps_shown_during_drag: N`` (target at least 3) and ``max_stall_ms: M``.
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
    tgp_stop_after,
    wait_in_loop,
)
from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

DRAG_SECONDS = 3.0
TICK_MS = 30
MAPS_TARGET = 3
MIN_RUN_S = 0.3
SIZES = ((1024, 1024), (2048, 1024), (2048, 2048), (4096, 2048), (4096, 4096))
FIRST_FRAME_SIZES = ((256, 256), (512, 512)) + SIZES


def drag(app, win, size: tuple[int, int], stop_after: str) -> dict:
    """Drag the custom height for DRAG_SECONDS over TGP maps of ``size``."""
    base = {"terrain": 5, "custom_terrain": 30,         # custom: the custom height counts
            "stop_after": stop_after}
    generate(app, win, None, dict(base, size=size, custom_terrain=31), timeout=900)
    generate(app, win, None, dict(base, size=size), timeout=900)
    pause(app, 0.3)
    shown: list[float] = []
    runs: list[float] = []                          # each map's run on the worker
    from viewer.workbench import events as ev
    events = win.workbench.events
    undo = [events.connect(ev.ResultChanged, lambda e: e.result is not None and shown.append(
        time.perf_counter()))]
    for kind in (ev.RunFinished, ev.RunSuperseded):
        undo.append(events.connect(kind, lambda e: runs.append(e.seconds)))
    slider = win.param_panel.widgets["custom_terrain"].editor.slider
    heart = Heartbeat(app)
    slider.setSliderDown(True)
    t0 = time.perf_counter()
    value = [30]

    def step() -> None:
        value[0] = 30 + (value[0] - 29) % 200
        slider.setValue(value[0] - 1)            # positions count from the minimum, 1
    hand = QTimer()
    hand.setTimerType(Qt.TimerType.PreciseTimer)
    hand.setInterval(TICK_MS)
    hand.timeout.connect(step)
    hand.start()
    wait_in_loop(app, lambda: time.perf_counter() - t0 >= DRAG_SECONDS)
    hand.stop()
    t_release = time.perf_counter()
    slider.setSliderDown(False)
    heart.phase(f"{size[0]}x{size[1]}: {DRAG_SECONDS:g} s drag")
    during = [t for t in shown if t <= t_release]
    wait_in_loop(app, lambda: not win.busy(), timeout=900)
    pause(app, 0.1)
    heart.phase(f"{size[0]}x{size[1]}: after the release")
    heart.stop()
    for disconnect in undo:
        disconnect()
    gaps = [b - a for a, b in zip([t0] + during, during)]
    name, stall = heart.worst()
    own_name, own = heart.worst_own()
    return dict(size=size, maps=len(during), value=value[0],
                final=win.result.params["custom_terrain"], gaps=gaps, runs=runs,
                stall=stall, name=name, own=own, own_name=own_name)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    say(load())
    win = open_window(app)
    win.set_generator("tgp", generate=False)
    stop_after = tgp_stop_after("rivers")
    sizes = ([tuple(int(n) for n in sys.argv[1].split("x"))] if len(sys.argv) > 1
             else FIRST_FRAME_SIZES if stop_after == "world" else SIZES)
    for size in sizes:
        d = drag(app, win, size, stop_after)
        run = statistics.median(d["runs"]) if d["runs"] else 0.0
        say(f"{size[0]}x{size[1]}: {d['maps']} maps during the drag, their runs median "
            f"{run * 1000:.0f} ms")
        if run >= MIN_RUN_S:
            break
    win.shutdown()
    runs, gaps = d["runs"], d["gaps"]
    say(load())
    say(f"TGP 15.2 {size[0]}x{size[1]} stop after {stop_after}, custom terrain: each run "
        f"during the drag median "
        f"{run * 1000:.0f} ms [{min(runs) * 1000:.0f}-{max(runs) * 1000:.0f}] (target at "
        f"least {MIN_RUN_S * 1000:.0f} ms); drag {DRAG_SECONDS:g} s, a step every {TICK_MS} "
        f"ms; last value {d['value']}, map shown after the release {d['final']}; maps "
        f"{d['maps']} (target at least {MAPS_TARGET}), one every "
        + (f"{statistics.median(gaps) * 1000:.0f} ms (median)" if gaps else "-")
        + f"; longest stall {d['stall']:.1f} ms ({d['name']}), less the GUI thread's waits "
        f"for a core {d['own']:.1f} ms ({d['own_name']}); target <= {STALL_TARGET_MS:g} ms")
    say(f"maps_shown_during_drag: {d['maps']}")
    say(f"max_stall_ms: {d['stall']:.1f}")
    return 0 if (d["maps"] >= MAPS_TARGET and d["final"] == d["value"] and run >= MIN_RUN_S
                 and d["stall"] <= STALL_TARGET_MS) else 1


if __name__ == "__main__":
    sys.exit(main())
