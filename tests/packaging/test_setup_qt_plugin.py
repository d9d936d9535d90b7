"""scripts/setup leaves Qt's xcb platform plugin loadable (its system
libraries found)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox


WAIT = 120_000
ROOT = Path(__file__).resolve().parents[2]


def settle(qtbot, w, pred=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=WAIT)


def choose(w, name: str, value) -> None:
    """Pick ``value`` in a combo box parameter as a user does (activated)."""
    box = w.param_panel.widgets[name].editor
    text = f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)
    i = box.findText(text)
    box.setCurrentIndex(i)
    box.activated.emit(i)


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    return shown


def test_setup_leaves_the_xcb_platform_plugin_loadable():
    """scripts/setup (which CI ran) installed what Qt's xcb plugin needs."""
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    assert plugin.exists()
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    assert "libxcb-icccm.so.4" in out and "not found" not in out, out
    assert "libqxcb.so" in (ROOT / "scripts" / "setup").read_text()
