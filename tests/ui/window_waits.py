"""What the window tests wait for and read: the map settled, a grab's pixels,
the layout requests widgets receive."""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QImage

WAIT_MS = 120_000


def settle(qtbot, w, pred=lambda: True, timeout: int = WAIT_MS) -> None:
    """Wait until window ``w`` shows a map, is generating nothing, and ``pred()``."""
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=timeout)


@contextmanager
def reopened(qtbot, w):
    """Close window ``w`` (it saves its settings) and open a new one, as a
    user starting the application again; the new window, its first map
    settled, is shut down after the block."""
    from viewer.ui.main_window import MainWindow

    w.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    try:
        settle(qtbot, again)
        yield again
    finally:
        again.shutdown()


def rgb(img: QImage) -> np.ndarray:
    """A QImage's pixels as an (h, w, 3) int16 array."""
    img = img.convertToFormat(QImage.Format.Format_RGB888)
    w, h, line = img.width(), img.height(), img.bytesPerLine()
    a = np.frombuffer(img.constBits(), np.uint8, line * h).reshape(h, line)[:, :w * 3]
    return a.reshape(h, w, 3).astype(np.int16)


class Events(QObject):
    """Counts the events of type ``kind`` each of ``widgets`` receives, by
    the widget's class name (:attr:`seen`)."""

    def __init__(self, kind: QEvent.Type, *widgets):
        super().__init__()
        self.kind = kind
        self.seen: dict[str, int] = {}
        self.names = {w: type(w).__name__ for w in widgets}
        for w in widgets:
            w.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == self.kind and obj in self.names:
            name = self.names[obj]
            self.seen[name] = self.seen.get(name, 0) + 1
        return False


def layout_requests(*widgets) -> Events:
    """The LayoutRequest events ``widgets`` receive from now on."""
    return Events(QEvent.Type.LayoutRequest, *widgets)
