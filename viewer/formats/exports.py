"""Exports as data: each generator declares the files it can write (title,
default file name, what the window should ask, and the writer), and the
window's File menu, like the command lines, is built from the declarations.

A writer takes ``(path, result, value)`` — ``value`` the answer to ``ask``
when there is one — writes one file atomically and returns what to tell the
user; it raises ``ValueError`` (or :class:`~viewer.formats.atomic.WriteError`)
with a message the user can act on.

``refuse(result)`` (optional) says in one line why this map cannot be
exported this way (None: it can), so the window refuses before asking for
a file; ``explain``: the window shows the writer's text in a dialog (its
text can be selected and copied), not only in the status line;
``start_folder()`` (optional): the folder the file dialog opens in when it
exists (where the file's reader looks for it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.protocol import Result

Writer = Callable[[str | os.PathLike, Result, Any], str]


@dataclass(frozen=True)
class Ask:
    """A whole number the window asks for before writing (e.g. pixels per square)."""

    label: str
    default: int
    minimum: int
    maximum: int


@dataclass(frozen=True)
class Export:
    """One file a generator can write: ``name`` (an id), menu ``title``,
    ``filename`` proposed, ``filter`` for the file dialog, a ``tip``, an
    optional ``ask`` and ``shortcut``, the ``write`` function, and the
    optional ``refuse`` check and ``explain`` (see the module docstring)."""

    name: str
    title: str
    filename: str
    filter: str
    write: Writer
    tip: str = ""
    ask: Ask | None = None
    shortcut: str | None = None
    refuse: Callable[[Result], str | None] | None = None
    explain: bool = False
    start_folder: Callable[[], str] | None = None
