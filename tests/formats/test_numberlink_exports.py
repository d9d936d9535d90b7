"""Number Link's files: the puzzle written as text opens as the same
puzzle; a grid without a solution has none to export."""

from __future__ import annotations

import numpy as np
import pytest

from viewer import registry
from viewer.formats.numberlink_exports import open_puzzle, puzzle_of, solution_of
from viewer.formats.numberlink_exports import write_puzzle_text


def test_a_written_puzzle_opens_as_the_same_puzzle(tmp_path):
    r = registry.declaration("numberlink").generate({"size": (6, 5)}, seed="x")
    write_puzzle_text(tmp_path / "p.txt", r)
    opened = open_puzzle(tmp_path / "p.txt")
    assert np.array_equal(puzzle_of(opened).cells, puzzle_of(r).cells)
    with pytest.raises(ValueError, match="no solution yet"):
        solution_of(opened)
