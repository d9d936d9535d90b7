"""The ahead-of-time modules' lookup (viewer.engine.aot, viewer.engine.jit):
a call's argument types are named as numba names them, and within
compiled_kernels a kernel runs the compiled function of its name and
types, or numba's kernel when the module has none."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from numba import typeof

from viewer.engine import aot, jit

a2 = np.zeros((3, 4), np.int16)
readonly = np.zeros(5, np.uint8)
readonly.flags.writeable = False

records = np.zeros(3, np.dtype([("xy", np.uint32), ("parts", np.uint8, (4,))]))
aligned_records = np.zeros(2, np.dtype([("a", np.int64), ("b", np.int16)], align=True))
"""(structured arrays and their records, as the towns' kernels take them)"""

VALUES = [
    a2, np.asfortranarray(a2), a2[:, ::2], a2[0], readonly, np.zeros(3, bool),
    np.zeros((2, 2, 2), np.float32), 7, -2**40, True, 1.5, np.int32(3), np.float32(2.0),
    np.bool_(True), np.uint8(9), (a2, a2), (a2, np.zeros(2, np.int64), 3), ((1, 2), 3.0),
    records, records[0], records[::2], aligned_records, aligned_records[1],
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_a_value_is_named_as_numba_types_it(value):
    assert aot.value_key([value]) == aot.type_key([typeof(value)])
    assert aot.value_key([value]) is not None


def test_types_no_kernel_takes_have_no_name():
    assert aot.value_key(["text"]) is None and aot.value_key([None]) is None
    assert aot.value_key([1, object()]) is None


def test_the_names_differ_by_kernel_module_and_types():
    names = {aot.export_name(m, f, k) for m in ("viewer.engine.tgp.r13671.kernel",
                                                "viewer.engine.tgp.openttd15.kernel")
             for f in ("noise_round", "tile_classes") for k in ("int64", "bool")}
    assert len(names) == 8 and all(n.isidentifier() for n in names)


@jit.njit(cache=False)
def _add(x, y):
    return x + y


def test_within_compiled_kernels_a_call_runs_the_compiled_function_of_its_types():
    calls = []
    key = aot.value_key([1, 2])
    fake = ModuleType("fake_compiled")     # what numba.pycc makes, standing in
    setattr(fake, aot.export_name(__name__, "_add", key),
            lambda x, y: calls.append((x, y)) or "compiled")
    kernel = _add
    with jit.compiled_kernels([__name__], fake):
        assert kernel(1, 2) == "compiled"
        assert kernel(1.5, 2.0) == 3.5          # no such function: numba's kernel
    assert calls == [(1, 2)]
    assert kernel(1, 2) == 3                    # and outside, numba's


def test_resolved_gives_the_function_a_call_of_those_types_runs():
    def _sub(x, y):
        return x - y

    kernel = jit.njit(cache=False)(_sub)
    compiled = lambda x, y: "compiled"      # noqa: E731
    fake = ModuleType("fake_compiled")
    setattr(fake, aot.export_name(__name__, "_sub", aot.value_key([1, 2])), compiled)
    with jit.compiled_kernels([__name__], fake):
        assert jit.resolved(kernel, (1, 2)) is compiled
        dispatcher = jit.resolved(kernel, (1.5, 2.0))     # no such function: numba's kernel
    assert dispatcher is not compiled and dispatcher(5, 2) == 3
    assert jit.resolved(dispatcher, (1, 2)) is dispatcher


def test_every_tgp_module_with_a_kernel_is_compiled_ahead_of_time():
    """The command line's default map (the game's first frame) runs every TGP
    kernel: a module whose kernels the compiled module lacks makes it import
    numba and compile them (tests/packaging checks the commands)."""
    import re
    from pathlib import Path

    from viewer.engine.tgp import aot as tgp_aot

    root = Path(tgp_aot.__file__).parent
    with_kernels = set()
    for path in root.rglob("*.py"):
        if path.name != "aot.py" and re.search(r"^@njit\b", path.read_text(), re.M):
            rel = path.relative_to(root).with_suffix("")
            with_kernels.add("viewer.engine.tgp." + ".".join(rel.parts))
    assert with_kernels, "no kernel found: the search is wrong"
    assert with_kernels - set(tgp_aot.KERNEL_MODULES) == set()


def test_a_call_site_looks_up_its_function_once_for_each_choice_of_kernels(monkeypatch):
    """jit.CallSite: within compiled_kernels the compiled function, outside
    numba's kernel, each looked up at the first call of its kind only."""
    def _mul(x, y):
        return x * y

    kernel = jit.njit(cache=False)(_mul)
    calls = []
    fake = ModuleType("fake_compiled")
    setattr(fake, aot.export_name(__name__, "_mul", aot.value_key([1, 2])),
            lambda x, y: calls.append((x, y)) or -1)
    lookups = []
    resolved = jit.resolved
    monkeypatch.setattr(jit, "resolved", lambda k, a: lookups.append(a) or resolved(k, a))
    site = jit.CallSite(kernel)
    with jit.compiled_kernels([__name__], fake):
        assert site(2, 3) == -1 and site(4, 5) == -1     # the compiled module's
    other = ModuleType("other_compiled")
    setattr(other, aot.export_name(__name__, "_mul", aot.value_key([1, 2])), lambda x, y: -2)
    with jit.compiled_kernels([__name__], other):
        assert site(2, 3) == -2                          # another module: looked up again
    assert site(2, 3) == 6 and site(6, 7) == 42          # outside, numba's
    with jit.compiled_kernels([__name__], fake):
        assert site(4, 5) == -1                          # (kept)
    assert calls == [(2, 3), (4, 5), (4, 5)]
    assert lookups == [(2, 3), (2, 3), (2, 3)]


def test_a_call_site_outside_the_compiled_module_runs_numbas_compiled_overload():
    """Outside compiled_kernels a CallSite, after its first call (through
    the dispatcher, which compiles), runs the overload numba compiled for
    its arguments' types, whose entry point gives what the dispatcher gives."""
    from collections import namedtuple

    import numpy as np

    def _weighted(pair, k):
        return pair.a.sum() * k + pair.b[0]

    Pair = namedtuple("Pair", "a b")
    kernel = jit.njit(cache=False)(_weighted)
    site = jit.CallSite(kernel)
    pair = Pair(np.arange(4, dtype=np.int64), np.array([5.5]))
    assert site(pair, 3) == 23.5                       # (compiles)
    dispatcher = jit.resolved(kernel, (pair, 3))
    fn = jit.entry_point(dispatcher, (pair, 3))
    assert fn is not dispatcher and fn is dispatcher.overloads[dispatcher.signatures[0]].entry_point
    assert [f for _chosen, f in site._fns.values()] == [fn]          # what the site runs now
    assert fn(pair, 1) == kernel(pair, 1) == 11.5
    assert site(Pair(np.ones(2, np.int64), np.array([0.5])), 7) == 14.5
    assert jit.entry_point(dispatcher, (pair, 2.5)) is dispatcher   # no overload of those types
    assert jit.entry_point(dispatcher, (object(), 1)) is dispatcher  # nor a value numba cannot type


def test_a_module_not_built_is_looked_for_once(tmp_path, monkeypatch):
    """CompiledKernels.load without the module: the sources' checksum is
    read once per process, not at every run of an in-process caller."""
    (tmp_path / "k.py").write_text("x = 1\n")
    compiled = aot.CompiledKernels(str(tmp_path), "fake_aot_", "fake", ["k.py"], lambda: [])
    names = []
    name = compiled.module_name
    monkeypatch.setattr(compiled, "module_name", lambda: names.append(1) or name())
    monkeypatch.setattr(compiled, "_missing", lambda why: None)
    assert compiled.load() is None and compiled.load() is None
    assert len(names) == 1
