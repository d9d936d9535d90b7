"""Reading an input file the careful way: opened once, without blocking,
and only then looked at (``fstat`` of what was opened, so nothing can be
swapped in between): only a regular file, at most a stated number of bytes,
refused unread otherwise (a pipe would block, a device such as /dev/zero
would never end, a huge file would fill memory)."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ..engine.names import shown_name

Refusal = Callable[[str, os.stat_result], Exception]
"""``refuse(kind, st)``: the exception for a file that is a ``"folder"``,
``"special"`` (a pipe or device) or ``"large"`` (over the limit)."""


class InputFileError(ValueError):
    """A file that is not one to read (a folder, a pipe or device, too large);
    the message names it."""


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


def read_limited(name: str, limit: int, what: str, label: str | None = None) -> bytes:
    """The bytes of the regular file ``name``, at most ``limit`` of them.

    A folder, a pipe or device, or a larger file raises :class:`InputFileError`
    ("``label``: too large for a ``what`` ..."); an OSError of opening or
    reading it propagates (each reader words it its own way)."""
    label = shown_name(label or name)

    def refuse(kind: str, st: os.stat_result) -> Exception:
        if kind == "folder":
            return InputFileError(f"{label}: is a folder, not a {what}")
        if kind == "special":
            return InputFileError(f"{label}: not a regular file (a pipe or a device?)")
        return InputFileError(f"{label}: too large for a {what} ({st.st_size} bytes; at most "
                              f"{limit})")

    with opened_regular(name, limit, refuse) as (f, _):
        data = f.read(limit + 1)
    if len(data) > limit:
        raise InputFileError(f"{label}: too large for a {what} (more than {limit} bytes)")
    return data
