"""Fairland in the window: the warning when empserver's default fairland
would abort on the world shown."""

from __future__ import annotations

WAIT = 60_000
ABORTING = {"world": (64, 32), "nc": 5, "sc": 30, "ni": 10, "is": 15, "merge": True}


def _show(qtbot, window, values, seed):
    window.workbench.set_values(values)
    window.workbench.set_seed(seed)
    window.request_generation(force=True)
    qtbot.waitUntil(lambda: window.result is not None and window.result.seed == seed
                    and window.result.params["ni"] == values.get("ni", 0)
                    and not window.busy(), timeout=WAIT)
    return window.result


def test_a_world_the_server_aborts_on_is_flagged_with_sector_and_step(qtbot, window):
    r = _show(qtbot, window, ABORTING, 2)
    a = r.detail.assertion
    assert a is not None
    banner = window.banner
    assert banner.isVisible()
    text = banner.label.text()
    assert "xzone_ok(c, x, y)" in text and "fairland.c:798" in text
    assert f"{a.x},{a.y}" in text and "-DNDEBUG" in text
    assert "would abort" in window.message.text()
    # a "!" marks the sector, beside the capitals' letters
    assert window.map_view.letters().count("!") == 1
    # the button jumps the timeline to the state before the failing event
    assert banner.button.isVisible()
    banner.button.click()
    qtbot.waitUntil(lambda: window.state is not None and window.state.step == a.step - 1
                    and not window.busy(), timeout=WAIT)
    assert window.timeline.step == a.step - 1
    assert "!" in window.map_view.letters()
    # an earlier step, before the failing round of islands, has no marker
    window.timeline.set_step(1)
    qtbot.waitUntil(lambda: window.state.step == 1 and not window.busy(), timeout=WAIT)
    assert "!" not in window.map_view.letters()


def test_a_sound_world_clears_the_warning(qtbot, window):
    _show(qtbot, window, ABORTING, 2)
    assert window.banner.isVisible()
    r = _show(qtbot, window, ABORTING, 1)
    assert r.detail.assertion is None
    assert not window.banner.isVisible()
    assert "!" not in window.map_view.letters()
    assert "would abort" not in window.message.text()


def test_the_map_keeps_its_size_whatever_the_layer(qtbot, window):
    """Titles of any length, bars or swatches: the legend keeps one height,
    so the map does not jump when the layer changes (defect 12)."""
    heights = set()
    for i in range(window.layer_list.count()):
        window.layer_list.setCurrentRow(i)
        qtbot.wait(10)
        heights.add((window.map_view.height(), window.legend.height()))
    assert len(heights) == 1, heights
    # a long title is wrapped, whole on screen (and in the tooltip)
    window.select_layer("own")
    full = window.legend.title_text()
    assert full and window.legend.title.text() == full == window.legend.title.toolTip()
