"""``numberlink convert`` between every format, and ``solve``, ``grade``,
``book`` and ``generate`` taking and writing puzz.link URLs and the sites'
files, called in-process."""

from __future__ import annotations

import numpy as np
import pytest
from test_numberlink_cli import run

from viewer.formats.numberlink import parse_puzzle
from viewer.formats.numberlink_sources import parse_source_text

VECTOR = "https://puzz.link/p?numlin/7/6/523i1j5l4i2h3m4g1l"


def test_solve_and_grade_a_url_under_its_types_rule(monkeypatch):
    rc, out, err = run(["solve", VECTOR], monkeypatch)
    assert rc == 0 and out.endswith("solutions: 1\n")
    assert out.splitlines()[1] == "5 2 3 3 3 3 1"
    rc, out, err = run(["grade", "https://puzz.link/p?arukone/4/4/12l3123j"], monkeypatch)
    assert rc == 0 and out.startswith("grade: ")
    # a numlin puzzle's paths need not fill: 1-2 of a 3x1 strip with a free end square
    rc, out, _ = run(["solve", "https://puzz.link/p?numlin/3/1/11g"], monkeypatch)
    assert out == "3 1\n1 1 .\nsolutions: 1\n"
    rc, out, _ = run(["solve", "https://puzz.link/p?arukone/3/1/11g"], monkeypatch)
    assert out == "solutions: 0\n"
    rc, out, _ = run(["solve", "https://puzz.link/p?arukone/3/1/11g", "--rule", "free"],
                     monkeypatch)
    assert out.endswith("solutions: 1\n")


@pytest.mark.parametrize("url,message", [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", "numberlink: puzz.link URL: column 42: the "
                                                  "body ends after 24 squares; the grid has 25"),
    ("https://puzz.link/p?slither/5/5/1", "numberlink: puzz.link URL: column 21: the puzzle "
                                          "type is 'slither'"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", "numberlink: puzz.link URL: row 5, column 5 "
                                                   "of the grid holds a hidden number"),
])
def test_bad_urls_are_one_line_and_write_nothing(monkeypatch, tmp_path, url, message):
    for argv in (["solve", url], ["grade", url], ["convert", url, "--to", "text", "-o",
                                                   str(tmp_path / "x.txt")]):
        rc, out, err = run(argv, monkeypatch)
        assert (rc, out) == (1, "")
        assert err == message + err[len(message):] and err.count("\n") == 1
    assert not (tmp_path / "x.txt").exists()


def test_convert_through_every_format_and_back(monkeypatch, tmp_path):
    rc, text, _ = run(["convert", VECTOR, "--to", "text"], monkeypatch)
    assert rc == 0
    puzzle = parse_puzzle(text)
    rc, flow, _ = run(["convert", VECTOR, "--to", "flow"], monkeypatch)   # solved for it
    assert rc == 0 and flow.startswith("7:6,0,1,5;")
    (tmp_path / "p.flow").write_text(flow)
    for fmt in ("pzprv3", "janko", "url", "text", "flow"):
        out_file = tmp_path / f"p.{fmt}"
        rc, out, err = run(["convert", str(tmp_path / "p.flow"), "--to", fmt, "-o",
                            str(out_file)], monkeypatch)
        assert (rc, out, err) == (0, "", "")
        [item] = parse_source_text(out_file.read_text(), out_file.name)
        assert np.array_equal(item.puzzle.cells, puzzle.cells), fmt
        if fmt in ("pzprv3", "janko", "flow"):
            assert item.solution is not None, fmt
        rc, again, _ = run(["convert", str(out_file), "--to", fmt], monkeypatch)
        assert again == out_file.read_text(), fmt          # byte for byte
    rc, url, _ = run(["convert", str(tmp_path / "p.text"), "--to", "url"], monkeypatch)
    assert url == VECTOR + "\n"


def test_convert_a_pack_whole_or_one_level(monkeypatch, tmp_path):
    pack = tmp_path / "pack.txt"
    pack.write_text("3:2,0,1,2;0,3;1,2,5,4\n3:2,0,2,2;0,1,2;3,4,5\n")
    rc, out, _ = run(["convert", str(pack), "--to", "url"], monkeypatch)
    assert rc == 0 and len(out.splitlines()) == 2
    rc, out, _ = run(["convert", str(pack), "--to", "url", "--level", "2"], monkeypatch)
    assert out == "https://puzz.link/p?arukone/3/2/1g12g2\n"
    rc, out, err = run(["convert", str(pack), "--to", "url", "--level", "3"], monkeypatch)
    assert rc == 1 and "--level 3: the source holds 2 puzzle(s)" in err
    rc, out, err = run(["convert", str(pack), "--to", "janko"], monkeypatch)
    assert rc == 1 and "a janko file holds one puzzle; there are 2" in err


def test_generate_in_the_sites_formats(monkeypatch):
    rc, out, _ = run(["generate", "--size", "6x6", "--seed", "s", "--count", "3", "--format",
                      "url"], monkeypatch)
    urls = out.splitlines()
    assert rc == 0 and len(urls) == 3 and all(u.startswith("https://puzz.link/p?numlin/6/6/")
                                              for u in urls)
    rc, text, _ = run(["generate", "--size", "6x6", "--seed", "s", "--count", "3"], monkeypatch)
    grids = parse_source_text(text, "t")
    for url, item in zip(urls, grids):
        [back] = parse_source_text(url, "u")
        assert np.array_equal(back.puzzle.cells, item.puzzle.cells)
    rc, out, _ = run(["generate", "--size", "6x6", "--seed", "s", "--format", "pzprv3"],
                     monkeypatch)
    [item] = parse_source_text(out, "p")
    assert rc == 0 and item.solution is not None
    rc, out, err = run(["generate", "--size", "6x6", "--seed", "s", "--count", "2", "--format",
                        "janko"], monkeypatch)
    assert rc == 1 and "--format janko holds one puzzle" in err


def test_book_of_puzzles_read_from_urls_and_files(monkeypatch, tmp_path):
    pack = tmp_path / "pack.txt"
    pack.write_text("3:2,0,1,2;0,3;1,2,5,4\n")
    rc, out, err = run(["book", VECTOR, str(pack), "--svg", str(tmp_path / "svg")], monkeypatch)
    assert rc == 0, err
    pages = sorted((tmp_path / "svg").glob("page-*.svg"))
    first = pages[1].read_text()
    assert "from URL" in first and "pack.txt level 1" in first
