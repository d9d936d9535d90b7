"""The reproducible bundle: every layer of a result in one NPZ file, and a
JSON sidecar naming the generator, its parameters and the seed, so the map
can be made again and its data read without this program.

The sidecar (``map.json`` beside ``map.npz``) holds ``format``
(:data:`FORMAT`), ``generator``, ``params``, ``seed``, ``grid``, ``layers``
(description, kind and dtype of each), ``markers``; ``step`` when the
layers are those of a timeline step rather than the finished map; and
``inputs``, for each file parameter (e.g. a heightmap PNG), the file's
name, size and SHA-256, so that a replay can find it and knows it is the
same file.

:func:`open_bundle` reads a bundle someone sent: both files are checked
against :data:`LIMITS` and :data:`SIDECAR_BYTES` / :data:`SIDECAR_DEPTH`
before they are believed (see :mod:`.npz_reader`), and every refusal is a
:class:`BundleError`, one line naming the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.protocol import HexTorus, Result
from .atomic import OutputSet, check_target
from .npz_reader import LIMITS, Limits, NpzError, read_npz

FORMAT = "mapgen-bundle/1"
SIDECAR_BYTES = 1 << 20
"""A sidecar is at most 1 MiB (the window's are a few kB)."""
SIDECAR_DEPTH = 32
"""Nesting of the sidecar's JSON at most (the window's: 4)."""


class BundleError(ValueError):
    """A bundle refused: one line, ``FILE: what is wrong`` (a name's
    control characters escaped)."""

    def __init__(self, message: object = "") -> None:
        from ..engine.names import one_line

        super().__init__(one_line(message))


def sidecar_path(npz_path: str | os.PathLike) -> Path:
    """``map.npz`` -> ``map.json``."""
    return Path(npz_path).with_suffix(".json")


def bundle_paths(path: str | os.PathLike) -> tuple[Path, Path]:
    """(NPZ, sidecar) of the bundle named by either of its files."""
    p = Path(path)
    if not p.name or p.name == "..":
        raise BundleError(f"{str(path)[:200]!r}: not the name of a bundle's file")
    if p.suffix.lower() == ".json":
        return p.with_suffix(".npz"), p
    return p, sidecar_path(p)


def jsonable(value: Any) -> Any:
    """Parameter values as JSON can hold them (tuples become lists)."""
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def bundle_metadata(result: Result, layers: Mapping[str, np.ndarray] | None = None,
                    markers=None, step: int | None = None) -> dict[str, Any]:
    """The sidecar of a bundle of ``result`` holding ``layers`` (default:
    the result's own) with ``markers``, taken at timeline ``step`` (None:
    the finished map)."""
    grid = result.grid
    layers = result.layers if layers is None else layers
    markers = result.markers if markers is None else markers
    info = result.layer_info
    meta = {
        "format": FORMAT,
        "generator": result.generator,
        "params": jsonable(result.params),
        "seed": result.seed,
        "grid": {"kind": "hex-torus" if isinstance(grid, HexTorus) else "square",
                 "width": grid.width, "height": grid.height},
        "layers": {name: {"description": info[name].description if name in info else "",
                          "kind": info[name].kind if name in info else "",
                          "dtype": str(arr.dtype)}
                   for name, arr in layers.items()},
        "markers": [{"kind": m.kind, "label": m.label, "x": m.x, "y": m.y} for m in markers],
    }
    if step is not None:
        meta["step"] = int(step)
    inputs = input_files(result)
    if inputs:
        meta["inputs"] = inputs
    return meta


def input_files(result: Result) -> dict[str, dict[str, Any]]:
    """For each file parameter of the result's generator that names a file:
    its name, size and SHA-256 (so a replay finds it and knows it is the same)."""
    from .. import registry

    try:
        params = registry.declaration(result.generator).params
    except (KeyError, ImportError):
        return {}
    out = {}
    for p in params:
        value = result.params.get(p.name)
        if p.kind != "path" or not value:
            continue
        digest = file_digest(str(value))
        if digest is not None:
            out[p.name] = {"file": os.path.basename(str(value)), "bytes": digest[0],
                           "sha256": digest[1]}
    return out


def file_digest(path: str, limit: int = 1 << 30) -> tuple[int, str] | None:
    """(size, SHA-256) of the regular file ``path`` (None if it is none, or
    larger than ``limit``)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        h = hashlib.sha256()
        n = 0
        while chunk := f.read(1 << 20):
            h.update(chunk)
            n += len(chunk)
            if n > limit:
                return None
    return n, h.hexdigest()


def bundle_files(path: str | os.PathLike, result: Result,
                 layers: Mapping[str, np.ndarray] | None = None, markers=None,
                 step: int | None = None) -> list[tuple[str | os.PathLike, bytes | str]]:
    """The two files of a bundle at ``path``: [(NPZ path, bytes), (sidecar, text)]
    (see :func:`write_bundle`), for a command's :class:`OutputSet`."""
    check_target(path)                  # an empty name too: the writers' own error
    layers = dict(result.layers if layers is None else layers)
    buf = io.BytesIO()
    np.savez_compressed(buf, **layers)
    meta = bundle_metadata(result, layers, markers, step)
    return [(path, buf.getvalue()),
            (sidecar_path(path), json.dumps(meta, indent=2, sort_keys=True, allow_nan=False)
             + "\n")]


def write_bundle(path: str | os.PathLike, result: Result,
                 layers: Mapping[str, np.ndarray] | None = None, markers=None,
                 step: int | None = None) -> Path:
    """Write ``path`` (NPZ of every layer) and its JSON sidecar; returns the
    sidecar's path.  ``layers`` (and ``markers``) override the result's own:
    the state at timeline ``step``."""
    files = bundle_files(path, result, layers, markers, step)
    with OutputSet(*(name for name, _ in files)) as outputs:  # both or neither
        for name, data in files:
            outputs.add(name, data)
    return Path(files[1][0])


# -- reading ------------------------------------------------------------------------

@dataclass(frozen=True)
class Bundle:
    """A bundle read and checked: its files, layers and sidecar."""

    path: Path
    sidecar: Path
    layers: dict[str, np.ndarray]
    meta: dict[str, Any]

    @property
    def generator(self) -> str:
        return self.meta["generator"]

    @property
    def params(self) -> dict[str, Any]:
        return self.meta["params"]

    @property
    def seed(self) -> int | str:
        return self.meta["seed"]

    @property
    def step(self) -> int | None:
        return self.meta.get("step")


def open_bundle(path: str | os.PathLike, limits: Limits = LIMITS) -> Bundle:
    """Read the bundle named by its NPZ (or its sidecar): the sidecar first
    (at most :data:`SIDECAR_BYTES`, UTF-8, plain JSON nested at most
    :data:`SIDECAR_DEPTH` deep, of this :data:`FORMAT`), then the layers
    (see :mod:`.npz_reader`).  Raises :class:`BundleError`."""
    npz, side = bundle_paths(path)
    named = npz if Path(path).suffix.lower() != ".json" else side
    if not os.path.lexists(named):
        raise BundleError(f"{named}: no such file")
    meta = read_sidecar(side)
    layers = read_layers(npz, limits)
    if not layers:
        raise BundleError(f"{npz}: holds no layers (an empty archive)")
    listed = meta.get("layers")
    if listed is not None:
        missing = [n for n in listed if n not in layers]
        if missing:
            raise BundleError(f"{npz}: holds no layer {missing[0]!r}, which {side.name} lists "
                              f"(the two files are not one bundle?)")
        unlisted = [n for n in layers if n not in listed]
        if unlisted:
            raise BundleError(f"{npz}: holds a layer {unlisted[0]!r} that {side.name} does not "
                              f"list (the two files are not one bundle?)")
    return Bundle(npz, side, layers, meta)


def read_bundle(path: str | os.PathLike) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The layers of a bundle and its sidecar's metadata (see :func:`open_bundle`)."""
    b = open_bundle(path)
    return b.layers, b.meta


def _open_regular(path: Path, what: str) -> int:
    """A descriptor of the regular file ``path``, opened once without
    blocking (a FIFO would hang a plain open) and checked on the descriptor."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BundleError(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the name
        raise BundleError(f"{path!s:.200}: cannot read the {what}: {exc}") from None
    st = os.fstat(fd)
    if stat.S_ISREG(st.st_mode):
        return fd
    os.close(fd)
    kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file (a pipe or a device?)"
    raise BundleError(f"{path}: {kind}, not a bundle's {what}")


def read_layers(path: str | os.PathLike, limits: Limits = LIMITS) -> dict[str, np.ndarray]:
    """The arrays of a bundle's NPZ, checked (see :mod:`.npz_reader`)."""
    path = Path(path)
    fd = _open_regular(path, "NPZ")
    with os.fdopen(fd, "rb") as f:
        try:
            return read_npz(f, os.fstat(fd).st_size, limits)
        except NpzError as exc:
            raise BundleError(f"{path}: {exc}") from None
        except OSError as exc:
            raise BundleError(f"{path}: cannot read it: {exc.strerror or exc}") from None


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)


def json_depth(data: bytes) -> int:
    """How deep the arrays and objects of JSON text ``data`` nest (counted
    without parsing, so that a hostile text cannot make a parser recurse)."""
    brackets = np.frombuffer(_STRINGS.sub(b"", data), np.uint8)
    opens = (brackets == ord("[")) | (brackets == ord("{"))
    closes = (brackets == ord("]")) | (brackets == ord("}"))
    steps = opens.astype(np.int64) - closes
    return int(np.cumsum(steps).max(initial=0))


def _plain_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _no_constants(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key {k[:40]!r} is there twice")
        out[k] = v
    return out


def read_sidecar(path: str | os.PathLike) -> dict[str, Any]:
    """A bundle's sidecar, checked (see :func:`open_bundle`)."""
    path = Path(path)
    fd = _open_regular(path, "sidecar")
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(fd).st_size
        if size > SIDECAR_BYTES:
            raise BundleError(f"{path}: {size} bytes; a bundle's sidecar is at most "
                              f"{SIDECAR_BYTES}")
        try:
            data = f.read(SIDECAR_BYTES + 1)
        except OSError as exc:
            raise BundleError(f"{path}: cannot read the sidecar: {exc.strerror or exc}") from None
    if len(data) > SIDECAR_BYTES:
        raise BundleError(f"{path}: more than {SIDECAR_BYTES} bytes; a bundle's sidecar is at "
                          f"most that")
    if not data.strip():
        raise BundleError(f"{path}: an empty file, not a bundle's sidecar")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BundleError(f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                          f"{exc.start})") from None
    depth = json_depth(data)
    if depth > SIDECAR_DEPTH:
        raise BundleError(f"{path}: JSON nested {depth} deep; a sidecar at most "
                          f"{SIDECAR_DEPTH}")
    try:
        meta = json.loads(text, parse_float=_plain_float, parse_constant=_no_constants,
                          object_pairs_hook=_no_duplicates)
    except (ValueError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise BundleError(f"{path}: not plain JSON ({why})") from None
    return _checked_sidecar(path, meta)


def _checked_sidecar(path: Path, meta: Any) -> dict[str, Any]:
    def bad(what: str) -> BundleError:
        return BundleError(f"{path}: {what}")

    if not isinstance(meta, dict):
        raise bad("not a bundle's sidecar (a JSON object)")
    fmt = meta.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("mapgen-bundle/"):
            raise bad(f"a bundle of format {fmt[:40]!r}; this program reads {FORMAT!r}")
        raise bad(f"not a mapgen bundle's sidecar (format {str(fmt)[:40]!r}, not {FORMAT!r})")
    gen = meta.get("generator")
    if not isinstance(gen, str) or not gen or len(gen) > 100:
        raise bad("no generator named")
    if not isinstance(meta.get("params"), dict):
        raise bad("no parameters (params is not a JSON object)")
    seed = meta.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise bad(f"no seed (a whole number or a text), but {type(seed).__name__}")
    step = meta.get("step")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 0):
        raise bad("step is not a timeline step (a whole number, 0 or more)")
    for key, kind in (("layers", dict), ("grid", dict), ("markers", list), ("inputs", dict)):
        if key in meta and not isinstance(meta[key], kind):
            raise bad(f"{key} is not a JSON {'object' if kind is dict else 'array'}")
    for m in meta.get("markers", ()):
        if not (isinstance(m, dict) and isinstance(m.get("x"), int)
                and isinstance(m.get("y"), int)):
            raise bad("a marker without whole-number x and y")
    for name, rec in meta.get("inputs", {}).items():
        if not (isinstance(rec, dict) and isinstance(rec.get("file"), str)
                and isinstance(rec.get("sha256"), str) and isinstance(rec.get("bytes"), int)):
            raise bad(f"inputs.{name[:40]} does not say file, bytes and sha256")
    return meta
