"""Every writer through one all-or-nothing path: the generic command line and
the sweep check every target first, write through links, refuse what others
refuse, and SIGTERM restores the old file."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import pytest
from hostile import as_a_user, cli, only_line, REPO, SWEEP


sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def test_generic_command_line_checks_every_target_before_writing_any(toy, tmp_path):
    run = cli(["toy", "--png", "good.png", "--bundle", "nodir/x.npz"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: cannot write nodir/x.npz: no such folder"
    assert not (tmp_path / "good.png").exists()


def test_generic_command_line_writes_all_outputs_or_none(toy, tmp_path, monkeypatch):
    from viewer.formats import bundle

    (tmp_path / "good.png").write_bytes(b"old")

    def broken(*args, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bundle.np, "savez_compressed", broken)   # the second output fails
    run = cli(["toy", "--png", "good.png", "--bundle", "b.npz"], tmp_path)
    assert run.status == 1 and "No space left on device" in only_line(run)
    assert (tmp_path / "good.png").read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["good.png"]


@pytest.mark.parametrize("flag", ["--bundle", "--png"])
def test_an_empty_output_name_is_refused_as_any_bad_path(toy, tmp_path, flag):
    run = cli(["toy", flag, ""], tmp_path)
    assert run.status == 1
    assert only_line(run) == "toy: cannot write '': an empty file name"


def test_write_bundle_of_an_empty_name_is_the_writers_error():
    from viewer import registry
    from viewer.formats.atomic import WriteError
    from viewer.formats.bundle import write_bundle

    result = registry.declaration("numberlink").engine.generate({"size": (5, 5)}, seed="a")
    with pytest.raises(WriteError, match="^cannot write '': an empty file name$"):
        write_bundle("", result)


def test_sweep_refuses_a_read_only_table_as_other_commands_do(tmp_path, monkeypatch):
    as_a_user(monkeypatch)
    ro = tmp_path / "ro.csv"
    ro.write_text("old\n")
    ro.chmod(0o444)
    run = cli(SWEEP + ["--out", "ro.csv"], tmp_path)
    assert run.status == 1
    assert only_line(run) == ("sweep: cannot write ro.csv: Permission denied (the file is "
                              "read-only)")
    assert ro.read_text() == "old\n" and stat.S_IMODE(ro.stat().st_mode) == 0o444


def test_sweep_writes_through_a_symbolic_link(tmp_path):
    (tmp_path / "target.csv").write_text("old\n")
    (tmp_path / "link.csv").symlink_to("target.csv")
    run = cli(SWEEP + ["--out", "link.csv"], tmp_path)
    assert run.status == 0, run.err
    assert (tmp_path / "link.csv").is_symlink()
    assert (tmp_path / "target.csv").read_text().startswith("seed,size,")


BLOCKED_SECOND_RENAME = """
import os, sys, time
real = os.replace
calls = []
def replace(src, dst):
    calls.append(dst)
    if len(calls) == 2:          # the first file is in place, the second waits
        time.sleep(60)
    return real(src, dst)
os.replace = replace
from viewer.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_sigterm_during_a_blocked_write_restores_the_old_file(tmp_path):
    (tmp_path / "good.npz").write_bytes(b"old")
    (tmp_path / "good.txt").write_text("old")
    (tmp_path / "good.png").write_bytes(b"old")
    p = subprocess.Popen([sys.executable, "-c", BLOCKED_SECOND_RENAME, "numberlink",
                          "generate", "--size", "5x5", "--seed", "a", "--out", "good.txt",
                          "--png", "good.png"],
                         cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        deadline = time.monotonic() + 60
        # Blocked: the text is in place, the picture's rename waits.
        while (tmp_path / "good.txt").read_text() == "old" and time.monotonic() < deadline:
            assert p.poll() is None, p.communicate()
            time.sleep(0.05)
        time.sleep(0.3)
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 128 + 15
    assert err.strip().splitlines() == ["numberlink: terminated; no file changed"]
    assert (tmp_path / "good.txt").read_text() == "old"
    assert (tmp_path / "good.png").read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["good.npz", "good.png", "good.txt"]


