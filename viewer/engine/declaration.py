"""What one generator declares, complete, with every optional part filled
in with its default: the one place where the workbench learns a generator's
capabilities (as Tatham's ``const game`` struct lists every one of a
puzzle's), so that no front end probes a generator with ``getattr``.

:func:`declaration` builds it from the registry's entry and the engine
object; optional engine attributes are read here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .metrics import Metrics
from .params import Param, check_seed
from .protocol import LayerInfo

__all__ = ["Declaration", "declaration"]


@dataclass(frozen=True)
class Declaration:
    """A generator as the workbench sees it.

    ``seed_kind`` is ``"int"`` (0..2**32-1) or ``"text"``; ``check_seed(seed)``
    gives the seed as ``generate`` takes it or raises ParamError;
    ``metrics`` is None for a generator that declares none; ``warm_up`` is
    a no-op where the engine compiles nothing; ``exports`` may be empty;
    ``view``/``opener`` are import paths or objects (None: none);
    ``command_line(values, seed)`` is the generator's own shareable command
    (None: the generic command line's)."""

    name: str
    title: str
    engine: Any
    params: tuple[Param, ...]
    seed_kind: str
    default_seed: int | str
    check_seed: Callable[[Any], int | str]
    layer_info: Mapping[str, LayerInfo]
    phase_names: tuple[str, ...]
    metrics: Metrics | None
    warm_up: Callable[[], None]
    exports: tuple[Any, ...]
    view: Any
    opener: Any
    open_title: str
    command_line: Callable[[Mapping[str, Any], Any], str] | None = None

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        return self.engine.validate(values)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"{self.name} has no parameter {name!r}")


def _text_seed(seed: Any) -> str:
    return str(seed)


def _nothing() -> None:
    return None


def declaration(name: str) -> Declaration:
    """Generator ``name``'s declaration (KeyError for an unknown name)."""
    from .. import registry

    e = registry.entry(name)
    gen = registry.load(name, "engine")
    kind = getattr(gen, "seed_kind", "int")
    if kind not in ("int", "text"):
        raise ValueError(f"{name}: seed_kind must be 'int' or 'text', not {kind!r}")
    default_seed = getattr(gen, "default_seed", "1" if kind == "text" else 1)
    checker = getattr(gen, "check_seed", None) or (_text_seed if kind == "text" else check_seed)
    return Declaration(
        name=name, title=e.title, engine=gen, params=tuple(gen.params), seed_kind=kind,
        default_seed=default_seed, check_seed=checker,
        layer_info=dict(getattr(gen, "layer_info", {}) or {}),
        phase_names=tuple(getattr(gen, "phase_names", ()) or ()),
        metrics=getattr(gen, "metrics", None),
        warm_up=getattr(gen, "warm_up", None) or _nothing,
        exports=tuple(registry.load(name, "exports") or ()),
        view=e.view, opener=e.opener, open_title=e.open_title,
        command_line=registry.load(name, "command_line"))
