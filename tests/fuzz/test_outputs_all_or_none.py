"""A command's outputs are all written or none: every target checked first,
symbolic links written through, devices written into, names that are not
UTF-8 written back as bytes, messages without errno prefixes."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hostile import _viewer, cli, one_line


# Other findings ------------------------------------------------------------------------

def test_outputs_all_or_none_fairland(tmp_path):
    run = cli(["fairland", "-R", "1", "--world", "32x16", "-s", "s1", "--xdump", "nodir/x",
               "2", "20"], tmp_path)
    assert run.status == 1 and one_line(run) == ("fairland: cannot write nodir/x: "
                                                 "no such folder")
    assert not (tmp_path / "s1").exists() and run.out == ""


def test_outputs_all_or_none_when_a_late_write_fails(tmp_path, monkeypatch):
    """A failure after the checks (here: the PNG encoder) leaves nothing."""
    import viewer.formats.png as png
    from viewer.formats.atomic import WriteError

    def boom(arr):
        raise WriteError(28, "cannot write x.png: No space left on device")

    monkeypatch.setattr(png, "png_bytes", boom)
    (tmp_path / "old.npz").write_bytes(b"old")
    run = cli(["tgp", "--size", "64x64", "--seed", "1", "--npz", "old.npz", "--png", "x.png"],
              tmp_path)
    assert run.status == 1 and "No space left on device" in run.err
    assert (tmp_path / "old.npz").read_bytes() == b"old" and not (tmp_path / "x.png").exists()


def test_outputs_same_file_twice_refused(tmp_path):
    run = cli(["numberlink", "generate", "--out", "a.txt", "--solution-out", "./a.txt"],
              tmp_path)
    assert run.status == 1 and "the same file" in one_line(run)


def test_symlink_is_written_through(tmp_path):
    (tmp_path / "target.json").write_text("old")
    (tmp_path / "link.json").symlink_to("target.json")
    run = cli(["ports", "--tgp-size", "64x64", "--seed", "1", "--json", "link.json", "-q"],
              tmp_path)
    assert run.status == 0
    assert (tmp_path / "link.json").is_symlink()
    assert json.loads((tmp_path / "target.json").read_text())["generator"] == "ports"


def test_dangling_symlink_creates_its_target(tmp_path):
    from viewer.formats.atomic import write_atomic

    (tmp_path / "link").symlink_to("made.txt")
    write_atomic(tmp_path / "link", "hello")
    assert (tmp_path / "link").is_symlink() and (tmp_path / "made.txt").read_text() == "hello"


def test_devices_are_written_into_not_replaced(tmp_path):
    run = cli(["numberlink", "generate", "--out", "/dev/null"], tmp_path)
    assert run.status == 0 and Path("/dev/null").is_char_device()


def test_messages_have_no_errno_prefix(tmp_path):
    run = cli(["numberlink", "generate", "--out", "nodir/x.txt"], tmp_path)
    assert run.status == 1
    assert one_line(run) == "numberlink: cannot write nodir/x.txt: no such folder"
    from viewer.formats.atomic import WriteError

    assert str(WriteError(13, "cannot write x: Permission denied")) == \
        "cannot write x: Permission denied"


def test_names_that_are_not_utf8_are_written_back_as_bytes(tmp_path):
    """fairland -s NAME prints NAME: bytes that are not UTF-8 come back as
    the same bytes (as the C program prints them), not a UnicodeEncodeError."""
    proc = _viewer(["fairland", "-R", "1", "--world", "32x16", b"-s", b"s\xff", "2", "20"],
                   cwd=tmp_path, capture_output=True)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.endswith(b'can be found in "s\xff".\n')
    assert os.path.exists(os.path.join(os.fsencode(tmp_path), b"s\xff"))
