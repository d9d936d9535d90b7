"""Standard output full, closed or a broken pipe, and characters the locale
lacks: a C tool's behaviour, one line, the right status."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hostile import _viewer, REPO, STREAM_COMMANDS


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_standard_output_full(tmp_path, argv):
    with open("/dev/full", "w") as full:
        proc = _viewer(argv, stdout=full, stderr=subprocess.PIPE, cwd=tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert err == f"{argv[0]}: write error on standard output: No space left on device\n"


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_standard_output_closed(tmp_path, argv):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cmd = " ".join([sys.executable, "-m", "viewer", *argv]) + " >&-"
    proc = subprocess.run(["sh", "-c", cmd], env=env, cwd=tmp_path, timeout=120,
                          stderr=subprocess.PIPE)
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert err == f"{argv[0]}: write error on standard output: Bad file descriptor\n"
    # (descriptor 1 is filled with /dev/null: no file the command opens can take it)
    for f in tmp_path.iterdir():
        assert not f.read_bytes().startswith(b"Creating a planet")


@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_broken_pipe_ends_quietly_as_a_c_tool(tmp_path, argv):
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written
    try:
        proc = _viewer(argv, stdout=w, stderr=subprocess.PIPE, cwd=tmp_path)
    finally:
        os.close(w)
    assert proc.stderr == b""
    assert proc.returncode == -13  # killed by SIGPIPE, like `yes | head -1`


def test_in_process_broken_pipe_status(tmp_path, monkeypatch):
    from viewer.cli import main
    from viewer.cli.streams import EXIT_SIGPIPE

    class Broken:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stdout", Broken())
    assert main(["fairland", "-h"]) == EXIT_SIGPIPE


# Other findings ------------------------------------------------------------------------


def test_characters_the_locale_lacks_are_question_marks(tmp_path):
    (tmp_path / "p.txt").write_text("2 1\n💥 💥\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "viewer", "numberlink", "solve", "p.txt"],
                          cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"2 1\n? ?\nsolutions: 1\n", b"")
