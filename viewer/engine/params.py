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

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from os import PathLike, fspath
from typing import Any

from .names import shown_name

__all__ = ["ABSENT", "BoundsWhen", "KEPT", "OnlyWhen", "Param", "ParamError", "check_bounds",
           "check_not_yet",
           "check_seed", "coerce_values", "convert_values", "counting", "defaults", "fit_bounds",
           "parse_size", "parse_real", "parse_whole", "INT_MIN", "INT_MAX", "SEED_MAX"]

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
"""Whole-number parameters without bounds of their own are bounded as a C
``int`` (what the original programs store them in)."""

SEED_MAX = 0xFFFFFFFF

KINDS = ("int", "float", "bool", "choice", "text", "size", "path", "curve")


class ParamError(ValueError):
    """A parameter value a generator cannot accept.

    ``param`` names the offending parameter (or ``None`` for a rule that
    spans several), so a GUI can show the message beside the right widget.
    """

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.param = param


_SIZE_RE = re.compile(r"^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*$")

_WHOLE_RE = re.compile(r"[+-]?[0-9]+")
_REAL_RE = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
_BLANKS = " \t\r\n\f\v"
NUMBER_TEXT_MAX = 100
"""A longer text is no number (Python's int() refuses 4,300 digits with a
traceback's words)."""


def parse_whole(text: str) -> int:
    """The one rule for a whole number written as text, on every command
    line and in every file: ASCII decimal digits with an optional sign,
    blanks around ignored; leading zeros mean nothing (``010`` is ten, as
    ``strtol`` reads it in base 10); underscores (``1_000``), other scripts'
    digits (``٣``, fullwidth ``７``, superscript ``²``) and anything else are
    refused with ValueError."""
    t = text.strip(_BLANKS) if isinstance(text, str) else None
    if t is None or len(t) > NUMBER_TEXT_MAX or not _WHOLE_RE.fullmatch(t):
        raise ValueError(f"expected a whole number, not {_short(text)}")
    return int(t, 10)


def parse_real(text: str) -> float:
    """The rule of :func:`parse_whole` for a number with a fraction:
    ASCII digits, an optional sign, point and exponent (``1.5``, ``.5``,
    ``2e3``); ``inf`` and ``nan`` are read (and refused by whoever needs a
    finite number); underscores and other digits are refused."""
    t = text.strip(_BLANKS) if isinstance(text, str) else None
    if t is None or len(t) > NUMBER_TEXT_MAX or not (
            _REAL_RE.fullmatch(t) or t.lstrip("+-").lower() in ("inf", "infinity", "nan")):
        raise ValueError(f"expected a number, not {_short(text)}")
    return float(t)


def _side(v: Any) -> int:
    if isinstance(v, bool):
        raise ValueError(f"a side must be a whole number, not {v!r}")
    if isinstance(v, float):
        if not v.is_integer():  # also nan and inf
            raise ValueError(f"a side must be a whole number, not {v!r}")
        return int(v)
    if isinstance(v, str):
        return parse_whole(v)
    if hasattr(v, "__index__"):
        return int(v.__index__())
    number = float(v)
    if not number.is_integer():
        raise ValueError
    return int(number)


def parse_size(text: str | tuple[int, int] | list[int]) -> tuple[int, int]:
    """Parse a map size ``"WxH"`` (or a 2-sequence) into ``(w, h)``; ValueError
    saying what is wrong otherwise."""
    if isinstance(text, (tuple, list)) and len(text) == 2:
        try:
            return _side(text[0]), _side(text[1])
        except (TypeError, ValueError, AttributeError, OverflowError):
            raise ValueError(f"map size must be two whole numbers (WxH), not {text!r}") from None
    if not isinstance(text, str):
        raise ValueError(f"map size must look like WxH, e.g. 64x32, not {text!r}")
    m = _SIZE_RE.match(text) if len(text) < 100 else None
    if not m:
        raise ValueError(f"map size must look like WxH, e.g. 64x32, not {_short(text)}")
    return int(m.group(1)), int(m.group(2))


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to about ``limit`` characters for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def check_seed(seed: Any) -> int:
    """A 32-bit seed (0..2^32-1) as an int, or ParamError (param ``seed``).

    Whole numbers, integral floats and decimal or ``0x`` texts are taken."""
    try:
        if isinstance(seed, bool):
            raise ValueError
        if isinstance(seed, str):
            t = seed.strip(_BLANKS)
            hexa = re.fullmatch(r"0[xX][0-9a-fA-F]{1,16}", t)
            value = int(t, 16) if hexa else parse_whole(t)
        elif isinstance(seed, float):
            if not seed.is_integer():
                raise ValueError
            value = int(seed)
        else:
            value = int(seed.__index__())
    except (TypeError, ValueError, AttributeError, OverflowError):
        raise ParamError(f"seed must be a whole number from 0 to {SEED_MAX}, not "
                         f"{_short(seed)}", "seed") from None
    if not 0 <= value <= SEED_MAX:
        raise ParamError(f"seed must be from 0 to {SEED_MAX} (32 bits), not {value}", "seed")
    return value


def same_value(a: Any, b: Any) -> bool:
    """Whether two parameter values are the same value (of the same type:
    1 is not True); a value that cannot be compared so is taken as changed."""
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - arrays and the like
        return False


def check_text_seed(seed: Any) -> str | bytes:
    """A text seed (as in Tatham's collection) as ``generate`` takes it: a
    text, bytes, or a whole number taken as its digits; else ParamError
    (param ``seed``)."""
    if isinstance(seed, bool) or not isinstance(seed, (str, bytes, int)):
        shown = "nothing" if seed is None else repr(str(seed)[:40])
        raise ParamError(f"seed must be a text (letters or digits), not {shown}", "seed")
    if isinstance(seed, int):
        return str(seed)
    if isinstance(seed, str):
        try:
            seed.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raise ParamError("seed: a text with unpaired surrogates cannot be used "
                             "(they have no UTF-8 bytes)", "seed") from None
    return seed


SEED_RULES = {"int": check_seed, "text": check_text_seed}
"""The one rule for each kind of seed."""


def _curve_points(text: str) -> tuple[tuple[float, float], ...]:
    """``"X:Y,X:Y,..."`` as control points."""
    try:
        if len(text) > 100_000:
            raise ValueError
        points = [part.split(":") for part in text.split(",") if part.strip()]
        return tuple((float(a), float(b)) for a, b in points)
    except ValueError:
        raise ValueError(f"a curve is X:Y,X:Y,..., not {_short(text)}") from None


class _Shown:
    """What a greyed-out editor shows (:attr:`OnlyWhen.otherwise`)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


KEPT = _Shown("KEPT")
"""A setting that does not count keeps its value, shown greyed (it counts
again when the condition holds, as a game keeps a setting it does not use)."""
ABSENT = _Shown("ABSENT")
"""A setting that does not exist there: its editor shows no value ("n/a")."""


@dataclass(frozen=True)
class AtLeast:
    """The numbers from ``least`` up, as an :class:`OnlyWhen`'s values (e.g.
    island settings count only with 1 island or more)."""

    least: int

    def __contains__(self, value: Any) -> bool:
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and value >= self.least)

    def __iter__(self):
        yield self.least                # the first value that holds

    def __getitem__(self, i: int) -> int:
        if i != 0:
            raise IndexError(i)
        return self.least

    def words(self) -> str:
        return f"{self.least} or more"


def _values_said(values, say=str) -> str:
    """A condition's values in words: ``"custom"``, ``"r13671 and 15.2"``,
    ``"1 or more"``."""
    if isinstance(values, AtLeast):
        return values.words()
    return " and ".join(say(v) for v in values)


@dataclass(frozen=True)
class OnlyWhen:
    """A parameter that counts only while parameter ``param`` has one of
    ``values`` (e.g. a setting only one version of a game has, or one only
    the custom terrain type uses).  While it does not, the window shows
    ``otherwise``: :data:`KEPT` the value held, :data:`ABSENT` none (the
    setting does not exist there), or the value the setting amounts to
    there (e.g. off: r13671's map edges are always sea)."""

    param: str
    values: tuple[Any, ...] | AtLeast
    otherwise: Any = KEPT


@dataclass(frozen=True)
class BoundsWhen:
    """Narrower bounds of a number while parameter ``param`` has one of
    ``values`` (e.g. the levels an older version of a game has): the window's
    slider, the command line and the stored files all keep within them, and
    :func:`fit_bounds` brings a value in when ``param`` changes."""

    param: str
    values: tuple[Any, ...]
    minimum: float | int | None = None
    maximum: float | int | None = None


@dataclass(frozen=True)
class Implies:
    """Giving the parameter a value that is not empty sets parameter
    ``param`` to ``value`` in the same change (e.g. a PNG file chosen means
    the PNG source), unless ``param`` is given in that change too."""

    param: str
    value: Any


@dataclass(frozen=True)
class CurveAxes:
    """A curve's axes: the ranges of x and y, whether the editor mirrors the
    curve about x = 0 (None: when x starts at 0), and the axes' names."""

    x_range: tuple[float, float] = (0.0, 1.0)
    y_range: tuple[float, float] = (0.0, 1.0)
    mirror: bool | None = None
    x_label: str = ""
    y_label: str = ""


@dataclass(frozen=True)
class Param:
    """One parameter of a generator.

    ``minimum``/``maximum`` bound numbers (inclusive; for a ``size`` they bound
    each side).  Every parameter makes the map: what only restyles the
    picture is a renderer's toggle (:class:`viewer.render.picture.Toggle`,
    a View menu entry and a picture option), not a Param.  ``cli`` is the command-line spelling when it differs from
    ``--name``; ``positional`` gives a parameter's place among positional CLI
    arguments (fairland's NC SC NI ...).

    How the window offers it: ``slider`` the slider's range where it is
    narrower than the bounds; ``labels`` the names of a whole number's
    values (0, 1, ... in order), or of a choice's ``choices`` (in their order:
    the window shows "Sub-arctic", the command line takes "arctic"); ``suggestions`` values offered in a list
    (a size's or a text's, editable; a whole number's few, a combo box);
    ``file_filter`` the kinds of file a path's Browse offers; ``curve_axes``
    a curve's axes.  ``only_when`` (an :class:`OnlyWhen`, or a tuple of
    them that must all hold) says when it counts at all (:meth:`lacking`);
    ``bounds_when`` (a :class:`BoundsWhen` or a tuple of them) narrows the
    bounds under other values (:meth:`bounds`); ``version_defaults`` a default that
    differs under another version of the generator (by the version's name).
    """

    name: str
    label: str
    kind: str
    default: Any
    help: str = ""
    minimum: float | int | None = None
    maximum: float | int | None = None
    choices: tuple[str, ...] = ()
    cli: str | None = None
    positional: int | None = None
    step: float | int | None = None
    group: str = ""
    slider: tuple[float, float] | None = None
    labels: tuple[str, ...] = ()
    suggestions: tuple[Any, ...] = ()
    file_filter: str = ""
    curve_axes: CurveAxes | None = None
    only_when: OnlyWhen | tuple[OnlyWhen, ...] | None = None
    bounds_when: BoundsWhen | tuple[BoundsWhen, ...] | None = None
    version_defaults: Mapping[str, Any] = field(default_factory=dict)
    not_yet: tuple[str, ...] = ()
    """Choices offered (greyed in the window, "not yet") but not made yet:
    :func:`check_not_yet` refuses them where the setting counts."""
    implies: Implies | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown Param kind {self.kind!r}")

    def conditions(self) -> tuple[OnlyWhen, ...]:
        """The conditions of ``only_when``, all of which must hold (() when
        the parameter always counts)."""
        cond = self.only_when
        if cond is None:
            return ()
        return (cond,) if isinstance(cond, OnlyWhen) else tuple(cond)

    def failed_condition(self, values: Mapping[str, Any],
                         among: tuple[str, ...] | None = None) -> OnlyWhen | None:
        """The first condition (on one of ``among``, default any) that
        ``values`` break; conditions on names ``values`` lack hold."""
        for cond in self.conditions():
            if among is not None and cond.param not in among:
                continue
            if cond.param in values and values[cond.param] not in cond.values:
                return cond
        return None

    def lacking(self, values: Mapping[str, Any],
                among: tuple[str, ...] | None = None) -> str | None:
        """Why this parameter does not count under ``values``, e.g.
        ``"r13671 has no such setting (only 15.2)"``, or None when it counts
        (or ``values`` do not say): the one rule of ``only_when``, which the
        panel, the command line and the engine ask.  ``among`` limits it to
        the conditions on those parameters (e.g. the version's)."""
        cond = self.failed_condition(values, among)
        if cond is None:
            return None
        return (f"{values[cond.param]} has no such setting "
                f"(only {_values_said(cond.values)})")

    def narrowings(self, values: Mapping[str, Any] | None) -> tuple[BoundsWhen, ...]:
        """The :class:`BoundsWhen` that hold under ``values`` (none without them)."""
        cond = self.bounds_when
        if cond is None or values is None:
            return ()
        conds = (cond,) if isinstance(cond, BoundsWhen) else tuple(cond)
        return tuple(b for b in conds if b.param in values and values[b.param] in b.values)

    def bounds(self, values: Mapping[str, Any] | None = None
               ) -> tuple[float | int | None, float | int | None]:
        """``(minimum, maximum)`` under ``values``: the Param's own, narrowed
        by each :class:`BoundsWhen` that holds."""
        lo, hi = self.minimum, self.maximum
        for b in self.narrowings(values):
            if b.minimum is not None:
                lo = b.minimum if lo is None else max(lo, b.minimum)
            if b.maximum is not None:
                hi = b.maximum if hi is None else min(hi, b.maximum)
        return lo, hi

    def said(self, value: Any) -> str:
        """``value`` as the window names it: its label ("alpinist") if it
        has labels, else its text."""
        if self.labels and isinstance(value, int) and not isinstance(value, bool) and \
                0 <= value < len(self.labels):
            return str(self.labels[value])
        if self.kind == "choice" and self.labels and value in self.choices:
            return str(self.labels[self.choices.index(value)])
        return self.text(value) if self.kind != "bool" else ("on" if value else "off")

    def text(self, value: Any) -> str:
        """``value`` as a command line, a help text, a table cell or a shared
        command writes it (what :meth:`parse` reads back)."""
        kind = self.kind
        if kind == "size":
            return f"{int(value[0])}x{int(value[1])}"
        if kind == "bool":
            return "1" if value else "0"
        if kind == "curve":
            return ",".join(f"{float(a):g}:{float(b):g}" for a, b in value)
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    def parse(self, text: str) -> Any:
        """The value :meth:`text` wrote, as this parameter's type (bounds not
        checked), or :class:`ParamError` saying what is wrong with ``text``:
        the one text-to-value rule of the command lines, sweeps and presets
        (:meth:`convert` reads a text the same way)."""
        if not isinstance(text, str):
            raise ParamError(f"{self.label}: expected a text, not {_short(text)}", self.name)
        return self.convert(text)

    @property
    def flag(self) -> str:
        """The command-line option of this parameter (``--name`` unless ``cli``)."""
        return self.cli or "--" + self.name.replace("_", "-")

    def convert(self, value: Any) -> Any:
        """``value`` as this parameter's type (bounds not checked), or
        :class:`ParamError` saying what is wrong with it."""
        try:
            return self._convert(value)
        except ParamError:
            raise
        except (TypeError, ValueError, OverflowError, AttributeError) as exc:
            raise ParamError(f"{self.label}: {exc}", self.name) from None

    def coerce(self, value: Any, values: Mapping[str, Any] | None = None,
               params: Mapping[str, Param] | None = None) -> Any:
        """``value`` converted and checked against the bounds (under
        ``values``, the other parameters' values: :meth:`bounds`; ``params``
        by name name them in the message)."""
        v = self.convert(value)
        self.check_converted(v, values, params)
        return v

    def check_converted(self, v: Any, values: Mapping[str, Any] | None = None,
                        params: Mapping[str, Param] | None = None) -> None:
        """:meth:`coerce`'s checks of a value :meth:`convert` gave (not
        converted again)."""
        self._check_narrowed(v, values, params or {})
        self._check_bounds(v)

    def _check_narrowed(self, v: Any, values: Mapping[str, Any] | None,
                        params: Mapping[str, Param]) -> None:
        narrowed = self.narrowings(values)
        if not narrowed or self.kind not in ("int", "float"):
            return
        lo, hi = self.bounds(values)
        if (lo is None or v >= lo) and (hi is None or v <= hi):
            return
        b = next((b for b in narrowed if (b.minimum is not None and v < b.minimum)
                  or (b.maximum is not None and v > b.maximum)), None)
        if b is None:           # only the Param's own bounds are broken: they say so
            return
        owner = params.get(b.param)
        under = f"{owner.label if owner else b.param} {values[b.param]}"
        span = f"{lo}..{hi}" if lo is not None and hi is not None else \
            (f"at least {lo}" if hi is None else f"at most {hi}")
        if self.labels and lo is not None and hi is not None:
            span += f" ({self.said(lo)}..{self.said(hi)})"
        text = f"{self.label} must be {span} with {under}, not {v}"
        own_lo, own_hi = self.minimum, self.maximum
        if (own_lo is None or v >= own_lo) and (own_hi is None or v <= own_hi):
            text += f" ({self.said(v)} is {_elsewhere(owner, b)} only)"
        raise ParamError(text, self.name)

    def _convert(self, value: Any) -> Any:
        kind = self.kind
        if kind == "int":
            if isinstance(value, bool):
                raise ValueError("expected a whole number")
            if isinstance(value, float):
                if not value.is_integer():  # also nan and inf
                    raise ValueError(f"expected a whole number, not {value}")
                return int(value)
            try:
                if isinstance(value, str):
                    return parse_whole(value)
                if hasattr(value, "__index__"):
                    return int(value.__index__())
                number = float(value)  # numpy floats, Decimal: whole ones only
                if not number.is_integer():
                    raise ValueError
                return int(number)
            except (TypeError, ValueError, AttributeError, OverflowError):
                raise ValueError(f"expected a whole number, not {_short(value)}") from None
        if kind == "float":
            try:
                if isinstance(value, bool):
                    raise ValueError
                number = parse_real(value) if isinstance(value, str) else float(value)
            except (TypeError, ValueError, OverflowError):
                raise ValueError(f"expected a number, not {_short(value)}") from None
            if not math.isfinite(number):
                raise ValueError(f"expected a finite number, not {number}")
            return number
        if kind == "bool":
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise ValueError(f"expected true or false, not {_short(value)}")
            if isinstance(value, bool) or type(value).__name__ == "bool_":
                return bool(value)
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise ValueError(f"expected true or false, not {_short(value)}")
        if kind == "choice":
            v = value if isinstance(value, str) else None
            if v not in self.choices:
                raise ValueError(f"must be one of {', '.join(self.choices)}, not {_short(value)}")
            return v
        if kind == "size":
            return parse_size(value)
        if kind == "curve":
            if isinstance(value, str):          # the text :meth:`text` writes
                value = _curve_points(value)
            if isinstance(value, bytes) or len(value) > 1000:
                raise ValueError("expected control points (degrees, weight)")
            pts = tuple((float(a), float(b)) for a, b in value)
            if len(pts) < 2:
                raise ValueError("a curve needs at least two control points")
            return pts
        if kind in ("text", "path") and not isinstance(value, str):
            if kind == "path" and isinstance(value, PathLike):
                value = fspath(value)
            else:
                raise ValueError(f"expected a text, not {_short(value)}")
        if "\0" in value:
            raise ValueError("a text may not hold the character NUL")
        return value

    def _check_bounds(self, v: Any) -> None:
        values = v if self.kind == "size" else (v,)
        if self.kind not in ("int", "float", "size"):
            return
        lo, hi = self.minimum, self.maximum
        if self.kind in ("int", "size"):  # a C int at most
            lo = INT_MIN if lo is None else lo
            hi = INT_MAX if hi is None else hi
        for x in values:
            if isinstance(x, float) and not math.isfinite(x):
                raise ParamError(f"{self.label} must be a finite number, not {x}", self.name)
            if lo is not None and x < lo:
                raise ParamError(f"{self.label} must be at least {lo}, not {x}",
                                 self.name)
            if hi is not None and x > hi:
                raise ParamError(f"{self.label} must be at most {hi}, not {x}", self.name)


def _elsewhere(owner: Param | None, b: BoundsWhen) -> str:
    """Where a value a :class:`BoundsWhen` keeps out is allowed: the owner's
    other choices ("15.2")."""
    others = [c for c in (owner.choices if owner is not None else ()) if c not in b.values]
    return " and ".join(map(str, others)) if others else \
        f"not {' or '.join(map(str, b.values))}"


def implied(params: tuple[Param, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """What the values ``given`` in one change imply (:class:`Implies`): a
    parameter given a value that is not empty (a path, a text) sets the one
    it names, unless that one is given too."""
    out: dict[str, Any] = {}
    for p in params:
        rule = p.implies
        if rule is None or p.name not in given or rule.param in given:
            continue
        v = given[p.name]
        if v is None or (isinstance(v, str) and not v.strip()):
            continue
        out[rule.param] = rule.value
    return out


def fit_bounds(params: tuple[Param, ...], values: Mapping[str, Any],
               changed: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """After ``changed`` changed (e.g. the version of a game), the values
    that now break their :meth:`Param.bounds` brought within them (nearest
    bound), unless they are among ``changed`` themselves (a value given with
    the change is judged, not moved), and one line saying what moved, e.g.
    "alpinist is 15.2 only: terrain type set to mountainous" ("" when
    nothing did)."""
    by_name = {p.name: p for p in params}
    moved: dict[str, Any] = {}
    notes = []
    for p in params:
        if p.name in changed or p.name not in values or p.kind not in ("int", "float"):
            continue
        narrowed = [b for b in p.narrowings(values) if b.param in changed]
        v = values[p.name]
        if not narrowed or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        lo, hi = p.bounds(values)
        new = max(lo, v) if lo is not None else v
        new = min(hi, new) if hi is not None else new
        if new == v:
            continue
        moved[p.name] = type(v)(new)
        b = narrowed[0]
        notes.append(f"{p.said(v)} is {_elsewhere(by_name.get(b.param), b)} only: "
                     f"{p.label[:1].lower() + p.label[1:]} set to {p.said(moved[p.name])}")
    return moved, "; ".join(notes)


def counts(p: Param, values: Mapping[str, Any]) -> bool:
    """Whether ``p`` makes a difference to the map under ``values`` (its
    :class:`OnlyWhen` conditions all hold)."""
    return p.failed_condition(values) is None


def counting(params: tuple[Param, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """The ``values`` of the parameters that count under them (what makes
    the map: two value sets with the same counting values make one map)."""
    return {p.name: values[p.name] for p in params if p.name in values and counts(p, values)}


def failed_words(p: Param, values: Mapping[str, Any], params: Mapping[str, Param]
                 ) -> tuple[str, str] | None:
    """The condition of ``p`` that ``values`` break, in the owner's words:
    ``("Terrain type flat", "custom")``; None when ``p`` counts."""
    cond = p.failed_condition(values)
    if cond is None:
        return None
    owner = params.get(cond.param)
    if owner is None:
        return f"{cond.param} {values[cond.param]}", _values_said(cond.values)
    return (f"{owner.label} {owner.said(values[cond.param])}",
            _values_said(cond.values, owner.said))


def why_greyed(p: Param, values: Mapping[str, Any], params: Mapping[str, Param]
               ) -> str | None:
    """Why ``p`` does not count under ``values``, in the owner's words (e.g.
    "Terrain type flat has no such setting (only custom)."), or None when it
    counts: the panel's tooltip."""
    words = failed_words(p, values, params)
    return None if words is None else f"{words[0]} has no such setting (only {words[1]})."


def defaults(params: tuple[Param, ...]) -> dict[str, Any]:
    """The default value of every parameter, by name."""
    return {p.name: p.default for p in params}


def convert_values(params: tuple[Param, ...], values: Mapping[str, Any],
                   prepare: Callable[[str, Any], Any] | None = None) -> dict[str, Any]:
    """Defaults overlaid with ``values``, each converted to its Param's type
    (bounds not checked); unknown names are refused.  ``prepare(name, value)``
    may translate a value first (e.g. a level's name to its number)."""
    by_name = {p.name: p for p in params}
    if not isinstance(values, Mapping):
        raise ParamError(f"parameters must be a mapping of names to values, not "
                         f"{type(values).__name__}")
    unknown = sorted((k for k in values if not (isinstance(k, str) and k in by_name)), key=repr)
    if unknown:
        names = ", ".join(shown_name(k) if isinstance(k, str) else repr(k) for k in unknown[:10])
        raise ParamError(f"unknown parameter(s): {names}"
                         + (f" and {len(unknown) - 10} more" if len(unknown) > 10 else ""),
                         unknown[0] if isinstance(unknown[0], str) else None)
    out = defaults(params)
    for name, value in values.items():
        if prepare is not None:
            value = prepare(name, value)
        out[name] = by_name[name].convert(value)
    return out


def check_bounds(params: tuple[Param, ...], values: Mapping[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
    """Raise :class:`ParamError` for the first value outside its Param's
    bounds; ``values`` as :func:`convert_values` gives them (each of its
    Param's type: not converted again)."""
    by_name = {p.name: p for p in params}
    for p in params:
        if p.name not in skip:
            p.check_converted(values[p.name], values, by_name)


def check_not_yet(params: tuple[Param, ...], values: Mapping[str, Any]) -> None:
    """Raise :class:`ParamError` for the first choice not made yet
    (:attr:`Param.not_yet`) where its setting counts (:func:`counts`)."""
    for p in params:
        if p.not_yet and values.get(p.name) in p.not_yet and counts(p, values):
            made = ", ".join(c for c in p.choices if c not in p.not_yet)
            raise ParamError(f"{p.label} {values[p.name]}: not yet (made here: {made})", p.name)


def coerce_values(params: tuple[Param, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``values``, each converted and within bounds."""
    out = convert_values(params, values)
    check_bounds(params, out)
    return out
