"""Names and keys the user gave (file names, preset keys, labels) as
messages show them: unchanged when every character is printable, else as
``repr`` writes them (``'a\\nb'``, ``'\\x1b[2J'``), so that a message stays one
line and no escape sequence reaches the terminal; a very long one is cut
(:data:`SHOWN_MAX`)."""

from __future__ import annotations

import os
import re
from typing import Any

__all__ = ["shown_name", "one_line"]


def shown_name(name: Any) -> str:
    """``name`` (text, bytes or a path) fit for a one-line message."""
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    text = name if isinstance(name, str) else str(name)
    shown = text if text and text.isprintable() else repr(text)
    return shown if len(shown) <= SHOWN_MAX else shown[:SHOWN_MAX - 3] + "..."


SHOWN_MAX = 160
"""A name longer than this is cut in a message (a 4,000-character path
would fill the screen)."""


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

MESSAGE_MAX = 600
"""A message longer than this is cut (an echoed input of 5,000 characters)."""


def one_line(message: Any, controls_only: bool = False) -> str:
    """``message`` as one line of a terminal: characters that are not
    printable (a newline in a file name, an escape sequence) written as
    ``repr`` writes them, without its quotes; cut to :data:`MESSAGE_MAX`.
    ``controls_only``: only control characters (a file name's bytes that
    are not UTF-8 are printed back as the same bytes, as a C tool does)."""
    text = str(message)
    if not text.isprintable():
        def keep(c: str) -> bool:
            return c.isprintable() or (controls_only and not _CONTROL.match(c))

        text = "".join(c if keep(c) else repr(c)[1:-1] for c in text)
    return text if len(text) <= MESSAGE_MAX else text[:MESSAGE_MAX - 3] + "..."
