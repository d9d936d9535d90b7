"""Opening an input file once: without blocking, and only then looked at
(``fstat`` of what was opened, so nothing can be swapped in between).  The
engine's own reader (heightmap PNGs) and every reader in
:mod:`viewer.formats` go through :func:`opened_regular`."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

__all__ = ["opened_regular", "Refusal"]

Refusal = Callable[[str, os.stat_result], Exception]
"""``refuse(kind, st)``: the exception for a file that is a ``"folder"``,
``"special"`` (a pipe or device) or ``"large"`` (over the limit)."""


@contextmanager
def opened_regular(name: str | os.PathLike, limit: int,
                   refuse: Refusal) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """``(file, stat)`` of the regular file ``name``, opened once with
    ``O_NONBLOCK`` (a pipe cannot block it) and checked from the opened
    descriptor: a folder, a pipe or device, or a file over ``limit`` bytes
    raises ``refuse(kind, st)``.  An OSError of opening propagates."""
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise refuse("folder", st)
        if not stat.S_ISREG(st.st_mode):
            raise refuse("special", st)
        if st.st_size > limit:
            raise refuse("large", st)
        with os.fdopen(fd, "rb", closefd=False) as f:
            yield f, st
    finally:
        os.close(fd)
