"""A sweep's specification: which generator, the fixed parameters, the
seeds and at most two parameters varied over lists of values; checked once,
up front, so that nothing runs when anything is wrong.

Cases are numbered ``0 .. n_cases - 1``, seed-major: case ``k`` is seed
``seeds[k // n_combos]`` with combination ``k % n_combos`` of the varied
values (the first varied parameter outermost).  The table's columns are
``seed``, every parameter (the generator's, then its metric options), ``ok``,
``error`` and the generator's metrics, in that order.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import registry
from ..declaration import Declaration
from ..engine.params import Param, ParamError

__all__ = ["SweepSpec", "build_spec", "parse_seeds", "cell_value", "SEED_MAX", "MAX_VARIED"]

SEED_MAX = 0xFFFFFFFF
MAX_VARIED = 2
_RANGE = re.compile(r"^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*$")


def parse_seeds(text: str | Sequence[Any] | range, kind: str = "int") -> Sequence[Any]:
    """Seeds from ``"A..B"`` (both included), ``"S1,S2,..."``, a range or a list.

    Number seeds must be 0..2^32-1; text seeds are the texts themselves (a
    range gives the numbers as texts).  An empty set is refused."""
    if isinstance(text, str):
        m = _RANGE.match(text)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if b < a:
                raise ParamError(f"seed range {a}..{b} is empty (the end is below the start)",
                                 "seeds")
            seeds: Sequence[Any] = range(a, b + 1)
        elif ".." in text:
            raise ParamError(f"seeds: expected A..B with whole numbers, not {text!r}", "seeds")
        else:
            seeds = tuple(s.strip() for s in text.split(",") if s.strip())
    elif isinstance(text, range):
        seeds = text
    else:
        seeds = tuple(text)
    if len(seeds) == 0:
        raise ParamError("no seeds: give a range A..B or a list S1,S2,...", "seeds")
    if kind == "text":
        return TextSeeds(seeds) if isinstance(seeds, range) else tuple(str(s) for s in seeds)
    if isinstance(seeds, range):
        if seeds.step != 1:
            seeds = tuple(seeds)
        else:
            for s in (seeds.start, seeds.stop - 1):
                _check_int_seed(s)
            return seeds
    return tuple(_check_int_seed(s) for s in seeds)


class TextSeeds(Sequence[str]):
    """A range of numbers given as text seeds, without a list of them all
    (a sweep over a million seeds holds only the range)."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, numbers: range):
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return TextSeeds(self.numbers[i])
        return str(self.numbers[i])

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, (tuple, TextSeeds)) else False

    def __repr__(self) -> str:
        return f"TextSeeds({self.numbers!r})"


def _check_int_seed(s: Any) -> int:
    try:
        if isinstance(s, bool):
            raise ValueError
        value = int(s.strip(), 10) if isinstance(s, str) else int(s)
        if isinstance(s, float) and not s.is_integer():
            raise ValueError
    except (TypeError, ValueError):
        raise ParamError(f"seed must be a whole number from 0 to {SEED_MAX}, not {s!r}",
                         "seeds") from None
    if not 0 <= value <= SEED_MAX:
        raise ParamError(f"seed must be from 0 to {SEED_MAX} (32 bits), not {value}", "seeds")
    return value


def cell_value(param: Param, value: Any) -> Any:
    """A parameter's value as a table cell: numbers stay numbers (booleans
    1/0), everything else the Param's text (sizes ``WxH``, curves
    ``a:b,...``; :meth:`~viewer.engine.params.Param.parse` reads it back)."""
    if param.kind == "int":
        return int(value)
    if param.kind == "float":
        return float(value)
    if param.kind == "bool":
        return 1 if value else 0
    return param.text(value)


@dataclass(frozen=True)
class SweepSpec:
    """A checked sweep (make one with :func:`build_spec`)."""

    generator: str
    seeds: Sequence[Any]
    combos: tuple[dict[str, Any], ...]
    """The checked values of every parameter, one dict per combination."""
    options: dict[str, Any]
    """The metric options (the generator's Metrics.options, by name)."""
    varied: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    fixed: dict[str, Any] = field(default_factory=dict)
    """What was set explicitly, as given (for reproducing the sweep)."""

    @property
    def gen(self) -> Declaration:
        """The generator's declaration (its params, validate, generate, metrics)."""
        return registry.declaration(self.generator)

    @property
    def n_cases(self) -> int:
        return len(self.seeds) * len(self.combos)

    def case(self, k: int) -> tuple[int | str, dict[str, Any]]:
        """(seed, values) of case ``k``."""
        n = len(self.combos)
        return self.seeds[k // n], self.combos[k % n]

    @property
    def param_columns(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.gen.params) + \
            tuple(p.name for p in self.gen.metrics.options)

    @property
    def metric_names(self) -> tuple[str, ...]:
        return self.gen.metrics.names(self.options)

    @property
    def columns(self) -> tuple[str, ...]:
        return ("seed", *self.param_columns, "ok", "error", *self.metric_names)

    def column_kinds(self) -> dict[str, str]:
        """Each column's type in the table: ``int``, ``float`` or ``text``."""
        kinds = {"seed": "text" if self.gen.seed_kind == "text" else "int"}
        for p in (*self.gen.params, *self.gen.metrics.options):
            kinds[p.name] = {"int": "int", "bool": "int", "float": "float"}.get(p.kind, "text")
        kinds["ok"], kinds["error"] = "int", "text"
        for m in self.metric_names:
            kinds[m] = "text" if m in self.gen.metrics.texts else "float"
        return kinds

    def row_prefix(self, combo: Mapping[str, Any]) -> tuple:
        """The parameter cells of a combination (same for all its seeds)."""
        params = (*self.gen.params, *self.gen.metrics.options)
        merged = {**combo, **self.options}
        return tuple(cell_value(p, merged[p.name]) for p in params)


def _split_known(gen: Any, names: Iterable[str]) -> None:
    known = [p.name for p in gen.params] + [p.name for p in gen.metrics.options]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ParamError(f"unknown parameter(s): {', '.join(unknown)} ({gen.name}'s parameters: "
                         f"{', '.join(known)})", unknown[0])


def build_spec(generator: str, fixed: Mapping[str, Any] | None = None,
               seeds: str | Sequence[Any] | range = "1..100",
               vary: Sequence[tuple[str, Sequence[Any]]] = ()) -> SweepSpec:
    """Check everything about a sweep and return it, or raise ParamError
    with the message of the parameter at fault (nothing has run yet)."""
    if generator not in registry.names():
        raise ParamError(f"unknown generator {generator!r}; known: "
                         f"{', '.join(registry.names())}", "generator")
    gen = registry.declaration(generator)
    fixed = dict(fixed or {})
    checked_seeds = parse_seeds(seeds, gen.seed_kind)
    vary = [(str(name), list(values)) for name, values in vary]
    _split_known(gen, [*fixed, *(name for name, _ in vary)])
    if len(vary) > MAX_VARIED:
        raise ParamError(f"at most {MAX_VARIED} parameters may vary, not {len(vary)} "
                         f"({', '.join(n for n, _ in vary)})", vary[MAX_VARIED][0])
    names = [n for n, _ in vary]
    for name in names:
        if names.count(name) > 1:
            raise ParamError(f"{name} is varied twice; give all its values in one list", name)
        if name in fixed:
            raise ParamError(f"{name} is both set and varied; drop one of them", name)
    option_names = {p.name for p in gen.metrics.options}
    for name in names:
        if name in option_names:
            raise ParamError(f"{name} only changes what is measured and cannot be varied; "
                             f"set it with {name}=VALUE", name)
    options = gen.metrics.option_values({k: v for k, v in fixed.items() if k in option_names})
    base = {k: v for k, v in fixed.items() if k not in option_names}
    for name, values in vary:
        if not values:
            raise ParamError(f"{name}: no values to vary over", name)
    # Only whole combinations are checked: a rule spanning several parameters
    # (islands a multiple of continents) may hold only with the varied value.
    combos = tuple(gen.validate({**base, **dict(zip(names, chosen))})
                   for chosen in itertools.product(*(values for _, values in vary)))
    n_inner = 1
    checked_vary: list[tuple[str, tuple[Any, ...]]] = []
    for i in range(len(vary) - 1, -1, -1):
        count = len(vary[i][1])
        checked_vary.insert(0, (names[i], tuple(combos[j * n_inner][names[i]]
                                                for j in range(count))))
        n_inner *= count
    return SweepSpec(generator=generator, seeds=checked_seeds,
                     combos=combos, options=options, varied=tuple(checked_vary),
                     fixed=fixed)
