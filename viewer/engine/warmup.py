"""Compile (or load from numba's cache) every engine's kernels once.

``python -m viewer.engine.warmup`` runs each generator on its defaults with
a trace, so that numba compiles everything it needs and caches it beside the
sources; the first window then opens without the wait.  It also builds
fairland's ahead-of-time compiled module (:mod:`.fairland.aot`), which the
fairland command line runs to start quickly.  ``scripts/setup`` runs it
once per change of the engine sources.
"""

from __future__ import annotations

import sys
import time

from . import GENERATORS


def warm_up(verbose: bool = True) -> None:
    from .fairland import aot

    if aot.load() is None:
        t0 = time.perf_counter()
        try:
            aot.build(verbose=False)
        except Exception as exc:  # no C compiler, say: the command line uses numba
            print(f"fairland command line: not compiled ahead of time ({exc}); it will "
                  f"use the numba kernels", file=sys.stderr)
        else:
            if verbose:
                print(f"fairland command line: compiled in {time.perf_counter() - t0:.1f} s",
                      file=sys.stderr)
    for name, gen in GENERATORS.items():
        t0 = time.perf_counter()
        defaults = {p.name: p.default for p in gen.params}
        result = gen.generate(defaults, seed=1, trace=True)
        if result.trace is not None:
            result.trace.state_at(result.trace.n_steps // 2)
        if hasattr(gen, "warm_up"):     # kernels the defaults do not reach
            gen.warm_up()
        if verbose:
            print(f"{name}: ready in {time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    print("preparing the engines (numba compiles once, then caches)...", file=sys.stderr)
    warm_up()
