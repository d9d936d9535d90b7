"""What one generator declares, complete, with every optional part filled
in with its default: the one place where the workbench learns a generator's
capabilities (as Tatham's ``const game`` struct lists every one of a
puzzle's), so that no front end probes a generator with ``getattr``.

The type sits just above the engines (it holds an engine and what the
engine's results mean); the built-in generators' declarations sit above
every layer, in :mod:`viewer.generators`, because they name each
generator's renderer, inspector rows, exports, window view, file opener and
command-line extras.  Those parts are held as ``"module:attribute"`` import
paths (or the objects themselves, for a generator defined in a test or a
plugin) and resolved on first use by :meth:`Declaration.load`, so that a
command needing one generator imports nothing of the window or of the
others.  :func:`viewer.registry.declaration` gives a registered generator's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import jit_cache
from .engine.metrics import Metrics
from .engine.params import SEED_RULES, Param
from .engine.protocol import LayerInfo

__all__ = ["Declaration", "AheadOfTime", "PARTS"]

PARTS = ("render", "inspect", "exports", "view", "opener", "link_opener", "command_line",
         "cli_extras", "settings_file", "solving")
"""The parts named by import path, each None where the generator has none."""


def _identity(values: Mapping[str, Any]) -> dict[str, Any]:
    return dict(values)


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class AheadOfTime:
    """A compiled module built ahead of time (``scripts/setup``, in another
    process while the other kernels compile): ``python -m module`` builds
    it, ``built()`` says whether it is there already, ``what`` names it in
    the set-up's messages."""

    what: str
    module: str
    built: Callable[[], bool]


@dataclass(frozen=True)
class SettingsFile:
    """A settings file of another program (a game's configuration) that a
    generator's settings may be taken from: the window's File menu offers
    ``title`` (``"Use settings from X..."``), its dialog ``file_filter``,
    starting at ``default_path()`` (the program's usual place);
    ``read(path) -> (values, notes)`` gives the generator's values of the
    settings the file holds (those it does not: the defaults) and lines the
    user should read, or raises ValueError with one line."""

    title: str
    file_filter: str
    default_path: Callable[[], Any]
    read: Callable[[Any], tuple[dict[str, Any], list[str]]]


@dataclass(frozen=True)
class Declaration:
    """A generator as the workbench sees it.

    ``engine``: the object with ``params``, ``validate`` and ``generate``
    (:class:`viewer.engine.protocol.Generator`).
    ``seed_kind`` is ``"int"`` (0..2**32-1) or ``"text"``; ``check_seed(seed)``
    gives the seed as ``generate`` takes it or raises ParamError (None: the
    engine's, else the rule of the kind, :data:`viewer.engine.params.SEED_RULES`); ``default_seed`` (None: 1, or "1" for text seeds).
    ``layer_info`` and ``phase_names`` (the trace's phases) may be empty;
    ``layers_for(values)`` the layers a map of these values will have, where
    they depend on the values (None: ``layer_info``; :meth:`layers_before_map`);
    ``metrics`` is None for a generator that declares none; ``warm_up``
    compiles what the defaults do not reach (a no-op by default);
    ``compile_estimate_s`` is about how long its numba kernels take to
    compile for a first map on a 2-core machine (said when they do, until
    this machine's own time is kept: :mod:`viewer.jit_cache`); ``ahead_of_time`` an
    :class:`AheadOfTime` module the set-up builds (None: none);
    ``batch_kernels()`` a context manager choosing the kernels of sweep
    worker processes and of the generic command line (None: none); ``complete_stored(values)`` fills what a preset or
    bundle written before a parameter existed meant (identity by default).
    ``version_param`` names the parameter that chooses the version of the
    original program (None: none): a setting the chosen version lacks
    (:meth:`~viewer.engine.params.Param.lacking` on it) is refused where it
    is given (the command line, a sweep's ``--set``) and skipped where a
    stored file holds it (:meth:`refused_setting`).

    By import path (None: none / the generic one):
    ``render`` a :class:`viewer.render.picture.Renderer`;
    ``inspect`` ``rows(state, x, y) -> [(name, text)]``;
    ``exports`` a tuple of :class:`viewer.formats.exports.Export`;
    ``view`` a :class:`viewer.ui.views.base.GeneratorView` subclass;
    ``opener`` ``open(path) -> Result``, with ``open_title`` and ``open_shortcut``;
    ``link_opener`` ``open(text) -> Result | None``: a text pasted or dropped
    on the window that names a map of this generator (a puzz.link URL), None
    when it is not one (ValueError, one line: one it refuses);
    ``settings_file`` a :class:`SettingsFile`: another program's settings
    file the generator's settings may be taken from (File > its title);
    ``command_line(values, seed) -> str`` the shareable command;
    ``cli_extras`` a :class:`viewer.cli.extras.CliExtras`: the flags,
    outputs and report the generator adds to the generic command line, or
    an ``OwnCommand`` for a generator with a command line of its own;
    ``solving`` a module with ``KINDS``, ``rule(values)``,
    ``can_solve(result)`` and ``solve(kind, result, values, check)``: what
    solving a shown map means (Tatham's ``midend_solve``; the Workbench's
    :meth:`~viewer.workbench.Workbench.solve_job`).
    """

    name: str
    title: str
    engine: Any
    seed_kind: str = "int"
    default_seed: int | str | None = None
    check_seed: Callable[[Any], int | str] | None = None
    layer_info: Mapping[str, LayerInfo] = field(default_factory=dict)
    layers_for: Callable[[Mapping[str, Any]], Mapping[str, LayerInfo]] | None = None
    phase_names: tuple[str, ...] = ()
    metrics: Metrics | None = None
    warm_up: Callable[[], None] = _nothing
    compile_estimate_s: int = 30
    ahead_of_time: AheadOfTime | None = None
    batch_kernels: Callable[[], Any] | None = None
    complete_stored: Callable[[Mapping[str, Any]], dict[str, Any]] = _identity
    version_param: str | None = None
    render: Any = None
    inspect: Any = None
    exports: Any = None
    view: Any = None
    opener: Any = None
    open_title: str = ""
    open_shortcut: str | None = None
    link_opener: Any = None
    command_line: Any = None
    cli_extras: Any = None
    settings_file: Any = None
    solving: Any = None

    def __post_init__(self) -> None:
        if self.seed_kind not in ("int", "text"):
            raise ValueError(f"{self.name}: seed_kind must be 'int' or 'text', "
                             f"not {self.seed_kind!r}")
        text = self.seed_kind == "text"
        if self.default_seed is None:
            object.__setattr__(self, "default_seed", "1" if text else 1)
        if self.check_seed is None:     # the engine's (the rule of its kind), else the kind's
            object.__setattr__(self, "check_seed", getattr(self.engine, "check_seed", None)
                               or SEED_RULES[self.seed_kind])
        object.__setattr__(self, "_loaded", {})
        jit_cache.expect(self.name, self.compile_estimate_s)

    @property
    def params(self) -> tuple[Param, ...]:
        return tuple(self.engine.params)

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        return self.engine.validate(values)

    def checked(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The values validated, marked so that the engine's ``generate``
        takes them without checking them again (an engine without the
        shared prologue, :class:`viewer.engine.protocol.Engine`, checks
        them itself)."""
        checked = getattr(self.engine, "checked", None)
        return checked(values) if checked is not None else self.engine.validate(values)

    def generate(self, values: Mapping[str, Any], **kw: Any) -> Any:
        try:
            return self.engine.generate(values, **kw)
        finally:
            jit_cache.map_made()    # (the compiles this map needed are one run, timed)

    def layers_before_map(self, values: Mapping[str, Any]) -> Mapping[str, LayerInfo]:
        """The Layers list before a map is made: the layers a map of
        ``values`` (as given, perhaps not valid) will have."""
        return self.layer_info if self.layers_for is None else self.layers_for(values)

    def refused_setting(self, given: Any, values: Mapping[str, Any]) -> tuple[Param, str] | None:
        """The first parameter named in ``given`` that the version chosen in
        ``values`` lacks, with why (``"OpenTTD r13671 has no such setting
        (only 15.2)"``); None when every one counts there."""
        if self.version_param is None:
            return None
        for p in self.params:
            why = p.lacking(values, among=(self.version_param,)) if p.name in given else None
            if why:
                return p, why
        return None

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"{self.name} has no parameter {name!r}")

    def load(self, part: str) -> Any:
        """Part ``part`` (one of :data:`PARTS`) resolved: the object its
        import path names, imported on first use; None where there is none
        (``exports``: an empty tuple)."""
        if part not in PARTS:
            raise KeyError(f"no declared part {part!r}; parts: {', '.join(PARTS)}")
        loaded: dict[str, Any] = self._loaded     # type: ignore[attr-defined]
        if part not in loaded:
            where = getattr(self, part)
            if isinstance(where, str):
                module, _, attr = where.partition(":")
                obj: Any = importlib.import_module(module)
                for name in filter(None, attr.split(".")):
                    obj = getattr(obj, name)
                where = obj
            loaded[part] = tuple(where or ()) if part == "exports" else where
        return loaded[part]
