"""Inputs are opened once, without blocking, and checked from what was opened;
a plugin that cannot be imported is reported once and the rest works."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from hostile import child, error_of, grey_png, REPO


sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def test_a_heightmap_png_is_opened_once_without_blocking(tmp_path, monkeypatch):
    import builtins

    from viewer.engine.ports import sources

    path = str(grey_png(tmp_path / "h.png"))
    opened = []
    real_open, real_os_open, real_stat = builtins.open, os.open, os.stat

    def spy_open(file, *a, **kw):
        if str(file) == path:
            opened.append(("open", None))
        return real_open(file, *a, **kw)

    def spy_os_open(file, flags, *a, **kw):
        if str(file) == path:
            opened.append(("os.open", flags))
        return real_os_open(file, flags, *a, **kw)

    def spy_stat(file, *a, **kw):
        if str(file) == path:
            opened.append(("stat", None))
        return real_stat(file, *a, **kw)

    sources._cache.clear()
    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    monkeypatch.setattr(os, "stat", spy_stat)
    arr, top = sources.read_png_heightmap(path)
    monkeypatch.undo()
    assert arr.shape == (8, 8) and top == 255
    assert len(opened) == 1 and opened[0][0] == "os.open", opened
    assert opened[0][1] & os.O_NONBLOCK


@pytest.mark.parametrize("reader", ["png.read_png", "tgp_heightmap.read_grey"])
def test_the_png_helpers_refuse_a_fifo_and_a_bomb(tmp_path, reader):
    import importlib

    from test_hostile_input_files import fake_png

    module, fn = reader.split(".")
    read = getattr(importlib.import_module(f"viewer.formats.{module}"), fn)
    os.mkfifo(tmp_path / "fifo.png")
    errors = []
    t = threading.Thread(target=lambda: errors.append(error_of(read, tmp_path / "fifo.png")),
                         daemon=True)
    t.start()
    t.join(5)
    assert not t.is_alive(), "a FIFO blocked the reader"
    assert errors[0].endswith("fifo.png: not a regular file (a pipe or a device?)")
    msg = error_of(read, fake_png(tmp_path / "bomb.png", 30000, 30000))
    assert msg.endswith("bomb.png: too large: 30000x30000 pixels, at most 100000000")


def test_a_plugin_that_cannot_be_imported_is_reported_once_and_the_rest_works(tmp_path):
    p = child(["numberlink", "generate", "--size", "5x5", "--seed", "a"], tmp_path,
              env={"MAPGEN_VIEWER_PLUGINS": "no_such_plugin_22"})
    assert p.returncode == 0, p.stderr
    assert p.stderr.splitlines() == [
        "viewer: plugin 'no_such_plugin_22' (MAPGEN_VIEWER_PLUGINS) not loaded: "
        "ModuleNotFoundError (no module 'no_such_plugin_22')"]
    assert p.stdout.startswith("5 5\n")


