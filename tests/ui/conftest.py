"""Qt tests run offscreen (with settings in a temporary file, as every test:
``tests/conftest.py``), and every window closed (workers stopped) at the
end of its test."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from viewer import runtime  # noqa: E402

# The test run is this process's entry point: the one tweak a long run of
# Qt calls needs (viewer.runtime: PySide6's lost references to None/True)
runtime.guard_references()


@pytest.fixture
def window(qtbot):
    from viewer.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.result is not None and not w.busy(), timeout=120_000)
    yield w
    w.shutdown()


@pytest.fixture
def warnings(monkeypatch):
    """The texts of the warning boxes the window shows (none is opened)."""
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    return shown
