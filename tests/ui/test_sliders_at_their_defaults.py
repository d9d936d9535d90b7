"""Every slider of every generator's panel shows its default where a user
can see it: not pinned at an end of a range a thousand times wider (the
ports' median and largest population sat at the far left)."""

from __future__ import annotations

import pytest

from viewer import registry
from viewer.ui.param_editors import NumberSlider
from viewer.ui.param_panel import ParamPanel


@pytest.mark.parametrize("name", registry.names())
def test_a_default_inside_its_range_is_shown_inside_the_slider(qtbot, name):
    decl = registry.declaration(name)
    panel = ParamPanel(decl.params)
    qtbot.addWidget(panel)
    for p in decl.params:
        ed = panel.widgets[p.name].editor
        if not isinstance(ed, NumberSlider) or p.default in (p.minimum, p.maximum):
            continue
        s = ed.slider
        share = (s.value() - s.minimum()) / max(1, s.maximum() - s.minimum())
        at_end = p.default in (ed.minimum(), ed.maximum())
        assert at_end or 0.01 <= share <= 0.99, (p.name, p.default, share)
