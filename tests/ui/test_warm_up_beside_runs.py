"""The window's warm-up (main_window.warm_up_later) loads no kernel while a
map is being made or drawn, and goes on afterwards: a large map started
right after a switch met its kernel loads, and the GUI thread waited for
Python's lock beside them."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

numba = pytest.importorskip("numba")


def test_the_warm_up_loads_no_kernel_while_a_map_is_under_way_and_finishes_after(
        monkeypatch):
    from viewer.ui import main_window

    @numba.njit
    def other_settings_kernel(x):
        return x + 1

    monkeypatch.setattr(main_window, "_WARMED_UP", set())
    monkeypatch.setattr(main_window, "WARM_UP_AFTER_S", 0.05)
    under_way = threading.Event()
    under_way.set()
    began, loaded, done = threading.Event(), threading.Event(), threading.Event()

    def warm_up():
        began.set()
        other_settings_kernel(1)
        loaded.set()
        under_way.set()             # another map (a kernel of the warm-up's is loaded)
        other_settings_kernel(1.5)
        done.set()

    main_window.warm_up_later(SimpleNamespace(name="a generator", warm_up=warm_up),
                              under_way.is_set)
    time.sleep(0.5)
    assert not began.is_set()       # not begun while the first map is under way
    under_way.clear()               # the map is shown
    assert loaded.wait(60)
    time.sleep(0.5)
    assert len(other_settings_kernel.overloads) == 1 and not done.is_set()
    under_way.clear()
    assert done.wait(60)
    assert len(other_settings_kernel.overloads) == 2
    threads = [t for t in threading.enumerate() if t.name == "warm up a generator"]
    for t in threads:
        t.join(10)
        assert not t.is_alive()


def test_the_window_tells_its_warm_up_when_a_map_is_under_way(window, qtbot, monkeypatch):
    from viewer.ui import main_window
    from window_waits import settle

    told = []
    monkeypatch.setattr(main_window, "warm_up_later",
                        lambda decl, under_way: told.append(under_way))
    w = window
    w.request_generation(force=True)
    settle(qtbot, w, lambda: bool(told))
    under_way = told[-1]
    assert not under_way()                  # the map shown, nothing else under way
    w.request_generation(force=True)
    assert under_way()                      # a map being made
    settle(qtbot, w, lambda: len(told) >= 2)
    qtbot.waitUntil(lambda: not under_way(), timeout=60_000)
    w.request_generation(force=True)
    w.shutdown()
    assert not under_way()                  # a window shut down holds nothing up
