"""Compile (or load from numba's cache) every generator's kernels once.

``python -m viewer.generators.warmup`` runs each registered generator on its
defaults with a trace, so that numba compiles everything it needs and
caches it beside the sources, then its declared ``warm_up`` (what the
defaults do not reach); the first window then opens without the wait.  A
generator that declares an ``ahead_of_time`` module has it built in another
process, beside the others' compiles (while the builds take every core,
the others wait), and is warmed after it.
``scripts/setup`` runs this once per change of the sources.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from .. import registry

MODULE = "viewer.generators.warmup"
"""This module's name, also when it runs as ``__main__`` (its builds run it again)."""


def warm_up(verbose: bool = True) -> None:
    decls = [registry.declaration(name) for name in registry.names()]
    # the ahead-of-time builds run in other processes (a minute or more
    # each, on the other cores) while the other generators compile here; a
    # generator with such a build is warmed after it, from the cache it filled
    builds = {}
    for decl in decls:
        aot = decl.ahead_of_time
        if aot is not None and not aot.built():
            log = tempfile.TemporaryFile(mode="w+")     # (a pipe unread could fill up)
            builds[decl.name] = (subprocess.Popen([sys.executable, "-m", MODULE,
                                                   "--build", decl.name],
                                                  stderr=log, text=True),
                                 time.perf_counter(), log)
    done: set[str] = set()

    def finish(name: str) -> None:
        build, t_build, log = builds[name]
        build.wait()
        log.seek(0)
        err = log.read()
        log.close()
        done.add(name)
        what = registry.declaration(name).ahead_of_time.what
        if build.returncode != 0:   # no C compiler, say: the numba kernels serve
            last = (err.strip().splitlines() or ["failed"])[-1]
            print(f"{what}: not compiled ahead of time ({last}); it "
                  f"will use the numba kernels", file=sys.stderr)
        elif verbose:
            print(f"{what}: compiled in {time.perf_counter() - t_build:.1f} s",
                  file=sys.stderr)

    def free_core() -> None:
        """Wait while the builds take every core (a compile here beside them
        would only slow them down, and may compile what a build compiles
        anyway: ports' heightmaps are TGP's kernels)."""
        while len(builds) - len(done) >= (os.cpu_count() or 1):
            running = [n for n in builds if n not in done]
            finished = [n for n in running if builds[n][0].poll() is not None]
            if finished:
                for name in finished:
                    finish(name)
            else:
                time.sleep(0.2)

    for decl in sorted(decls, key=lambda d: d.name in builds):
        if decl.name in builds:
            if decl.name not in done:
                finish(decl.name)
        else:
            free_core()
        t0 = time.perf_counter()
        warm(decl)
        if verbose:
            print(f"{decl.name}: ready in {time.perf_counter() - t0:.1f} s", file=sys.stderr)


def build_and_warm(name: str) -> None:
    """``--build NAME``: build generator ``name``'s ahead-of-time module, then
    compile its numba kernels in the same process (one run of compiles,
    announced and timed once: the warm-up after it, in the set-up's own
    process, finds them in the cache and has nothing left to compile, where
    it would otherwise compile the build's entry points under a cold
    compile's estimate)."""
    decl = registry.declaration(name)
    import importlib

    importlib.import_module(decl.ahead_of_time.module).COMPILED.main()
    warm(decl)


def warm(decl) -> None:
    """Compile (or load) what ``decl``'s window needs: its defaults' map
    with a trace, a step of that trace rebuilt, and its declared warm-up."""
    result = decl.generate({p.name: p.default for p in decl.params}, seed=decl.default_seed,
                           trace=True)
    if result.trace is not None:
        result.trace.state_at(result.trace.n_steps // 2)
    decl.warm_up()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--build"] and len(sys.argv) == 3:
        build_and_warm(sys.argv[2])
    else:
        print("preparing the engines (numba compiles once, then caches)...", file=sys.stderr)
        warm_up()
