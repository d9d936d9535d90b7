"""The last session's picture of a slow map: saved (PNG, atomically) beside
the settings file when such a map is first shown finished, with its legend
and the labels drawn over it (towns' names, letters), and shown at start-up
in its place with them, so that a map that took more than a few seconds is
not made again unasked and the window does not open empty.  The PNG is
encoded and written on a thread (:class:`PictureKeeper`: a 1024² first
frame's took 0.7 s, which the GUI thread spent stalled), and the settings
name it only once it is there.  The labels go in a file of their own beside
it, written on that thread too: a 4096² first frame's 6,000 town names made
a 230 kB settings value that took the GUI thread 3 ms to encode and 7 ms at
every later write of the settings."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QSettings, QTimer

from .. import runtime
from ..engine.protocol import Marker
from ..formats.atomic import write_atomic
from ..formats.bundle import jsonable
from ..formats.png import read_png, write_png
from ..render.colormaps import Legend
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


def labels_path(settings: QSettings) -> str:
    """The labels' JSON beside the picture (``settings-last-map-labels.json``)."""
    return os.path.splitext(settings.fileName())[0] + "-last-map-labels.json"


LABELS_PER_PIECE = 500
"""Labels encoded in one ``json.dumps`` (which holds Python's lock as it
runs: a 4096² first frame's 10,000 labels at once held it several ms while
the window scrubbed its timeline)."""


def _labels_json(identity: dict, labels: Sequence[Marker]) -> Iterator[str]:
    """The labels' file (JSON: ``identity`` and ``labels``), in pieces."""
    head = json.dumps(identity | {"labels": []})
    yield head[:-2]                             # (up to the labels' "[")
    for i in range(0, len(labels), LABELS_PER_PIECE):
        rows = [[m.kind, m.label, int(m.x), int(m.y)] for m in labels[i:i + LABELS_PER_PIECE]]
        yield ("," if i else "") + json.dumps(rows)[1:-1]
    yield "]}"


def _markers(rows) -> tuple[Marker, ...]:
    """Labels as :func:`_labels_json` writes them (ValueError, TypeError...
    when they are not)."""
    return tuple(Marker(str(k), str(label), int(x), int(y)) for k, label, x, y in rows)


def _of_map(note: dict, identity: dict) -> bool:
    """Whether a note (the settings' or the labels') is of the map ``identity`` names."""
    return {k: note.get(k) for k in identity} == identity


def _read_labels(settings: QSettings, identity: dict) -> tuple[Marker, ...]:
    """The labels kept beside the picture of the map ``identity`` names
    (none when the file is missing, unreadable or of another map)."""
    try:
        with open(labels_path(settings), encoding="utf-8") as f:
            data = json.load(f)
        return _markers(data["labels"]) if _of_map(data, identity) else ()
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return ()


def _identity(generator: str, params, seed) -> dict:
    return {"generator": generator, "params": jsonable(params), "seed": str(seed)}


def _record(settings: QSettings, identity: dict, world: tuple[int, int], scale: int,
            hexes: bool, text: str, legend: Legend | None) -> None:
    """The settings' note of the picture just written: which map it shows
    and its ``legend`` (its labels are in their own file)."""
    write_json(settings, KEY, identity | {
        "world": list(world), "scale": int(scale), "hexes": bool(hexes),
        "text": text, "legend": legend_to_json(legend)})
    settings.sync()


_WRITER: ThreadPoolExecutor | None = None
_WRITER_LOCK = threading.Lock()


def writer() -> ThreadPoolExecutor:
    """The one thread that writes kept pictures, in the order they are kept,
    below the GUI's priority.  Its thread starts with its first job: on the
    GUI thread that start waits until the new thread runs (a core busy with
    a run makes it wait), so the window starts it ahead, on a background
    thread (:func:`start_writer`)."""
    global _WRITER
    with _WRITER_LOCK:
        if _WRITER is None:
            _WRITER = ThreadPoolExecutor(1, thread_name_prefix="keep the map's picture",
                                         initializer=runtime.as_background)
        return _WRITER


def start_writer() -> None:
    """Start :func:`writer`'s thread now (from a background thread)."""
    writer().submit(lambda: None).result()


class PictureKeeper:
    """Keeps a slow map's picture (``rgba``, the finished map as the window
    drew it) for the next session without the GUI thread: :meth:`keep`
    hands the PNG to :func:`writer`'s thread (written atomically: nothing
    half-written), and the GUI thread (a timer's turn, or :meth:`finish` at
    the window's close) then notes it in the settings; a failure is told to
    ``on_error`` (an OSError)."""

    POLL_MS = 50

    def __init__(self, settings: QSettings, on_error) -> None:
        self.settings, self.on_error = settings, on_error
        self._jobs: list[tuple[Future, tuple]] = []   # in the order kept
        self._timer = QTimer()
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._poll)

    def keep(self, result, rgba: np.ndarray, scale: int, hexes: bool, text: str,
             legend: Legend | None = None, labels: tuple[Marker, ...] | list[Marker] = ()
             ) -> None:
        rgba = np.array(rgba, copy=True)            # (the window may draw over its own)
        path, labels_file = picture_path(self.settings), labels_path(self.settings)
        identity = _identity(result.generator, result.params, result.seed)
        labels = tuple(labels)

        def write() -> None:
            write_png(path, rgba)
            write_atomic(labels_file, _labels_json(identity, labels))
        g = result.grid
        self._jobs.append((writer().submit(write), (identity, (g.width, g.height), scale,
                                                     hexes, text, legend)))
        self._timer.start()

    def busy(self) -> bool:
        return bool(self._jobs)

    def _poll(self, wait: bool = False) -> None:
        while self._jobs:
            future, noted = self._jobs[0]
            if wait:
                wait_for([future])
            if not future.done():
                return
            self._jobs.pop(0)
            error = future.exception()
            if error is None:
                _record(self.settings, *noted)
            else:
                self.on_error(error)
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
    identity = _identity(generator, params, seed)
    if not _of_map(info, identity):
        return None
    try:
        rgba = read_png(picture_path(settings))
        world = (int(info["world"][0]), int(info["world"][1]))
        legend = legend_from_json(info.get("legend"))
        labels = (_markers(info["labels"]) if info.get("labels")     # (an older note's)
                  else _read_labels(settings, identity))
        return LastPicture(rgba, world, max(1, int(info["scale"])), bool(info["hexes"]),
                           str(info.get("text", "")), legend, labels)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
