"""The Layers list: one row per layer a result (or generator) declares."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from ..engine.protocol import LayerInfo


def fill_layer_list(box: QListWidget, infos: Mapping[str, LayerInfo], current: str,
                    default: str | None = None) -> str:
    """Show ``infos`` in ``box`` with ``current`` selected (else ``default``,
    else the first), without announcing; returns the layer selected."""
    names = list(infos)
    chosen = current if current in infos else (default if default in infos else
                                                 (names[0] if names else current))
    box.blockSignals(True)
    try:
        shown = [box.item(i).data(Qt.ItemDataRole.UserRole) for i in range(box.count())]
        if shown != names:
            box.clear()
            for name, info in infos.items():
                item = QListWidgetItem(name + ("  (debug)" if info.debug else ""))
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setToolTip(info.description)
                box.addItem(item)
        for i in range(box.count()):
            if box.item(i).data(Qt.ItemDataRole.UserRole) == chosen:
                box.setCurrentRow(i)
    finally:
        box.blockSignals(False)
    return chosen


def select_layer(box: QListWidget, name: str) -> bool:
    """Select layer ``name`` in ``box`` (announcing it); False when not listed."""
    for i in range(box.count()):
        if box.item(i).data(Qt.ItemDataRole.UserRole) == name:
            box.setCurrentRow(i)
            return True
    return False
