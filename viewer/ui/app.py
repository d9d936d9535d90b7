"""Start the workbench window."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from .settings import APPLICATION, ORGANISATION


def main(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it closes; returns the exit status."""
    app = QApplication.instance() or QApplication(list(argv if argv is not None else sys.argv))
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    code = int(app.exec())
    window.shutdown()          # no worker thread outlives the window
    return code
