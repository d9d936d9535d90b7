"""The inspector: every value the algorithm keeps for the hovered sector."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ..engine.inspect import NOT_MEANINGFUL


class Inspector(QScrollArea):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        # long values wrap: nothing hides behind a horizontal scroll bar
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget()
        lay = QVBoxLayout(inner)
        self.label = QLabel("hover over the map")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.label)
        lay.addStretch(1)
        self.setWidget(inner)
        self.rows: list[tuple[str, str]] = []

    def show_rows(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows
        grey = ' style="color:#999"'
        cells = "".join(
            f"<tr><td><b>{html.escape(k)}</b>&nbsp;</td>"
            f"<td{grey if v == NOT_MEANINGFUL else ''}>{html.escape(v)}</td></tr>"
            for k, v in rows)
        self.label.setText(f"<table cellspacing='2'>{cells}</table>")

    def clear(self) -> None:
        self.rows = []
        self.label.setText("hover over the map")

    def as_dict(self) -> dict[str, str]:
        return dict(self.rows)
