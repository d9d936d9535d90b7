"""The graph of a Number Link puzzle, bridges included: a node per square,
and one more per bridge (a bridge square's own node carries the path across
it, the extra node the path down it).  Links are the edges: a square's
left and right links meet its own node, its up and down links the extra
node when it is a bridge.  The deduction solver and the bridge SAT
encoding both work on this graph."""

from __future__ import annotations

from dataclasses import dataclass

from .puzzle import Puzzle

__all__ = ["Graph", "graph_of"]


@dataclass(frozen=True)
class Graph:
    n: int
    """Squares (nodes 0..n-1 are the squares, ``y*w + x``)."""
    nodes: int
    """Squares plus bridges (node ``n + j`` is bridge ``j``'s crossing down)."""
    ea: tuple[int, ...]
    eb: tuple[int, ...]
    right_edge: dict[tuple[int, int], int]
    """``(y, x)`` -> the link between ``(x, y)`` and ``(x + 1, y)``."""
    down_edge: dict[tuple[int, int], int]
    square_of: tuple[int, ...]
    """The square of each node."""
    down_node: dict[int, int]
    """Bridge square -> its node for the path down it."""


def graph_of(puzzle: Puzzle) -> Graph:
    h, w = puzzle.cells.shape
    n = w * h
    bridges = puzzle.bridge_squares
    down_node = {sq: n + j for j, sq in enumerate(bridges)}
    ea: list[int] = []
    eb: list[int] = []
    right_edge: dict[tuple[int, int], int] = {}
    down_edge: dict[tuple[int, int], int] = {}
    for y in range(h):
        for x in range(w):
            i = y * w + x
            if x < w - 1:
                right_edge[(y, x)] = len(ea)
                ea.append(i)
                eb.append(i + 1)
            if y < h - 1:
                down_edge[(y, x)] = len(ea)
                ea.append(down_node.get(i, i))
                eb.append(down_node.get(i + w, i + w))
    square_of = tuple(range(n)) + tuple(bridges)
    return Graph(n, n + len(bridges), tuple(ea), tuple(eb), right_edge, down_edge, square_of,
                 down_node)
