"""Every case of the fairland reference corpus, reproduced through the CLI.

Each case runs as ``fairland --world WxH -s SCRIPT --xdump FILE ARGV`` in a
temporary directory and must give fairland's standard output, standard
error, exit status, newcap script and sector table.  Cases marked
``normalized`` (the upstream golden files) are compared with trailing
whitespace stripped per line, the others byte for byte.
"""

from __future__ import annotations

import io
import json
import sys

import pytest
from refdata import reference_dir

from viewer import cli
from viewer.formats.fairland_empire import sect_table


def _cases():
    manifest = reference_dir() / "fairland" / "manifest.json"
    if not manifest.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"fairland reference manifest not found at {manifest}"))]
    return [pytest.param(c, id=c["name"]) for c in json.loads(manifest.read_text())]


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n"))


def run_cli(argv, monkeypatch):
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = cli.main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("case", _cases())
def test_reference_case(case, fairland_reference, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sandbox").mkdir()
    script = case["script_path_printed"]
    argv = ["fairland", "--world", f"{case['world_x']}x{case['world_y']}", "-s", script,
            "--xdump", "out.xdump", *case["argv"]]
    rc, out, err = run_cli(argv, monkeypatch)
    files = case["files"]
    same = _norm if case["normalized"] else (lambda s: s)

    assert rc == case["exit_code"]
    assert same(out) == same((fairland_reference / files["out"]).read_text())
    assert same(err) == same((fairland_reference / files["err"]).read_text())
    if "newcap_script" in files:
        got = (tmp_path / script).read_text()
        assert same(got) == same((fairland_reference / files["newcap_script"]).read_text())
    else:
        assert not (tmp_path / script).exists()
    if "xdump" in files:
        want = sect_table((fairland_reference / files["xdump"]).read_text())
        got = sect_table((tmp_path / "out.xdump").read_text())
        assert same(got) == same(want)
    else:
        assert not (tmp_path / "out.xdump").exists()
