"""Options and sizes: an option's value may be "--", pictures over the memory
limit are refused before any work, sweep jobs are bounded."""

from __future__ import annotations

import time

import pytest
from hostile import cli, one_line


@pytest.mark.parametrize("argv,words", [
    (["tgp", "--size", "64x64", "--terrain=--"], "Terrain type"),
    (["tgp", "--size=--"], "map size"),
    (["ports", "--seed=--"], "seed"),
    (["numberlink", "solve", "p.txt", "--rule=--"], "--rule"),
    (["numberlink", "generate", "--count=--"], "--count"),
    (["sweep", "tgp", "--seeds=--", "--out", "x.csv"], "seed"),
])
def test_option_equals_dashes_is_the_value_dashes(tmp_path, argv, words):
    (tmp_path / "p.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    run = cli(argv, tmp_path)
    assert run.status == 1 and words in one_line(run) and "'--'" in run.err


@pytest.mark.parametrize("argv", [["tgp", "--size", "64x64", "--seed", "1", "--npz=--", "-q"],
                                  ["ports", "--tgp-size", "64x64", "--seed", "1", "--json=--",
                                   "-q"]])
def test_output_named_dashes_is_written(tmp_path, argv):
    run = cli(argv, tmp_path)
    assert run.status == 0 and (tmp_path / "--").stat().st_size > 0


@pytest.mark.parametrize("argv,size", [
    (["tgp", "--size", "1024x1024", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "65536x65536"),
    (["tgp", "--size", "4096x4096", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "262144x262144"),
    (["ports", "--tgp-size", "4096x4096", "--seed", "1", "--png", "x.png", "--scale", "64"],
     "262144x262144"),
])
def test_pictures_over_the_memory_limit_are_refused_first(tmp_path, argv, size):
    t0 = time.perf_counter()
    run = cli(argv, tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and f"a {size} pixel picture would need about" in one_line(run)
    assert "the limit is 2 GiB" in run.err and not (tmp_path / "x.png").exists()


def test_fairland_png_of_the_largest_world_is_within_the_limit():
    from viewer.engine.protocol import HexTorus
    from viewer.render.picture import check_export, export_scale

    grid = HexTorus(2048, 2048)
    assert export_scale("fairland", grid) == 4      # the export rule keeps within the limit
    check_export(grid, 4)  # 4096x6144: ~1.9 GiB, as measured


# Other findings ------------------------------------------------------------------------


def test_sweep_jobs_bounded(tmp_path):
    run = cli(["sweep", "tgp", "--seeds", "1..2", "--out", "t.csv", "--jobs", "100000"],
              tmp_path)
    assert run.status == 1 and "--jobs must be at most 256" in one_line(run)
    assert not (tmp_path / "t.csv").exists()
