"""Undo and redo of the workbench's parameter and seed changes, without Qt.

Each generator has its own history (switching generator and back finds it
as it was).  A :class:`Change` holds the values and seed before and after,
and a label naming it as a user would: ``"Spike % 65 -> 80"``, ``"Seed 1 ->
42"``, ``"Open preset small.toml"``.  Changes of the same setting that
follow each other closely (a slider dragged, a spin box held down) are one
change, until the gesture ends (:meth:`History.close`, e.g. on the slider's
release) or ``merge_seconds`` pass without one (not while a gesture is held:
:meth:`History.hold`, the slider pressed, however slowly the map follows
the hand); so a drag is undone at once,
as Tatham's midend undoes one move.  A new change after undoing throws the
redo branch away, as every editor does.

The :class:`~viewer.workbench.Workbench` records into it and restores from
it (:meth:`Workbench.undo`, :meth:`Workbench.redo`, :meth:`Workbench.jump`);
this module only keeps the lists.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Change", "History", "MAX_CHANGES"]

MAX_CHANGES = 500
"""The changes kept per generator (the oldest go first)."""


@dataclass
class Change:
    """One undoable change of ``generator``'s raw values and seed."""

    generator: str
    label: str
    key: Any                         # what a following change must touch to merge
    before: dict[str, Any]
    after: dict[str, Any]
    seed_before: Any
    seed_after: Any
    when: float = 0.0
    closed: bool = False

    def is_noop(self) -> bool:
        from ..engine.params import same_value

        return (self.before.keys() == self.after.keys()
                and all(same_value(self.before[k], self.after[k]) for k in self.before)
                and self.seed_before == self.seed_after)


@dataclass
class _Stacks:
    done: list[Change] = field(default_factory=list)
    undone: list[Change] = field(default_factory=list)


class History:
    """See the module docstring; ``clock`` is injectable for tests."""

    def __init__(self, merge_seconds: float = 1.0, clock: Callable[[], float] = time.monotonic):
        self.merge_seconds = merge_seconds
        self.clock = clock
        self._stacks: dict[str, _Stacks] = {}
        self._held: set[str] = set()     # generators with a gesture under way

    def _of(self, generator: str) -> _Stacks:
        return self._stacks.setdefault(generator, _Stacks())

    def record(self, generator: str, label: str | Callable[..., str], key: Any,
               before: Mapping[str, Any], after: Mapping[str, Any], seed_before: Any,
               seed_after: Any, merge: bool = True) -> Change | None:
        """Note a change; it merges into the last one when that one is open,
        of the same ``key`` and recent.  ``label``: the text, or a function
        of (before, after, seed before, seed after) that names a merged
        change from its start.  Returns the change noted (None: no change
        at all)."""
        st = self._of(generator)
        now = self.clock()
        last = st.done[-1] if st.done else None
        recent = generator in self._held or now - last.when <= self.merge_seconds \
            if last is not None else False
        if (merge and last is not None and not last.closed and last.key == key
                and recent and not st.undone):
            last.after, last.seed_after, last.when = dict(after), seed_after, now
            last.label = label(last.before, last.after, last.seed_before, seed_after) \
                if callable(label) else label
            if last.is_noop():               # dragged back to where it started
                st.done.pop()
                return None
            return last
        text = label(before, after, seed_before, seed_after) if callable(label) else label
        change = Change(generator, text, key, dict(before), dict(after), seed_before,
                        seed_after, now)
        if change.is_noop():
            return None
        if last is not None:
            last.closed = True
        st.done.append(change)
        st.undone.clear()
        del st.done[:-MAX_CHANGES]
        return change

    def hold(self, generator: str) -> None:
        """A gesture began (a slider pressed): its changes of one setting are
        one change until :meth:`close`, however far apart in time."""
        st = self._of(generator)
        if st.done:
            st.done[-1].closed = True     # what came before is a change of its own
        self._held.add(generator)

    def close(self, generator: str | None = None) -> None:
        """The gesture under way ended: the next change is a change of its own."""
        self._held.difference_update(self._stacks if generator is None else {generator})
        for name, st in self._stacks.items():
            if (generator is None or name == generator) and st.done:
                st.done[-1].closed = True

    def undo_change(self, generator: str) -> Change | None:
        st = self._of(generator)
        return st.done[-1] if st.done else None

    def redo_change(self, generator: str) -> Change | None:
        st = self._of(generator)
        return st.undone[-1] if st.undone else None

    def pop_undo(self, generator: str) -> Change | None:
        st = self._of(generator)
        if not st.done:
            return None
        change = st.done.pop()
        change.closed = True
        st.undone.append(change)
        return change

    def pop_redo(self, generator: str) -> Change | None:
        st = self._of(generator)
        if not st.undone:
            return None
        change = st.undone.pop()
        change.closed = True
        st.done.append(change)
        return change

    def entries(self, generator: str) -> tuple[list[Change], int]:
        """Every change of ``generator``, oldest first, and how many of them
        are done (the ones after that index are undone)."""
        st = self._of(generator)
        return st.done + st.undone[::-1], len(st.done)

    def clear(self, generator: str | None = None) -> None:
        if generator is None:
            self._stacks.clear()
        else:
            self._stacks.pop(generator, None)


def value_text(param: Any, value: Any) -> str:
    """A value as the panel names it: a named slider's name ("hilly"), else
    what the command line writes."""
    if isinstance(value, str) and param.kind in ("size", "int", "float"):
        try:                            # a raw text from the panel ("256x256")
            value = param.convert(value.strip())
        except ValueError:
            return value if len(value) <= 24 else value[:23] + "\u2026"
    labels = getattr(param, "labels", ())
    if labels and isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(labels):          # the panel's names index by value
            return str(labels[value])
    if param.kind == "bool":
        return "on" if value else "off"
    if param.kind == "choice":
        return param.said(value)
    try:
        text = param.text(value)
    except (TypeError, ValueError, IndexError):
        text = str(value)
    return text if len(text) <= 24 else text[:23] + "\u2026"


def describe(params: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any],
             seed_before: Any, seed_after: Any) -> tuple[str, Any]:
    """The label and merge key of a change (``params``: the generator's
    Params by name)."""
    from ..engine.params import same_value

    names = [n for n in after if not same_value(before.get(n), after.get(n))]
    parts = []
    for n in names:
        p = params.get(n)
        if p is None:
            parts.append(n)
            continue
        parts.append(f"{p.label} {value_text(p, before.get(n))} -> {value_text(p, after[n])}")
    if seed_before != seed_after:
        names.append("seed")
        parts.append(f"Seed {seed_before} -> {seed_after}")
    if len(parts) > 2:
        return f"{len(parts)} settings ({parts[0]}, ...)", tuple(sorted(names))
    return ", ".join(parts), tuple(sorted(names))
