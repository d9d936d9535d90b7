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

    monkeypatch.setattr(warmup.subprocess, "Popen", Built)
    warmup.warm_up(verbose=False)
    traced = {n for n in registered.names()
              if registry.declaration(n).generate(registered.quick(n), trace=True,
                                                  seed=registry.declaration(n).default_seed
                                                  ).trace is not None}
    assert traced <= set(replayed) and "toy" in replayed
