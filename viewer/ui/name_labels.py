"""Names over the map (a town's name at its centre): whole words on a dark
box, drawn at one size on screen whatever the zoom, so they stay legible
zoomed out and in, unlike the marker letters, which are fitted into a
square.  :func:`split_names` takes the markers that are names out of a
picture's markers; :class:`NameLabels` shows them on a map view, and
:func:`centre_on` moves a view to a cell (the Towns table's rows)."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtGui import QFont

from ..engine.protocol import Marker

NAME_KINDS = ("town",)
"""Marker kinds shown as names (not as letters)."""
NAME_FONT = QFont()
NAME_FONT.setBold(True)
NAME_FONT.setPointSize(9)
NAME_Z = 11
CENTRED_CELLS = 40
"""Centring a fitted map zooms in to about this many cells across."""


def split_names(markers: Sequence[Marker]) -> tuple[list[Marker], list[Marker]]:
    """(the markers drawn as letters, the markers drawn as names)."""
    letters = [m for m in markers if m.kind not in NAME_KINDS]
    names = [m for m in markers if m.kind in NAME_KINDS]
    return letters, names


class NameLabels:
    """The names shown over ``vb`` (a pyqtgraph ViewBox), one text item each,
    placed at the cell centres of a square map drawn at ``scale`` pixels per
    cell."""

    def __init__(self, vb: pg.ViewBox) -> None:
        self.vb = vb
        self.items: list[pg.TextItem] = []
        self._shown: tuple = ()

    def show(self, names: Sequence[Marker], scale: float) -> None:
        key = (tuple((m.label, m.x, m.y) for m in names), scale)
        if key == self._shown:
            return
        self._shown = key
        self.clear()
        for m in names:
            item = pg.TextItem(m.label, color=(255, 255, 255), fill=(0, 0, 0, 160),
                               anchor=(0.5, 0.5))
            item.setFont(NAME_FONT)
            item.setZValue(NAME_Z)
            item.setPos((m.x + 0.5) * scale, (m.y + 0.5) * scale)
            self.vb.addItem(item, ignoreBounds=True)
            self.items.append(item)

    def clear(self) -> None:
        for item in self.items:
            self.vb.removeItem(item)
        self.items.clear()

    def names(self) -> list[tuple[str, float, float]]:
        """Every name shown with its place in view coordinates (for tests)."""
        return [(item.textItem.toPlainText(), item.pos().x(), item.pos().y())
                for item in self.items]


def centre_on(view, x: int, y: int) -> None:
    """Show cell (x, y) of ``view``'s square map in the middle of it, at
    the zoom it has (a fitted map is zoomed in first)."""
    vb = view.vb
    (x0, x1), (y0, y1) = vb.viewRange()
    scale = view.scale
    hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
    if not view.user_moved and view.world is not None:
        across = min(CENTRED_CELLS, max(view.world)) * scale
        f = across / max(2 * hw, 1e-9)
        if f < 1:
            hw, hh = hw * f, hh * f
    cx, cy = (x + 0.5) * scale, (y + 0.5) * scale
    view.user_moved = True
    vb.setRange(xRange=(cx - hw, cx + hw), yRange=(cy - hh, cy + hh), padding=0)
