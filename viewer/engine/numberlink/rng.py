"""Simon Tatham's random number generator (``random.c`` of his puzzle collection).

The state is 40 bytes of seed buffer and 20 bytes of SHA-1 output handed out
one byte at a time.  Seeds are byte strings (text seeds are UTF-8 encoded),
exactly as ``random_new(seed, len)`` takes them, so a text seed gives the same
stream as the C program given the same characters.
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["RandomState", "seed_bytes"]


def seed_bytes(seed: bytes | str | int) -> bytes:
    """The bytes the C program would be seeded with for ``seed``."""
    if isinstance(seed, bytes):
        return seed
    return str(seed).encode("utf-8", "surrogateescape")


class RandomState:
    """``random_state``: ``bits(n)`` is ``random_bits``, ``upto(n)`` is ``random_upto``."""

    __slots__ = ("_seedbuf", "_databuf", "_pos", "calls")

    def __init__(self, seed: bytes | str | int):
        data = seed_bytes(seed)
        a = hashlib.sha1(data).digest()
        b = hashlib.sha1(a).digest()
        self._seedbuf = bytearray(a + b)
        self._databuf = hashlib.sha1(self._seedbuf).digest()
        self._pos = 0
        self.calls: list[tuple[int, int]] | None = None
        """When a list, every ``upto(limit) -> result`` call is appended to it."""

    def _refill(self) -> None:
        buf = self._seedbuf
        # The first 20 bytes are a little-endian counter.
        for i in range(20):
            if buf[i] != 0xFF:
                buf[i] += 1
                break
            buf[i] = 0
        self._databuf = hashlib.sha1(buf).digest()
        self._pos = 0

    def bits(self, n: int) -> int:
        """``n`` random bits: whole bytes taken big-endian, low ``n`` bits kept."""
        ret = 0
        for _ in range((n + 7) // 8):
            if self._pos >= 20:
                self._refill()
            ret = (ret << 8) | self._databuf[self._pos]
            self._pos += 1
        return ret & ((1 << n) - 1)

    def upto(self, limit: int) -> int:
        """A uniform integer in ``[0, limit)`` by rejection sampling."""
        if limit < 1:
            raise ValueError(f"random_upto needs a positive limit, not {limit}")
        nbits = limit.bit_length() + 3
        divisor = (1 << nbits) // limit
        top = limit * divisor
        while True:
            x = self.bits(nbits)
            if x < top:
                break
        r = x // divisor
        if self.calls is not None:
            self.calls.append((limit, r))
        return r

    def shuffle_down(self, items: list) -> None:
        """Fisher-Yates as path.c writes it: i from the top down to 1, one
        ``upto(i + 1)`` call each, swapping only when the index differs."""
        for i in range(len(items) - 1, 0, -1):
            k = self.upto(i + 1)
            if k != i:
                items[i], items[k] = items[k], items[i]

    def to_array(self) -> np.ndarray:
        """The state as the compiled kernel keeps it: int64[141], the seed
        buffer, the SHA-1 output, the read position and 80 words of room
        for the kernel's SHA-1."""
        return np.array([*self._seedbuf, *self._databuf, self._pos] + [0] * 80, np.int64)

    def load_array(self, state: np.ndarray) -> None:
        """Continue from a state the kernel advanced (see :meth:`to_array`)."""
        self._seedbuf = bytearray(int(b) for b in state[:40])
        self._databuf = bytes(int(b) for b in state[40:60])
        self._pos = int(state[60])

    def copy(self) -> RandomState:
        """An independent state that will produce the same stream from here."""
        other = RandomState.__new__(RandomState)
        other._seedbuf = bytearray(self._seedbuf)
        other._databuf = self._databuf
        other._pos = self._pos
        other.calls = None
        return other
