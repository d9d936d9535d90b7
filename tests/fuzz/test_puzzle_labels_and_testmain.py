"""Number Link labels and testmain blocks: a long label refused by the reader
and drawn in bounded time, empty testmain rows named, the window's open never
lets an exception escape."""

from __future__ import annotations

import sys
import time

import numpy as np
import pytest
from hostile import cli, long_label_puzzle, only_line, REPO

from viewer.engine.numberlink.puzzle import Puzzle

sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def test_a_long_label_is_refused_by_the_reader(tmp_path):
    (tmp_path / "long.txt").write_text(long_label_puzzle(1_000_000))
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "long.txt", "--png", "p.png"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1
    assert only_line(run) == ("numberlink: long.txt: line 2: a label of 1000000 characters "
                              "('xxxxxxxxxxxx'...); labels are at most 64")
    assert not (tmp_path / "p.png").exists()


def test_a_long_label_is_drawn_in_bounded_time():
    from viewer.formats.numberlink import render

    puzzle = Puzzle(np.array([[1, 0, 1]]), ("y" * 200_000,))
    t0 = time.perf_counter()
    img = render(puzzle, cell=32)
    assert time.perf_counter() - t0 < 2 and img.shape == (33, 97, 4)


@pytest.mark.parametrize("text", ["| |\n\n| |\n", "| 1 . |\n| |\n"])
def test_testmain_empty_rows_name_the_file_and_the_block(tmp_path, text):
    (tmp_path / "t.txt").write_text(text)
    run = cli(["numberlink", "solve", "t.txt"], tmp_path)
    assert run.status == 1
    line = only_line(run)
    assert line.startswith("numberlink: t.txt: line ") and "(block at line 1)" in line
    assert "a grid row with no squares" in line


def test_the_window_open_never_lets_an_exception_escape(qtbot, tmp_path, monkeypatch):
    from viewer.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    try:
        qtbot.waitUntil(lambda: w.result is not None and not w.busy(), timeout=120_000)
        (tmp_path / "p.txt").write_text("3 1\na . a\n")

        def broken(*a, **kw):
            raise ValueError("too many characters in string")

        monkeypatch.setattr(w.workbench, "show", broken)
        try:
            assert w.file_actions.open_file("numberlink", tmp_path / "p.txt") is False
        finally:
            monkeypatch.undo()
        assert "too many characters" in w.file_actions.last_error
        (tmp_path / "long.txt").write_text(long_label_puzzle(200_000))
        assert w.file_actions.open_file("numberlink", tmp_path / "long.txt") is False
        assert "labels are at most 64" in w.file_actions.last_error
    finally:
        w.shutdown()
