"""One line, always: a usage error of every argparse command line is one line
naming the flag (no "Try ... --help" line); control characters in names are
escaped in every message (replay's too) and in the success notes; an echoed
input is cut."""

from __future__ import annotations

import pytest
from hostile import cli, only_line

NL = "a\nb"


@pytest.mark.parametrize("argv,flag", [
    (["tgp", "--size"], "--size"),
    (["tgp", "--bogus", NL], "--bogus"),
    (["ports", "--tgp-size"], "--tgp-size"),
    (["numberlink", "generate", "--mode", NL], "--mode"),
    (["numberlink", "solve"], "file"),
    (["numberlink", "grade", "p.txt", "--time-limit", NL], "--time-limit"),
    (["numberlink", "book", "--count", "x" * 3000], "--count"),
    (["sweep", "tgp", "--jobs"], "--jobs"),
    (["sweep", "tgp", "--seeds", "1", "--out", "t.csv", "--vary"], "--vary"),
    (["replay"], "BUNDLE.npz"),
    (["replay", "b.npz", "--bogus"], "--bogus"),
])
def test_a_usage_error_is_one_line_naming_the_flag(tmp_path, argv, flag):
    run = cli(argv, tmp_path)
    assert run.status == 1
    line = only_line(run)
    assert line.startswith(f"{argv[0]}: ") and flag in line, line
    assert "Try " not in run.err and "\x1b" not in run.err
    assert len(line) <= 700                                     # an echoed input is cut


def test_replay_escapes_a_newline_in_the_bundles_name(tmp_path):
    run = cli(["replay", "no\nsuch.npz"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "replay: no\\nsuch.npz: no such file"


def test_a_replayed_bundle_named_with_a_newline_stays_one_line(tmp_path):
    run = cli(["numberlink", "generate", "--size", "5x5", "--bundle", "n\nb.npz", "--out",
               "p.txt"], tmp_path)
    assert run.status == 0, run.err
    (tmp_path / "n\nb.npz").write_bytes(b"damaged")
    run = cli(["replay", "n\nb.npz"], tmp_path)
    assert run.status == 1 and "n\\nb.npz" in only_line(run)


@pytest.mark.parametrize("argv,notes", [
    (["tgp", "--size", "64x64", "--seed", "1", "--png", "p\nq.png", "--bundle", "b\nc.npz",
      "--export", "fixed-point-heightmap=h\nx.png", "--heightmap-png", "m\nh.png",
      "--console-script", "c\ns.txt"],
     ["'p\\nq.png'", "'b\\nc.npz'", "'b\\nc.json'", "'h\\nx.png'", "'m\\nh.png'",
      "'c\\ns.txt'"]),
    (["fairland", "-R", "1", "--world", "32x16", "-s", "s\nx.txt", "2", "20"],
     ['in "s\\nx.txt".']),
])
def test_success_notes_escape_the_names(tmp_path, argv, notes):
    run = cli(argv, tmp_path)
    assert run.status == 0, run.err
    for name in notes:
        assert name in run.out, (name, run.out)
    for line in run.out.splitlines():       # no line is the tail of a name cut by a newline
        assert not line.startswith(("q.png", "c.npz", "x.png", "h.png", "s.txt", "x.txt")), line


def test_a_long_name_is_cut_in_a_message(tmp_path):
    name = "d" * 3000 + "/x.npz"
    run = cli(["tgp", "--size", "64x64", "--npz", name], tmp_path)
    assert run.status == 1
    assert len(only_line(run)) < 300 and "ddd..." in only_line(run)
