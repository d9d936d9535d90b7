"""``python -m viewer sweep`` on the command line: the table in CSV or
Parquet, the best K rows, bad specs refused before anything runs, Ctrl+C
keeping the rows done so far."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from viewer import registry
from viewer.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = main(["sweep", *argv])
    return rc, out.getvalue(), err.getvalue()


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def test_csv_table_with_a_varied_parameter_and_the_top_rows(monkeypatch, tmp_path):
    rc, out, err = run(["fairland", "--seeds", "10..29", "--set", "sp=40", "--vary",
                        "pm=0,25", "--jobs", "1", "--out", "t.csv", "--top", "3", "--by",
                        "spread_coastal", "--ascending"], monkeypatch, tmp_path)
    assert rc == 0, err
    rows = read_csv(tmp_path / "t.csv")
    assert [(int(r["seed"]), int(r["pm"])) for r in rows] == \
        [(s, pm) for s in range(10, 30) for pm in (0, 25)]
    assert all(r["sp"] == "40" and r["ok"] == "1" and r["error"] == "" for r in rows)
    gen = registry.declaration("fairland")
    m = gen.metrics(gen.generate({"sp": 40, "pm": 25}, seed=13))
    row = rows[2 * 3 + 1]
    assert {k: float(row[k]) for k in m} == m
    assert "40 of 40 cases written to t.csv" in err
    assert "cases/s" in err   # the progress bar
    lines = out.splitlines()
    assert lines[0] == "best 3 by spread_coastal (smallest first):"
    header = lines[1].split()
    assert header[:3] == ["seed", "pm", "spread_coastal"]
    best = sorted(rows, key=lambda r: float(r["spread_coastal"]))[:3]
    shown = [line.split() for line in lines[2:]]
    assert [float(s[2]) for s in shown] == [float(r["spread_coastal"]) for r in best]


def test_parquet_table_from_the_process_pool(monkeypatch, tmp_path):
    rc, out, err = run(["tgp", "--seeds", "1..4", "--set", "size=64x64", "--vary",
                        "sea_level=0,3", "--jobs", "2", "--out", "t.parquet", "-q"],
                       monkeypatch, tmp_path)
    assert rc == 0, err
    t = pq.read_table(tmp_path / "t.parquet").to_pylist()
    assert [(r["seed"], r["sea_level"]) for r in t] == [(s, v) for s in range(1, 5)
                                                        for v in (0, 3)]
    assert all(r["water_share"] < s["water_share"] for r, s in zip(t[::2], t[1::2]))
    assert "cases/s" not in err


def test_numberlink_uniqueness_column(monkeypatch, tmp_path):
    rc, _, err = run(["numberlink", "--seeds", "1..6", "--set", "size=10x8", "--set",
                      "rule=free", "--set", "check_unique=1", "--jobs", "1", "--out",
                      "n.csv", "-q"], monkeypatch, tmp_path)
    assert rc == 0, err
    rows = read_csv(tmp_path / "n.csv")
    assert [r["seed"] for r in rows] == [str(s) for s in range(1, 7)]
    assert {r["unique_solution"] for r in rows} == {"0.0", "1.0"}
    assert all(int(float(r["pairs"])) > 0 for r in rows)


@pytest.mark.parametrize("argv, message", [
    (["fairland", "--seeds", "1..5", "--set", "spikes=3"], "unknown parameter(s): spikes"),
    (["fairland", "--seeds", "1..5", "--set", "sp=101"],
     "spike percentage must be between 0 and 100"),
    (["tgp", "--seeds", "1..5", "--vary", "terrain=1,9"], "Terrain type must be at most 5"),
    (["fairland", "--seeds", "9..1"], "seed range 9..1 is empty"),
    (["fairland", "--seeds", "1..5", "--vary", "sp=1", "--vary", "pm=1", "--vary", "di=1"],
     "at most 2 parameters may vary"),
    (["fairland", "--seeds", "1..5", "--set", "sp"], "--set: expected NAME=VALUE"),
    (["fairland", "--seeds", "1..5", "--top", "3", "--by", "beauty"],
     "--by: 'beauty' is not a metric of fairland"),
    (["fairland", "--seeds", "1..5", "--top", "3"], "--top K and --by METRIC go together"),
    (["fairland", "--seeds", "1..5", "--jobs", "0"], "--jobs must be at least 1"),
    (["mapgen4", "--seeds", "1..5"], "unknown generator 'mapgen4'"),
])
def test_a_bad_spec_is_refused_before_anything_runs(argv, message, monkeypatch, tmp_path):
    rc, out, err = run([*argv, "--out", "t.csv"], monkeypatch, tmp_path)
    assert rc == 1 and message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []   # not even a temporary file


def test_bad_output_and_missing_arguments(monkeypatch, tmp_path):
    rc, _, err = run(["fairland", "--seeds", "1..5", "--out", "t.xlsx"], monkeypatch, tmp_path)
    assert rc == 1 and "must end in .csv or .parquet" in err
    rc, _, err = run(["fairland", "--out", "t.csv"], monkeypatch, tmp_path)
    assert rc == 1 and "--seeds A..B is required" in err
    rc, _, err = run(["fairland", "--seeds", "1..2", "--jobs", "2", "--scheduler", "tcp://x:1",
                      "--out", "t.csv"], monkeypatch, tmp_path)
    assert rc == 1 and "not allowed with argument" in err


def test_help_lists_parameters_and_metrics(monkeypatch, tmp_path):
    rc, out, _ = run(["numberlink", "--help"], monkeypatch, tmp_path)
    assert rc == 0
    assert "check_unique" in out and "unique_solution" in out and "pairs" in out
    assert "fairland parameters" not in out


def test_an_unreachable_scheduler_is_reported(monkeypatch, tmp_path):
    monkeypatch.setattr("viewer.sweep.backends.CONNECT_SECONDS", 1.0)
    rc, _, err = run(["fairland", "--seeds", "1..3", "--scheduler", "tcp://127.0.0.1:1",
                      "--out", "t.csv", "-q"], monkeypatch, tmp_path)
    assert rc == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in err
    assert not (tmp_path / "t.csv").exists()


def test_ctrl_c_keeps_the_rows_done_so_far(tmp_path):
    out = tmp_path / "big.csv"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "viewer", "sweep", "fairland", "--seeds",
                             "1..1000000", "--jobs", "2", "--out", str(out)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        # Wait until some rows have been written to the temporary file.
        while time.monotonic() < deadline and proc.poll() is None:
            tmp = [p for p in tmp_path.iterdir() if p.name.startswith(".big.csv.")]
            if tmp and tmp[0].stat().st_size > 20_000:
                break
            time.sleep(0.2)
        # As a terminal's Ctrl+C: to the whole process group, workers included.
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = err.decode()
    assert proc.returncode == 130, err
    assert "interrupted; the rows done so far are kept" in err and "Traceback" not in err
    rows = read_csv(out)
    seeds = [int(r["seed"]) for r in rows]
    assert 100 < len(rows) < 1_000_000
    assert seeds == sorted(seeds) and seeds[:100] == list(range(1, 101))
    assert [p.name for p in tmp_path.iterdir()] == ["big.csv"]


def test_an_unwritable_table_is_one_clear_message(monkeypatch, tmp_path):
    rc, _, err = run(["fairland", "--seeds", "1..3", "--jobs", "1", "--out",
                      str(tmp_path / "missing" / "t.csv")], monkeypatch, tmp_path)
    assert rc == 1 and "cannot write" in err and "no such folder" in err  # as every writer says
    assert "Traceback" not in err
