"""The reproducible bundle: every layer of a result in one NPZ file, and a
JSON sidecar naming the generator, its parameters and the seed, so the map
can be made again and its data read without this program."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.protocol import HexTorus, Result
from .atomic import OutputSet, check_target

FORMAT = "mapgen-bundle/1"


def sidecar_path(npz_path: str | os.PathLike) -> Path:
    """``map.npz`` -> ``map.json``."""
    return Path(npz_path).with_suffix(".json")


def jsonable(value: Any) -> Any:
    """Parameter values as JSON can hold them (tuples become lists)."""
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def bundle_metadata(result: Result) -> dict[str, Any]:
    grid = result.grid
    return {
        "format": FORMAT,
        "generator": result.generator,
        "params": jsonable(result.params),
        "seed": result.seed,
        "grid": {"kind": "hex-torus" if isinstance(grid, HexTorus) else "square",
                 "width": grid.width, "height": grid.height},
        "layers": {name: {"description": info.description, "kind": info.kind,
                          "dtype": str(result.layers[name].dtype)}
                   for name, info in result.layer_info.items() if name in result.layers},
        "markers": [{"kind": m.kind, "label": m.label, "x": m.x, "y": m.y}
                    for m in result.markers],
    }


def write_bundle(path: str | os.PathLike, result: Result,
                 layers: Mapping[str, np.ndarray] | None = None) -> Path:
    """Write ``path`` (NPZ of every layer) and its JSON sidecar; returns the
    sidecar's path.  ``layers`` overrides the result's own (e.g. the state
    at a timeline step)."""
    check_target(path)                  # an empty name too: the writers' own error
    layers = dict(result.layers if layers is None else layers)
    buf = io.BytesIO()
    np.savez_compressed(buf, **layers)
    meta = bundle_metadata(result)
    side = sidecar_path(path)
    with OutputSet(path, side) as outputs:  # both or neither
        outputs.add(path, buf.getvalue())
        outputs.add(side, json.dumps(meta, indent=2, sort_keys=True, allow_nan=False) + "\n")
    return side


def read_bundle(path: str | os.PathLike) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The layers of a bundle and its sidecar's metadata."""
    with np.load(path, allow_pickle=False) as npz:
        layers = {name: npz[name] for name in npz.files}
    meta = json.loads(sidecar_path(path).read_text(encoding="utf-8"))
    return layers, meta
