"""Running cases: a sweep is cut into batches of consecutive cases, and a
batch runs anywhere (this process, a pool worker, a Dask worker) as one
picklable :class:`BatchJob` giving one :class:`BatchResult` of rows.

A case runs the generator without a trace; its row is ``seed``, the
parameters, ``ok`` (1, or 0 when the generator refused or failed), ``error``
(the message, else empty) and the metrics (NaN when not ok).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..engine.params import ParamError
from ..engine.protocol import GenerationError
from .spec import SweepSpec

__all__ = ["BatchJob", "BatchResult", "batches", "run_batch", "batch_size_for", "run_case"]


@dataclass(frozen=True)
class BatchJob:
    """Cases ``start .. stop - 1`` of a sweep; ``spec`` holds only their seeds,
    its case ``local`` being the sweep's case ``start``."""

    spec: SweepSpec
    start: int
    stop: int
    local: int


@dataclass
class BatchResult:
    """Rows of cases ``start .. start + len(rows) - 1`` (fewer than asked
    when the batch was cancelled)."""

    start: int
    stop: int
    rows: list[tuple]

    @property
    def complete(self) -> bool:
        return self.start + len(self.rows) == self.stop


def batch_size_for(n_cases: int, workers: int) -> int:
    """Batches small enough to share the work and stop quickly, large enough
    that the per-batch cost (pickling, scheduling) stays small."""
    return max(1, min(200, n_cases // max(1, 8 * workers)))


def batches(spec: SweepSpec, size: int) -> Iterator[BatchJob]:
    n = len(spec.combos)
    for start in range(0, spec.n_cases, size):
        stop = min(start + size, spec.n_cases)
        first, last = start // n, (stop - 1) // n + 1
        sub = dataclasses.replace(spec, seeds=spec.seeds[first:last])
        yield BatchJob(sub, start, stop, start - first * n)


def run_case(spec: SweepSpec, seed, values) -> tuple[int, str, dict[str, float]]:
    """(ok, error, metrics) of one case."""
    gen = spec.gen
    try:
        result = gen.generate(values, seed=seed, trace=False)
        return 1, "", gen.metrics(result, **spec.options)
    except GenerationError as exc:
        return 0, str(exc), gen.metrics.of_failure(exc)
    except ParamError as exc:
        return 0, str(exc), {}
    except Exception as exc:  # one failing case must not end a sweep of thousands
        return 0, f"{type(exc).__name__}: {exc}", {}


def run_batch(job: BatchJob, cancelled: Callable[[], bool] | None = None) -> BatchResult:
    """Run a batch; ``cancelled()`` is polled between cases."""
    spec = job.spec
    names = spec.metric_names
    prefixes = [spec.row_prefix(c) for c in spec.combos]
    n = len(spec.combos)
    rows: list[tuple] = []
    for k in range(job.local, job.local + job.stop - job.start):
        if cancelled is not None and cancelled():
            break
        seed, values = spec.seeds[k // n], spec.combos[k % n]
        ok, error, metrics = run_case(spec, seed, values)
        rows.append((seed, *prefixes[k % n], ok, error,
                     *(metrics.get(m, spec.gen.metrics.missing(m)) for m in names)))
    return BatchResult(job.start, job.stop, rows)


def batch_kernels(job: BatchJob) -> contextlib.AbstractContextManager:
    """The generator's choice of kernels for batches in worker processes, as
    a context manager (its declaration's ``batch_kernels``, e.g. an
    ahead-of-time compiled module, which starts without numba and compiles
    nothing, but holds the GIL, so not for batches in a GUI's process); a
    no-op where the generator has none."""
    choose = job.spec.gen.batch_kernels
    return choose() if choose is not None else contextlib.nullcontext()
