"""Reading an input file the careful way: opened once, without blocking,
and only then looked at (``fstat`` of what was opened, so nothing can be
swapped in between): only a regular file, at most a stated number of bytes,
refused unread otherwise (a pipe would block, a device such as /dev/zero
would never end, a huge file would fill memory)."""

from __future__ import annotations

import os

from ..engine.names import shown_name
from ..engine.opening import opened_regular

__all__ = ["InputFileError", "read_limited", "opened_regular"]


class InputFileError(ValueError):
    """A file that is not one to read (a folder, a pipe or device, too large);
    the message names it."""


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
