"""Two engines at once in one process, as the window runs them (its map's
run beside the gallery's thumbnails, a trace's states, a sweep's batches in
threads): every pair of registered generators, each thread making maps of
random quick settings and drawing their pictures (the generator's renderer,
then a QImage as the window's screen finisher makes one), for a while, with
faulthandler on, under numba's kernels and under the modules compiled ahead
of time.  Every map made beside another must equal the same map made alone
(its layers and its picture, by digest): shared state between two runs
would show there, if not as a crash.

Run: ``python tests/stress/engines_at_once.py [SECONDS_PER_PAIR] [numba|compiled|both]``
(default 60 s, both), offscreen.  ``tests/workbench/test_engines_at_once.py``
runs a short version of it in the suite.  Exit status 0 when every map
matched; a crash is faulthandler's traceback on standard error.
"""

from __future__ import annotations

import contextlib
import faulthandler
import hashlib
import itertools
import os
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent)]

import registered  # noqa: E402 - the registry, the toy among it, the quick values
from viewer import registry  # noqa: E402

SEEDS = range(6)


def kernels(name: str, mode: str) -> contextlib.AbstractContextManager:
    """The generator's compiled module within the block (``compiled``), else
    numba's kernels."""
    decl = registry.declaration(name)
    if mode == "compiled" and decl.batch_kernels is not None:
        return decl.batch_kernels()
    return contextlib.nullcontext()


def cases(name: str) -> list[tuple[dict[str, Any], Any]]:
    """A few quick settings of ``name``, with seeds of its kind (a number,
    or a text where the generator's seed is one)."""
    decl = registry.declaration(name)
    values = decl.validate(registered.quick(name))
    out = []
    for s in SEEDS:
        try:
            seed = decl.check_seed(s)
        except Exception:  # noqa: BLE001 - a generator whose seed is a text
            seed = decl.check_seed(f"s{s}")
        out.append((values, seed))
    return out


def make(name: str, values: dict[str, Any], seed: Any, mode: str) -> str:
    """The digest of one map's layers and of its picture as the screen gets it."""
    from viewer.render.picture import final_state, picture, renderer_for
    from viewer.ui.screen_image import image_pixels, to_qimage

    decl = registry.declaration(name)
    with kernels(name, mode):
        result = decl.engine.generate(values, seed=seed, trace=True)   # (as the window makes them)
    state = final_state(result)
    layer = next(iter(decl.layer_info), None) or next(iter(result.layers))
    drawn = renderer_for(result.generator).drawn_layer(state, layer)
    pic = picture(state, drawn, None, legend=False)
    h = hashlib.sha256()
    for key in sorted(result.layers):
        h.update(key.encode())
        h.update(memoryview(result.layers[key]).cast("B") if result.layers[key].flags.c_contiguous
                 else result.layers[key].tobytes())
    h.update(image_pixels(to_qimage(pic.rgba)).tobytes())
    return h.hexdigest()


def run_pair(a: str, b: str, seconds: float, mode: str, alone: dict) -> list[str]:
    """Maps of ``a`` and ``b`` in two threads for ``seconds``; the mismatches."""
    bad: list[str] = []
    stop = time.monotonic() + seconds

    def worker(name: str, rnd: random.Random) -> None:
        options = cases(name)
        while time.monotonic() < stop and not bad:
            values, seed = rnd.choice(options)
            got = make(name, values, seed, mode)
            want = alone[name, repr(seed), mode]
            if got != want:
                bad.append(f"{name} seed {seed!r} ({mode}) beside {a if name == b else b}: "
                           f"{got[:12]} != {want[:12]} made alone")

    threads = [threading.Thread(target=worker, args=(n, random.Random(i)), daemon=True)
               for i, n in enumerate((a, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return bad


def main(seconds: float = 60.0, modes: tuple[str, ...] = ("numba", "compiled"),
         names: list[str] | None = None) -> int:
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([])  # QImage's fonts and formats
    faulthandler.enable()
    names = names or registered.names()
    alone = {}
    for mode in modes:
        for name in names:
            for values, seed in cases(name):
                alone[name, repr(seed), mode] = make(name, values, seed, mode)
    bad: list[str] = []
    for mode in modes:
        for a, b in itertools.combinations_with_replacement(names, 2):
            t0 = time.monotonic()
            found = run_pair(a, b, seconds, mode, alone)
            print(f"{a} beside {b} ({mode}): {time.monotonic() - t0:.0f} s, "
                  f"{'all maps as made alone' if not found else found[0]}", flush=True)
            bad += found
    return 1 if bad else 0


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    which = sys.argv[2] if len(sys.argv) > 2 else "both"
    sys.exit(main(secs, ("numba", "compiled") if which == "both" else (which,)))
