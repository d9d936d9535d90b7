"""Messages stay one line: control characters in keys and file names escaped
as Python's repr writes them."""

from __future__ import annotations

import sys

import pytest
from hostile import cli, only_line, REPO


sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def test_a_newline_in_a_preset_key_stays_on_one_line(toy, tmp_path):
    (tmp_path / "k.toml").write_text('generator = "toy"\n[params]\n"a\\nb" = 1\n')
    run = cli(["toy", "--preset", "k.toml"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: k.toml: unknown parameter(s): 'a\\nb'"


@pytest.mark.parametrize("name,shown", [("no\nfolder/x.npz", "'no\\nfolder/x.npz'"),
                                        ("\x1b[2J/x.npz", "'\\x1b[2J/x.npz'")])
def test_control_characters_in_a_file_name_are_escaped(tmp_path, name, shown):
    run = cli(["tgp", "--size", "64x64", "--npz", name], tmp_path)
    assert run.status == 1
    assert only_line(run) == f"tgp: cannot write {shown}: no such folder"
    assert "\x1b" not in run.err


def test_names_in_reader_messages_are_escaped(tmp_path):
    (tmp_path / "a\nb.txt").write_bytes(b"\0")
    run = cli(["numberlink", "solve", "a\nb.txt"], tmp_path)
    assert only_line(run) == "numberlink: 'a\\nb.txt': not a text file (it holds NUL bytes)"
    (tmp_path / "e\x1b.conf").write_bytes(b"\0")
    run = cli(["fairland", "-e", "e\x1b.conf", "2", "4"], tmp_path)
    assert "\x1b" not in run.err and "'e\\x1b.conf'" in only_line(run)


