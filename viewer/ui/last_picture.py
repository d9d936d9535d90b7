"""The last session's picture of a slow map: saved (PNG, atomically) beside
the settings file when such a map is first shown finished, and shown at
start-up in its place, so that a map that took more than a few seconds is
not made again unasked and the window does not open empty."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QSettings

from ..formats.bundle import jsonable
from ..formats.png import read_png, write_png
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


def picture_path(settings: QSettings) -> str:
    """The PNG beside the settings file (``settings.ini`` -> ``settings-last-map.png``)."""
    return os.path.splitext(settings.fileName())[0] + "-last-map.png"


def _identity(generator: str, params, seed) -> dict:
    return {"generator": generator, "params": jsonable(params), "seed": str(seed)}


def save_last_picture(settings: QSettings, result, rgba: np.ndarray, scale: int, hexes: bool,
                      text: str) -> None:
    """``rgba`` (the finished map as the window drew it) as the last map's
    picture; OSError when it cannot be written (nothing half-written)."""
    write_png(picture_path(settings), rgba)
    g = result.grid
    write_json(settings, KEY, _identity(result.generator, result.params, result.seed) | {
        "world": [g.width, g.height], "scale": int(scale), "hexes": bool(hexes),
        "text": text})
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
        return LastPicture(rgba, world, max(1, int(info["scale"])), bool(info["hexes"]),
                           str(info.get("text", "")))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
