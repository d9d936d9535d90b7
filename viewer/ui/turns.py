"""The GUI thread's work for a new map done in pieces, one piece a turn of
the event loop, whoever asks (the map's letters, the Towns and Industries
tables): :func:`later` queues a call for a later turn.

One timer for all of them, so that a turn runs one piece: each asker's own
timer (or a posted call) ran every piece due in the same pass of the event
loop, one after the other (a map's letters, then both tables' rows), and
the window did not answer between them.  A timer, not a posted call: Qt
runs every event posted before a pass in that pass (a new map's arrival,
its paint), while timers take turns with the window's own (input, paint)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from shiboken6 import isValid

_due: dict[Callable[[], object], None] = {}      # (a dict: in order, each once)
_timer: QTimer | None = None


def later(call: Callable[[], object]) -> None:
    """Call ``call`` (a bound method of a Qt object) in a later turn of the
    event loop, after the pieces asked for before it; asked again before it
    runs, it still runs once.  To go on in yet another turn, it asks again."""
    global _timer
    _due[call] = None
    if _timer is None:
        _timer = QTimer()
        _timer.setSingleShot(True)
        _timer.setInterval(0)
        _timer.timeout.connect(_turn)
    if not _timer.isActive():
        _timer.start()


def _turn() -> None:
    if not _due:
        return
    call = next(iter(_due))
    del _due[call]
    if _due:
        _timer.start()
    owner = getattr(call, "__self__", None)
    if owner is None or isValid(owner):     # (a widget closed since: nothing to do)
        call()


def forget(owner: object) -> None:
    """Drop the calls of ``owner`` (bound methods) still waiting for a turn:
    it closed, and what they would work on is gone."""
    for call in [c for c in _due if getattr(c, "__self__", None) is owner]:
        del _due[call]


def pending(call: Callable[[], object]) -> bool:
    """Whether ``call`` waits for a turn."""
    return call in _due
