"""Reading an input file: its bytes, within its limit; a folder, a pipe or
a larger file refused in one line, naming it."""

from __future__ import annotations

import os

import pytest

from viewer.formats.reading import InputFileError, read_limited


def test_a_file_within_its_limit_is_read_whole(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x" * 10)
    assert read_limited(str(tmp_path / "a.txt"), 10, "puzzle") == b"x" * 10


def test_a_larger_file_a_folder_and_a_pipe_are_refused(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x" * 11)
    with pytest.raises(InputFileError, match="too large for a puzzle .11 bytes; at most 10"):
        read_limited(str(tmp_path / "a.txt"), 10, "puzzle")
    with pytest.raises(InputFileError, match="is a folder, not a puzzle"):
        read_limited(str(tmp_path), 10, "puzzle")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(InputFileError, match="not a regular file"):
        read_limited(str(tmp_path / "fifo"), 10, "puzzle")
