"""The window's pieces of work for a new map (:mod:`viewer.ui.turns`): one
piece a turn of the event loop, in the order asked, each once however often
asked before it runs, a piece asking again going after those waiting, and
nothing run for a widget closed before its turn."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from viewer.ui import turns


class Piece(QObject):
    def __init__(self, name: str, log: list, again: int = 0):
        super().__init__()
        self.name, self.log, self.again = name, log, again

    def run(self) -> None:
        self.log.append(self.name)
        if self.again:
            self.again -= 1
            turns.later(self.run)


def test_pieces_run_one_a_turn_in_the_order_asked(qtbot):
    log: list[str] = []
    beat = QTimer()                 # a turn of the event loop between two beats
    beat.setInterval(0)
    beat.timeout.connect(lambda: log.append("beat"))
    a, b = Piece("a", log, again=2), Piece("b", log)
    beat.start()
    turns.later(a.run)
    turns.later(b.run)
    turns.later(a.run)                          # asked again before it ran: once
    assert turns.pending(a.run) and turns.pending(b.run)
    qtbot.waitUntil(lambda: log.count("a") == 3 and log[-1] == "beat", timeout=5000)
    beat.stop()
    pieces = [x for x in log if x != "beat"]
    assert pieces == ["a", "b", "a", "a"]
    assert all(not (x != "beat" and y != "beat") for x, y in zip(log, log[1:])), log
    assert not turns.pending(a.run)


def test_a_widget_closed_before_its_turn_is_skipped(qtbot):
    from shiboken6 import delete

    log: list[str] = []
    gone, kept = Piece("gone", log), Piece("kept", log)
    turns.later(gone.run)
    turns.later(kept.run)
    delete(gone)
    qtbot.waitUntil(lambda: log == ["kept"], timeout=5000)
