"""Many Qt calls and signal emissions in one process do not wear out the
references to None and True (see viewer/runtime.py)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal

from viewer.runtime import EXTRA_REFS, guard_references as guard


class Emitter(QObject):
    sig = Signal()


def test_a_long_session_of_calls_and_emits_keeps_none_and_true_alive():
    needed = guard()
    if needed:
        assert sys.getrefcount(None) > EXTRA_REFS // 2
        assert sys.getrefcount(True) > EXTRA_REFS // 2
    e = Emitter()
    hits = []
    e.sig.connect(lambda: hits.append(1))
    calls = 3 * sys.getrefcount(True) if not needed else 50_000
    for _ in range(min(calls, 200_000)):
        e.setObjectName("x")
        e.sig.emit()
    assert len(hits) == min(calls, 200_000)
    assert sys.getrefcount(None) > 0 and sys.getrefcount(True) > 0
