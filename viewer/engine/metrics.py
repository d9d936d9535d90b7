"""What a generator declares about its metrics: the flat ``{name: number}``
figures a sweep tabulates for each case, computed from a :class:`Result`
made without a trace.

Each generator's ``metrics.py`` builds one :class:`Metrics` and the
generator class holds it as its ``metrics`` attribute, so
``generator.metrics(result)`` gives the figures and
``generator.metrics.names()`` their names before any result exists (a
sweep's table needs its columns up front).  ``options`` are settings that
change only what is measured, not the map (Number Link's ``check_unique``).
``failure(exc)`` gives the figures that still mean something when the
generator gave up with a :class:`GenerationError` (fairland's ``would_abort``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .params import Param, coerce_values

__all__ = ["Metrics"]


@dataclass(frozen=True)
class Metrics:
    """A generator's metrics: ``compute(result, **options)`` and the names it
    returns for given options (in table order)."""

    compute: Callable[..., dict[str, float]]
    names_for: Callable[[Mapping[str, Any]], tuple[str, ...]]
    options: tuple[Param, ...] = ()
    failure: Callable[[BaseException], dict[str, float]] | None = None
    texts: frozenset[str] = frozenset()
    """Metrics that are text, kept as they are (a puzzle's URL); the others
    are numbers."""

    def option_values(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The options' defaults overlaid with ``given``, checked (ParamError)."""
        return coerce_values(self.options, dict(given or {}))

    def names(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return self.names_for(self.option_values(options))

    def __call__(self, result: Any, **options: Any) -> dict[str, float]:
        opts = self.option_values(options)
        values = self.compute(result, **opts)
        return {name: values[name] if name in self.texts else float(values[name])
                for name in self.names_for(opts)}

    def missing(self, name: str) -> Any:
        """The value of metric ``name`` where a case has none: NaN, or '' for text."""
        return "" if name in self.texts else math.nan

    def of_failure(self, exc: BaseException) -> dict[str, float]:
        """What can be said of a run that failed with ``exc`` (often nothing)."""
        return {k: float(v) for k, v in self.failure(exc).items()} if self.failure else {}
