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


TGP_CLASS_NAMES = ("clear", "water", "shore", "void")
HEIGHT_UNIT = 16
INVALID_HEIGHT = -32768


def _fixed(v: int) -> tuple[str, str]:
    if v == INVALID_HEIGHT:
        return f"{v} (not generated yet)", "-"
    return f"{v}", f"{v / HEIGHT_UNIT:g}"


def tgp_rows(x: int, y: int, layers: Mapping[str, np.ndarray],
             meaningful: frozenset[str] | None) -> list[tuple[str, str]]:
    """``(name, text)`` rows for tile ``(x, y)`` of a TerraGenesis map: the
    height of its north corner in fixed point (16 = one level) and in levels, the
    raw noise there, the tile height, the tile class and what the step changed."""
    def ok(name: str) -> bool:
        return name in layers and (meaningful is None or name in meaningful)

    rows = [("tile", f"{x},{y}")]
    if ok("heightmap"):
        fixed, levels = _fixed(int(layers["heightmap"][y, x]))
        rows += [("corner (fixed point)", fixed), ("corner (levels)", levels)]
    else:
        rows += [("corner (fixed point)", NOT_MEANINGFUL), ("corner (levels)", NOT_MEANINGFUL)]
    if ok("noise"):
        rows.append(("noise (fixed point)", _fixed(int(layers["noise"][y, x]))[0]))
    rows.append(("tile height", str(int(layers["tile_height"][y, x]))
                 if ok("tile_height") else NOT_MEANINGFUL))
    if ok("tile_class"):
        c = int(layers["tile_class"][y, x])
        name = TGP_CLASS_NAMES[c] if 0 <= c < len(TGP_CLASS_NAMES) else "?"
        rows.append(("class", f"{name} ({c})"))
    else:
        rows.append(("class", NOT_MEANINGFUL))
    if ok("change"):
        rows.append(("change (fixed point)", str(int(layers["change"][y, x]))))
    return rows


CELL_ROWS = {"tgp": tgp_rows}
"""Inspector rows of generators that describe a cell in their own terms."""


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
