"""The workbench's events: a small, Qt-free observer list.

A front end subscribes to the events it shows (``connect(name, fn)``); the
model emits them when its state changes.  Callbacks run in the thread that
emits, which is the thread that changed the model: a front end that changes
the model only from its own thread (as the Qt window does) gets every event
there.  Event names are declared, so a typo fails at once instead of never
firing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

EVENTS = (
    "generator_changed",   # (name)              another generator chosen
    "values_changed",      # (names)             these raw parameter values changed
    "seed_changed",        # (seed)
    "run_started",         # (run_id)
    "run_finished",        # (run_id, result, seconds)
    "run_superseded",      # (run_id, result, seconds)  an older run's map, shown meanwhile
    "run_failed",          # (run_id, exception)
    "run_cancelled",       # (run_id)
    "invalid",             # (param_name | None, message)  a value refused
    "result_changed",      # (result | None)     a new map (or none) is shown
    "state_changed",       # (state | None)      the step shown changed
    "layer_changed",       # (layer)
    "options_changed",     # (options)
    "pinned_changed",      # (pinned | None)     A pinned or unpinned
    "status",              # (text, error)       one line for a status bar
    "history_changed",     # ()                  undo, redo or jump restored values; a group noted
)


class Events:
    """``connect(name, fn)`` returns a function that disconnects ``fn``."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[Callable[..., Any]]] = {n: [] for n in EVENTS}

    def connect(self, name: str, fn: Callable[..., Any]) -> Callable[[], None]:
        subs = self._list(name)
        subs.append(fn)

        def disconnect() -> None:
            if fn in subs:
                subs.remove(fn)

        return disconnect

    def emit(self, name: str, *args: Any) -> None:
        for fn in list(self._list(name)):
            fn(*args)

    def _list(self, name: str) -> list[Callable[..., Any]]:
        try:
            return self._subscribers[name]
        except KeyError:
            raise KeyError(f"unknown workbench event {name!r}; known: {', '.join(EVENTS)}") \
                from None
