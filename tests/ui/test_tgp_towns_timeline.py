"""The timeline of a map with towns steps through the rough-land pass, then
town by town: the caption names each town as it is founded and grown, the
map shows that town's houses and roads and the names of the towns made so
far, no later one, and the status line says which step it shows; the
industries, objects and trees steps say what they
made."""

from __future__ import annotations

from window_waits import settle


def _map(qtbot, w, stop_after: str):
    w.workbench.set_values({"size": (128, 128), "stop_after": stop_after}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp"
           and w.result.params["stop_after"] == stop_after)
    return w


def _show(qtbot, w, step: int) -> None:
    w.timeline.set_step(step)
    settle(qtbot, w, lambda: not w.workbench.drawing() and w.state.step == step)


def test_the_timeline_steps_town_by_town(qtbot, window):
    w = _map(qtbot, window, "towns")
    tl = w.timeline
    phases = dict(tl.phases())
    towns = w.result.detail.towns
    first = phases["towns"]
    assert tl.n_steps - first + 1 == len(towns) > 3
    # the rough-land pass is a step of its own, just before the first town
    _show(qtbot, w, phases["clear"])
    assert phases["clear"] == first - 1
    assert "GenerateClearTile" in tl.caption.text() and "rough" in tl.caption.text()
    assert w.map_view.name_labels.names() == []
    for n in (1, 3):
        _show(qtbot, w, first + n - 1)
        caption = tl.caption.text()
        assert f"Town {n} of {len(towns)}: {towns[n - 1].name} founded and grown" in caption
        assert f"{towns[n - 1].num_houses} houses" in caption
        shown = sorted(name for name, _, _ in w.map_view.name_labels.names())
        assert shown == sorted(t.name for t in towns[:n])
        # the status line says the map is a step of the towns, not the finished map
        assert f"step {first + n - 1} of {tl.n_steps} (towns)" in \
            w.run_status.message.text()
    # back one town: its name goes
    _show(qtbot, w, first + 1)
    assert sorted(n for n, _, _ in w.map_view.name_labels.names()) == \
        sorted(t.name for t in towns[:2])
    tl.next_phase()          # from a town, the next phase is the end: the finished map
    settle(qtbot, w, lambda: not w.workbench.drawing() and w.state.final)
    assert "step" not in w.run_status.message.text()
    assert "after GenerateTowns" in w.run_status.message.text()


def test_the_first_frame_steps_say_what_each_stage_made(qtbot, window):
    w = _map(qtbot, window, "world")
    tl = w.timeline
    phases = dict(tl.phases())
    industries = sum(1 for i in w.result.detail.industries if i is not None)
    _show(qtbot, w, phases["industries"])
    assert f"{industries} industries placed" in tl.caption.text()
    _show(qtbot, w, phases["objects"])
    assert "lighthouse" in tl.caption.text() and "transmitter" in tl.caption.text()
    _show(qtbot, w, phases["trees"])
    assert "trees on" in tl.caption.text()
    assert tl.n_steps - phases["world"] + 1 == 5       # the tile loops in a few steps
