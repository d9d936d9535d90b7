"""The workbench's events: typed, Qt-free.

Each event is a frozen dataclass naming its payload (as napari's events
carry named fields): ``RunFinished(run_id, result, seconds)``, not a string
and three positional values.  A front end subscribes to the types it shows
(``connect(RunFinished, fn)``; ``fn`` gets the event) and the model emits
instances when its state changes.  Callbacks run in the thread that emits,
which is the thread that changed the model: a front end that changes the
model only from its own thread (as the Qt window does) gets every event
there.  Only the declared types connect or emit, so a typo or a payload of
the wrong shape fails at once instead of never firing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar


@dataclass(frozen=True)
class Event:
    """The base of every workbench event."""


@dataclass(frozen=True)
class GeneratorChanged(Event):
    """Another generator chosen."""
    name: str


@dataclass(frozen=True)
class ValuesChanged(Event):
    """These raw parameter values changed."""
    names: tuple[str, ...]


@dataclass(frozen=True)
class SeedChanged(Event):
    seed: Any


@dataclass(frozen=True)
class RunStarted(Event):
    run_id: int


@dataclass(frozen=True)
class RunFinished(Event):
    """Run ``run_id``'s map is shown."""
    run_id: int
    result: Any
    seconds: float


@dataclass(frozen=True)
class RunSuperseded(Event):
    """An older run's map, shown meanwhile (a newer request is waiting)."""
    run_id: int
    result: Any
    seconds: float


@dataclass(frozen=True)
class RunFailed(Event):
    run_id: int
    error: BaseException


@dataclass(frozen=True)
class RunCancelled(Event):
    run_id: int


@dataclass(frozen=True)
class Invalid(Event):
    """A value refused (``param`` None: no one parameter; ``message`` empty:
    the refusal is over)."""
    param: str | None
    message: str


@dataclass(frozen=True)
class ResultChanged(Event):
    """A new map (or none) is shown."""
    result: Any


@dataclass(frozen=True)
class StateChanged(Event):
    """The step shown changed (None: nothing shown)."""
    state: Any


@dataclass(frozen=True)
class LayerChanged(Event):
    layer: str


@dataclass(frozen=True)
class OptionsChanged(Event):
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PinnedChanged(Event):
    """A map pinned as A for compare (None: unpinned)."""
    pinned: Any


@dataclass(frozen=True)
class Status(Event):
    """One line for a status bar."""
    text: str
    error: bool = False


@dataclass(frozen=True)
class HistoryChanged(Event):
    """An undo, redo or jump restored values, or the history changed."""


EVENT_TYPES: tuple[type[Event], ...] = (
    GeneratorChanged, ValuesChanged, SeedChanged, RunStarted, RunFinished, RunSuperseded,
    RunFailed, RunCancelled, Invalid, ResultChanged, StateChanged, LayerChanged,
    OptionsChanged, PinnedChanged, Status, HistoryChanged)
"""Every event the workbench emits."""

E = TypeVar("E", bound=Event)


class Events:
    """``connect(EventType, fn)`` returns a function that disconnects ``fn``;
    ``emit(event)`` calls every ``fn`` connected to the event's type."""

    def __init__(self) -> None:
        self._subscribers: dict[type[Event], list[Callable[[Any], Any]]] = \
            {t: [] for t in EVENT_TYPES}

    def connect(self, kind: type[E], fn: Callable[[E], Any]) -> Callable[[], None]:
        subs = self._list(kind)
        subs.append(fn)

        def disconnect() -> None:
            if fn in subs:
                subs.remove(fn)

        return disconnect

    def connect_all(self, connections: Mapping[type[Event], Callable[[Any], Any]]
                    ) -> Callable[[], None]:
        """Several at once; the function returned disconnects them all."""
        offs = [self.connect(kind, fn) for kind, fn in connections.items()]

        def disconnect() -> None:
            for off in offs:
                off()

        return disconnect

    def emit(self, event: Event) -> None:
        for fn in list(self._list(type(event))):
            fn(event)

    def _list(self, kind: Any) -> list[Callable[[Any], Any]]:
        try:
            return self._subscribers[kind]
        except (KeyError, TypeError):
            known = ", ".join(t.__name__ for t in EVENT_TYPES)
            raise KeyError(f"not a workbench event: {kind!r}; known: {known}") from None
