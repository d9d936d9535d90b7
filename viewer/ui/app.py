"""Start the workbench window."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

from .. import runtime
from .settings import APPLICATION, ORGANISATION


def main(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run until it closes; returns the exit status."""
    runtime.configure_window()      # (what the window's process needs: viewer.runtime)
    app = QApplication.instance() or QApplication(list(argv if argv is not None else sys.argv))
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    restore = close_on_signals(window)
    try:
        code = int(app.exec())
    finally:
        restore()
    window.shutdown()          # no worker thread outlives the window
    return code


def close_on_signals(window: QWidget) -> Callable[[], None]:
    """Close ``window`` as its close button does (settings saved, workers
    stopped) on SIGTERM (a logout, ``kill``) and on Ctrl+C in the terminal
    that started it, instead of dying where it stands.  Returns what puts
    the previous handlers back."""
    sigs = [signal.SIGTERM, signal.SIGINT]
    before = {sig: signal.getsignal(sig) for sig in sigs}
    for sig in sigs:
        signal.signal(sig, lambda _sig, _frame: window.close())
    # Python runs its signal handlers between bytecodes: a timer lets it in
    # while Qt's event loop waits in C
    timer = QTimer(window)
    timer.timeout.connect(lambda: None)
    timer.start(200)

    def restore() -> None:
        timer.stop()
        for sig, handler in before.items():
            signal.signal(sig, handler)

    return restore
