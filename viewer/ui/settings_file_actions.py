"""File > Use settings from ...: for each generator that declares a settings
file of another program (``Declaration.settings_file``, e.g. a game's own
configuration), one action that asks for such a file (its program's usual
place offered first), chooses that generator and takes the file's settings
as one undoable change, then makes the map.  A refused file is one line in
the status bar (and a message box when asked from the menu); the settings
stay as they were."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from .. import registry
from ..workbench import Workbench
from . import folders


class SettingsFileActions:
    def __init__(self, wb: Workbench, shell):
        self.wb, self.shell = wb, shell
        self.last_error = ""
        self.actions = {}
        for name in registry.names():
            declared = registry.declaration(name).load("settings_file")
            if declared is not None:
                self.actions[name] = shell.action(
                    "File", declared.title, lambda _checked=False, n=name: self.ask(n),
                    tip=f"take {registry.declaration(name).title}'s settings from a file")

    def ask(self, name: str) -> None:
        declared = registry.declaration(name).load("settings_file")
        title = declared.title.replace("&", "").rstrip(".")
        path = folders.open_path(self.shell.widget, title, declared.file_filter,
                                 str(declared.default_path()))
        if path and not self.use(name, path):
            QMessageBox.warning(self.shell.widget, title, self.last_error)

    def use(self, name: str, path: str) -> bool:
        """Take generator ``name``'s settings from file ``path`` and make the
        map; False (the status line says why) when the file is refused."""
        declared = registry.declaration(name).load("settings_file")
        try:
            values, notes = declared.read(path)
        except ValueError as exc:
            self.last_error = str(exc)
            self.shell.status(self.last_error, error=True)
            return False
        wb = self.wb
        wb.set_generator(name)
        with wb.changes(declared.title.replace("&", "").rstrip(".")):
            wb.set_values(values)
        wb.request(force=True)
        self.shell.status("; ".join([f"settings of {path} in use", *notes]))
        return True
