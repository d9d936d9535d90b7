"""The window's status bar shows numba's compile line while it compiles
(an installed copy's first map, a generator chosen for the first time)."""

from __future__ import annotations

import time
from types import SimpleNamespace

from viewer import jit_cache
from viewer.ui import main_window
from viewer.ui.main_window import MainWindow
from viewer.ui.run_status import COMPILING

WAIT = 20_000


def _fake_kernel(module: str):
    return SimpleNamespace(py_func=SimpleNamespace(__module__=module))


def test_the_status_bar_shows_the_compile_line_while_numba_compiles(qtbot, monkeypatch):
    monkeypatch.setattr(jit_cache, "_announced", set())
    # no warm-up thread beside the map: it would run the slowed engine too,
    # and still be "compiling" when the map is shown
    monkeypatch.setattr(main_window, "_WARMED_UP", {"fairland"})
    w = MainWindow(generate=False)
    qtbot.addWidget(w)
    w.show()
    seen = []
    try:
        real = w.generator                  # the declaration; its engine is slowed down
        generate = real.engine.generate

        def compiling_generate(values, *, seed, trace=False, cancel=None, progress=None):
            jit_cache._on_start(_fake_kernel(f"viewer.engine.{real.name}.kernel"))
            try:
                time.sleep(1.0)         # what numba's compile of the kernels takes, here
            finally:
                jit_cache._on_end()
            return generate(values, seed=seed, trace=trace, cancel=cancel)

        monkeypatch.setattr(real.engine, "generate", compiling_generate)
        expected = jit_cache.message(real.name)     # nothing kept yet: the declared figure
        w.request_generation()
        qtbot.waitUntil(lambda: w.progress.isVisible(), timeout=WAIT)
        seen.append(w.message.text())
        qtbot.waitUntil(lambda: w.result is not None, timeout=WAIT)
    finally:
        w.shutdown()
    assert seen == [expected] and seen[0] != COMPILING
    assert "compiling the fairland kernels for this machine" in seen[0]
    assert jit_cache.active() is None
