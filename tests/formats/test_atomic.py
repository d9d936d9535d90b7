"""Atomic writes: one file (write_atomic) or all of a command's files
(OutputSet), through symlinks, into devices, never half done."""

from __future__ import annotations

import os
import stat

import pytest

from viewer.formats.atomic import OutputSet, WriteError, check_target, write_atomic


def temps(folder):
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_write_atomic_keeps_the_mode(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("old")
    f.chmod(0o640)
    write_atomic(f, "new")
    assert f.read_text() == "new" and stat.S_IMODE(f.stat().st_mode) == 0o640


def test_write_atomic_takes_chunks(tmp_path):
    write_atomic(tmp_path / "f", (part for part in ["a", b"b", "c"]))
    assert (tmp_path / "f").read_bytes() == b"abc"


def test_write_atomic_hands_large_data_to_the_system_in_pieces(tmp_path, monkeypatch):
    """(One write of a picture's tens of megabytes kept its thread in the
    kernel, unpreempted, while the window's thread waited for the core.)"""
    import numpy as np

    from viewer.formats import atomic

    sizes: list[int] = []
    real_fdopen = os.fdopen

    class Recorder:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, piece):
            sizes.append(len(piece))
            return self.fh.write(piece)

        def flush(self):
            self.fh.flush()

    monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: Recorder(real_fdopen(*a, **k)))
    data = np.arange(3 * atomic.WRITE_PIECE // 4 + 7, dtype=np.uint16)     # 1.5 MiB and 14 bytes
    for given in (data.tobytes(), bytearray(data.tobytes()), memoryview(data),
                  memoryview(np.repeat(data, 2)[::2])):         # (not contiguous)
        sizes.clear()
        write_atomic(tmp_path / "f", given)
        assert (tmp_path / "f").read_bytes() == data.tobytes()
        assert sum(sizes) == data.nbytes and max(sizes) <= atomic.WRITE_PIECE
        assert len(sizes) == 2


def test_outputs_all_or_none(tmp_path):
    (tmp_path / "a").write_text("old a")
    out = OutputSet(tmp_path / "a", tmp_path / "b")
    with pytest.raises(RuntimeError):
        with out:
            out.add(tmp_path / "a", "new a")
            raise RuntimeError("the second output could not be made")
    assert (tmp_path / "a").read_text() == "old a" and not (tmp_path / "b").exists()
    assert temps(tmp_path) == []


def test_outputs_interrupted_leave_nothing(tmp_path):
    def chunks():
        yield "part"
        raise KeyboardInterrupt

    out = OutputSet(tmp_path / "a")
    with pytest.raises(KeyboardInterrupt):
        with out:
            out.add(tmp_path / "a", chunks())
    assert list(tmp_path.iterdir()) == []


def test_outputs_checked_before_any_work(tmp_path):
    (tmp_path / "dir").mkdir()
    for bad, words in ((tmp_path / "no" / "x", "no such folder"), (tmp_path / "dir", "folder"),
                       ("", "empty file name"), (tmp_path / "f\0", "NUL")):
        with pytest.raises(WriteError) as exc:
            OutputSet(tmp_path / "ok", bad)
        assert words in str(exc.value) and "[Errno" not in str(exc.value)
    with pytest.raises(WriteError, match="same file"):
        OutputSet(tmp_path / "x", str(tmp_path / "." / "x"))


def test_symlink_written_through(tmp_path):
    (tmp_path / "real").write_text("old")
    (tmp_path / "link").symlink_to("real")
    write_atomic(tmp_path / "link", "new")
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real").read_text() == "new"


def test_device_written_into(tmp_path):
    check_target("/dev/null")
    write_atomic("/dev/null", "nothing")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("fail_at", [1, 2, 3])
def test_a_rename_failing_half_way_puts_the_old_files_back(tmp_path, monkeypatch, fail_at):
    (tmp_path / "a").write_text("old a")
    (tmp_path / "c").write_text("old c")
    real = os.replace
    calls = []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == fail_at and not str(src).endswith(".old.tmp"):
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    out = OutputSet(tmp_path / "a", tmp_path / "b", tmp_path / "c")
    with pytest.raises(WriteError, match="No space left on device"):
        with out:
            for name in "abc":
                out.add(tmp_path / name, f"new {name}")
    assert (tmp_path / "a").read_text() == "old a" and (tmp_path / "c").read_text() == "old c"
    assert not (tmp_path / "b").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "c"]


def test_a_successful_commit_leaves_no_backup(tmp_path):
    (tmp_path / "a").write_text("old")
    with OutputSet(tmp_path / "a", tmp_path / "b") as out:
        out.add(tmp_path / "a", "new a")
        out.add(tmp_path / "b", "new b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]
    assert (tmp_path / "a").read_text() == "new a"


def test_outputs_are_renamed_into_place_without_a_sync(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    (tmp_path / "a").write_text("old")
    with OutputSet(tmp_path / "a", tmp_path / "b") as out:
        out.add(tmp_path / "a", "new a")
        out.stream(tmp_path / "b").write(b"new b")
    write_atomic(tmp_path / "c", "new c")
    assert synced == []
    assert [(tmp_path / n).read_text() for n in "abc"] == ["new a", "new b", "new c"]


def test_a_durable_write_is_synced_before_its_rename(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: seen.append("fsync"))
    monkeypatch.setattr(os, "replace", lambda a, b: (seen.append("replace"), real_replace(a, b)))
    write_atomic(tmp_path / "p", "mine", durable=True)
    assert seen == ["fsync", "replace"] and (tmp_path / "p").read_text() == "mine"


def test_a_durable_write_whose_sync_fails_changes_nothing(tmp_path, monkeypatch):
    (tmp_path / "p").write_text("old")

    def broken(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(WriteError, match="Input/output error"):
        write_atomic(tmp_path / "p", "new", durable=True)
    assert (tmp_path / "p").read_text() == "old" and temps(tmp_path) == []
