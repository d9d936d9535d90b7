"""Each generator's metrics: what they measure, checked against the
result's own layers, and a sweep row holding exactly the metrics of a single
run of the same case."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
import registered

from viewer import registry
from viewer.engine.fairland.fairness import COLUMNS, fairness
from viewer.engine.numberlink.solver import solve
from viewer.engine.protocol import GenerationError
from viewer.sweep import InProcess, LocalPool, build_spec, collect

# a case of one's own where the quick values alone would not exercise a metric
CASES = {
    "fairland": ({"sp": 30, "pm": 20}, "1..6"),
    "tgp": ({"size": "64x64", "terrain": 3}, "1..3"),
    "ports": ({"tgp_size": "64x64", "n_ports": 8, "grid": 8, "min_distance": 4}, "1..3"),
    "numberlink": ({"size": "5x5", "check_unique": 1}, "1..6"),
}


def case(name: str):
    return CASES.get(name, (registered.quick(name), "1..3"))


def row_metrics(spec, row) -> dict[str, float]:
    return dict(zip(spec.columns, row))


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.mark.parametrize("name", [n for n in registered.names()
                                  if registry.declaration(n).metrics is not None])
def test_a_rows_metrics_equal_a_single_run_of_the_same_case(name):
    fixed, seeds = case(name)
    spec = build_spec(name, fixed, seeds)
    gen = registry.declaration(name)
    rows = collect(spec, InProcess(), batch_size=2)
    assert len(rows) == spec.n_cases
    for k, row in enumerate(rows):
        seed, values = spec.case(k)
        cells = row_metrics(spec, row)
        assert cells["seed"] == seed and cells["ok"] == 1 and cells["error"] == ""
        result = gen.generate(values, seed=seed)
        alone = gen.metrics(result, **spec.options)
        assert tuple(alone) == spec.metric_names
        assert all(same(cells[m], alone[m]) for m in alone), (k, cells, alone)


def test_rows_from_pool_workers_equal_single_runs_here():
    spec = build_spec("fairland", {"sp": 50, "pm": 30, "merge": 1}, "100..107")
    gen = registry.declaration("fairland")
    rows = collect(spec, LocalPool(2), batch_size=3)
    for k, row in enumerate(rows):
        seed, values = spec.case(k)
        alone = gen.metrics(gen.generate(values, seed=seed))
        assert [row_metrics(spec, row)[m] for m in alone] == list(alone.values())


def test_fairland_metrics_measure_the_world():
    gen = registry.declaration("fairland")
    r = gen.generate({"sp": 40, "pm": 25}, seed=7)
    m = gen.metrics(r)
    own, elev = r.layers["own"], r.layers["elevation"]
    assert m["land_share"] == (own >= 0).sum() / (64 * 32 // 2)
    assert m["mountain_share"] == ((own >= 0) & (elev >= 98)).sum() / (own >= 0).sum()
    table = fairness(r.layers, r.detail.capitals, (64, 32))
    for col in COLUMNS:
        assert m["spread_" + col.replace(" ", "_")] == table.spread[col]
    assert "spread_nearest_capital" in m
    # would_abort follows the run's assertion record
    assert m["would_abort"] == (r.detail.assertion is not None)
    aborting = dataclasses.replace(r, detail=dataclasses.replace(r.detail, assertion=object()))
    assert gen.metrics(aborting)["would_abort"] == 1
    sound = dataclasses.replace(r, detail=dataclasses.replace(r.detail, assertion=None))
    assert gen.metrics(sound)["would_abort"] == 0


def test_tgp_metrics_measure_the_tiles():
    gen = registry.declaration("tgp")
    r = gen.generate({"size": "64x64", "sea_level": 3}, seed=4)
    m = gen.metrics(r)
    assert m["water_share"] == r.layers["water"].mean()
    assert m["mean_height"] == pytest.approx(r.layers["tile_height"].mean())
    assert m["max_height"] == r.layers["tile_height"].max()
    assert 0 < m["water_share"] < 1


def test_ports_metrics_count_ports_and_classes():
    gen = registry.declaration("ports")
    r = gen.generate({"tgp_size": "64x64", "n_ports": 10, "grid": 8, "min_distance": 4},
                     seed=3)
    m = gen.metrics(r)
    assert m["ports_placed"] == len(r.markers) == (r.layers["ports"] >= 0).sum()
    assert m["ports_placed"] + m["ports_short"] == 10
    classes = ("hamlet", "village", "town", "city", "metropolis")
    assert sum(m[c] for c in classes) == m["ports_placed"]
    routes = [p["route_length"] for p in r.detail.ports]
    assert m["mean_route_length"] == pytest.approx(np.mean(routes))


def test_numberlink_metrics_and_uniqueness_under_the_chosen_rule():
    gen = registry.declaration("numberlink")
    seen = set()
    for seed in map(str, range(1, 7)):
        for rule in ("fill-no-touch", "free"):
            r = gen.generate({"size": "10x8", "rule": rule}, seed=seed)
            m = gen.metrics(r, check_unique=True)
            assert m["pairs"] == r.layers["paths"].max()
            assert m["length_max"] == r.layers["length"].max()
            status = solve(r.detail.puzzle, rule, 2).status
            assert m["unique_solution"] == (1 if status == "unique" else 0)
            seen.add(m["unique_solution"])
    assert seen == {0, 1}  # the sample holds both kinds
    assert "unique_solution" not in gen.metrics(r)


def test_a_failed_case_is_a_row_with_its_message_and_no_metrics():
    # Too much land for a 32x16 world: fairland gives up on some seeds.
    spec = build_spec("fairland", {"world": "32x16", "nc": 6, "ni": 6, "sc": 40}, "1..3")
    rows = collect(spec, InProcess())
    assert len(rows) == 3
    gen = registry.declaration("fairland")
    for k, row in enumerate(rows):
        seed, values = spec.case(k)
        with pytest.raises(GenerationError) as failed:
            gen.generate(values, seed=seed)
        cells = row_metrics(spec, row)
        assert cells["ok"] == 0
        assert cells["error"] == "world not large enough for this much land"
        # Nothing can be measured on a world that was not made...
        assert all(math.isnan(cells[m]) for m in spec.metric_names if m != "would_abort")
        # ...but whether the real fairland would have aborted first still holds.
        assert cells["would_abort"] == (getattr(failed.value, "assertion", None) is not None)


def test_would_abort_counts_the_runs_the_default_build_aborts_on():
    # fairland -i 5 30 10 15 on 64x32 aborts on an assert for about half the seeds.
    gen = registry.declaration("fairland")
    spec = build_spec("fairland", {"merge": 1, "ni": 10, "is": 15}, "1..12")
    rows = collect(spec, InProcess())
    col = spec.columns.index("would_abort")
    expected = []
    for seed in range(1, 13):
        try:
            expected.append(gen.generate(spec.combos[0], seed=seed).detail.assertion)
        except GenerationError as exc:
            expected.append(getattr(exc, "assertion", None))
    assert [r[col] for r in rows] == [float(a is not None) for a in expected]


def test_a_failure_carrying_an_assertion_would_abort():
    metrics = registry.declaration("fairland").metrics
    exc = GenerationError("No room for island")
    assert metrics.of_failure(exc) == {"would_abort": 0}
    exc.assertion = object()
    assert metrics.of_failure(exc) == {"would_abort": 1}
    assert registry.declaration("tgp").metrics.of_failure(exc) == {}


def test_metrics_need_no_trace():
    gen = registry.declaration("tgp")
    r = gen.generate({"size": "64x64"}, seed=1, trace=False)
    assert r.trace is None
    assert dataclasses.is_dataclass(r) and gen.metrics(r)["max_height"] >= 0
