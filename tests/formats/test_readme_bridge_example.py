"""The README's bridge example is a puzzle with a solution under the
default rule (it had none under fill-no-touch)."""

from __future__ import annotations

from pathlib import Path

from viewer.engine.numberlink.solver import solve
from viewer.formats.numberlink import parse_puzzle

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_bridge_example_has_one_solution_under_the_default_rule():
    text = README.read_text()
    section = text[text.index("**Bridges.**"):]
    block = section.split("```", 2)[1].strip("\n")
    puzzle = parse_puzzle(block + "\n", "README")
    assert "+" in block                         # it has a bridge
    assert solve(puzzle).status == "unique"
