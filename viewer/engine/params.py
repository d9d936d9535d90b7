"""Parameter descriptions: the single source of truth for GUI widgets, CLI
flags, presets and validation.

A generator declares a tuple of :class:`Param`.  The GUI builds one widget per
Param, the CLI one flag, the preset loader checks values against it, and
:func:`coerce_values` turns loose user input (strings from a command line or a
TOML file, floats from a slider) into the typed values an engine expects.
Cross-field rules belong to the generator's own ``validate``; both raise
:class:`ParamError` with a message a user can act on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Param", "ParamError", "check_bounds", "coerce_values", "convert_values", "defaults",
           "parse_size"]

KINDS = ("int", "float", "bool", "choice", "text", "size", "path", "curve")


class ParamError(ValueError):
    """A parameter value a generator cannot accept.

    ``param`` names the offending parameter (or ``None`` for a rule that
    spans several), so a GUI can show the message beside the right widget.
    """

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.param = param


_SIZE_RE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


def parse_size(text: str | tuple[int, int] | list[int]) -> tuple[int, int]:
    """Parse a map size ``"WxH"`` (or a 2-sequence) into ``(w, h)``."""
    if isinstance(text, (tuple, list)) and len(text) == 2:
        return int(text[0]), int(text[1])
    m = _SIZE_RE.match(str(text))
    if not m:
        raise ValueError(f"map size must look like WxH, e.g. 64x32, not {text!r}")
    return int(m.group(1)), int(m.group(2))


@dataclass(frozen=True)
class Param:
    """One parameter of a generator.

    ``minimum``/``maximum`` bound numbers (inclusive; for a ``size`` they bound
    each side).  ``regenerate`` is False for parameters that only restyle the
    picture.  ``cli`` is the command-line spelling when it differs from
    ``--name``; ``positional`` gives a parameter's place among positional CLI
    arguments (fairland's NC SC NI ...).
    """

    name: str
    label: str
    kind: str
    default: Any
    help: str = ""
    minimum: float | int | None = None
    maximum: float | int | None = None
    choices: tuple[str, ...] = ()
    regenerate: bool = True
    cli: str | None = None
    positional: int | None = None
    step: float | int | None = None
    group: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown Param kind {self.kind!r}")

    def convert(self, value: Any) -> Any:
        """``value`` as this parameter's type (bounds not checked), or
        :class:`ParamError` saying what is wrong with it."""
        try:
            return self._convert(value)
        except (TypeError, ValueError) as exc:
            raise ParamError(f"{self.label}: {exc}", self.name) from None

    def coerce(self, value: Any) -> Any:
        """``value`` converted and checked against the bounds."""
        v = self.convert(value)
        self._check_bounds(v)
        return v

    def _convert(self, value: Any) -> Any:
        kind = self.kind
        if kind == "int":
            if isinstance(value, bool):
                raise ValueError("expected a whole number")
            if isinstance(value, float):
                if not value.is_integer():
                    raise ValueError(f"expected a whole number, not {value}")
                return int(value)
            try:
                return int(value.strip(), 10) if isinstance(value, str) else int(value)
            except (TypeError, ValueError):
                raise ValueError(f"expected a whole number, not {value!r}") from None
        if kind == "float":
            try:
                return float(value)
            except (TypeError, ValueError):
                raise ValueError(f"expected a number, not {value!r}") from None
        if kind == "bool":
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise ValueError(f"expected true or false, not {value!r}")
            return bool(value)
        if kind == "choice":
            v = str(value)
            if v not in self.choices:
                raise ValueError(f"must be one of {', '.join(self.choices)}, not {v!r}")
            return v
        if kind == "size":
            return parse_size(value)
        if kind == "curve":
            pts = tuple((float(a), float(b)) for a, b in value)
            if len(pts) < 2:
                raise ValueError("a curve needs at least two control points")
            return pts
        return str(value)

    def _check_bounds(self, v: Any) -> None:
        values = v if self.kind == "size" else (v,)
        if self.kind not in ("int", "float", "size"):
            return
        for x in values:
            if self.minimum is not None and x < self.minimum:
                raise ParamError(f"{self.label} must be at least {self.minimum}, not {x}",
                                 self.name)
            if self.maximum is not None and x > self.maximum:
                raise ParamError(f"{self.label} must be at most {self.maximum}, not {x}", self.name)


def defaults(params: tuple[Param, ...]) -> dict[str, Any]:
    """The default value of every parameter, by name."""
    return {p.name: p.default for p in params}


def convert_values(params: tuple[Param, ...], values: Mapping[str, Any],
                   prepare: Callable[[str, Any], Any] | None = None) -> dict[str, Any]:
    """Defaults overlaid with ``values``, each converted to its Param's type
    (bounds not checked); unknown names are refused.  ``prepare(name, value)``
    may translate a value first (e.g. a level's name to its number)."""
    by_name = {p.name: p for p in params}
    unknown = sorted(set(values) - set(by_name))
    if unknown:
        raise ParamError(f"unknown parameter(s): {', '.join(unknown)}", unknown[0])
    out = defaults(params)
    for name, value in values.items():
        if prepare is not None:
            value = prepare(name, value)
        out[name] = by_name[name].convert(value)
    return out


def check_bounds(params: tuple[Param, ...], values: Mapping[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
    """Raise :class:`ParamError` for the first value outside its Param's bounds."""
    for p in params:
        if p.name not in skip:
            p.coerce(values[p.name])


def coerce_values(params: tuple[Param, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``values``, each converted and within bounds."""
    out = convert_values(params, values)
    check_bounds(params, out)
    return out
