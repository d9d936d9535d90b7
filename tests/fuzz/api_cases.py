"""The engine API under hostile values: ``validate`` refuses with a
ParamError (naming a parameter or the rule) or accepts, and what it accepts
``generate`` makes (or refuses with GenerationError, fairland's "world not
large enough"); seeds go through ``check_seed`` and ``generate`` alike."""

from __future__ import annotations

from typing import Any

from hostile import SEEDS, value_dicts
from hypothesis import strategies as st


# Valid values of the parameters that make a run slow, kept small.
def _mostly(good: list, bad: list) -> st.SearchStrategy:
    """One of ``good`` three times in four, else one of ``bad``."""
    g = st.sampled_from(good)
    return st.one_of(g, g, g, st.sampled_from(bad))


CHEAP = {
    "fairland": {"world": _mostly([(32, 16), (16, 8), "64x32", (8, 4), (16, 16)],
                                  ["7x4", (0, 0), "x", None, (4096, 4096)])},
    "tgp": {"size": _mostly([(64, 64), "128x64", (64, 128), (64.0, 64.0)],
                            [(65, 64), (8192, 64), "big", None, (float("nan"), 64)])},
    "ports": {"tgp_size": _mostly([(64, 64), "64x128"], [(100, 64), None]),
              "n_ports": st.integers(-1, 300)},
    "numberlink": {"size": _mostly([(5, 5), (4, 3), "6x6", (3, 4), (8, 8)],
                                   [(3, 3), (2, 9), (129, 4), None]),
                   "max_tries": _mostly([1, 2, 3], [0, 100_001, "x"]),
                   "grid_number": _mostly([1, 2, 3], [0, 1001, 1.5])},
}


def api_cases(name: str) -> st.SearchStrategy:
    from viewer import registry

    decl = registry.declaration(name)
    seeds = st.text(max_size=8) if decl.seed_kind == "text" else st.integers(0, 2**32 - 1)
    return st.tuples(value_dicts(decl.params, CHEAP.get(name, {})), st.one_of(seeds, SEEDS),
                     st.booleans())


def run_api(name: str, values: dict[str, Any], seed: Any, trace: bool = False) -> str:
    """Validate then generate; the outcome ("refused", "seed", "made",
    "no map"), raising AssertionError when a promise is broken."""
    from viewer import registry
    from viewer.engine.params import ParamError
    from viewer.engine.protocol import GenerationError

    decl = registry.declaration(name)
    gen = decl.engine
    names = {p.name for p in gen.params}
    try:
        checked = gen.validate(values)
    except ParamError as exc:
        assert str(exc) and "Errno" not in str(exc), exc
        assert (exc.param is None or exc.param in names
                or str(exc).startswith("unknown parameter")), (exc.param, exc)
        # generate refuses exactly what validate refuses, by the same message
        try:
            gen.generate(values, seed=seed if name == "numberlink" else 1)
        except ParamError as again:
            assert str(again) == str(exc)
        else:
            raise AssertionError(f"validate refused {values!r} but generate took it")
        return "refused"
    assert set(checked) == names
    try:
        good_seed = decl.check_seed(seed)
    except ParamError as exc:
        assert exc.param == "seed" and str(exc), exc
        try:
            gen.generate(checked, seed=seed)
        except ParamError as again:
            assert again.param == "seed"
        else:
            raise AssertionError(f"check_seed refused {seed!r} but generate took it")
        return "seed"
    try:
        result = gen.generate(checked, seed=seed, trace=trace)
    except GenerationError as exc:
        assert str(exc)
        return "no map"
    assert result.generator == name
    if name != "numberlink":
        assert result.seed == good_seed
    if trace and result.trace is not None:  # the window scrubs the timeline
        n = result.trace.n_steps
        for step in {0, n // 2, n}:
            result.trace.state_at(step)
            result.trace.describe(step) if step else None
    return "made"
