"""The last session's picture of a slow map: saved (PNG, atomically) beside
the settings file when such a map is first shown finished, with its legend
and the labels drawn over it (towns' names, letters), and shown at start-up
in its place with them, so that a map that took more than a few seconds is
not made again unasked and the window does not open empty."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QSettings

from ..engine.protocol import Marker
from ..formats.bundle import jsonable
from ..formats.png import read_png, write_png
from ..render.colormaps import Legend
from .settings import read_json, write_json

__all__ = ["LastPicture", "picture_path", "save_last_picture", "load_last_picture"]

KEY = "last_picture"


@dataclass(frozen=True)
class LastPicture:
    rgba: np.ndarray
    world: tuple[int, int]
    scale: int
    hexes: bool
    text: str
    """What it shows, in a few words (generator, size, seed, layer)."""
    legend: Legend | None = None
    labels: tuple[Marker, ...] = ()
    """The markers labelled over it (towns' names, letters)."""


def legend_to_json(legend: Legend | None) -> dict | None:
    if legend is None:
        return None
    return {"title": legend.title, "entries": [[str(n), [int(c) for c in rgba]]
                                               for n, rgba in legend.entries],
            "lut": None if legend.lut is None else np.asarray(legend.lut).tolist(),
            "vmin": float(legend.vmin), "vmax": float(legend.vmax),
            "own": None if legend.own is None else [float(v) for v in legend.own]}


def legend_from_json(data) -> Legend | None:
    """The legend :func:`legend_to_json` wrote (ValueError, KeyError or
    TypeError when it is not one)."""
    if data is None:
        return None
    lut = data["lut"]
    return Legend(str(data["title"]),
                  [(str(n), tuple(int(c) for c in rgba)) for n, rgba in data["entries"]],
                  None if lut is None else np.asarray(lut, np.uint8).reshape(-1, 4),
                  float(data["vmin"]), float(data["vmax"]),
                  None if data["own"] is None else tuple(float(v) for v in data["own"]))


def picture_path(settings: QSettings) -> str:
    """The PNG beside the settings file (``settings.ini`` -> ``settings-last-map.png``)."""
    return os.path.splitext(settings.fileName())[0] + "-last-map.png"


def _identity(generator: str, params, seed) -> dict:
    return {"generator": generator, "params": jsonable(params), "seed": str(seed)}


def save_last_picture(settings: QSettings, result, rgba: np.ndarray, scale: int, hexes: bool,
                      text: str, legend: Legend | None = None,
                      labels: tuple[Marker, ...] | list[Marker] = ()) -> None:
    """``rgba`` (the finished map as the window drew it) as the last map's
    picture, with its ``legend`` and ``labels``; OSError when it cannot be
    written (nothing half-written)."""
    write_png(picture_path(settings), rgba)
    g = result.grid
    write_json(settings, KEY, _identity(result.generator, result.params, result.seed) | {
        "world": [g.width, g.height], "scale": int(scale), "hexes": bool(hexes),
        "text": text, "legend": legend_to_json(legend),
        "labels": [[m.kind, m.label, int(m.x), int(m.y)] for m in labels]})
    settings.sync()


def load_last_picture(settings: QSettings, generator: str, params, seed) -> LastPicture | None:
    """The saved picture when it is of the map these values make (None when
    there is none, it is of another map, or it cannot be read)."""
    info = read_json(settings, KEY)
    if not isinstance(info, dict):
        return None
    if {k: info.get(k) for k in ("generator", "params", "seed")} != \
            _identity(generator, params, seed):
        return None
    try:
        rgba = read_png(picture_path(settings))
        world = (int(info["world"][0]), int(info["world"][1]))
        legend = legend_from_json(info.get("legend"))
        labels = tuple(Marker(str(k), str(label), int(x), int(y))
                       for k, label, x, y in info.get("labels") or ())
        return LastPicture(rgba, world, max(1, int(info["scale"])), bool(info["hexes"]),
                           str(info.get("text", "")), legend, labels)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
