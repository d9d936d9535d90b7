"""The sweep's table as it streams: rows put back in case order, written to
CSV or Parquet atomically, and the best K rows by a metric kept on the way.

Batches finish in any order; :class:`Reorder` releases rows as soon as all
the cases before them are done, so the table comes out sorted by case and
the same whatever the backend, while holding only the batches finished
ahead of a slower one.  When a sweep is stopped early, :meth:`Reorder.rest`
gives the remaining finished rows, still in case order.
"""

from __future__ import annotations

import csv
import heapq
import io
import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..engine.names import shown_name
from ..formats.atomic import OutputSet, WriteError
from .cases import BatchResult
from .spec import SweepSpec

__all__ = ["Reorder", "TableWriter", "TopK", "table_format", "write_table", "format_rows"]

FORMATS = {".csv": "csv", ".parquet": "parquet"}
PARQUET_ROWS_PER_GROUP = 8192


def table_format(path: str | os.PathLike) -> str:
    """``csv`` or ``parquet`` from the file name, or ValueError."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise ValueError(f"{shown_name(path)}: the table file must end in .csv or .parquet")
    return fmt


class Reorder:
    """Releases rows in case order as batches arrive in any order."""

    def __init__(self) -> None:
        self.next = 0
        self.pending: dict[int, BatchResult] = {}

    def add(self, batch: BatchResult) -> list[tuple]:
        self.pending[batch.start] = batch
        out: list[tuple] = []
        while self.next in self.pending:
            b = self.pending.pop(self.next)
            out.extend(b.rows)
            if not b.complete:  # a stopped batch: nothing after it is contiguous
                self.next = -1
                break
            self.next = b.stop
        return out

    def rest(self) -> list[tuple]:
        """Every row still held, in case order (after a stop: with gaps)."""
        out = [row for start in sorted(self.pending) for row in self.pending[start].rows]
        self.pending.clear()
        return out


def _csv_cell(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return ""
    return value


class TableWriter:
    """Writes rows to ``path`` (CSV or Parquet by its suffix) as every
    writer does (:class:`~viewer.formats.atomic.OutputSet`: the target
    checked first, a read-only file refused, a symbolic link written
    through, a temporary file beside it); :meth:`commit` puts it into place,
    :meth:`discard` removes it.  Use as a context manager: it commits on a
    normal exit and discards on an exception."""

    def __init__(self, path: str | os.PathLike, columns: Sequence[str],
                 kinds: dict[str, str]):
        self.path = Path(path)
        self.format = table_format(path)
        self.columns = tuple(columns)
        self.kinds = kinds
        self.rows_written = 0
        self._outputs = OutputSet(path)
        self._fh = self._outputs.stream(path)
        if self.format == "csv":
            self._text = io.TextIOWrapper(self._fh, encoding="utf-8", newline="")
            self._csv = csv.writer(self._text, lineterminator="\n")
            self._csv.writerow(self.columns)
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            types = {"int": pa.int64(), "float": pa.float64(), "text": pa.string()}
            self._schema = pa.schema([(c, types[kinds[c]]) for c in self.columns])
            self._parquet = pq.ParquetWriter(self._fh, self._schema)
            self._buffer: list[tuple] = []

    def _failed(self, exc: OSError) -> WriteError:
        self.discard()
        return WriteError(exc.errno, f"cannot write {shown_name(self.path)}: "
                                     f"{exc.strerror or exc}")

    @classmethod
    def for_spec(cls, path: str | os.PathLike, spec: SweepSpec) -> TableWriter:
        return cls(path, spec.columns, spec.column_kinds())

    def write(self, rows: Iterable[tuple]) -> None:
        rows = list(rows)
        self.rows_written += len(rows)
        try:
            if self.format == "csv":
                self._csv.writerows([_csv_cell(v) for v in row] for row in rows)
            else:
                self._buffer.extend(rows)
                if len(self._buffer) >= PARQUET_ROWS_PER_GROUP:
                    self._flush_parquet()
        except OSError as exc:
            raise self._failed(exc) from None

    def _flush_parquet(self) -> None:
        import pyarrow as pa

        if self._buffer:
            cols = list(zip(*self._buffer))
            table = pa.table([pa.array(list(c), type=f.type) for c, f in zip(cols, self._schema)],
                             schema=self._schema)
            self._parquet.write_table(table)
            self._buffer = []

    def commit(self) -> None:
        try:
            if self.format == "csv":
                self._text.flush()
            else:
                self._flush_parquet()
                self._parquet.close()
        except WriteError:
            self.discard()
            raise
        except OSError as exc:
            raise self._failed(exc) from None
        self._outputs.commit()

    def discard(self) -> None:
        self._outputs.abort()

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.discard()


def write_table(path: str | os.PathLike, columns: Sequence[str], kinds: dict[str, str],
                rows: Iterable[tuple]) -> None:
    """Write a whole table at once (the window's Export)."""
    with TableWriter(path, columns, kinds) as w:
        w.write(rows)


class TopK:
    """The best ``k`` rows by column ``by`` (largest first, or smallest with
    ``ascending``), ties going to the earlier case; rows not ok or with no
    value are left out.  Feed rows in case order."""

    def __init__(self, k: int, columns: Sequence[str], by: str, ascending: bool = False):
        self.k = k
        self.index = list(columns).index(by)
        self.ok = list(columns).index("ok")
        self.sign = 1.0 if ascending else -1.0
        self.seen = 0
        self._heap: list[tuple[float, int, tuple]] = []  # (-(sort key), -position, row)

    def add(self, rows: Iterable[tuple]) -> None:
        for row in rows:
            pos = self.seen
            self.seen += 1
            value = row[self.index]
            if not row[self.ok] or value is None or (isinstance(value, float)
                                                     and math.isnan(value)):
                continue
            item = (-self.sign * float(value), -pos, row)
            if len(self._heap) < self.k:
                heapq.heappush(self._heap, item)
            elif item[:2] > self._heap[0][:2]:
                heapq.heapreplace(self._heap, item)

    def rows(self) -> list[tuple]:
        return [row for _, _, row in sorted(self._heap, key=lambda t: (-t[0], -t[1]))]


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return f"{value:.4g}" if not value.is_integer() else str(int(value))
    return str(value)


def format_rows(columns: Sequence[str], rows: Sequence[tuple], show: Sequence[str]) -> str:
    """``rows`` as an aligned text table of the columns named in ``show``."""
    idx = [list(columns).index(c) for c in show]
    cells = [list(show)] + [[_fmt(r[i]) for i in idx] for r in rows]
    widths = [max(len(line[j]) for line in cells) for j in range(len(show))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(line, widths)).rstrip()
                     for line in cells) + "\n"
