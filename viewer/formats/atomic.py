"""Atomic file writes: a file is either written whole or left as it was.

:func:`write_atomic` writes one file through a temporary file in the same
folder and a rename.  :class:`OutputSet` does the same for all the files
of one command: every target is checked before anything is computed,
each file goes to its temporary file as it is made, and only when all of
them are written are they renamed into place; on any failure (or Ctrl+C)
the temporary files are removed and no target is touched.

A target that is a symbolic link is written through: the link stays and
its target gets the new contents (a dangling link creates its target).
``/dev/null`` is written into directly, as ``cat > FILE`` would; any other
target that exists but is not a regular file (a named pipe, a device, a
socket) is refused, as is ``-`` (which is not standard output here: a file
named ``-`` is ``./-``), so that an output never hangs on a pipe nobody
reads nor fills a device.  A folder of outputs (:func:`new_folder`) is
filled under a temporary name beside it and renamed into place whole.

Every writer goes through here: single files (:func:`write_atomic`), the
files of one command (:class:`OutputSet`, which may also be filled through
:meth:`OutputSet.collecting`, so that writers calling :func:`write_atomic`
or making their own OutputSet join it), and tables streamed row by row
(:meth:`OutputSet.stream`).  While temporary files exist, SIGTERM is
handled as Ctrl+C is (main thread): it raises :class:`Terminated`, the old
files are put back and the temporaries removed.  Names are shown escaped
(:func:`shown_name`), so a message stays one line.

Atomic here means that no reader, and no command that fails or is
interrupted, ever meets a half-written file: the old contents stay until
the new ones are whole.  It does not mean durable across a power cut: the
temporary files are not synced before the rename (the C programs the
generators port write theirs without one either), because an fsync costs
a disk round trip per file (4 to 8 ms on this project's machines, more
than a small map's whole run) and every output is made again from its
map ID.  ext4 (auto_da_alloc)
and btrfs flush a file renamed over another before the rename commits
anyway.  A file that holds the user's own work, which nothing makes again
(a saved preset), asks for ``durable=True``: synced before its rename.
"""

from __future__ import annotations

import errno as _errno
import os
import signal
import stat
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ..engine.names import shown_name

__all__ = ["WriteError", "write_atomic", "OutputSet", "check_target", "Terminated",
           "shown_name", "check_folder_target", "new_folder"]


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived while files were being written (handled as Ctrl+C)."""


class _TermGuard:
    """SIGTERM raises :class:`Terminated` while any OutputSet holds temporary
    files (main thread only: signal handlers live there); the previous
    handler comes back when the last one is done."""

    def __init__(self) -> None:
        self.depth = 0
        self.old = None

    @staticmethod
    def _raise(signum, frame) -> None:
        raise Terminated

    def enter(self) -> bool:
        if threading.current_thread() is not threading.main_thread():
            return False
        if self.depth == 0:
            try:
                self.old = signal.signal(signal.SIGTERM, self._raise)
            except (ValueError, OSError):
                return False
        self.depth += 1
        return True

    def leave(self) -> None:
        self.depth -= 1
        if self.depth == 0:
            signal.signal(signal.SIGTERM, self.old if self.old is not None else signal.SIG_DFL)
            self.old = None


_TERM = _TermGuard()
_AMBIENT = threading.local()


class WriteError(OSError):
    """A file could not be written; the message says which and why (without
    an ``[Errno N]`` prefix)."""

    def __str__(self) -> str:
        return str(self.strerror if self.strerror is not None else super().__str__())


Data = bytes | str | Iterable[bytes | str]


def _fail(path: str, exc: BaseException | None = None, *, code: int | None = None,
          why: str | None = None) -> WriteError:
    if exc is not None:
        code = getattr(exc, "errno", None) or code or _errno.EIO
        why = why or getattr(exc, "strerror", None) or str(exc)
    return WriteError(code or _errno.EIO, f"cannot write {shown_name(path)}: {why}")


def _named(path: str | os.PathLike, what: str) -> tuple[str, os.stat_result | None]:
    """(the name, its status or None when there is nothing there) of an
    output ``what`` ("file" or "folder"); WriteError for a name that is none."""
    try:
        name = os.fspath(path)
    except TypeError:
        raise WriteError(_errno.EINVAL, f"cannot write {shown_name(repr(path))}: not a {what} "
                         f"name") from None
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not name:
        raise WriteError(_errno.ENOENT, f"cannot write '': an empty {what} name")
    if name == "-":
        raise WriteError(_errno.EINVAL, "cannot write '-': it is not standard output here "
                                        "(a file named - is ./-)")
    if "\0" in name:
        raise WriteError(_errno.EINVAL, f"cannot write {shown_name(name)}: a {what} name may "
                         f"not hold NUL")
    try:
        return name, os.stat(name)
    except FileNotFoundError:
        return name, None
    except OSError as exc:
        raise _fail(name, exc) from None


def _plan(path: str | os.PathLike) -> tuple[str, str, str]:
    """(name as given, how, where): how is "atomic" (rename into ``where``)
    or "direct" (write into ``where``, /dev/null)."""
    name, st = _named(path, "file")
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise WriteError(_errno.EISDIR, f"cannot write {shown_name(name)}: it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        if not _is_null_device(st):
            raise WriteError(_errno.EINVAL, f"cannot write {shown_name(name)}: "
                                            f"{_not_a_file(st.st_mode)}, not a file")
        return name, "direct", name
    where = os.path.realpath(name) if os.path.islink(name) else name
    return name, "atomic", where


def _is_null_device(st: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == null.st_rdev


def _not_a_file(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device (only /dev/null is written into)"
    return "not a regular file"


def _folder(where: str) -> str:
    return os.path.dirname(where) or "."


def check_folder_target(path: str | os.PathLike) -> bool:
    """Raise :class:`WriteError` unless ``path`` can be a folder of outputs:
    an existing folder that may be written, or a new one whose parent
    folder exists and may be written.  True when it exists."""
    name, st = _named(path, "folder")
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise WriteError(_errno.ENOTDIR, f"cannot write {shown_name(name)}: not a folder")
        if not os.access(name, os.W_OK | os.X_OK):
            raise WriteError(_errno.EACCES, f"cannot write {shown_name(name)}: Permission "
                             f"denied")
        return True
    check_target(name.rstrip(os.sep) or name)   # a new folder: as a new file there
    return False


@contextmanager
def new_folder(path: str | os.PathLike) -> Iterator[str]:
    """A temporary folder beside the new folder ``path``, to fill in the
    block; renamed to ``path`` when the block ends without an error, and
    removed (with what it holds) otherwise, so that no half-made folder is
    ever left."""
    import shutil
    import tempfile

    name = os.fsdecode(os.fspath(path)).rstrip(os.sep) or os.sep
    base = os.path.basename(name)
    try:
        tmp = tempfile.mkdtemp(prefix=f".{base[:200]}.", suffix=".tmp", dir=_folder(name))
    except OSError as exc:
        raise _fail(name, exc) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)      # (mkdtemp's is the owner's alone)
        yield tmp
        try:
            os.rename(tmp, name)
        except OSError as exc:
            raise _fail(name, exc) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def check_target(path: str | os.PathLike) -> None:
    """Raise :class:`WriteError` unless ``path`` looks writable: its folder
    exists and may be written, it is not a folder itself."""
    name, how, where = _plan(path)
    if how == "direct":
        if not os.access(where, os.W_OK):
            raise WriteError(_errno.EACCES, f"cannot write {shown_name(name)}: Permission denied")
        return
    if os.path.lexists(where) and not os.access(where, os.W_OK):
        raise WriteError(_errno.EACCES, f"cannot write {shown_name(name)}: Permission denied "
                         f"(the file is read-only)")
    folder = _folder(where)
    try:
        st = os.stat(folder)
    except OSError as exc:
        why = "no such folder" if isinstance(exc, FileNotFoundError) else None
        raise _fail(name, exc, why=why) from None
    if not stat.S_ISDIR(st.st_mode):
        raise WriteError(_errno.ENOTDIR, f"cannot write {shown_name(name)}: "
                         f"{shown_name(folder)} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteError(_errno.EACCES, f"cannot write {shown_name(name)}: Permission denied")


WRITE_PIECE = 1 << 20
"""Bytes handed to the system in one write: a picture of tens of megabytes
written in one call kept its thread in the kernel, where this machine's
kernel (no preemption there) let the window's thread wait for the core up
to 20 ms; between two pieces the scheduler can give the core away."""


def _chunks(data: Data, encoding: str) -> Iterable[bytes | memoryview]:
    if isinstance(data, (bytes, bytearray, memoryview)):
        view = memoryview(data)
        yield view.cast("B") if view.contiguous else view.tobytes()
        return
    if isinstance(data, str):
        yield data.encode(encoding)
        return
    for part in data:
        yield part.encode(encoding) if isinstance(part, str) else bytes(part)


def _write_fd(fd: int, data: Data, encoding: str) -> None:
    with os.fdopen(fd, "wb", closefd=False) as fh:
        for chunk in _chunks(data, encoding):
            view = memoryview(chunk)
            for at in range(0, len(view), WRITE_PIECE):
                fh.write(view[at:at + WRITE_PIECE])
        fh.flush()


class OutputSet:
    """All the files of one command, written all or none (see the module
    docstring)::

        with OutputSet(args.out, args.png) as outputs:   # checks the targets
            outputs.add(args.out, text)                  # to a temporary file
            outputs.add(args.png, png)
        # renamed into place here, unless the block raised

    Made while another set is :meth:`collecting`, a set joins it: its files
    go into place (or not) with the other's.
    """

    def __init__(self, *paths: str | os.PathLike | None, durable: bool = False):
        self._durable = durable
        self._pending: list[tuple[str, str, str, str | None, Data | None]] = []
        self._streams: dict[str, BinaryIO] = {}
        self._guarded = False
        self._parent: OutputSet | None = getattr(_AMBIENT, "outputs", None)
        self._seen: dict[str, str] = {}
        for p in paths:
            if p is not None:
                self.expect(p)

    def expect(self, path: str | os.PathLike) -> None:
        """One more target, checked now as those given to the constructor
        are: writable, and no other output of the set going to the same
        file (a set that joined another was declared there)."""
        name, how, where = _plan(path)
        check_target(path)
        if how != "atomic" or self._parent is not None:
            return
        key = os.path.realpath(where)
        if key in self._seen:
            raise WriteError(_errno.EINVAL, f"cannot write {shown_name(name)}: the same "
                             f"file as {shown_name(self._seen[key])} (each output needs "
                             f"its own file)")
        self._seen[key] = name

    @contextmanager
    def collecting(self) -> Iterator[OutputSet]:
        """Within this block (this thread), :func:`write_atomic` and every
        OutputSet made add their files to this set instead of writing them."""
        before = getattr(_AMBIENT, "outputs", None)
        _AMBIENT.outputs = self
        try:
            yield self
        finally:
            _AMBIENT.outputs = before

    def _guard(self) -> None:
        if not self._guarded:
            self._guarded = _TERM.enter()

    def _unguard(self) -> None:
        if self._guarded:
            self._guarded = False
            _TERM.leave()

    def _temporary(self, name: str, where: str) -> tuple[int, str]:
        self._guard()
        folder = _folder(where)
        base = os.path.basename(where)
        try:
            return _mkstemp(folder, f".{base[:200]}.", ".tmp")
        except OSError as exc:
            raise _fail(name, exc) from None

    def add(self, path: str | os.PathLike, data: Data, encoding: str = "utf-8", *,
            durable: bool = False) -> None:
        """Write ``data`` (bytes, text or an iterable of either) towards
        ``path``: to a temporary file now, into place at :meth:`commit`;
        synced first when ``durable`` or the set is (see the module
        docstring)."""
        if self._parent is not None:
            self._parent.add(path, data, encoding, durable=durable or self._durable)
            return
        check_target(path)
        name, how, where = _plan(path)
        if how == "direct":
            self._guard()
            self._pending.append((name, how, where, None, data))
            return
        if any(w == where for _, _, w, _, _ in self._pending):
            raise WriteError(_errno.EINVAL, f"cannot write {shown_name(name)}: written twice "
                             f"(each output needs its own file)")
        fd, tmp = self._temporary(name, where)
        try:
            try:
                _write_fd(fd, data, encoding)
                if durable or self._durable:
                    os.fsync(fd)
            finally:
                os.close(fd)
            _settle(tmp, where)
        except BaseException as exc:
            _unlink(tmp)
            if isinstance(exc, OSError):
                raise _fail(name, exc) from None
            raise
        self._pending.append((name, how, where, tmp, None))

    def stream(self, path: str | os.PathLike) -> BinaryIO:
        """A binary file to write ``path``'s contents into bit by bit (a
        table row by row); it goes into place at :meth:`commit` with the
        rest.  Write errors name the file as :meth:`add`'s do."""
        if self._parent is not None:
            return self._parent.stream(path)
        check_target(path)
        name, how, where = _plan(path)
        if how == "direct":
            import tempfile

            self._guard()
            fh = tempfile.TemporaryFile()       # copied into the device at commit
            self._pending.append((name, how, where, None, fh))
        else:
            fd, tmp = self._temporary(name, where)
            fh = os.fdopen(fd, "wb")
            self._pending.append((name, how, where, tmp, None))
            self._streams[tmp] = fh
        return fh

    def _close_streams(self) -> None:
        """Flush (and sync, when the set is durable) and close the streamed
        temporaries, with the mode the target has (or a new file's)."""
        for name, _how, where, tmp, _ in self._pending:
            fh = self._streams.pop(tmp, None) if tmp is not None else None
            if fh is None:
                continue
            try:
                if not fh.closed:
                    fh.flush()
                    if self._durable:
                        os.fsync(fh.fileno())
                    fh.close()
                _settle(tmp, where)
            except OSError as exc:
                raise _fail(name, exc) from None

    def commit(self) -> None:
        """Put every file written into place.  Files renamed over existing
        ones keep a hard link to the old contents until all are in place, so
        that a rename failing half-way puts the earlier ones back (direct
        writes into devices and pipes come last and cannot be undone)."""
        if self._parent is not None:
            return                           # the set joined commits
        try:
            self._close_streams()
        except BaseException:
            self.abort()
            raise
        pending, self._pending = self._pending, []
        pending.sort(key=lambda item: item[1] == "direct")
        done: list[tuple[str, str | None]] = []   # (target, backup of the old file)
        try:
            while pending:
                name, how, where, tmp, data = pending[0]
                try:
                    if how == "direct":
                        fd = os.open(where, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
                        try:
                            if hasattr(data, "seek"):
                                data.seek(0)
                                data = iter(lambda f=data: f.read(1 << 20), b"")
                            _write_fd(fd, data, "utf-8")
                        finally:
                            os.close(fd)
                    else:
                        backup = _backup(where)
                        try:
                            os.replace(tmp, where)
                        except BaseException:
                            if backup is not None:
                                _unlink(backup)
                            raise
                        done.append((where, backup))
                except OSError as exc:
                    raise _fail(name, exc) from None
                pending.pop(0)
        except BaseException:
            for where, backup in reversed(done):  # undo: the old files back
                try:
                    if backup is not None:
                        os.replace(backup, where)
                    else:
                        os.unlink(where)
                except OSError:
                    pass
            done = []
            raise
        finally:
            for _, _, _, tmp, data in pending:
                _discard(tmp, data)
            for _, backup in done:
                if backup is not None:
                    _unlink(backup)
            self._unguard()

    def abort(self) -> None:
        """Remove the temporary files; no target is touched."""
        if self._parent is not None:
            return                           # the set joined aborts
        pending, self._pending = self._pending, []
        for _, _, _, tmp, data in pending:
            fh = self._streams.pop(tmp, None) if tmp is not None else None
            if fh is not None:
                try:
                    fh.close()
                except (OSError, ValueError):
                    pass
            _discard(tmp, data)
        self._unguard()

    def __enter__(self) -> OutputSet:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()


_CREATE = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
           | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _mkstemp(folder: str, prefix: str, suffix: str) -> tuple[int, str]:
    """``tempfile.mkstemp(suffix, prefix, folder)`` as it makes the file (a
    random name, created exclusively, readable by the owner alone), without
    importing tempfile: with shutil, random, bz2 and lzma it costs every
    command's start-up about 5 ms, and a command that writes a file needs
    only this of it."""
    for _ in range(100):
        name = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(name, _CREATE, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(_errno.EEXIST, "no unused temporary file name")


def _settle(tmp: str, where: str) -> None:
    """The temporary file given the mode of the file it replaces (or a new
    file's, from the umask)."""
    try:
        mode = os.stat(where).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def _discard(tmp: str | None, data) -> None:
    if tmp is not None:
        _unlink(tmp)
    if hasattr(data, "close"):
        try:
            data.close()
        except OSError:
            pass


def _backup(where: str) -> str | None:
    """A hard link to the file at ``where`` under a temporary name (None when
    there is no file, or the file system has no hard links)."""
    if not os.path.isfile(where):
        return None
    folder = _folder(where)
    base = os.path.basename(where)[:200]
    for attempt in range(100):
        candidate = os.path.join(folder, f".{base}.{os.getpid()}.{attempt}.old.tmp")
        try:
            os.link(where, candidate)
            return candidate
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_atomic(path: str | os.PathLike, data: Data, encoding: str = "utf-8", *,
                 durable: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder
    and an atomic rename, so a failure never leaves a half-written file;
    ``durable`` syncs it first (see the module docstring).
    Raises :class:`WriteError`."""
    out = OutputSet()
    try:
        out.add(path, data, encoding, durable=durable)
    except BaseException:
        out.abort()
        raise
    out.commit()

