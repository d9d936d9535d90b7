"""File dialogs that open in the folder last used (remembered across
sessions in the window's settings), not in the working folder."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QFileDialog, QWidget

from .settings import make_settings

KEY = "last_folder"


def last_folder() -> str:
    """The folder of the last file chosen in any dialog ("" at first)."""
    folder = make_settings().value(KEY)
    return folder if isinstance(folder, str) and os.path.isdir(folder) else ""


def remember(path: str) -> None:
    if path:
        s = make_settings()
        s.setValue(KEY, os.path.dirname(os.path.abspath(path)))
        s.sync()


def _start(name: str) -> str:
    """Where a dialog opens: ``name`` in the last folder, else in the
    user's home (never the program's working folder)."""
    folder = last_folder() or os.path.expanduser("~")
    if not name:
        return folder
    if os.path.isabs(name):
        return name
    return os.path.join(folder, name)


def open_path(parent: QWidget | None, title: str, filt: str, start: str = "") -> str:
    """Ask for a file to read, starting in ``start`` or the last folder."""
    path, _ = QFileDialog.getOpenFileName(parent, title, _start(start), filt)
    remember(path)
    return path


def save_path(parent: QWidget | None, title: str, name: str, filt: str) -> str:
    """Ask where to write ``name``, starting in the last folder."""
    path, _ = QFileDialog.getSaveFileName(parent, title, _start(name), filt)
    remember(path)
    return path
