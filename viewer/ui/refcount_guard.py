"""A guard against a reference-counting bug of some PySide6 builds.

PySide6 6.12 on Python 3.11 returns ``None`` from every void Qt method, and
``True`` from ``Signal.emit``, without taking a reference (on Python 3.12+
those objects are immortal, so it does no harm there).  Each call therefore
steals one reference, and after enough calls the interpreter aborts with
"deallocating None" / "deallocating True or False" — in a long session, or at
exit after a test run.

:func:`guard` measures the loss with a few harmless calls and, only if there
is one, gives ``None``, ``True`` and ``False`` so many extra references that
they can never run out (making them immortal, as Python 3.12 does).
"""

from __future__ import annotations

import ctypes
import sys

EXTRA_REFS = 1 << 40
_guarded = False


def _losses() -> tuple[int, int]:
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        sig = Signal()

    p = _Probe()
    n0, t0 = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(16):
        p.setObjectName("probe")          # a void method
        p.sig.emit()
    return n0 - sys.getrefcount(None), t0 - sys.getrefcount(True)


def guard() -> bool:
    """Protect ``None``/``True``/``False`` if this PySide6 loses references to
    them; returns whether the guard was needed (and applied)."""
    global _guarded
    if _guarded or sys.version_info >= (3, 12):
        return _guarded
    lost_none, lost_true = _losses()
    if lost_none > 0 or lost_true > 0:
        for obj in (None, True, False):
            ctypes.c_ssize_t.from_address(id(obj)).value += EXTRA_REFS
        _guarded = True
    return _guarded
