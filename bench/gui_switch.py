"""Benchmark: the GUI thread while the generator is switched in the window
(offscreen).

A 1 ms heartbeat runs on the GUI thread (:mod:`gui_common`); the longest
gap between two beats is the longest stall.  Every ordered pair of the four
generators is switched once a round (a circuit through all twelve, so each
generator is left for each other one and comes back from it), ``--rounds``
times (default 3: the first round builds each generator's part of the
window once, the later ones come back to it).  Each switch is what the
generator box does, :meth:`MainWindow.set_generator` with the generator's
map made: from the switch until that map is shown and the window is idle.
The window is first left to build the other generators' panels (it does so
a few rows a turn once its first map is shown, about half a second), as
after a moment's look.  Target (issue 28's bar for the GUI thread): no
stall over 16 ms.

``BENCH_PIECES=1`` lists the GUI thread's pieces in each switch's long
gaps (the ``GeneratorChanged`` handler, the map's arrival, paints).

Run: ``python bench/gui_switch.py [--rounds N]``; the last line is
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
    load,
    open_window,
    pause,
    say,
    take_option,
    wait_in_loop,
)
from PySide6.QtWidgets import QApplication  # noqa: E402

GENERATORS = ("fairland", "tgp", "ports", "numberlink")


def circuit(names: tuple[str, ...]) -> list[str]:
    """A walk from ``names[0]`` back to it that takes every ordered pair of
    different names exactly once (an Euler circuit of the complete directed
    graph, Hierholzer's way)."""
    left = {a: [b for b in reversed(names) if b != a] for a in names}
    stack, walk = [names[0]], []
    while stack:
        here = stack[-1]
        if left[here]:
            stack.append(left[here].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


def main() -> int:
    rounds = int(take_option("--rounds", "3"))
    app = QApplication.instance() or QApplication(sys.argv)
    say(load())
    win = open_window(app)
    if win.workbench.generator.name != GENERATORS[0]:
        win.set_generator(GENERATORS[0])
        wait_in_loop(app, lambda: win.result is not None and not win.busy(),
                     what="the first generator's map")
    # the other generators' panels, built a few rows a turn once the first
    # map is shown (about half a second): done, as after a moment's look
    wait_in_loop(app, lambda: not win._panels.building(), what="the panels built")
    walk = circuit(GENERATORS)
    heart = Heartbeat(app)
    per_round: list[float] = []
    for k in range(1, rounds + 1):
        worst = 0.0
        for a, b in zip(walk, walk[1:]):
            pause(app, 0.2)
            heart.restart()
            t0 = time.perf_counter()
            win.set_generator(b)
            wait_in_loop(app, lambda g=b: win.result is not None and win.result.generator == g
                         and not win.busy(), what=f"{b}'s map after the switch")
            shown = time.perf_counter() - t0
            pause(app, 0.1)
            worst = max(worst, heart.phase(f"round {k}: {a} -> {b} (map shown in "
                                           f"{shown:.2f} s)"))
        per_round.append(worst)
    heart.stop()
    win.shutdown()
    name, stall = heart.worst()
    own_name, own = heart.worst_own()
    say(load())
    say("longest stall per round: " + ", ".join(f"{ms:.1f} ms" for ms in per_round)
        + f" ({len(walk) - 1} switches a round)")
    say(f"longest GUI stall: {stall:.1f} ms ({name}); target <= {STALL_TARGET_MS:g} ms; "
        f"less the GUI thread's waits for a core: {own:.1f} ms ({own_name})")
    say(f"max_stall_ms: {stall:.1f}")
    return 0 if stall <= STALL_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
