"""A table's rows with their orders by every column, both ways, worked out
where the rows are made (the run's thread), so that the GUI thread sorts
nothing: a header click only picks an order made already (Qt's own sort of
thousands of items took ~50 ms of the GUI thread in one call).  Numbers
sort as numbers, words case-insensitively (ties by their case), a column's
own keys when given (a location by x then y); rows equal in the column
keep the first column's order.  No Qt."""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from numbers import Number

import numpy as np

Row = tuple[tuple, tuple[int, int], dict[int, str]]
"""A table row: its cells, the (x, y) it centres the map on, its tooltips
by column."""

WIDEST = 8
"""How many of a column's longest texts are kept for its width to be
measured on (the GUI thread measures these, not every cell)."""


def _dense_ranks(keys: np.ndarray) -> np.ndarray:
    """Each key's rank among the distinct keys (equal keys, equal ranks)."""
    return np.unique(keys, return_inverse=True)[1].reshape(-1).astype(np.int64)


def column_ranks(values: Sequence, keys: Sequence | None = None) -> np.ndarray:
    """The rank of each of a column's ``values`` in its ascending order:
    ``keys`` (numbers) when given, else numbers as numbers, else the texts
    case-insensitively, ties by their case."""
    if keys is not None:
        return _dense_ranks(np.asarray(keys))
    if len(values) and all(isinstance(v, Number) and not isinstance(v, bool) for v in values):
        return _dense_ranks(np.asarray(values, dtype=np.float64))
    texts = ["" if v is None else str(v) for v in values]
    folded = _dense_ranks(np.array([t.casefold() for t in texts], dtype=str))
    cased = _dense_ranks(np.array(texts, dtype=str))
    return folded * (int(cased.max(initial=0)) + 1) + cased


def _longest(texts: Sequence[str]) -> tuple[str, ...]:
    return tuple(heapq.nlargest(WIDEST, set(texts), key=len))


class SortedRows(Sequence):
    """``rows`` in the first column's ascending order, and the table's order
    of them (indices into this sequence) by each column both ways
    (:meth:`order`); :attr:`widest` holds each column's longest texts."""

    def __init__(self, rows: Sequence[Row], keys: Mapping[int, Sequence] | None = None) -> None:
        """``keys``: a column's sort keys (numbers), one per row of ``rows``,
        where its cells' values are not what it sorts by."""
        keys = dict(keys or {})
        n = len(rows)
        columns = len(rows[0][0]) if n else 0
        ranks = [column_ranks([r[0][c] for r in rows], keys.get(c)) for c in range(columns)]
        first = np.argsort(ranks[0], kind="stable") if columns else np.arange(n)
        self._rows: list[Row] = [rows[i] for i in first]
        self._orders: list[tuple[np.ndarray, np.ndarray]] = []
        for c in range(columns):
            rank = ranks[c][first]
            self._orders.append((np.argsort(rank, kind="stable"),
                                 np.argsort(-rank, kind="stable")))
        self.widest: tuple[tuple[str, ...], ...] = tuple(
            _longest([str(r[0][c]) for r in self._rows]) for c in range(columns))

    def order(self, column: int, descending: bool = False) -> np.ndarray:
        """The rows' indices in the order shown when sorted by ``column``."""
        if not self._orders:
            return np.arange(len(self._rows))
        return self._orders[column][1 if descending else 0]

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, i):
        return self._rows[i]

    def __iter__(self) -> Iterator[Row]:
        return iter(self._rows)

    def __eq__(self, other) -> bool:
        if isinstance(other, SortedRows):
            return self._rows == other._rows
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (equal by rows, which change nothing)

    def __repr__(self) -> str:
        return f"SortedRows({len(self._rows)} rows)"


def sorted_rows(rows: Sequence[Row] | SortedRows,
                keys: Mapping[int, Sequence] | None = None) -> SortedRows:
    """``rows`` as :class:`SortedRows` (as they are when they are already)."""
    return rows if isinstance(rows, SortedRows) else SortedRows(rows, keys)
