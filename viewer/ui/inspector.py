"""The inspector: every value the algorithm keeps for the hovered sector."""

from __future__ import annotations

import html
from collections.abc import Mapping

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ..engine.protocol import LayerInfo

NOT_MEANINGFUL = "not meaningful at this step"


def relative(v: int, size: int) -> int:
    """A coordinate relative to the deity's origin, as xdump prints it."""
    return v if v < size // 2 else v - size


def describe_value(value: int | float, info: LayerInfo | None) -> str:
    if info is not None and info.labels and int(value) in info.labels:
        return f"{value} ({info.labels[int(value)]})"
    return f"{value}"


def sector_rows(x: int, y: int, world: tuple[int, int], layers: Mapping[str, np.ndarray],
                infos: Mapping[str, LayerInfo], meaningful: frozenset[str] | None,
                hexes: bool = True) -> list[tuple[str, str]]:
    """``(name, text)`` rows describing sector ``(x, y)`` of a hex torus (or
    cell ``(x, y)`` of a square grid when ``hexes`` is False)."""
    wx, wy = world
    if hexes:
        rows = [("sector", f"{x},{y}"),
                ("relative (xdump)", f"{relative(x, wx)},{relative(y, wy)}")]
        i = x // 2
    else:
        rows = [("cell", f"{x},{y}")]
        i = x
    for name, arr in layers.items():
        if meaningful is not None and name not in meaningful:
            rows.append((name, NOT_MEANINGFUL))
            continue
        v = arr[y, i]
        rows.append((name, describe_value(v.item(), infos.get(name))))
    return rows


class Inspector(QScrollArea):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        inner = QWidget()
        lay = QVBoxLayout(inner)
        self.label = QLabel("hover over the map")
        self.label.setTextFormat(Qt.TextFormat.RichText)
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
