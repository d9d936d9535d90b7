"""The window closes as its close button does when the system asks it to
(SIGTERM at a logout, Ctrl+C in its terminal): the session is saved."""

from __future__ import annotations

import os
import signal

WAIT = 120_000


def test_sigterm_closes_the_window_and_saves_the_session(qtbot, window):
    from PySide6.QtWidgets import QApplication

    from viewer.ui.app import close_on_signals

    w = window
    w.set_generator("numberlink")
    qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "numberlink"
                    and not w.busy(), timeout=WAIT)
    before = signal.getsignal(signal.SIGTERM)
    restore = close_on_signals(w)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: not w.isVisible(), timeout=5_000)
    finally:
        restore()
    assert signal.getsignal(signal.SIGTERM) is before
    QApplication.processEvents()
    assert w.settings.value("generator") == "numberlink"
    assert w.settings.value("geometry") is not None     # what only a close saves


def test_the_map_last_made_is_the_generator_the_next_session_opens(qtbot, window):
    """Even a session that ends without closing (a crash, SIGKILL) opens
    again on the generator of the last map it made."""
    w = window
    w.set_generator("tgp")
    qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "tgp"
                    and not w.busy(), timeout=WAIT)
    assert w.settings.value("generator") == "tgp"
