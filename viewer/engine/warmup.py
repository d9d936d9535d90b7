"""Compile (or load from numba's cache) every engine's kernels once.

``python -m viewer.engine.warmup`` runs each generator on its defaults with
a trace, so that numba compiles everything it needs and caches it beside the
sources; the first window then opens without the wait.  ``scripts/setup``
runs it once per change of the engine sources.
"""

from __future__ import annotations

import sys
import time

from . import GENERATORS


def warm_up(verbose: bool = True) -> None:
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
