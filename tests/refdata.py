"""Where the original programs' outputs live, for the tests that compare
against them: ``$MAPGEN_REFERENCE`` or ``../shared/reference`` beside the
repository.  (A module of its own, not conftest, so that test files can
import it whichever conftest pytest loaded first.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def reference_dir() -> Path:
    """``$MAPGEN_REFERENCE`` or ``../shared/reference`` beside the repository."""
    env = os.environ.get("MAPGEN_REFERENCE")
    return Path(env) if env else ROOT.parent / "shared" / "reference"


def require_reference(sub: str) -> Path:
    path = reference_dir() / sub
    if not path.is_dir():
        pytest.skip(f"reference data not found at {path} (set MAPGEN_REFERENCE to the "
                    f"shared/reference folder)")
    return path
