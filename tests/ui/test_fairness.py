"""The fairness numbers (no Qt needed) and the parameter panel's widgets."""

from __future__ import annotations

import numpy as np

from viewer.engine.fairland.fairness import fairness
from viewer.engine.fairland.generator import FAIRLAND
from viewer.engine.fairland.kernel import mapdist


def test_fairness_counts_each_continent_with_its_islands():
    r = FAIRLAND.generate({"nc": 3, "sc": 20, "ni": 6, "is": 5, "pm": 20}, seed=11)
    table = fairness(r.layers, r.detail.capitals, (64, 32))
    own = r.layers["own"]
    assert len(table.rows) == 3
    for c, row in enumerate(table.rows):
        mine = (own >= 0) & (own % 3 == c)
        assert row["land"] == mine.sum() == row["continent sectors"] + row["island sectors"]
        assert row["continent sectors"] == (own == c).sum()
        assert row["mountains"] == ((r.layers["elevation"] >= 98) & mine).sum()
        assert row["coastal"] == (r.layers["coastal"].astype(bool) & mine).sum()
        assert row["iron"] == r.layers["iron"][mine].astype(np.int64).sum()
    assert sum(row["mountains"] for row in table.rows) > 0
    caps = r.detail.capitals
    d01 = mapdist(64, 32, *caps[0], *caps[1])
    d02 = mapdist(64, 32, *caps[0], *caps[2])
    assert table.rows[0]["nearest capital"] == min(d01, d02)
    assert table.spread["iron"] == (max(row["iron"] for row in table.rows)
                                    - min(row["iron"] for row in table.rows))


def test_parameter_panel_is_built_from_the_params(qtbot):
    from PySide6.QtWidgets import QCheckBox, QComboBox

    from viewer.ui.param_editors import NumberSlider
    from viewer.ui.param_panel import ParamPanel
    panel = ParamPanel(FAIRLAND.params)
    qtbot.addWidget(panel)
    assert isinstance(panel.widgets["sp"].editor, NumberSlider)
    assert isinstance(panel.widgets["merge"].editor, QCheckBox)
    assert isinstance(panel.widgets["world"].editor, QComboBox)
    assert panel.widgets["nc"].editor.maximum() == 100            # Param.slider
    assert panel.widgets["sp"].editor.maximum() == 100            # Param maximum
    for p in FAIRLAND.params:
        assert panel.widgets[p.name].editor.toolTip() == p.help
    assert FAIRLAND.validate(panel.values()) == FAIRLAND.validate({})
    panel.set_values({"nc": 250, "world": (128, 64)})            # beyond the slider: widened
    assert panel.values()["nc"] == 250 and panel.values()["world"] == "128x64"
    panel.seed_row.lock.setChecked(True)
    panel.seed_row.new_seed()
    assert panel.seed() == 1 and not panel.seed_row.new_button.isEnabled()
