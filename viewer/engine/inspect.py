"""Inspector rows: what the window shows for the hovered cell, as
``(name, text)`` pairs.  The generic rows list every layer's value; a
generator may declare its own (its declaration's ``inspect``)."""

from __future__ import annotations

from .protocol import HexTorus, LayerInfo, MapState

NOT_MEANINGFUL = "not meaningful at this step"

Rows = list[tuple[str, str]]


def relative(v: int, size: int) -> int:
    """A coordinate relative to the deity's origin, as xdump prints it."""
    return v if v < size // 2 else v - size


def describe_value(value: int | float, info: LayerInfo | None) -> str:
    if info is not None and info.labels and int(value) in info.labels:
        return f"{value} ({info.labels[int(value)]})"
    return f"{value}"


def inside(state: MapState, x: int, y: int) -> bool:
    """Whether cell ``(x, y)`` is on the state's map (a hover from an older,
    larger map is not)."""
    g = state.result.grid
    if not (0 <= x < g.width and 0 <= y < g.height):
        return False
    return not isinstance(g, HexTorus) or (x + y) % 2 == 0


def layer_rows(state: MapState, x: int, y: int) -> Rows:
    """Every layer's value at the cell (hex layers are indexed ``[y, x // 2]``)."""
    hexes = isinstance(state.result.grid, HexTorus)
    i = x // 2 if hexes else x
    rows = []
    for name, arr in state.layers.items():
        if not state.ok(name):
            rows.append((name, NOT_MEANINGFUL))
            continue
        v = arr[y, i]
        rows.append((name, describe_value(v.item(), state.result.layer_info.get(name))))
    return rows


def rows(state: MapState, x: int, y: int) -> Rows:
    """The generic rows: the cell's coordinates, then every layer's value."""
    if isinstance(state.result.grid, HexTorus):
        head = [("sector", f"{x},{y}")]
    else:
        head = [("cell", f"{x},{y}")]
    return head + layer_rows(state, x, y)
