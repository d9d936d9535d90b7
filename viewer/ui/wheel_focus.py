"""The wheel changes a control only when it has the focus.

A slider or a combo box in a scrolled panel takes the wheel by default:
scrolling the panel with the pointer passing over one silently changes its
setting.  :func:`wheel_needs_focus` makes such a control behave as in Qt's
own settings dialogs: without the focus, the wheel scrolls what holds it;
a click (or Tab) gives it the focus, and then the wheel changes it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

__all__ = ["wheel_needs_focus"]


class _WheelNeedsFocus(QObject):
    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.Wheel or obj.hasFocus():
            return False
        area = _scroll_area_of(obj)
        if area is not None:
            QApplication.sendEvent(area.viewport(), event)   # the panel scrolls
            event.accept()
        else:
            event.ignore()          # refused here: Qt hands it to the parent
        return True


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area that holds ``widget`` (within its window), if any."""
    w = widget.parentWidget()
    while w is not None:
        if isinstance(w, QAbstractScrollArea):
            return w
        if w.isWindow():
            return None
        w = w.parentWidget()
    return None


def wheel_needs_focus(widget: QWidget) -> QWidget:
    """``widget`` takes the wheel only when it has the focus (which the
    wheel itself never gives it); returns ``widget``."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_WheelNeedsFocus(widget))
    return widget
