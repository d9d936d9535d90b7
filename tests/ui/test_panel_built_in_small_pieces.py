"""A panel built ahead (:meth:`ParamPanel.build_some`) is built in small
pieces: a piece stops before a step as long as its longest so far would
end past its time, and the panel's finish (its seed row, label column,
value column and greyed rows) is spread over steps of its own, so that
no turn of the event loop that builds it takes much more than its time."""

from __future__ import annotations

import math
from types import SimpleNamespace

from viewer import registry
from viewer.ui import param_panel
from viewer.ui.param_panel import ALIGNED_A_STEP, ParamPanel

STEP_S = 0.001
"""What each build step costs on the fake clock."""


def test_a_piece_ends_before_a_step_like_its_longest_would_pass_its_time(qtbot, monkeypatch):
    now = [0.0]
    monkeypatch.setattr(param_panel, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    panel = ParamPanel(registry.declaration("tgp").params, whole=False)
    qtbot.addWidget(panel)
    steps = panel._steps

    def costly():
        for _ in steps:
            now[0] += STEP_S
            yield
    panel._steps = costly()
    pieces = []
    whole = False
    while not whole:
        start = now[0]
        whole = panel.build_some(3.5 * STEP_S)
        pieces.append(round((now[0] - start) / STEP_S))
    # three steps a piece (a fourth would end past 3.5), the last what is left
    assert pieces[:-1] == [3] * (len(pieces) - 1) and 1 <= pieces[-1] <= 3, pieces
    assert panel.whole and set(panel.widgets) == {p.name for p in panel.params}


def test_the_panels_finish_is_spread_over_steps_and_ends_as_one_built_at_once(qtbot):
    params = registry.declaration("tgp").params
    panel = ParamPanel(params, whole=False)
    qtbot.addWidget(panel)
    after_rows = 0          # steps from the one that made the seed row on
    while not panel.build_some(0.0):     # (one step a call)
        if hasattr(panel, "seed_row"):
            after_rows += 1
    boxes = math.ceil(len(params) / ALIGNED_A_STEP)
    # the seed row, the label column, the value column a few boxes a step, the greyed rows
    assert after_rows >= 1 + 1 + boxes + 1
    at_once = ParamPanel(params)
    qtbot.addWidget(at_once)
    assert panel._label_width == at_once._label_width > 0
    assert panel._value_width == at_once._value_width > 0
    widths = {n: w.editor.value_box().minimumWidth()
              for n, w in panel.widgets.items() if w.kind_editor.value_width()}
    assert widths and set(widths.values()) == {panel._value_width}
    assert {n: w.isEnabled() for n, w in panel.widgets.items()} \
        == {n: w.isEnabled() for n, w in at_once.widgets.items()}
    assert not all(w.isEnabled() for w in panel.widgets.values())     # (some greyed)

