"""Numbers parse one way across flags (seeds, counts, lengths, limits): ASCII
decimal digits with a sign, leading zeros meaning nothing; underscores and
other scripts' digits refused, in one line naming the flag."""

from __future__ import annotations

import csv

import pytest
from hostile import cli, only_line

from viewer.engine.params import parse_real, parse_whole

REFUSED = ["1_0", "٣", "７", "²", "1 0", "0x1", "١٠"]

# (argv with {} for the number, a valid value, the flag named on refusal)
FLAGS = [
    (["tgp", "--size", "64x64", "-q", "--seed", "{}"], "3", "seed"),
    (["tgp", "--size", "64x64", "-q", "--terrain", "{}"], "3", "--terrain"),
    (["tgp", "--size", "64x64", "-q", "--rivers", "{}"], "3", "--rivers"),
    (["tgp", "--size", "64x64", "-q", "--min-river-length", "{}"], "20", "--min-river-length"),
    (["tgp", "--size", "64x64", "-q", "--heightmap-png", "h.png", "--highest-peak", "{}"],
     "40", "--highest-peak"),
    (["tgp", "--size", "64x64", "-q", "--png", "p.png", "--scale", "{}"], "2", "--scale"),
    (["tgp", "--size", "{}x64", "-q"], "64", "size"),
    (["ports", "--tgp-size", "64x64", "-q", "--ports", "{}"], "3", "--ports"),
    (["numberlink", "generate", "--size", "5x5", "--count", "{}", "--out", "o.txt"], "3",
     "--count"),
    (["numberlink", "generate", "--size", "5x5", "--difficulty", "easy", "--min-length", "{}",
      "--out", "o.txt"], "3", "--min-length"),
    (["numberlink", "generate", "--size", "5x5", "--max-tries", "{}", "--out", "o.txt"], "3",
     "--max-tries"),
    (["numberlink", "solve", "p.txt", "--max-solutions", "{}"], "3", "--max-solutions"),
    (["numberlink", "grade", "p.txt", "--time-limit", "{}"], "3", "--time-limit"),
    (["sweep", "numberlink", "--seeds", "a", "--set", "size=5x5", "-q", "--out", "t.csv",
      "--jobs", "{}"], "1", "--jobs"),
    (["sweep", "tgp", "--seeds", "{}", "--set", "size=64x64", "-q", "--out", "t.csv",
      "--jobs", "1"], "3", "seed"),
    (["sweep", "tgp", "--seeds", "1", "--set", "size=64x64", "--set", "terrain={}", "-q",
      "--out", "t.csv", "--jobs", "1"], "3", "Terrain type"),
]


def _argv(argv, value):
    return [a.replace("{}", value) for a in argv]


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "p.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    return tmp_path


@pytest.mark.parametrize("argv,good,flag", FLAGS, ids=lambda x: x if isinstance(x, str) else None)
def test_leading_zeros_mean_nothing(folder, argv, good, flag):
    plain = cli(_argv(argv, good), folder)
    zeros = cli(_argv(argv, "00" + good), folder)
    assert plain.status == zeros.status == 0, (plain.err, zeros.err)
    assert plain.out.replace("00" + good, good) == zeros.out.replace("00" + good, good)


HOSTILE = [(argv, flag, text) for argv, _, flag in FLAGS for text in REFUSED
           if not (flag == "seed" and text == "0x1")]   # (a 32-bit seed may be 0x...)


@pytest.mark.parametrize("argv,flag,text", HOSTILE,
                         ids=lambda x: x if isinstance(x, str) else None)
def test_underscores_and_other_digits_are_refused(folder, argv, flag, text):
    run = cli(_argv(argv, text), folder)
    assert run.status == 1
    line = only_line(run)
    assert flag in line, line


def test_a_sweep_reads_its_seeds_as_the_command_line_does(folder):
    run = cli(["sweep", "tgp", "--seeds", "007..008", "--set", "size=64x64", "-q", "--out",
               "t.csv", "--jobs", "1"], folder)
    assert run.status == 0, run.err
    assert [r["seed"] for r in csv.DictReader((folder / "t.csv").open())] == ["7", "8"]


@pytest.mark.parametrize("text,value", [("007", 7), (" -3 ", -3), ("+12", 12), ("0", 0)])
def test_the_rule(text, value):
    assert parse_whole(text) == value
    assert parse_real(text) == float(value)


@pytest.mark.parametrize("text", REFUSED + ["", "+", "1.", "9" * 101, "1e3"])
def test_the_rule_refuses(text):
    with pytest.raises(ValueError):
        parse_whole(text)


@pytest.mark.parametrize("text", ["1_0.5", "٣.5", "１.５", "0x1p3", ""])
def test_the_rule_for_fractions_refuses(text):
    with pytest.raises(ValueError):
        parse_real(text)


@pytest.mark.parametrize("seed,after", [("007", ["8", "9"]), ("²", ["²-1", "²-2"]),
                                        ("٣", ["٣-1", "٣-2"]), ("9" * 5000, None)])
def test_the_gallerys_next_text_seeds_read_digits_one_way(seed, after):
    from viewer import registry
    from viewer.workbench.gallery import next_seeds

    got = next_seeds(registry.declaration("numberlink"), seed, 2)
    assert got == (after or [f"{seed}-1", f"{seed}-2"])
