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

import registered  # noqa: E402,F401 - the toy generator joins the registry

# The fast lane (``scripts/run-tests --fast``, for the edit-test loop): every
# test but the window's (tests/ui), the hostile-input runs (tests/fuzz), the
# installed copy's (tests/packaging) and those marked slow.
FAST_LANE_LEAVES = ("ui", "fuzz", "packaging")
TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true",
                     help="the fast lane: leave out tests/" + ", tests/".join(FAST_LANE_LEAVES)
                     + " and the tests marked slow")


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--fast"):
        return
    keep, left = [], []
    for item in items:
        part = Path(str(item.fspath)).resolve().relative_to(TESTS).parts[0]
        (left if part in FAST_LANE_LEAVES or item.get_closest_marker("slow") else keep).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = keep


@pytest.fixture(autouse=True)
def private_settings(tmp_path, monkeypatch) -> Path:
    """Every test's window settings in a file of its own (never the user's,
    never another test's: a window restores the generator it was left on)."""
    path = tmp_path / "settings.ini"
    monkeypatch.setenv("MAPGEN_SETTINGS", str(path))
    return path


@pytest.fixture(autouse=True)
def private_compile_record(tmp_path, monkeypatch) -> Path:
    """The compile seconds a test's (fake or real) compiles keep, in a file
    of the test's own: never the checkout's record the next estimate reads."""
    from viewer import jit_cache

    path = tmp_path / jit_cache.RECORD
    monkeypatch.setattr(jit_cache, "record_path", lambda: str(path))
    return path


@pytest.fixture
def fairland_reference() -> Path:
    return require_reference("fairland")
