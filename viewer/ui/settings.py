"""Where the window keeps what it remembers (last parameters, geometry).

``$MAPGEN_SETTINGS`` names an INI file to use instead of the user's
settings, so tests (and a second, experimental setup) never touch them.
"""

from __future__ import annotations

import json
import os
from typing import Any

from PySide6.QtCore import QSettings

ORGANISATION = "mapgen-viewer"
APPLICATION = "mapgen-viewer"
ENV = "MAPGEN_SETTINGS"


def make_settings() -> QSettings:
    path = os.environ.get(ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                     ORGANISATION, APPLICATION)


def read_json(settings: QSettings, key: str, default: Any = None) -> Any:
    raw = settings.value(key)
    if raw is None:
        return default
    try:
        return json.loads(str(raw))
    except ValueError:
        return default


def write_json(settings: QSettings, key: str, value: Any) -> None:
    settings.setValue(key, json.dumps(value))


def remember_run(settings: QSettings, result, seconds: float | None = None) -> None:
    """The values and seed of the map just made (and how long it took), for
    the next session."""
    from ..formats.bundle import jsonable

    write_json(settings, f"params/{result.generator}", jsonable(result.params))
    settings.setValue("seed", result.seed)
    settings.setValue("generator", result.generator)
    if seconds is not None:
        settings.setValue("run_seconds", float(seconds))


def last_run_seconds(settings: QSettings) -> float:
    """How long the last session's last map took to make (0: not known)."""
    try:
        seconds = float(settings.value("run_seconds", 0.0))
    except (TypeError, ValueError):
        return 0.0
    return seconds if seconds == seconds and seconds >= 0 else 0.0


def restore_workbench(workbench, settings: QSettings) -> None:
    """The generator, every generator's values (those that still pass its
    Params), the seed, layer and View toggles as they were when the window
    last closed, into the Workbench (before the window shows it)."""
    from .. import registry
    from ..engine.params import ParamError

    name = settings.value("generator")
    for gen in registry.names():
        values = read_json(settings, f"params/{gen}", {})
        if isinstance(values, dict) and values:
            try:
                registry.declaration(gen).validate(values)
                workbench.set_values(values, of=gen)
            except (ParamError, TypeError, ValueError, OverflowError, KeyError):
                pass
    if isinstance(name, str) and name in registry.names():
        workbench.set_generator(name)
    seed = settings.value("seed")
    if seed is not None:
        try:
            workbench.set_seed(workbench.generator.check_seed(seed))
        except (ParamError, TypeError, ValueError):
            pass
    layer = settings.value("layer")
    if isinstance(layer, str):
        workbench.set_layer(layer)
    for key in settings.allKeys():
        if key.startswith("option/"):
            workbench.set_option(key[len("option/"):], str(settings.value(key)) == "true")


def restore_window(window, settings: QSettings) -> bool:
    """The window's geometry and docks as they were; returns whether the
    seed was locked."""
    from PySide6.QtCore import QByteArray

    geo = settings.value("geometry")
    if isinstance(geo, QByteArray):
        window.restoreGeometry(geo)
    size = read_json(settings, "window_size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size)
            and not window.isMaximized() and not window.isFullScreen()):
        size = None
    if size is not None:
        # restoreGeometry keeps a window within the screen it finds; the size
        # as it was left
        window.resize(max(400, size[0]), max(300, size[1]))
    state = settings.value("window_state")
    if isinstance(state, QByteArray):
        window.restoreState(state)
        if size is not None:        # a small window's docks allow the size only now
            window.resize(max(400, size[0]), max(300, size[1]))
    return str(settings.value("seed_locked", "false")) == "true"


def restored_layout(settings: QSettings) -> str:
    """The size class (:mod:`.compact`) of the docks' arrangement the
    window state restored holds ("wide" when none was saved)."""
    from .compact import MEDIUM, NARROW, WIDE

    cls = settings.value("window_class")
    has_state = settings.value("window_state") is not None
    return cls if has_state and cls in (WIDE, MEDIUM, NARROW) else WIDE


def save(workbench, window, settings: QSettings, seed_locked: bool,
         layout: str = "wide") -> None:
    """What :func:`restore_workbench` and :func:`restore_window` read."""
    from ..formats.bundle import jsonable

    s = settings
    s.setValue("generator", workbench.generator.name)
    write_json(s, f"params/{workbench.generator.name}", jsonable(workbench.values))
    s.setValue("seed", workbench.seed)
    s.setValue("seed_locked", "true" if seed_locked else "false")
    s.setValue("layer", workbench.layer)
    for key, on in workbench.options.items():
        if isinstance(on, bool):                # a View toggle (not a view's selection)
            s.setValue(f"option/{key}", "true" if on else "false")
    s.setValue("geometry", window.saveGeometry())
    write_json(s, "window_size", [window.width(), window.height()])
    s.setValue("window_state", window.saveState())
    s.setValue("window_class", layout)
    s.sync()
