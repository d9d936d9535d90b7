"""Reading an input file the careful way: only a regular file, at most a
stated number of bytes, refused unread otherwise (a pipe would block, a
device such as /dev/zero would never end, a huge file would fill memory)."""

from __future__ import annotations

import os
import stat


class InputFileError(ValueError):
    """A file that is not one to read (a folder, a pipe or device, too large);
    the message names it."""


def read_limited(name: str, limit: int, what: str, label: str | None = None) -> bytes:
    """The bytes of the regular file ``name``, at most ``limit`` of them.

    A folder, a pipe or device, or a larger file raises :class:`InputFileError`
    ("``label``: too large for a ``what`` ..."); an OSError of opening or
    reading it propagates (each reader words it its own way)."""
    label = label or name
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputFileError(f"{label}: is a folder, not a {what}")
        if not stat.S_ISREG(st.st_mode):
            raise InputFileError(f"{label}: not a regular file (a pipe or a device?)")
        if st.st_size > limit:
            raise InputFileError(f"{label}: too large for a {what} ({st.st_size} bytes; at most "
                                 f"{limit})")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputFileError(f"{label}: too large for a {what} (more than {limit} bytes)")
    return data
