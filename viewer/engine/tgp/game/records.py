"""The game's pool items (a town, an industry, an object) as records of
numbers: copied deep quickly, and known to hold no large array.

A 4096² first frame holds some 20,000 of them (5,895 towns, 14,080
industries), and the timeline copies the World whole at each state it keeps
or rebuilds: :func:`copy.deepcopy`'s generic path took about half a second
per copy, holding Python's lock throughout (the window's thread waits for
it whenever the worker is off its core).  A record class sets
``__deepcopy__ = record_deepcopy``: numbers and strings shared, lists and
dicts of numbers copied, anything else copied deep as usual; the copy is
equal to :func:`copy.deepcopy`'s.  ``PLAIN_RECORD = True`` tells
:mod:`..kept_states` it holds no array worth keeping by its differences.
A dataclass record may name in ``RECORD_CONTAINERS`` its fields holding a
list or dict of numbers (its other fields hold numbers or strings): its
copy then takes the fields whole and copies those containers only, without
looking at each field (a town's copy in less than half the time).
"""

from __future__ import annotations

import copy
from typing import Any

_PLAIN = frozenset((int, float, str, bool, type(None)))


def record_deepcopy(self: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(self, memo)`` for a record of numbers (see the
    module docstring)."""
    cls = type(self)
    new = cls.__new__(cls)
    memo[id(self)] = new
    state = new.__dict__
    src = self.__dict__
    containers = getattr(cls, "RECORD_CONTAINERS", None)
    if containers is not None and src.keys() == cls.__dataclass_fields__.keys():
        state.update(src)
        for name in containers:
            value = src[name]
            kind = type(value)
            if kind is list:
                state[name] = list(value)
            elif kind is dict:
                state[name] = dict(value)
            elif kind not in _PLAIN:
                state[name] = copy.deepcopy(value, memo)
        return new
    for name, value in src.items():
        kind = type(value)
        if kind in _PLAIN:
            state[name] = value
        elif kind is list and all(type(v) in _PLAIN for v in value):
            state[name] = list(value)
        elif kind is dict and all(type(k) in _PLAIN and type(v) in _PLAIN
                                  for k, v in value.items()):
            state[name] = dict(value)
        else:
            state[name] = copy.deepcopy(value, memo)
    return new
