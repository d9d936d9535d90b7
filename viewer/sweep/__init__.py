"""Sweeps: one generator over thousands of seeds and up to two varied
parameters, one row of metrics per case, locally or on a Dask cluster.
No Qt here; the CLI (:mod:`viewer.cli.sweep`) and the window's Sweep dock
(:mod:`viewer.ui.sweep_dock`) are built on :func:`run_sweep`.

::

    spec = build_spec(NAME, {"a": 20}, "1..10000", [("b", [0, 10])])
    order = Reorder()
    with TableWriter.for_spec("out.csv", spec) as table:
        for batch in run_sweep(spec, LocalPool(2)):   # as batches finish
            table.write(order.add(batch))             # in case order
        table.write(order.rest())

:mod:`.spec` checks the specification, :mod:`.cases` runs batches of
cases, :mod:`.backends` says where, :mod:`.output` orders and writes rows.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from .backends import Backend, BackendError, DaskCluster, InProcess, LocalPool, default_jobs
from .cases import BatchResult, batch_size_for, batches, run_batch, run_case
from .output import Reorder, TableWriter, TopK, format_rows, table_format, write_table
from .spec import SweepSpec, build_spec, parse_seeds

__all__ = ["Backend", "BackendError", "BatchResult", "DaskCluster", "InProcess", "LocalPool",
           "Reorder", "SweepSpec", "TableWriter", "TopK", "batch_size_for", "batches",
           "build_spec", "collect", "default_jobs", "format_rows", "parse_seeds", "run_batch",
           "run_case", "run_sweep", "table_format", "write_table"]


def run_sweep(spec: SweepSpec, backend: Backend | None = None, *,
              cancel: threading.Event | None = None,
              batch_size: int | None = None) -> Iterator[BatchResult]:
    """Run every case of ``spec``, yielding batches of rows as they finish
    (in any order; see :class:`Reorder`).  Setting ``cancel`` stops the
    sweep soon, still yielding what the running batches did."""
    backend = backend if backend is not None else LocalPool()
    cancel = cancel if cancel is not None else threading.Event()
    with backend:
        size = batch_size or batch_size_for(spec.n_cases, backend.workers)
        yield from backend.run(batches(spec, size), cancel)


def collect(spec: SweepSpec, backend: Backend | None = None, **kw) -> list[tuple]:
    """Every row of a sweep, in case order."""
    order = Reorder()
    rows: list[tuple] = []
    for batch in run_sweep(spec, backend, **kw):
        rows.extend(order.add(batch))
    rows.extend(order.rest())
    return rows
