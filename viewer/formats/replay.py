"""Replaying a bundle: run its generator again from the sidecar and compare
every stored layer with what it makes now.

Used by ``python -m viewer replay`` and by the window's Open bundle, the
same for every generator: the generator is the one the sidecar names (in
:mod:`viewer.registry`), its parameters go through its own ``validate``,
the seed through its ``check_seed``; a bundle taken at a timeline step is
compared with the state at that step.  A file parameter (a heightmap PNG)
is looked for where it was, else beside the bundle, and must be the same
file (its SHA-256 is in the sidecar).

:func:`replay` returns a :class:`Replay` saying, per stored layer, whether
it is identical and else how many cells differ; what keeps a bundle from
being replayed at all (a generator this program does not know, parameters
it refuses, a missing input) is a :class:`ReplayError`, one line naming
the sidecar.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .. import registry
from ..engine.protocol import CancelToken, GenerationError, MapState, ParamError, ProgressFn, Result
from .bundle import Bundle, BundleError, file_digest, open_bundle


class ReplayError(BundleError):
    """A bundle that cannot be replayed; one line naming the file."""


@dataclass(frozen=True)
class LayerDiff:
    """One stored layer that the generator does not make again: ``cells``
    of ``total`` differ, or ``why`` (missing now, another shape or dtype)."""

    name: str
    cells: int
    total: int
    why: str = ""

    def line(self) -> str:
        if self.why:
            return f"layer {self.name}: {self.why}"
        return f"layer {self.name}: {self.cells} of {self.total} cells differ"


@dataclass(frozen=True)
class Replay:
    """What a replay found: the bundle, the result made again (at the
    bundle's step: ``state``), the layers identical and those that differ
    (in the bundle's order), and whether the markers are the same."""

    bundle: Bundle
    result: Result
    state: MapState
    identical: tuple[str, ...]
    differences: tuple[LayerDiff, ...]
    markers_differ: int = 0

    @property
    def reproduced(self) -> bool:
        return not self.differences and not self.markers_differ

    def summary(self) -> str:
        """One line: ``reproduced: N layers identical`` or what differs first."""
        if self.reproduced:
            n = len(self.identical)
            return f"reproduced: {n} layer{'s' if n != 1 else ''} identical"
        if self.differences:
            first = self.differences[0]
            more = len(self.differences) - 1
            return f"not reproduced: {first.line()}" + (f" (and {more} more)" if more else "")
        return f"not reproduced: {self.markers_differ} markers differ"

    def lines(self) -> list[str]:
        """The summary, then one line per layer that differs."""
        if self.reproduced:
            return [self.summary()]
        n = len(self.differences)
        out = [f"not reproduced: {n} of {n + len(self.identical)} layers differ"]
        out += [d.line() for d in self.differences]
        if self.markers_differ:
            out.append(f"markers: {self.markers_differ} differ")
        return out


def compare_layers(stored: Mapping[str, np.ndarray], now: Mapping[str, np.ndarray]
                   ) -> tuple[tuple[str, ...], tuple[LayerDiff, ...]]:
    """(names identical, differences) of every stored layer against ``now``."""
    same, diffs = [], []
    for name, a in stored.items():
        b = now.get(name)
        if b is None:
            diffs.append(LayerDiff(name, a.size, a.size, "the generator does not make it now"))
            continue
        b = np.asarray(b)
        if a.shape != b.shape:
            diffs.append(LayerDiff(name, a.size, a.size, f"shape {_shape(a)} stored, "
                                                         f"{_shape(b)} now"))
            continue
        differ = a != b
        if a.dtype.kind == "f" and b.dtype.kind == "f":
            differ &= ~(np.isnan(a) & np.isnan(b))
        cells = int(np.count_nonzero(differ))
        if cells:
            diffs.append(LayerDiff(name, cells, a.size))
        elif a.dtype != b.dtype:
            diffs.append(LayerDiff(name, 0, a.size, f"the same values, but {a.dtype} stored "
                                                    f"and {b.dtype} now"))
        else:
            same.append(name)
    return tuple(same), tuple(diffs)


def _shape(a: np.ndarray) -> str:
    return "x".join(map(str, a.shape)) or "scalar"


def replay_inputs(bundle: Bundle, generator) -> dict[str, Any]:
    """The stored parameters with each file parameter pointing at the very
    file the bundle was made from (where it was, else beside the bundle)."""
    params = dict(bundle.params)
    inputs = bundle.meta.get("inputs", {})
    kinds = {p.name: p.kind for p in generator.params}
    for name, rec in inputs.items():
        if kinds.get(name) != "path" or not isinstance(params.get(name), str):
            continue
        stored = params[name]
        beside = str(bundle.path.parent / os.path.basename(rec["file"]))
        candidates = [stored] + ([beside] if beside != stored else [])
        found = None
        for c in candidates:
            digest = file_digest(c)
            if digest is None:
                continue
            if digest == (rec["bytes"], rec["sha256"]):
                found = c
                break
            raise ReplayError(f"{bundle.sidecar}: {c} ({name}) is not the file the map was "
                              f"made from (its contents changed)")
        if found is None:
            raise ReplayError(f"{bundle.sidecar}: the map was made from {rec['file']} ({name}), "
                              f"found neither at {stored} nor beside the bundle")
        params[name] = found
    return params


def prepare(bundle: Bundle) -> tuple[Any, dict[str, Any], int | str]:
    """(generator, values, seed) to make the bundle's map again; ReplayError
    when this program cannot."""
    name = bundle.generator
    if name not in registry.names():
        raise ReplayError(f"{bundle.sidecar}: made by the generator {name[:60]!r}, which this "
                          f"program does not have (it has {', '.join(registry.names())})")
    decl = registry.declaration(name)
    gen = decl.engine
    try:
        values = gen.validate(decl.complete_stored(replay_inputs(bundle, gen)))
        seed = decl.check_seed(bundle.seed)
    except ParamError as exc:
        raise ReplayError(f"{bundle.sidecar}: {name} refuses the stored parameters: "
                          f"{exc}") from None
    return gen, values, seed


def replay(bundle: Bundle, *, trace: bool = False, cancel: CancelToken | None = None,
           progress: ProgressFn | None = None) -> Replay:
    """Make the bundle's map again and compare (see the module docstring).
    ``trace`` keeps the result's timeline (the window wants it)."""
    gen, values, seed = prepare(bundle)
    step = bundle.step
    try:
        result = gen.generate(values, seed=seed, trace=trace or step is not None,
                              cancel=cancel, progress=progress)
    except (GenerationError, ParamError) as exc:
        raise ReplayError(f"{bundle.sidecar}: {bundle.generator} cannot make the map again: "
                          f"{exc}") from None
    state = state_at(result, step)
    same, diffs = compare_layers(bundle.layers, state.layers)
    return Replay(bundle, result, state, same, diffs, _markers_differ(bundle, state))


def state_at(result: Result, step: int | None) -> MapState:
    """The state a bundle taken at ``step`` holds (None: the finished map)."""
    trace = result.trace
    if step is None or trace is None or step >= trace.n_steps:
        return MapState(result, result.layers, tuple(result.markers),
                        trace.n_steps if trace is not None else None,
                        trace.meaningful_at(trace.n_steps) if trace is not None else None)
    return MapState(result, trace.state_at(step), tuple(trace.markers_at(step)), step,
                    trace.meaningful_at(step))


def _markers_differ(bundle: Bundle, state: MapState) -> int:
    stored = bundle.meta.get("markers")
    if stored is None:
        return 0
    now = [{"kind": m.kind, "label": m.label, "x": m.x, "y": m.y} for m in state.markers]
    differ = sum(a != b for a, b in zip(stored, now))
    return differ + abs(len(stored) - len(now))


def replay_file(path: str | os.PathLike, **options) -> Replay:
    """:func:`replay` of the bundle at ``path`` (its NPZ or its sidecar)."""
    return replay(open_bundle(Path(path)), **options)
