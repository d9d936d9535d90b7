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

from refdata import require_reference  # noqa: E402


@pytest.fixture(autouse=True)
def private_settings(tmp_path, monkeypatch) -> Path:
    """Every test's window settings in a file of its own (never the user's,
    never another test's: a window restores the generator it was left on)."""
    path = tmp_path / "settings.ini"
    monkeypatch.setenv("MAPGEN_SETTINGS", str(path))
    return path


@pytest.fixture
def fairland_reference() -> Path:
    return require_reference("fairland")
