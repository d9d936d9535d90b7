"""Compile (or load from numba's cache) every engine's kernels once.

``python -m viewer.engine.warmup`` runs each generator on its defaults with
a trace, so that numba compiles everything it needs and caches it beside the
sources; the first window then opens without the wait.  It also builds
fairland's ahead-of-time compiled module (:mod:`.fairland.aot`, in another
process, beside the others' compiles), which the fairland command line and
the sweeps' worker processes run to start quickly.  ``scripts/setup`` runs it
once per change of the engine sources.
"""

from __future__ import annotations

import subprocess
import sys
import time

from .. import registry


def warm_up(verbose: bool = True) -> None:
    from .fairland import aot

    # fairland's compiled module builds in another process (a minute or
    # more, on the second core) while the other generators compile here;
    # fairland's own numba kernels after it, from the cache it filled.
    build = None
    if aot.load() is None:
        build = subprocess.Popen([sys.executable, "-m", "viewer.engine.fairland.aot"],
                                 stderr=subprocess.PIPE, text=True)
        t_build = time.perf_counter()
    names = sorted(registry.names(), key=lambda name: name == "fairland")
    for name in names:
        if name == "fairland" and build is not None:
            _, err = build.communicate()
            if build.returncode != 0:   # no C compiler, say: the command line uses numba
                last = (err.strip().splitlines() or ["failed"])[-1]
                print(f"fairland command line: not compiled ahead of time ({last}); it "
                      f"will use the numba kernels", file=sys.stderr)
            elif verbose:
                print(f"fairland command line: compiled in "
                      f"{time.perf_counter() - t_build:.1f} s", file=sys.stderr)
        decl = registry.declaration(name)
        gen = decl.engine
        t0 = time.perf_counter()
        defaults = {p.name: p.default for p in gen.params}
        result = gen.generate(defaults, seed=1, trace=True)
        if result.trace is not None:
            result.trace.state_at(result.trace.n_steps // 2)
        decl.warm_up()                  # kernels the defaults do not reach
        if verbose:
            print(f"{name}: ready in {time.perf_counter() - t0:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    print("preparing the engines (numba compiles once, then caches)...", file=sys.stderr)
    warm_up()
