"""Standard streams for the command line, behaving as careful C tools do.

* Standard output full, broken or closed: one line ``PROG: write error on
  standard output: REASON`` and exit status 1, never a traceback.
* A broken pipe (``... | head``) ends the command quietly, as SIGPIPE ends
  a C tool: :func:`run_guarded` returns :data:`EXIT_SIGPIPE`, and
  ``python -m viewer`` then dies of SIGPIPE itself (the shell's status 141).
* A closed descriptor 0, 1 or 2 is first reopened on ``/dev/null`` (as the
  C library does for set-user-ID programs), so that no file the command
  opens can take its place and receive what was meant for the terminal;
  standard output then still reports writes as failing.
* Text the command could not encode (names and seeds given as bytes that
  are not UTF-8) is written back as the same bytes on standard output and
  escaped on standard error; characters the locale's encoding lacks are
  written as ``?``.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from collections.abc import Callable
from typing import Any

EXIT_SIGPIPE = 128 + 13
"""What a shell reports for a process killed by SIGPIPE."""


class StdoutError(OSError):
    """Writing to standard output failed."""


class _Guarded:
    """A text stream whose write and flush failures become :class:`StdoutError`
    (standard output) or are dropped (standard error: there is nowhere left
    to report them)."""

    def __init__(self, stream: Any, is_stdout: bool):
        self._stream = stream
        self._is_stdout = is_stdout
        self.failed: OSError | None = None

    def _fail(self, exc: OSError) -> None:
        if self._is_stdout:
            self.failed = exc
            raise StdoutError(exc.errno, exc.strerror or str(exc)) from None

    def write(self, text: str) -> int:
        if self._stream is None:
            self._fail(OSError(errno.EBADF, os.strerror(errno.EBADF)))
            return 0
        try:
            return self._stream.write(text)
        except (OSError, ValueError) as exc:  # ValueError: the stream was closed
            self._fail(exc if isinstance(exc, OSError)
                       else OSError(errno.EBADF, os.strerror(errno.EBADF)))
            return 0

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            self._fail(exc if isinstance(exc, OSError)
                       else OSError(errno.EBADF, os.strerror(errno.EBADF)))

    def isatty(self) -> bool:
        try:
            return bool(self._stream is not None and self._stream.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    def fileno(self) -> int:
        if self._stream is None:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return self._stream.fileno()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _reopen_closed_descriptors() -> set[int]:
    """Reopen closed descriptors 0..2 on /dev/null; the ones that were closed."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                new = os.open(os.devnull, os.O_RDWR)
            except OSError:
                continue
            if new != fd:  # a lower one was closed too and got it: keep both
                os.dup2(new, fd)
            closed.add(fd)
    return closed


def _escape_or_replace(exc: UnicodeError) -> tuple[str | bytes, int]:
    """Encoding error handler for standard output: surrogates that stand for
    bytes (``surrogateescape``) become those bytes again, characters the
    terminal's encoding lacks become ``?``."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    if all("\udc80" <= ch <= "\udcff" for ch in text):
        return bytes(ord(ch) - 0xDC00 for ch in text), exc.end
    return "?" * len(text), exc.end


codecs.register_error("viewer-stdout", _escape_or_replace)


def _set_errors(stream: Any, errors: str) -> str | None:
    """Set a text stream's encoding error handler; the old one (or None)."""
    try:
        old = stream.errors
        stream.reconfigure(errors=errors)
        return old
    except (AttributeError, ValueError, OSError, TypeError):
        return None


def _silence_stdout(stream: Any) -> None:
    """Drop what standard output still buffers, so that the interpreter's
    last flush cannot fail again."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass


def missing_package(exc: ModuleNotFoundError) -> str:
    """What to do when a package the project needs is not installed (one line)."""
    name = (exc.name or "?").split(".")[0]
    return (f"the Python package {name!r} is not installed for {sys.executable}: run "
            "scripts/setup, then .venv/bin/python -m viewer (or mapgen-viewer) from "
            "the project's folder")


def run_guarded(prog: str, command: Callable[[], int]) -> int:
    """Run ``command()`` with guarded standard streams; its exit status, or
    1 when standard output failed, :data:`EXIT_SIGPIPE` on a broken pipe,
    130 on Ctrl+C."""
    real_out, real_err = sys.stdout, sys.stderr
    if real_out is None or real_err is None:
        _reopen_closed_descriptors()
    out, err = _Guarded(real_out, True), _Guarded(real_err, False)
    old_out_errors = _set_errors(real_out, "viewer-stdout") if real_out is not None else None
    old_err_errors = _set_errors(real_err, "backslashreplace") if real_err is not None else None
    sys.stdout, sys.stderr = out, err
    try:
        try:
            status = command()
            out.flush()
            return status
        except BrokenPipeError:
            _silence_stdout(real_out)
            return EXIT_SIGPIPE
        except StdoutError as exc:
            if exc.errno == errno.EPIPE:
                _silence_stdout(real_out)
                return EXIT_SIGPIPE
            _silence_stdout(real_out)
            err.write(f"{prog}: write error on standard output: {exc.strerror}\n")
            return 1
        except KeyboardInterrupt as exc:
            if type(exc).__name__ == "Terminated":      # SIGTERM while writing
                err.write(f"{prog}: terminated; no file changed\n")
                return 128 + 15
            err.write(f"\n{prog}: interrupted\n")
            return 130
        except MemoryError:
            err.write(f"{prog}: out of memory\n")
            return 1
        except RecursionError:
            err.write(f"{prog}: input nested too deeply\n")
            return 1
        except ModuleNotFoundError as exc:
            if os.environ.get("VIEWER_TRACEBACK"):
                raise
            err.write(f"{prog}: {missing_package(exc)}\n")
            return 1
        except Exception as exc:  # noqa: BLE001 - the promise: one line, no traceback
            if os.environ.get("VIEWER_TRACEBACK"):
                raise
            what = str(exc).splitlines()[0][:200] if str(exc) else ""
            err.write(f"{prog}: internal error: {type(exc).__name__}"
                      + (f": {what}" if what else "")
                      + " (please report it; VIEWER_TRACEBACK=1 shows where)\n")
            return 1
    finally:
        try:
            err.flush()
        except Exception:  # noqa: BLE001
            pass
        sys.stdout, sys.stderr = real_out, real_err
        if old_out_errors is not None:
            _set_errors(real_out, old_out_errors)
        if old_err_errors is not None:
            _set_errors(real_err, old_err_errors)
