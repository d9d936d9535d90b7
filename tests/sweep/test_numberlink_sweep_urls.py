"""A Number Link sweep with ``puzzle_url`` gives each puzzle's puzz.link URL,
a text column (CSV and Parquet), that opens the very puzzle of its seed;
a failed case has an empty URL; --by refuses it (not a number)."""

from __future__ import annotations

import numpy as np

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.puzzlink import link_puzzle, parse_url
from viewer.sweep import InProcess, build_spec, collect


def test_each_row_has_the_url_of_its_seeds_puzzle():
    spec = build_spec("numberlink", {"size": (6, 6), "puzzle_url": True}, "a,b,c", [])
    assert spec.column_kinds()["url"] == "text" and spec.columns[-1] == "url"
    rows = collect(spec, InProcess())
    cols = list(spec.columns)
    for row in rows:
        seed, url = row[cols.index("seed")], row[cols.index("url")]
        made = NUMBERLINK.generate({"size": (6, 6)}, seed=seed)
        assert np.array_equal(link_puzzle(parse_url(url)).cells, made.detail.puzzle.cells)


def test_a_failed_case_has_an_empty_url_and_the_table_is_written(tmp_path):
    import pyarrow.parquet as pq

    from viewer.sweep import TableWriter

    spec = build_spec("numberlink", {"size": (5, 5), "puzzle_url": True, "difficulty": "extreme",
                                     "max_tries": 1}, "a,b", [])
    rows = collect(spec, InProcess())
    failed = [r for r in rows if r[list(spec.columns).index("ok")] == 0]
    assert failed and all(r[-1] == "" for r in failed)
    with TableWriter.for_spec(tmp_path / "t.parquet", spec) as w:
        w.write(rows)
    assert pq.read_table(tmp_path / "t.parquet").column("url").to_pylist() == \
        [r[-1] for r in rows]


def test_top_by_the_url_is_refused(tmp_path, capsys):
    from viewer.cli.sweep import run_sweep_cli

    rc = run_sweep_cli(["numberlink", "--seeds", "1..2", "--set", "puzzle_url=1", "--out",
                        str(tmp_path / "t.csv"), "--top", "1", "--by", "url"])
    assert rc == 1 and "--by: 'url' is not a metric" in capsys.readouterr().err
