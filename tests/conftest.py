"""Shared test fixtures: where the reference data lives, and Qt offscreen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Kernels compile (or load from numba's cache) on first call: no deadlines.
settings.register_profile("default", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

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


@pytest.fixture
def fairland_reference() -> Path:
    return require_reference("fairland")
