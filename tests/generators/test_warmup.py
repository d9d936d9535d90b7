"""The set-up's warm-up (viewer/generators/warmup.py) runs every registered
generator (the toy's among them) and replays its trace, so the first window
compiles nothing."""

from __future__ import annotations

import pytest
import registered

from viewer import registry


@pytest.mark.slow
def test_the_warm_up_replays_every_trace(monkeypatch):
    from viewer.generators import warmup

    replayed = []
    real = {}
    for name in registered.names():
        gen = registry.declaration(name).engine
        real[name] = gen.generate

        def spy(values, *, seed=1, trace=False, cancel=None, progress=None, _n=name):
            r = real[_n](values, seed=seed, trace=trace, cancel=cancel, progress=progress)
            if r.trace is not None:
                orig = r.trace.state_at
                r.trace.state_at = lambda step, _o=orig: (replayed.append(_n), _o(step))[1]
            return r
        monkeypatch.setattr(gen, "generate", spy)
    class Built:                        # an ahead-of-time build that has nothing to do
        returncode = 0

        def __init__(self, *args, **kw):
            pass

        def communicate(self):
            return "", ""

        def wait(self):
            return 0

        def poll(self):
            return 0

    monkeypatch.setattr(warmup.subprocess, "Popen", Built)
    warmup.warm_up(verbose=False)
    traced = {n for n in registered.names()
              if registry.declaration(n).generate(registered.quick(n), trace=True,
                                                  seed=registry.declaration(n).default_seed
                                                  ).trace is not None}
    assert traced <= set(replayed) and "toy" in replayed


def test_a_build_compiles_its_generators_numba_kernels_in_its_own_process(monkeypatch):
    """``warmup --build NAME`` builds the ahead-of-time module and then runs
    the warm-up's maps in the same process, so that the set-up's own warm-up
    of that generator finds numba's cache full (it would otherwise compile
    the build's entry points under a cold compile's estimate: "about 45 s"
    for 3 s)."""
    import importlib

    from viewer.generators import warmup

    name = next(n for n in registry.names() if registry.declaration(n).ahead_of_time)
    decl = registry.declaration(name)
    done = []
    module = importlib.import_module(decl.ahead_of_time.module)
    monkeypatch.setattr(module.COMPILED, "main", lambda: done.append("build"))
    from types import SimpleNamespace

    monkeypatch.setattr(decl.engine, "generate", lambda values, **kw: (
        done.append(("map", kw.get("trace"))), SimpleNamespace(trace=None))[1])
    warmup.build_and_warm(name)
    # built, then the warm-up's traced map (and its declared warm-up's) made
    assert done[:2] == ["build", ("map", True)]

    started = []

    class Built:                        # the set-up starts that, for every build due
        returncode = 0

        def __init__(self, args, **kw):
            started.append(args)

        def wait(self):
            return 0

        def poll(self):
            return 0

    monkeypatch.setattr(warmup.subprocess, "Popen", Built)
    import dataclasses

    due = dataclasses.replace(decl, ahead_of_time=dataclasses.replace(
        decl.ahead_of_time, built=lambda: False))
    monkeypatch.setattr(warmup.registry, "names", lambda: [name])
    monkeypatch.setattr(warmup.registry, "declaration", lambda n: due)
    warmup.warm_up(verbose=False)
    assert [a[1:] for a in started] == [["-m", "viewer.generators.warmup", "--build", name]]
