"""The generator reproduces path.c (bounds bugs fixed) byte for byte."""

from __future__ import annotations

import pytest
from refdata import require_reference

from viewer.engine.numberlink.generator import generate_grids
from viewer.engine.numberlink.gridgen import grid_block, gridgen
from viewer.engine.numberlink.rng import RandomState

GOLDENS = [
    ("testmain_w10_h8_seed12345_n10.txt", 10, 8, "12345", 10),
    ("w5_h5_seeda_n20.txt", 5, 5, "a", 20),
    ("w7_h7_seed12345_n20.txt", 7, 7, "12345", 20),
    ("w8_h12_seedseed1_n10.txt", 8, 12, "seed1", 10),
    ("w12_h8_seedseed2_n10.txt", 12, 8, "seed2", 10),
    ("w20_h20_seedhello_n3.txt", 20, 20, "hello", 3),
]


def test_rng_matches_tathams_test_vector():
    rs = RandomState("12345")
    assert [rs.upto(limit) for limit in range(80, 70, -1)] == [62, 65, 27, 53, 15, 10, 25,
                                                                29, 0, 64]


def test_rng_copy_continues_the_same_stream():
    rs = RandomState("copy me")
    for _ in range(30):
        rs.upto(1000)
    twin = rs.copy()
    assert [rs.upto(97) for _ in range(50)] == [twin.upto(97) for _ in range(50)]


@pytest.mark.parametrize("name,w,h,seed,n", GOLDENS, ids=[g[0] for g in GOLDENS])
def test_golden_output_byte_for_byte(name, w, h, seed, n):
    expected = (require_reference("numberlink") / "generator-golden" / name).read_text()
    out = []
    for g in generate_grids(w, h, seed, n):
        out.append(grid_block(w, h, g.solution) + "\n" + grid_block(w, h, g.puzzle) + "\n")
    assert "".join(out) == expected


def test_every_random_call_of_the_first_grid():
    path = require_reference("numberlink") / "generator-golden" / \
        "rngtrace_w10_h8_seed12345_grid1.txt"
    expected = [tuple(map(int, line.split())) for line in path.read_text().splitlines()
                if line.strip()]
    rs = RandomState("12345")
    rs.calls = []
    gridgen(10, 8, rs)
    assert rs.calls == expected
