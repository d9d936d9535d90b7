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


def remember_params(window, values=None) -> None:
    """The values of the generator shown (default: the panel's), for the
    next session."""
    from ..formats.bundle import jsonable

    values = window.param_panel.values() if values is None else values
    write_json(window.settings, f"params/{window.generator.name}", jsonable(values))


def load_panel(window, name: str) -> None:
    """Put the remembered values of generator ``name`` in the panel (when
    they still pass its Params)."""
    from ..engine.params import ParamError

    values = read_json(window.settings, f"params/{name}", {})
    if isinstance(values, dict) and values:
        try:
            window.generator.validate(values)
            window.param_panel.set_values(values)
        except (ParamError, TypeError, ValueError, OverflowError):
            pass


def restore(window) -> None:
    """Generator, parameters, seed, layer, View toggles and the window's
    geometry and docks as they were when it last closed."""
    from PySide6.QtCore import QByteArray

    from .. import registry

    s = window.settings
    name = s.value("generator")
    if isinstance(name, str) and name in registry.names() and name != window.generator.name:
        window.set_generator(name, generate=False)
    else:
        load_panel(window, window.generator.name)
    seed = s.value("seed")
    if seed is not None:
        try:
            window.param_panel.seed_row.set_seed(seed)
        except (TypeError, ValueError):
            pass
    window.param_panel.seed_row.lock.setChecked(str(s.value("seed_locked", "false")) == "true")
    layer = s.value("layer")
    if isinstance(layer, str):
        window.layer_name = layer
    for key in list(window.options):
        on = s.value(f"option/{key}")
        if on is not None:
            window.set_option(key, str(on) == "true")
    geo = s.value("geometry")
    if isinstance(geo, QByteArray):
        window.restoreGeometry(geo)
    size = read_json(s, "window_size")
    if isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size) \
            and not window.isMaximized() and not window.isFullScreen():
        # restoreGeometry keeps a window within the screen it finds; the size
        # as it was left
        window.resize(max(400, size[0]), max(300, size[1]))
    state = s.value("window_state")
    if isinstance(state, QByteArray):
        window.restoreState(state)


def save(window) -> None:
    s = window.settings
    s.setValue("generator", window.generator.name)
    remember_params(window)
    s.setValue("seed", window.param_panel.seed())
    s.setValue("seed_locked", "true" if window.param_panel.seed_row.is_locked() else "false")
    s.setValue("layer", window.layer_name)
    for key, on in window.options.items():
        s.setValue(f"option/{key}", "true" if on else "false")
    s.setValue("geometry", window.saveGeometry())
    write_json(s, "window_size", [window.width(), window.height()])
    s.setValue("window_state", window.saveState())
    s.sync()
