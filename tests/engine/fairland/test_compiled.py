"""The ahead-of-time compiled kernels (viewer.engine.fairland.aot, what the
command line runs) make the same worlds as the numba kernels."""

from __future__ import annotations

import os

import numpy as np
import pytest

from viewer.engine.fairland import aot
from viewer.engine.fairland.generator import FAIRLAND, compiled_kernels
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
