"""The generators the generic tests run over: every registered one, the toy
of ``tests/contract`` among them (registered when this module is first
imported, by the tests' conftest), so that a generator registered later gets
the fuzz, panel, sweep and dispatch tests with no edit to them
(``tests/contract/test_toy_generator.py`` proves it with a sixth); with the
quick values a test may use for each (a generator not listed here runs on
its defaults)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "contract"))

# the registry first: a plugin it loads may build on the toy
from viewer import registry  # noqa: E402

import toy_generator  # noqa: E402,F401 - registers "toy"

QUICK: dict[str, dict[str, Any]] = {
    "fairland": {"nc": 2, "sc": 10, "ni": 2, "is": 5},
    "tgp": {"size": (64, 64)},
    "ports": {"tgp_size": (64, 64), "n_ports": 4, "grid": 8, "min_distance": 4},
    "numberlink": {"size": (6, 5)},
}


def names() -> list[str]:
    """Every registered generator's name, in registration order."""
    return registry.names()


def quick(name: str) -> dict[str, Any]:
    """Values of a small, quick map of generator ``name``."""
    return dict(QUICK.get(name, {}))


def on_the_generic_command_line() -> list[str]:
    """The generators run by the generic command line (not a command of
    their own)."""
    from viewer.cli.extras import OwnCommand

    return [n for n in names()
            if not isinstance(registry.declaration(n).load("cli_extras"), OwnCommand)]
