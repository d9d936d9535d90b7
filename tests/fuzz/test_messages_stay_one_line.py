"""Messages stay one line: control characters in keys and file names escaped
as Python's repr writes them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hostile import cli, REPO


sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def only_line(run) -> str:
    lines = run.err.strip("\n").splitlines()
    assert len(lines) == 1, run.err
    return lines[0]


def child(args: list[str], cwd: Path, env: dict | None = None, timeout: float = 60,
          **kw) -> subprocess.CompletedProcess:
    """``python -m viewer ARGS`` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "viewer", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})}, **kw)


@pytest.fixture
def toy():
    import toy_generator

    from viewer import registry

    registry.register(toy_generator.DECLARATION, replace=True)
    yield toy_generator


def _as_a_user(monkeypatch):
    """os.access as for a user without root (root may write read-only files)."""
    from viewer.formats import atomic

    real = os.access

    def access(path, mode, *a, **kw):
        if mode & os.W_OK and os.path.exists(path) and not os.stat(path).st_mode & 0o222:
            return False
        return real(path, mode, *a, **kw)

    monkeypatch.setattr(atomic.os, "access", access)


SWEEP = ["sweep", "numberlink", "--seeds", "a,b", "--set", "size=5x5", "--jobs", "1", "--quiet"]


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


def _grey_png(path: Path, side: int = 8) -> Path:
    from PIL import Image

    Image.fromarray(np.arange(side * side, dtype=np.uint8).reshape(side, side)).save(path)
    return path


def _error(read, path) -> str:
    try:
        read(path)
    except ValueError as exc:
        assert "\n" not in str(exc)
        return str(exc)
    raise AssertionError("no error")


def _long_label_puzzle(n: int) -> str:
    return f"3 1\n{'x' * n} . {'x' * n}\n"
