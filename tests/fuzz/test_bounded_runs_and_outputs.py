"""Runs are bounded and outputs are files: grading and graded generation
stop at their time limit (a default one too) saying what they found; the
bridge solver's size limit and every book output path are one-line
refusals naming the flag; a book is written all or nothing; an output that
is a named pipe, a device other than /dev/null, or ``-`` is refused."""

from __future__ import annotations

import os
import time

import pytest
from hostile import cli, one_line, only_line, run_main


@pytest.fixture(scope="module")
def big_puzzle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big")
    run = cli(["numberlink", "generate", "--size", "64x64", "--seed", "big", "--mode", "fast",
               "--out", "p64.txt"], folder)
    assert run.status == 0, run.err
    return folder / "p64.txt"


def test_grade_stops_at_its_time_limit_with_what_it_found(tmp_path, big_puzzle):
    t0 = time.perf_counter()
    run = cli(["numberlink", "grade", str(big_puzzle), "--time-limit", "2"], tmp_path)
    assert time.perf_counter() - t0 < 10
    assert run.status == 0
    assert run.out.splitlines()[0] == "grade: unknown"
    made = int(run.out.splitlines()[-1].split(": ")[1])
    assert made > 0            # the deductions made by then are reported
    assert only_line(run) == (f"numberlink: the time limit (2 s, --time-limit) ran out before "
                              f"the grade was known: {made} deductions by then "
                              f"(tiers finished: easy)")


def test_grade_has_a_default_time_limit(tmp_path, big_puzzle, monkeypatch):
    from viewer.cli import numberlink

    monkeypatch.setattr(numberlink, "GRADE_TIME_LIMIT", 1.5)
    t0 = time.perf_counter()
    run = cli(["numberlink", "grade", str(big_puzzle)], tmp_path)
    assert time.perf_counter() - t0 < 10
    assert "the time limit (1.5 s, --time-limit) ran out" in only_line(run)


@pytest.mark.parametrize("limit", [["--time-limit", "2"], []])
def test_graded_generation_stops_at_its_time_limit(tmp_path, monkeypatch, limit):
    from viewer.cli import numberlink

    monkeypatch.setattr(numberlink, "SEARCH_TIME_LIMIT", 2.0)
    t0 = time.perf_counter()
    run = cli(["numberlink", "generate", "--size", "64x64", "--difficulty", "hard",
               "--mode", "fast", "--seed", "x", "--out", "p.txt"], tmp_path)
    assert time.perf_counter() - t0 < 15
    assert run.status == 1 and not (tmp_path / "p.txt").exists()
    assert only_line(run).startswith("numberlink: the time limit (2 s, --time-limit) ran out: "
                                     "0 of 1 hard 64x64 grids made")


def test_the_bridge_solvers_size_limit_is_a_refusal(tmp_path):
    run = cli(["numberlink", "generate", "--size", "128x128", "--bridges", "3", "--mode",
               "fast", "--seed", "b"], tmp_path)
    assert run.status == 1
    line = only_line(run)
    assert line.startswith("numberlink: --bridges: a 128x128 puzzle with bridges and ")
    assert "more than the bridge solver's 3,000,000" in line


BOOK = ["numberlink", "book", "--count", "2", "--size", "5x5", "--difficulty", "easy"]


@pytest.mark.parametrize("svg,why", [
    ("afile/sub", "--svg: cannot write afile/sub: "),
    ("", "--svg: cannot write '': an empty folder name"),
    ("x" * 300, "--svg: cannot write xxxxxxxx"),
    ("afile", "--svg: cannot write afile: not a folder"),
    ("no/such/folder", "--svg: cannot write no/such/folder: no such folder"),
    ("fifo", "--svg: cannot write fifo: not a folder"),
])
def test_every_book_folder_error_names_the_flag(tmp_path, svg, why):
    (tmp_path / "afile").write_text("keep")
    os.mkfifo(tmp_path / "fifo")
    run = cli(BOOK + ["--svg", svg], tmp_path)
    assert run.status == 1
    assert only_line(run).startswith("numberlink: " + why)
    assert len(only_line(run)) < 250                   # a long name is cut
    assert sorted(os.listdir(tmp_path)) == ["afile", "fifo"]


def test_a_failed_book_leaves_no_new_folder(tmp_path, monkeypatch):
    from viewer.formats import atomic

    real, calls = atomic._write_fd, []

    def second_fails(fd, data, encoding):
        calls.append(1)
        if len(calls) == 2:                      # the disk fills on the second page
            raise OSError(28, "No space left on device")
        return real(fd, data, encoding)

    monkeypatch.setattr(atomic, "_write_fd", second_fails)
    run = cli(BOOK + ["--svg", "book", "--pdf", "book.pdf"], tmp_path)
    assert run.status == 1 and "No space left on device" in one_line(run)
    assert os.listdir(tmp_path) == []


def test_a_book_into_an_older_books_folder_leaves_none_of_its_pages(tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    for n in range(1, 10):
        (folder / f"page-{n:02d}.svg").write_text("old")
    (folder / "notes.txt").write_text("mine")
    run = run_main(BOOK + ["--svg", "book"], tmp_path)     # (older pages go: not cli's check)
    assert run.status == 0 and "Traceback" not in run.err, run.err
    pages = _pages_written(run)
    assert 1 < pages < 9
    assert sorted(os.listdir(folder)) == ["notes.txt"] + [f"page-{n:02d}.svg"
                                                          for n in range(1, pages + 1)]
    assert (folder / "page-01.svg").read_text() != "old"
    assert (folder / "notes.txt").read_text() == "mine"


def test_a_new_book_folder_has_the_usual_mode(tmp_path):
    run = cli(BOOK + ["--svg", "book"], tmp_path)
    assert run.status == 0, run.err
    umask = os.umask(0)
    os.umask(umask)
    assert (tmp_path / "book").stat().st_mode & 0o777 == 0o777 & ~umask


@pytest.mark.parametrize("argv", [
    ["tgp", "--size", "64x64", "--seed", "1", "--npz"],
    ["numberlink", "generate", "--size", "5x5", "--out"],
    ["numberlink", "book", "--count", "1", "--size", "5x5", "--difficulty", "easy", "--pdf"],
    ["fairland", "-R", "1", "--world", "32x16", "2", "20", "-s"],
])
@pytest.mark.parametrize("target,why", [
    ("fifo", "a named pipe, not a file"),
    ("/dev/full", "a device (only /dev/null is written into), not a file"),
    ("-", "it is not standard output here (a file named - is ./-)"),
])
def test_an_output_that_is_not_a_file_is_refused_at_once(tmp_path, argv, target, why):
    os.mkfifo(tmp_path / "fifo")
    t0 = time.perf_counter()
    run = cli(argv + [target], tmp_path)
    assert time.perf_counter() - t0 < 10             # never waits for a reader
    assert run.status == 1
    line = one_line(run)
    if argv[0] == "fairland":         # the drop-in says it as empserver's fairland does
        assert line == f"fairland: unable to write to {target} (Invalid argument)"
    else:
        assert f"cannot write {target if target != '-' else repr('-')}: {why}" in line, line
    assert sorted(os.listdir(tmp_path)) == ["fifo"]


def test_a_sweep_table_on_a_named_pipe_is_refused(tmp_path):
    os.mkfifo(tmp_path / "t.csv")
    run = cli(["sweep", "numberlink", "--seeds", "a", "--set", "size=5x5", "--jobs", "1", "-q",
               "--out", "t.csv"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "sweep: cannot write t.csv: a named pipe, not a file"


def test_dev_null_is_still_written_into(tmp_path):
    run = cli(["tgp", "--size", "64x64", "--seed", "1", "--npz", "/dev/null", "-q"], tmp_path)
    assert run.status == 0, run.err


def test_a_new_book_folder_may_end_with_a_slash(tmp_path):
    run = cli(BOOK + ["--svg", "book/"], tmp_path)
    assert run.status == 0, run.err
    assert sorted(os.listdir(tmp_path / "book")) == [f"page-{n:02d}.svg"
                                                     for n in range(1, _pages_written(run) + 1)]


def _pages_written(run) -> int:
    import re

    return int(re.search(r", (\d+) pages, written to ", run.err).group(1))


def test_a_book_pdf_named_as_its_folder_is_refused_first(tmp_path):
    run = cli(BOOK + ["--svg", "b/", "--pdf", "./b"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "numberlink: --pdf ./b: the same name as --svg's folder"
    assert os.listdir(tmp_path) == []
