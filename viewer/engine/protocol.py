"""The generator protocol: what every engine offers the GUI and the CLI.

An engine is a small back end (in the spirit of the ``struct game`` of Simon
Tatham's puzzle collection): a name, a tuple of :class:`~viewer.engine.params.Param`,
a ``validate`` for rules spanning several parameters, and ``generate``, which
returns a :class:`Result` of named layers, markers and metadata, plus an
optional :class:`Trace` to scrub through the algorithm's steps.

Nothing here knows about Qt or rendering.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .params import Param, ParamError

__all__ = [
    "CancelToken", "Cancelled", "GenerationError", "Grid", "HexTorus", "SquareGrid",
    "LayerInfo", "Marker", "Result", "Trace", "Generator", "Param", "ParamError",
    "ProgressFn", "MapState",
]

ProgressFn = Callable[[str, float], None]
"""``progress(phase_name, fraction_done)``; called from the worker thread."""


class Cancelled(Exception):
    """Raised inside an engine when its :class:`CancelToken` was cancelled."""


class GenerationError(RuntimeError):
    """The parameters were valid, but the algorithm could not make a map
    (e.g. fairland's "world not large enough for this much land").

    ``output`` holds what the algorithm printed before giving up."""

    def __init__(self, message: str, output: str = ""):
        super().__init__(message)
        self.output = output


STOP = 0
"""The slot of a cancel token's ``flag`` that is not 0 once cancelled."""
PHASE = 1
"""The slot of a cancel token's ``flag`` holding the current phase's index."""


class CancelToken:
    """A thread-safe flag an engine polls at phase and loop boundaries.

    ``flag`` is a small numpy array so that compiled kernels can poll it too
    (``flag[STOP] != 0`` means cancelled: :attr:`stopped`) and report where
    they are (``flag[PHASE]``, :attr:`phase`, the index of the current phase
    in ``phase_names``); a GUI may read :meth:`progress` from another thread
    at any time.
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self.flag = np.zeros(4, np.int64)
        self.phase_names: tuple[str, ...] = ()
        self._reported: tuple[str, float] | None = None

    def report(self, text: str, fraction: float) -> None:
        """A :data:`ProgressFn` that keeps the engine's own words (e.g. Number
        Link's "grid 3, 2 restarts, 812 of 900 squares") for :meth:`progress`."""
        self._reported = (str(text), float(fraction))

    def cancel(self) -> None:
        self._event.set()
        self.flag[STOP] = 1

    @property
    def stopped(self) -> bool:
        """Whether the flag says stop (set by :meth:`cancel`, or by an
        engine stopping its own kernel)."""
        return self.flag[STOP] != 0

    @property
    def phase(self) -> int:
        """The index of the current phase in ``phase_names``."""
        return int(self.flag[PHASE])

    @phase.setter
    def phase(self, index: int) -> None:
        self.flag[PHASE] = index

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()

    def progress(self) -> tuple[str, float]:
        """(current phase name, rough fraction done) as last reported."""
        if self._reported is not None:
            return self._reported
        if not self.phase_names:
            return "", 0.0
        i = min(max(self.phase, 0), len(self.phase_names) - 1)
        return self.phase_names[i], i / len(self.phase_names)


@dataclass(frozen=True)
class HexTorus:
    """Empire's hex torus: ``width`` x ``height`` with sectors where x+y is even.

    Layers on it are arrays of shape ``(height, width // 2)``: element
    ``[y, i]`` is the sector at ``x = 2*i + y % 2``.  That is exactly the
    sector-id order (``XYOFFSET``) reshaped, so ``layer.ravel()[uid]`` is
    sector ``uid``.
    """

    width: int
    height: int

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, self.width // 2)

    def xy_of(self, row: int, col: int) -> tuple[int, int]:
        return 2 * col + row % 2, row

    def index_of(self, x: int, y: int) -> tuple[int, int]:
        x %= self.width
        y %= self.height
        return y, x // 2


@dataclass(frozen=True)
class SquareGrid:
    """A plain grid; layers have shape ``(height, width)``, row 0 at the top."""

    width: int
    height: int

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, self.width)


Grid = HexTorus | SquareGrid


@dataclass(frozen=True)
class LayerInfo:
    """How to read a layer.

    ``kind`` is ``"categorical"`` (ids; ``labels`` may name special values such
    as -1 "sea"), ``"scalar"`` (a quantity in ``[vmin, vmax]``) or ``"mask"``.
    """

    name: str
    description: str
    kind: str
    vmin: float | None = None
    vmax: float | None = None
    labels: Mapping[int, str] = field(default_factory=dict)
    debug: bool = False


@dataclass(frozen=True)
class Marker:
    """A point of interest drawn over the map (a capital, a port, an endpoint)."""

    kind: str
    label: str
    x: int
    y: int


@runtime_checkable
class Trace(Protocol):
    """The timeline of one generation.

    Steps are numbered ``0 .. n_steps``; step 0 is the state before the first
    event, step ``n_steps`` the final state.
    """

    @property
    def n_steps(self) -> int: ...

    def phases(self) -> list[tuple[str, int]]:
        """``(phase name, first step)`` in order."""
        ...

    def phase_at(self, step: int) -> str: ...

    def describe(self, step: int) -> str:
        """One line saying what the event leading to ``step`` did."""
        ...

    def state_at(self, step: int) -> dict[str, np.ndarray]:
        """Every layer as the algorithm held it after ``step`` events."""
        ...

    def markers_at(self, step: int) -> list[Marker]: ...

    def meaningful_at(self, step: int) -> frozenset[str]:
        """Names of the layers that mean something at ``step``; the others
        hold stale or uninitialised data there."""
        ...


class Detail(Mapping):
    """A generator's typed account of one result beyond its layers (its
    capitals, its placement, its puzzle...): each generator subclasses it as
    a frozen dataclass, so every field is declared, typed and documented in
    one place and nothing outside the engine can write into it.  Fields are
    read as attributes (``detail.capitals``) or by name (``detail["capitals"]``,
    ``detail.get("solution")``); a field holding None is absent for ``in``."""

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    def __getitem__(self, key: str) -> Any:
        if key not in self.field_names():
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self):
        return iter(self.field_names())

    def __len__(self) -> int:
        return len(self.field_names())

    def __contains__(self, key: object) -> bool:
        return key in self.field_names() and getattr(self, key) is not None

    __hash__ = None  # type: ignore[assignment]


@dataclass
class Result:
    """What one run of a generator produced.  ``detail`` is the generator's
    :class:`Detail`, read by attribute (``result.detail.capitals``); a plain
    mapping for a generator that declares none."""

    generator: str
    grid: Grid
    layers: dict[str, np.ndarray]
    layer_info: dict[str, LayerInfo]
    markers: list[Marker] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | str | None = None
    messages: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    trace: Trace | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MapState:
    """What the map held at one step of one result: the layers, markers and
    which layers mean something there (None: all).  ``step`` is None for a
    result without a trace.  The picture pipeline, the inspector and the
    exports all read a MapState, so they always describe the same moment."""

    result: Result
    layers: Mapping[str, np.ndarray]
    markers: tuple[Marker, ...] = ()
    step: int | None = None
    meaningful: frozenset[str] | None = None

    def ok(self, name: str) -> bool:
        """Layer ``name`` exists and means something at this step."""
        return name in self.layers and (self.meaningful is None or name in self.meaningful)

    @property
    def final(self) -> bool:
        """Whether this is the finished map (the last step, or no trace)."""
        trace = self.result.trace
        return trace is None or self.step is None or self.step >= trace.n_steps


@runtime_checkable
class Generator(Protocol):
    """The engine of a generator; everything else it offers (its title,
    seed, layers, metrics, pictures...) is in its declaration, in a layer
    above the engines."""

    name: str
    params: tuple[Param, ...]

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Coerce ``values`` (defaults filled in) and check every rule, raising
        :class:`ParamError`; what passes here must generate without crashing.
        Unknown keys are refused by name; non-finite numbers, values of the
        wrong type and numbers beyond what the algorithm holds are refused
        with the Param's message (``ParamError.param`` names the field).

        The built-in generators also offer ``check_seed(seed)``: the seed as
        ``generate`` takes it, or the ParamError (``param == "seed"``) that
        ``generate`` would raise."""
        ...

    def generate(self, values: Mapping[str, Any], *, seed: int | str,
                 trace: bool = False, cancel: CancelToken | None = None,
                 progress: ProgressFn | None = None) -> Result: ...


class Checked(dict):
    """Values an engine's ``validate`` gave, marked as such: its
    ``generate`` takes them as they are, so that a request (the window's, a
    sweep case's) is validated once."""

    __slots__ = ("engine",)

    def __init__(self, engine: Any, values: Mapping[str, Any]):
        super().__init__(values)
        self.engine = engine


_DEFAULT_SEED = object()     # generate() without a seed: the engine's default_seed


class Engine:
    """What every built-in engine shares: the one prologue of ``generate``.

    A subclass gives ``name``, ``params``, ``validate(values)`` and
    ``make(values, seed, trace=, cancel=, progress=)``, which takes values
    ``validate`` gave and a seed ``check_seed`` gave; ``seed_kind`` picks
    the seed rule (:data:`viewer.engine.params.SEED_RULES`)."""

    name: str
    params: tuple[Param, ...]
    seed_kind = "int"
    default_seed: int | str = 0

    def check_seed(self, seed: Any) -> Any:
        """The seed as ``make`` takes it, or the ParamError (``param ==
        "seed"``) that ``generate`` raises."""
        from .params import SEED_RULES

        return SEED_RULES[self.seed_kind](seed)

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def checked(self, values: Mapping[str, Any]) -> Checked:
        """``validate``'s values, marked so that ``generate`` does not check
        them again."""
        return values if isinstance(values, Checked) and values.engine is self \
            else Checked(self, self.validate(values))

    def generate(self, values: Mapping[str, Any], *, seed: Any = _DEFAULT_SEED,
                 trace: bool = False, cancel: CancelToken | None = None,
                 progress: ProgressFn | None = None) -> Result:
        """The values validated (unless :meth:`checked` gave them) and the
        seed checked (``default_seed`` when none is given), here and nowhere
        else; then :meth:`make`."""
        values = self.checked(values)
        seed = self.check_seed(self.default_seed if seed is _DEFAULT_SEED else seed)
        return self.make(dict(values), seed, trace=trace, cancel=cancel, progress=progress)

    def make(self, values: dict[str, Any], seed: Any, *, trace: bool,
             cancel: CancelToken | None, progress: ProgressFn | None) -> Result:
        raise NotImplementedError
