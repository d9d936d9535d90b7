"""A warning bar above the map: one sentence about the result shown and,
optionally, one button that acts on it (e.g. "Go to step 812")."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

STYLE = ("QFrame#banner { background: #5a4712; border-bottom: 1px solid #c9a227; }"
         "QFrame#banner QLabel { color: #ffe9a8; }")


class Banner(QFrame):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("banner")
        self.setStyleSheet(STYLE)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.label, 1)
        self.button = QPushButton()
        self.button.clicked.connect(self._clicked)
        lay.addWidget(self.button)
        self._on_click: Callable[[], None] | None = None
        self.hide()

    def show_message(self, text: str, button: str | None = None,
                     on_click: Callable[[], None] | None = None) -> None:
        self.label.setText(text)
        self.setToolTip(text)
        self._on_click = on_click
        self.button.setText(button or "")
        self.button.setVisible(bool(button and on_click))
        self.show()

    def clear(self) -> None:
        self._on_click = None
        self.label.clear()
        self.hide()

    def text(self) -> str:
        return self.label.text() if self.isVisible() or not self.isHidden() else ""

    def _clicked(self) -> None:
        if self._on_click is not None:
            self._on_click()
