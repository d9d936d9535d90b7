"""The table is the same row for row whatever the backend, the number of
workers and the order in which batches finish; a cancelled sweep keeps the
rows of the cases done, in case order."""

from __future__ import annotations

import random
import threading

import pyarrow.parquet as pq
import pytest

from viewer.sweep import (
    BatchResult,
    DaskCluster,
    InProcess,
    LocalPool,
    Reorder,
    TableWriter,
    TopK,
    build_spec,
    collect,
    run_sweep,
)

SPEC = build_spec("fairland", {"sp": 30}, "1..200", [("pm", [0, 30])])


def write(path, spec, backend, **kw):
    order = Reorder()
    with TableWriter.for_spec(path, spec) as table:
        for batch in run_sweep(spec, backend, **kw):
            table.write(order.add(batch))
        table.write(order.rest())
    return path


@pytest.fixture(scope="module")
def reference_rows():
    return collect(SPEC, InProcess())


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


@pytest.mark.slow
def test_local_pool_and_dask_local_cluster_write_identical_tables(tmp_path, dask_client,
                                                                  reference_rows):
    pool = write(tmp_path / "pool.csv", SPEC, LocalPool(2), batch_size=7)
    dask = write(tmp_path / "dask.csv", SPEC, DaskCluster(client=dask_client), batch_size=11)
    assert pool.read_bytes() == dask.read_bytes()
    lines = pool.read_text().splitlines()
    assert lines[0].split(",") == list(SPEC.columns)
    assert len(lines) == 1 + 400
    assert collect(SPEC, DaskCluster(client=dask_client), batch_size=50) == reference_rows
    # Parquet too, with typed columns.
    pool_pq = write(tmp_path / "pool.parquet", SPEC, LocalPool(2))
    dask_pq = write(tmp_path / "dask.parquet", SPEC, DaskCluster(client=dask_client))
    a, b = pq.read_table(pool_pq), pq.read_table(dask_pq)
    assert a.equals(b) and a.column_names == list(SPEC.columns)
    assert a.column("seed").to_pylist() == [r[0] for r in reference_rows]
    assert a.column("land_share").to_pylist() == [r[SPEC.columns.index("land_share")]
                                                  for r in reference_rows]


@pytest.mark.slow
def test_worker_count_and_batch_size_do_not_change_the_rows(reference_rows):
    assert collect(SPEC, LocalPool(1), batch_size=64) == reference_rows
    assert collect(SPEC, InProcess(), batch_size=13) == reference_rows


def test_rows_come_out_in_case_order_whatever_order_batches_finish(reference_rows):
    batches = []
    for b in run_sweep(SPEC, InProcess(), batch_size=9):
        batches.append(b)
    random.Random(5).shuffle(batches)
    order = Reorder()
    out = []
    for b in batches:
        out.extend(order.add(b))
        # Only whole runs of cases from the first one are ever released.
        assert out == reference_rows[:len(out)]
    out.extend(order.rest())
    assert out == reference_rows


def assert_cancel_keeps_the_done_cases_in_order(backend, reference_rows):
    """Cancel after the first batch: the rows kept are done cases, in case order."""
    cancel = threading.Event()
    order = Reorder()
    rows = []
    for batch in run_sweep(SPEC, backend, cancel=cancel, batch_size=10):
        rows.extend(order.add(batch))
        cancel.set()
    rows.extend(order.rest())
    assert 10 <= len(rows) < len(reference_rows)
    positions = [reference_rows.index(r) for r in rows]
    assert positions == sorted(positions)


def test_cancelling_keeps_the_done_cases_in_order(reference_rows):
    for backend in (InProcess(), LocalPool(2)):
        assert_cancel_keeps_the_done_cases_in_order(backend, reference_rows)


def test_stopped_batches_release_nothing_after_them():
    order = Reorder()
    assert order.add(BatchResult(0, 3, [("a",), ("b",), ("c",)])) == [("a",), ("b",), ("c",)]
    assert order.add(BatchResult(3, 6, [("d",)])) == [("d",)]   # stopped after one case
    assert order.add(BatchResult(6, 9, [("g",), ("h",), ("i",)])) == []
    assert order.rest() == [("g",), ("h",), ("i",)]


def test_top_k_keeps_the_best_and_the_earlier_case_on_ties():
    cols = ("seed", "ok", "m")
    rows = [(1, 1, 5.0), (2, 1, 9.0), (3, 0, float("nan")), (4, 1, 9.0), (5, 1, 1.0),
            (6, 1, float("nan"))]
    top = TopK(2, cols, "m")
    top.add(rows[:3])
    top.add(rows[3:])
    assert [r[0] for r in top.rows()] == [2, 4]
    low = TopK(3, cols, "m", ascending=True)
    low.add(rows)
    assert [r[0] for r in low.rows()] == [5, 1, 2]


def test_cancelling_a_dask_sweep_keeps_the_done_cases_in_order(dask_client, reference_rows):
    assert_cancel_keeps_the_done_cases_in_order(DaskCluster(client=dask_client), reference_rows)


def test_a_dask_batch_stops_when_the_sweeps_stop_event_is_set(dask_client):
    from distributed import Event

    from viewer.sweep.backends import _dask_batch
    from viewer.sweep.cases import batches

    job = next(batches(SPEC, 6))
    assert len(dask_client.submit(_dask_batch, job, "go", pure=False).result().rows) == 6
    Event("stop", client=dask_client).set()
    stopped = dask_client.submit(_dask_batch, job, "stop", pure=False).result()
    assert stopped.rows == [] and not stopped.complete


def test_no_batch_starts_far_ahead_of_a_slow_one():
    from viewer.sweep.backends import AHEAD_BATCHES, _Feeder
    from viewer.sweep.cases import batches

    feeder = _Feeder(batches(SPEC, 1), workers=2)
    first = feeder.take([])
    assert [j.start for j in first] == list(range(feeder.window))
    # Case 0 never finishes; the others finish as soon as they start.
    started = [j.start for j in first]
    while True:
        more = feeder.take([0])
        if not more:
            break
        started += [j.start for j in more]
    assert max(started) == max(AHEAD_BATCHES, 2 * feeder.window)
    assert feeder.take([max(started) + 1])   # once case 0 is done, on it goes
