"""fairland's assertions as empserver's default build has them.

Every case of the fairland-assert reference corpus is run through the CLI
twice: as the default build (glibc's assertion message, exit status 134,
standard output as a redirected stream leaves it, no newcap script) and with
``--ndebug`` (the world a -DNDEBUG build makes), each compared byte for byte
with the real program's outputs.  The engine's record of the failure is
checked against the state it describes.
"""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pytest
from refdata import reference_dir, require_reference

from viewer import cli
from viewer.cli import fairland as fairland_cli
from viewer.engine.fairland import kernel as K
from viewer.engine.fairland.assertions import ASSERTIONS, FairlandAssertion, from_check, stdout_left
from viewer.engine.fairland.generator import FAIRLAND
from viewer.engine.protocol import GenerationError


def _cases():
    manifest = reference_dir() / "fairland-assert" / "manifest.json"
    if not manifest.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"fairland-assert reference manifest not found at {manifest}"))]
    return [pytest.param(c, id=c["name"]) for c in json.loads(manifest.read_text())]


def run_cli(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = cli.main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("build", ["default_build", "ndebug_build"])
@pytest.mark.parametrize("case", _cases())
def test_each_build_as_the_real_one(case, build, tmp_path, monkeypatch):
    ref = require_reference("fairland-assert")
    extra = ["--ndebug"] if build == "ndebug_build" else []
    argv = ["fairland", "--world", f"{case['world_x']}x{case['world_y']}", *extra, *case["argv"]]
    rc, out, err = run_cli(argv, monkeypatch, tmp_path)
    want = case[build]
    assert rc == want["exit_code"]
    assert out == (ref / want["files"]["out"]).read_text()
    assert err == (ref / want["files"]["err"]).read_text()
    if "newcap_script" in want["files"]:
        assert (tmp_path / "newcap_script").read_text() == \
            (ref / want["files"]["newcap_script"]).read_text()
    else:
        assert not (tmp_path / "newcap_script").exists()


def _values(case):
    return fairland_cli.fairland_values(case["argv"][2:] if "-i" not in case["argv"]
                               else [a for a in case["argv"][2:] if a != "-i"],
                               (case["world_x"], case["world_y"]), "-i" in case["argv"])


@pytest.mark.parametrize("case", _cases())
def test_the_record_says_where_the_default_build_aborts(case):
    require_reference("fairland-assert")
    seed = int(case["argv"][1])
    values = _values(case)
    try:
        result = FAIRLAND.generate(values, seed=seed, trace=True)
        rec = result.detail.assertion
    except GenerationError as exc:
        result, rec = None, exc.assertion
    if case["default_build"]["exit_code"] != 134:
        assert rec is None
        return
    assert isinstance(rec, FairlandAssertion)
    assert (rec.line, rec.function, rec.expression) == \
        (798, "xzone_around_sector", "xzone_ok(c, x, y)")
    if result is None:
        return
    # The step is a rebuild of the exclusive zones, and the sector belongs to
    # the island being zoned but lies within ID of an earlier island's sector,
    # so that island's zone already held it.
    tr = result.trace
    assert tr.events[rec.step - 1, 0] == K.EV_XZONE_INIT
    assert tr.describe(rec.step).startswith("exclusive zones rebuilt")
    assert f"default fairland aborts here: assertion `xzone_ok(c, x, y)' fails at " \
        f"{rec.x},{rec.y}" in tr.describe(rec.step)
    assert "aborts" not in tr.describe(rec.step - 1) + tr.describe(rec.step + 1)
    own = tr.state_at(rec.step - 1)["own"]
    assert own[rec.y, rec.x // 2] == rec.island
    wx, wy = case["world_x"], case["world_y"]
    near = [(2 * col + row % 2, row) for row, col in zip(*np.nonzero(
        (own >= 0) & (own < rec.island)))
        if K.mapdist(wx, wy, rec.x, rec.y, 2 * col + row % 2, row) <= values["id"]]
    assert near


def test_a_world_without_failures_has_no_record():
    result = FAIRLAND.generate({"nc": 5, "sc": 30}, seed=1)
    assert result.detail.assertion is None


def test_id_beyond_di_trips_the_assertion_without_merge():
    """Without -i, continents farther apart than DI but closer than ID put
    one continent's sectors in another's zone when the zones are rebuilt."""
    hits = 0
    for seed in range(1, 30):
        try:
            result = FAIRLAND.generate({"world": (64, 32), "nc": 8, "sc": 30, "ni": 8,
                                        "is": 10, "di": 0, "id": 6}, seed=seed)
            rec = result.detail.assertion
        except GenerationError as exc:
            rec = exc.assertion
        if rec is not None:
            hits += 1
            assert rec.message() == ("fairland: src/util/fairland.c:798: xzone_around_sector: "
                                     "Assertion `xzone_ok(c, x, y)' failed.\n")
    assert hits > 0


def test_stdout_left_keeps_only_full_buffers_unless_a_terminal():
    text = "a" * 5000 + "\nrest"
    assert stdout_left(text, tty=False, bufsize=4096) == "a" * 4096
    assert stdout_left("x" * 4096, tty=False, bufsize=4096) == ""
    assert stdout_left("x" * 4097, tty=False, bufsize=4096) == "x" * 4096
    assert stdout_left(text, tty=True) == "a" * 5000 + "\n"
    assert stdout_left("", tty=False) == ""


def test_every_checked_assertion_has_fairlands_line_and_text():
    seed_text = (reference_dir().parent / "seeds").glob("000_*.txt")
    path = next(iter(seed_text), None)
    if path is None:
        pytest.skip("fairland.c seed not found")
    lines = path.read_text().splitlines()
    # the seed file has a two-line heading before fairland.c's first line
    for line, function, expr in ASSERTIONS.values():
        assert lines[line + 1].strip() == f"assert({expr});", (line, function)


def test_from_check_reads_the_kernels_record():
    chk = K.new_check()
    assert from_check(chk, 64, "", 10) is None
    chk[:] = (K.A_XZONE_OK, (3 * 64 + 7) // 2, 42, 9)
    rec = from_check(chk, 64, "out", 100)
    assert (rec.x, rec.y, rec.step, rec.island, rec.output) == (7, 3, 42, 9, "out")


def test_the_process_aborts_as_the_default_build_does(tmp_path):
    """As a program, stdout redirected to a file: exit status 134, glibc's
    message, nothing on stdout, no newcap script."""
    import subprocess

    ref = require_reference("fairland-assert")
    case = json.loads((ref / "manifest.json").read_text())[0]
    assert case["default_build"]["exit_code"] == 134
    out_path = tmp_path / "out"
    with open(out_path, "w") as out:
        proc = subprocess.run([sys.executable, "-m", "viewer", "fairland", "--world",
                               f"{case['world_x']}x{case['world_y']}", *case["argv"]],
                              cwd=tmp_path, stdout=out, stderr=subprocess.PIPE, text=True,
                              timeout=600)
    assert proc.returncode == 134
    assert proc.stderr == (ref / case["default_build"]["files"]["err"]).read_text()
    assert out_path.read_text() == (ref / case["default_build"]["files"]["out"]).read_text()
    assert not (tmp_path / "newcap_script").exists()
