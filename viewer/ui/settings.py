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
