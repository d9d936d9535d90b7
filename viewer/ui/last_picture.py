"""The last session's picture of a slow map: saved (PNG, atomically) beside
the settings file when such a map is first shown finished, and shown at
start-up in its place, so that a map that took more than a few seconds is
not made again unasked and the window does not open empty.  The PNG is
encoded and written on a thread (:class:`PictureKeeper`: a 1024² first
frame's took 0.7 s, which the GUI thread spent stalled), and the settings
name it only once it is there."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QSettings, QTimer

from ..formats.bundle import jsonable
from ..formats.png import read_png, write_png
from .settings import read_json, write_json

__all__ = ["LastPicture", "PictureKeeper", "picture_path", "load_last_picture"]

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


def _record(settings: QSettings, result, scale: int, hexes: bool, text: str) -> None:
    """The settings' note of the picture just written: which map it shows."""
    g = result.grid
    write_json(settings, KEY, _identity(result.generator, result.params, result.seed) | {
        "world": [g.width, g.height], "scale": int(scale), "hexes": bool(hexes),
        "text": text})
    settings.sync()


class PictureKeeper:
    """Keeps a slow map's picture (``rgba``, the finished map as the window
    drew it) for the next session without the GUI thread: :meth:`keep`
    writes the PNG on a thread (atomically: nothing half-written), and the GUI thread
    (a timer's turn, or :meth:`finish` at the window's close) then notes it
    in the settings; a failure is told to ``on_error`` (an OSError)."""

    POLL_MS = 50

    def __init__(self, settings: QSettings, on_error) -> None:
        self.settings, self.on_error = settings, on_error
        self._jobs: list[tuple[threading.Thread, list, tuple]] = []   # in the order kept
        self._timer = QTimer()
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._poll)

    def keep(self, result, rgba: np.ndarray, scale: int, hexes: bool, text: str) -> None:
        rgba = np.array(rgba, copy=True)            # (the window may draw over its own)
        outcome: list = []
        path = picture_path(self.settings)
        before = self._jobs[-1][0] if self._jobs else None

        def write() -> None:
            if before is not None:
                before.join()                       # (the newest picture is written last)
            try:
                write_png(path, rgba)
                outcome.append(None)
            except OSError as exc:
                outcome.append(exc)
        thread = threading.Thread(target=write, name="keep the map's picture", daemon=True)
        self._jobs.append((thread, outcome, (result, scale, hexes, text)))
        thread.start()
        self._timer.start()

    def busy(self) -> bool:
        return bool(self._jobs)

    def _poll(self, wait: bool = False) -> None:
        while self._jobs:
            thread, outcome, (result, scale, hexes, text) = self._jobs[0]
            if wait:
                thread.join()
            if thread.is_alive():
                return
            self._jobs.pop(0)
            if outcome and outcome[0] is None:
                _record(self.settings, result, scale, hexes, text)
            elif outcome:
                self.on_error(outcome[0])
        self._timer.stop()

    def finish(self) -> None:
        """Wait for the pictures being written and note them (the window closes)."""
        self._poll(wait=True)


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
