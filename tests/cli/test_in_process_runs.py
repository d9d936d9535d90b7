"""Runs of the command line in one process (a sweep's, the side-by-side
timing's): the parser is made once per declaration and keeps nothing of a
run, and the values are validated once per run; the same command again,
after another one, makes a fresh run's map."""

from __future__ import annotations

import dataclasses
import io
import sys

import numpy as np

from viewer import registry
from viewer.cli import main
from viewer.cli.generic import extras_of, parser_for
from viewer.cli.parsing import generic_parser


def run(argv, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    return main(list(argv)), out.getvalue(), err.getvalue()


def test_the_parser_is_made_once_and_keeps_nothing_of_a_run():
    decl = registry.declaration("tgp")
    parser = parser_for(decl)
    assert parser_for(decl) is parser
    first = parser.parse_args(["--export", "a=b", "--size", "64x64", "--png", "x.png"])
    assert first.export == ["a=b"] and first.png == "x.png"
    fresh = generic_parser(decl, extras_of(decl)).parse_args([])
    assert vars(parser.parse_args([])) == vars(fresh)
    assert fresh.export == [] and fresh.png is None


def test_a_declaration_registered_again_gets_a_parser_of_its_own():
    decl = registry.declaration("tgp")
    parser = parser_for(decl)
    twin = dataclasses.replace(decl)
    assert parser_for(twin) is not parser
    assert parser_for(twin) is parser_for(twin)


def test_runs_in_one_process_are_runs_in_fresh_ones(monkeypatch, tmp_path):
    """A run with --npz then one without: the second writes nothing, and
    both maps are the maps of their own flags."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["tgp", "--size", "64x64", "--seed", "3", "--npz", "a.npz", "-q"],
                       monkeypatch)
    assert code == 0, err
    code, _, err = run(["tgp", "--size", "64x128", "--seed", "4", "-q"], monkeypatch)
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.npz"]
    code, _, err = run(["tgp", "--size", "64x128", "--seed", "4", "--npz", "b.npz", "-q"],
                       monkeypatch)
    assert code == 0, err
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert a["heightmap"].shape != b["heightmap"].shape


def test_a_run_validates_its_values_once(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    engine = registry.declaration("tgp").engine
    calls = []
    validate = engine.validate
    monkeypatch.setattr(engine, "validate", lambda values: calls.append(1) or validate(values))
    code, _, err = run(["tgp", "--size", "64x64", "-q"], monkeypatch)
    assert code == 0, err
    assert len(calls) == 1


def test_the_same_arguments_again_make_a_fresh_run_s_map(monkeypatch, tmp_path):
    """The same command again (after another one, of another size: what a
    run keeps for the next, the kernels looked up, the work arrays given
    back, the heap, leaves nothing of it) writes the same map, and the
    other one is its own."""
    monkeypatch.chdir(tmp_path)
    first = ["tgp", "--size", "64x64", "--seed", "3", "--rivers", "1", "--stop-after", "rivers",
             "--npz", "a.npz"]
    other = ["tgp", "--size", "128x64", "--seed", "5", "--variety", "2", "--stop-after", "water",
             "--npz", "b.npz"]
    code, out_a, err = run(first, monkeypatch)
    assert code == 0, err
    with np.load(tmp_path / "a.npz") as a:
        kept = {k: a[k] for k in a.files}
    code, out_b, err = run(other, monkeypatch)
    assert code == 0, err
    code, again, err = run(first, monkeypatch)
    assert code == 0, err
    assert again == out_a
    assert "64x64, seed 3" in out_a and "128x64, seed 5" in out_b and "--variety 2" in out_b
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert sorted(a.files) == sorted(kept)
        for k in kept:
            np.testing.assert_array_equal(a[k], kept[k], err_msg=k)
        assert b["tile_height"].shape == (64, 128) and "tropic" not in b.files
