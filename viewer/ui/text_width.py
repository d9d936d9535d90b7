"""Text widths, measured once per font and text.

A slider step asks how wide its value box must be; measuring with
QFontMetrics each time costs the GUI thread more than the rest of the
step, and the answer only changes with the font or the text."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QFont, QFontMetrics

CACHE_MAX = 4096
"""Widths kept; the cache starts again when it holds more (a long drag over
a float slider meets many texts)."""

_widths: dict[tuple[str, str], int] = {}


def widest(font: QFont, texts: Iterable[str]) -> int:
    """The width of the widest of ``texts`` in ``font`` (0 for none), each
    ``QFontMetrics(font).horizontalAdvance(text)`` measured once."""
    key = font.key()
    metrics = None
    best = 0
    for text in texts:
        w = _widths.get((key, text))
        if w is None:
            if metrics is None:
                metrics = QFontMetrics(font)
            if len(_widths) >= CACHE_MAX:
                _widths.clear()
            w = _widths[key, text] = metrics.horizontalAdvance(text)
        best = max(best, w)
    return best
