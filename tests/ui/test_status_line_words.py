"""The status line says something new at every run and every step: one
line whatever it says, its new words repaint it and ask neither the status
bar nor the window for a new layout (a QLabel's new text did: the whole
window laid out again)."""

from __future__ import annotations

from window_waits import layout_requests


def test_a_new_status_message_repaints_the_status_line_and_lays_out_nothing(qtbot, window):
    w = window
    qtbot.wait(50)
    requests = layout_requests(w.statusBar())
    height = w.message.height()
    for text in ("fairland: a longer message than before, " * 6, "short", ""):
        w.status(text)
        qtbot.wait(20)
        assert w.message.text() == text
    assert requests.seen == {}
    assert w.message.height() == height
