"""The ahead-of-time compiled kernels (viewer.engine.fairland.aot, what the
command line and the window's small worlds run) make the same worlds as the
numba kernels."""

from __future__ import annotations

import os

import numpy as np
import pytest

from viewer.engine.fairland import aot
from viewer.engine.fairland import generator
from viewer.engine.fairland.generator import FAIRLAND, compiled_kernels, jit_kernels
from viewer.engine.protocol import GenerationError

CASES = [
    ({"world": (64, 32), "nc": 5, "sc": 30}, 1),
    ({"world": (128, 64), "nc": 8, "sc": 60, "ni": 16, "is": 20, "sp": 40, "pm": 20}, 7),
    ({"world": (64, 32), "nc": 12, "sc": 36, "ni": 24, "is": 10, "sp": 11, "pm": 38,
      "di": 1, "id": 4}, 2996191898),  # trips the assertion, then fails
    ({"world": (64, 32), "nc": 8, "sc": 11, "ni": 16, "is": 19, "sp": 78, "pm": 69,
      "di": 1, "id": 2, "merge": True}, 1614256187),  # trips the assertion, then finishes
]


def _run(values, seed):
    try:
        r = FAIRLAND.generate(values, seed=seed)
        return r.messages, r.layers, r.detail.assertion, None
    except GenerationError as exc:
        return exc.output, {}, exc.assertion, str(exc)


@pytest.mark.parametrize("values,seed", CASES)
def test_compiled_module_makes_the_same_world(values, seed):
    if aot.load() is None:
        pytest.skip("the compiled module is not built (python -m viewer.engine.fairland.aot)")
    with jit_kernels():
        jit = _run(values, seed)
    with compiled_kernels():
        compiled = _run(values, seed)
    assert compiled[0] == jit[0] and compiled[2:] == jit[2:]
    assert compiled[1].keys() == jit[1].keys()
    for name in jit[1]:
        np.testing.assert_array_equal(compiled[1][name], jit[1][name], err_msg=name)


def test_the_module_name_follows_the_kernel_source():
    name = aot.module_name()
    assert name.startswith(aot.PREFIX) and name == aot.module_name()
    assert os.path.basename(aot.module_path(name)).startswith(name)


def _module_run(values, monkeypatch):
    """Which kernels' module ``generate`` ran for ``values``."""
    ran = []
    choose = generator._kernels

    def spy(sectors=0):
        ran.append(choose(sectors))
        return ran[-1]

    monkeypatch.setattr(generator, "_kernels", spy)
    FAIRLAND.generate(values, seed=1)
    return ran[-1]


def test_small_worlds_run_the_compiled_module_large_ones_numba(monkeypatch):
    """The window's default world needs no numba (its first map comes
    sooner); large worlds keep numba's kernels, which let go of the GIL."""
    if aot.load() is None:
        pytest.skip("the compiled module is not built (python -m viewer.engine.fairland.aot)")
    from viewer.engine.fairland import kernel as K

    assert _module_run({"world": (64, 32)}, monkeypatch) is aot.load()
    assert _module_run({"world": (128, 64), "nc": 8, "sc": 60, "ni": 8}, monkeypatch) is aot.load()
    assert _module_run({"world": (256, 128), "nc": 8, "sc": 60, "ni": 8}, monkeypatch) is K
    with jit_kernels():
        assert _module_run({"world": (64, 32)}, monkeypatch) is K
    with compiled_kernels():
        assert _module_run({"world": (256, 128), "nc": 8, "sc": 60, "ni": 8}, monkeypatch) is aot.load()
