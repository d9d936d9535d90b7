"""Atomic file writes: a file is either written whole or left as it was."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class WriteError(OSError):
    """A file could not be written; the message says which and why."""


def write_atomic(path: str | os.PathLike, data: bytes | str, encoding: str = "utf-8") -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder
    and an atomic rename, so a failure never leaves a half-written file."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode(encoding)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise WriteError(exc.errno, f"cannot write {path}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise WriteError(exc.errno, f"cannot write {path}: {exc.strerror}") from exc
