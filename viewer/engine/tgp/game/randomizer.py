"""The game's Randomizer (``core/random_func``): two 32-bit words, one draw
advancing both.  Shared by both versions of TGP and every step after it.

The numba kernels of TGP take the same state as an int64 array
``[state0, state1, calls]`` (``kernel._next``); :class:`Randomizer` wraps such
an array, so Python steps and kernels advance one stream.
"""

from __future__ import annotations

import numpy as np

MASK32 = 0xFFFFFFFF


def _rotr(v: int, n: int) -> int:
    return ((v >> n) | (v << (32 - n))) & MASK32


def next_state(s0: int, s1: int) -> tuple[int, int]:
    """One draw: the new (state0, state1); the draw's result is the new state1."""
    return (s0 + _rotr(s1 ^ 0x1234567F, 7) + 1) & MASK32, (_rotr(s0, 3) - 1) & MASK32


def chance16i(a: int, b: int, r: int) -> bool:
    """``Chance16I``: the low 16 bits of ``r`` decide (a/b)."""
    return (((r & 0xFFFF) * b + b // 2) >> 16) < a


class Randomizer:
    """``Randomizer``: :meth:`next` is ``Next()``, :meth:`next_range` is
    ``Next(limit)`` (``RandomRange``).  ``state`` is the int64 array
    ``[state0, state1, calls]`` the kernels take; ``calls`` counts draws.

    ``trail``, when a list, receives ``(label, state0, state1)`` from
    :meth:`mark`: the steps call it on entering the functions the reference
    records (``events.function`` in ``openttd-firstframe``), so a test finds
    the first call where the stream parts from the game's."""

    __slots__ = ("state", "trail")

    def __init__(self, state0: int = 0, state1: int = 0, calls: int = 0,
                 state: np.ndarray | None = None) -> None:
        self.state = state if state is not None else np.array([state0, state1, calls], np.int64)
        self.trail: list | None = None

    @classmethod
    def seeded(cls, seed: int) -> Randomizer:
        """``SetRandomSeed``: both words get the seed."""
        return cls(seed & MASK32, seed & MASK32)

    @property
    def state0(self) -> int:
        return int(self.state[0])

    @property
    def state1(self) -> int:
        return int(self.state[1])

    @property
    def calls(self) -> int:
        return int(self.state[2])

    def words(self) -> tuple[int, int]:
        return int(self.state[0]), int(self.state[1])

    def next(self) -> int:
        """``Random()``: a uint32."""
        st = self.state
        s0, s1 = next_state(int(st[0]), int(st[1]))
        st[0] = s0
        st[1] = s1
        st[2] += 1
        return s1

    def next_range(self, limit: int) -> int:
        """``RandomRange(limit)``: ``Next() * limit >> 32``, in 0 .. limit-1."""
        return (self.next() * (limit & MASK32)) >> 32

    def chance16(self, a: int, b: int) -> bool:
        """``Chance16(a, b)``: one draw, true with probability a/b."""
        return chance16i(a, b, self.next())

    def mark(self, label: str) -> None:
        """Record entering ``label`` in the trail (when one is kept)."""
        if self.trail is not None:
            self.trail.append((label, int(self.state[0]), int(self.state[1])))

    def copy(self) -> Randomizer:
        return Randomizer(state=self.state.copy())

    def __repr__(self) -> str:
        return f"Randomizer(0x{self.state0:08x}, 0x{self.state1:08x}, calls={self.calls})"
