"""States of a TGP run past the water pass, kept for the timeline as their
differences rather than whole.

A 4096² map's state past the water pass (the Landscape, CreateRivers' own
arrays, later the game's tile bytes) is hundreds of megabytes, too much to
keep whole every few steps; but a river well changes a few hundred tiles.
:class:`KeptStates` keeps:

* the newest state kept, whole: every large array (:data:`DIFFED_ELEMENTS`
  elements or more) reachable from it, by its path;
* for each state kept, a skeleton: the state deep-copied with each large
  array replaced by a :class:`Slot` naming its path (the small objects and
  arrays copied, immutable records shared);
* for each state kept after the first, the way back to the one before: the
  positions where each large array differs and the values it had there
  (the array's old values whole where most of it changed).

A state is rebuilt (:meth:`KeptStates.restore`) from a copy of the newest
arrays, walked back difference by difference, then put into its skeleton.
A state whose differences would take the ways back past the budget is not
kept (the timeline replays the steps from an earlier one; as every later
state differs from the last one kept at least as much, none later is
tried).  The newest state's arrays are not counted: they are the one
whole copy.  No Qt.
"""

from __future__ import annotations

import copy
import dataclasses
from types import NoneType
from typing import Any

import numpy as np

from ...runtime import long_lived
from .pipeline import State, sliced_copy

DIFFED_ELEMENTS = 1 << 16
"""Arrays this large or larger are kept by their differences; smaller ones
are copied into the skeleton."""
DENSE = 4
"""A difference touching more than 1/DENSE of an array keeps the array's old
values whole (cheaper than positions and values)."""
DEEP = ("hm", "rng", "land", "rivers", "world")
"""The State's fields a step past the water pass changes (copied deep);
the others are shared (the water pass's arrays) or copied shallow, as
:meth:`~.pipeline.State.copy` does."""

Path = tuple


@dataclasses.dataclass(frozen=True, eq=False)
class Slot:
    """Where a large array (of ``shape``) goes in a skeleton."""

    path: Path
    shape: tuple[int, ...]


_FROZEN: dict[type, bool] = {}
_PLAIN = (int, float, str, bool, type(None))


def _immutable(x: Any) -> bool:
    """A frozen dataclass of plain values (a RiverAttempt, the settings):
    shared between a state and its copies, never copied."""
    kind = type(x)
    frozen = _FROZEN.get(kind)
    if frozen is None:
        frozen = _FROZEN[kind] = dataclasses.is_dataclass(kind) and \
            kind.__dataclass_params__.frozen and hasattr(x, "__dict__")
    return frozen and all(isinstance(v, _PLAIN) for v in vars(x).values())


def _records_only(items: list | tuple) -> bool:
    """Whether ``items`` holds records of numbers (``PLAIN_RECORD``) and
    free slots only, told from their types without a Python loop over them."""
    return all(kind is NoneType or getattr(kind, "PLAIN_RECORD", False)
               for kind in set(map(type, items)))


def walk(root: Any) -> tuple[dict[Path, np.ndarray], list[Any]]:
    """The large arrays reachable from ``root`` by the path each is first
    reached by (depth first, in attribute and list order), and the
    immutable records met; a record of numbers (``PLAIN_RECORD``,
    :mod:`.game.records`) is not entered."""
    arrays: dict[Path, np.ndarray] = {}
    shared: list[Any] = []
    seen: set[int] = set()
    stack: list[tuple[Path, Any]] = [((), root)]
    while stack:
        path, x = stack.pop()
        if id(x) in seen or x is None or isinstance(x, (str, bytes, int, float, bool)):
            continue
        seen.add(id(x))
        if isinstance(x, np.ndarray):
            if x.size >= DIFFED_ELEMENTS and x.dtype != object:
                arrays[path] = x
            continue
        if isinstance(x, (list, tuple)):
            if _records_only(x):        # (a pool of towns or industries: nothing to enter)
                continue
            children = list(enumerate(x))
        elif isinstance(x, dict):
            children = list(x.items())
        elif _immutable(x):
            shared.append(x)
            continue
        elif getattr(type(x), "PLAIN_RECORD", False):   # (a town, an industry: no array)
            continue
        elif isinstance(getattr(x, "__dict__", None), dict) and not isinstance(x, type):
            children = list(vars(x).items())
        else:               # (a ctypes or numba function object: no state of its own)
            continue
        stack.extend((path + (k,), v) for k, v in reversed(children))
    return arrays, shared


CHUNK = 1 << 20
"""Arrays are compared this many elements at a time: numpy holds Python's
lock while it lists the positions, and a window's thread would wait for it
(as :func:`~.pipeline.sliced_copy` copies a megabyte at a time)."""


def differences(old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The positions where the flat arrays ``old`` and ``new`` differ."""
    parts = []
    for i in range(0, old.size, CHUNK):
        where = np.flatnonzero(old[i:i + CHUNK] != new[i:i + CHUNK])
        if where.size:
            parts.append(where + i)
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


@dataclasses.dataclass
class _Kept:
    step: int
    skeleton: State          # the State with Slots for its large arrays
    slots: tuple[Slot, ...]
    shared: tuple[Any, ...]
    back: dict[Path, tuple[np.ndarray | None, np.ndarray]]
    """To the state kept before: per path, (positions, old values), or
    (None, the whole old array)."""


def _deep_parts(st: State) -> tuple:
    return tuple(getattr(st, name) for name in DEEP)


class KeptStates:
    """States kept by their differences (see the module's docstring)."""

    def __init__(self, budget: int):
        self.budget = int(budget)
        self.used = 0
        self.newest: dict[Path, np.ndarray] = {}
        self.kept: list[_Kept] = []

    @property
    def steps(self) -> list[int]:
        return [k.step for k in self.kept]

    @long_lived()
    def keep(self, step: int, st: State) -> bool:
        """Keep ``st`` (the state after ``step`` steps), later than every
        state kept so far; False when its differences would pass the
        budget (then it is not kept, and the next is compared with the
        last one kept)."""
        arrays, shared = walk(_deep_parts(st))
        back: dict[Path, tuple[np.ndarray | None, np.ndarray]] = {}
        new: list[Path] = []
        cost = 0
        for path, a in arrays.items():
            old = self.newest.get(path)
            if old is None:            # (kept whole as the newest: no difference)
                new.append(path)
                continue
            flat = a.reshape(-1)
            if old.shape != flat.shape or old.dtype != flat.dtype:
                back[path] = (None, old)
                new.append(path)
                cost += old.nbytes
                continue
            where = differences(old, flat)
            if where.size == 0:
                continue
            if where.size * DENSE > flat.size:   # (the old array itself: a new newest)
                back[path] = (None, old)
                new.append(path)
                cost += old.nbytes
            else:
                if flat.size < 2**31:
                    where = where.astype(np.int32)
                back[path] = (where, old[where])
                cost += where.nbytes + where.size * old.itemsize
        if self.kept and self.used + cost > self.budget:
            return False
        self.used += cost
        for path, (where, _old) in back.items():
            if where is not None:
                self.newest[path][where] = arrays[path].reshape(-1)[where]
        for path in new:
            self.newest[path] = sliced_copy(arrays[path].reshape(-1))
        slots = {id(a): Slot(path, a.shape) for path, a in arrays.items()}
        memo: dict[int, Any] = dict(slots)
        memo.update((id(x), x) for x in shared)
        deep = copy.deepcopy(_deep_parts(st), memo)
        skeleton = copy.copy(st)
        for name, value in zip(DEEP, deep):
            setattr(skeleton, name, value)
        skeleton.attempts, skeleton.found, skeleton.made = \
            list(st.attempts), dict(st.found), dict(st.made)
        self.kept.append(_Kept(step, skeleton, tuple(slots.values()), tuple(shared),
                               back if len(self.kept) else {}))
        return True

    @long_lived()
    def restore(self, step: int) -> State:
        """A new State equal to the one kept after ``step`` steps."""
        i = self.steps.index(step)
        kept = self.kept[i]
        need = {s.path for s in kept.slots}
        arrays = {p: sliced_copy(self.newest[p]) for p in need}
        for later in reversed(self.kept[i + 1:]):
            for path, (where, old) in later.back.items():
                if path not in arrays:
                    continue
                if where is None:
                    arrays[path] = sliced_copy(old)
                else:
                    arrays[path][where] = old
        memo: dict[int, Any] = {id(x): x for x in kept.shared}
        for slot in kept.slots:
            memo[id(slot)] = arrays[slot.path].reshape(slot.shape)
        deep = copy.deepcopy(_deep_parts(kept.skeleton), memo)
        st = copy.copy(kept.skeleton)
        for name, value in zip(DEEP, deep):
            setattr(st, name, value)
        st.attempts, st.found, st.made = \
            list(kept.skeleton.attempts), dict(kept.skeleton.found), dict(kept.skeleton.made)
        return st

    def nbytes(self) -> int:
        """The memory the arrays kept take (the newest whole, the differences)."""
        return sum(a.nbytes for a in self.newest.values()) + self.used
