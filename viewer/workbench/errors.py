"""An error as a user reads it: what went wrong, in words, never a Python
type name ("NoneType", "KeyError: ...").  The details of an unexpected
failure go to the log (``logging``), where a developer looks."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

from ..formats.atomic import WriteError

__all__ = ["error_text", "in_panel_words"]

_LOG = logging.getLogger("viewer")

_WORDS = {
    MemoryError: "not enough memory",
    RecursionError: "too deeply nested",
    KeyboardInterrupt: "interrupted",
    TimeoutError: "it took too long",
}


def error_text(exc: BaseException) -> str:
    """``exc`` as a user reads it: an OSError's reason and file (without
    its "[Errno N]"), another error's own message, or a few words saying
    what kind of failure it was when it has no message."""
    if isinstance(exc, WriteError):          # its strerror is the whole message
        return exc.strerror or str(exc)
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    for kind, words in _WORDS.items():
        if isinstance(exc, kind):
            text = str(exc)
            return f"{words} ({text})" if text and text != words else words
    text = str(exc)
    if isinstance(exc, KeyError) and exc.args:
        text = f"no {exc.args[0]!s}"         # str(KeyError('x')) is "'x'"
    if not text:
        _LOG.error("unexpected failure", exc_info=exc)
        return "an unexpected failure (its details are in the log)"
    return text


_FLAG = re.compile(r"--[a-z][a-z0-9-]*")


def in_panel_words(text: str, params: Iterable) -> str:
    """``text`` (an engine's refusal, written for the command line) with each
    command-line flag of ``params`` named as the panel names it: "--max-tries"
    becomes "Tries" (a flag no Param has stays as it is)."""
    labels = {p.flag: p.label for p in params}
    return _FLAG.sub(lambda m: f'"{labels[m.group()]}"' if m.group() in labels
                     else m.group(), text)
