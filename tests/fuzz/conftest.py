"""The fuzz suite imports its helpers (hostile.py, cli_cases.py) by name."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def toy():
    import toy_generator

    from viewer import registry

    registry.register(toy_generator.DECLARATION, replace=True)
    yield toy_generator
