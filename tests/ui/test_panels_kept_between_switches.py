"""Each generator's parameter panel is built once and kept while the others
are chosen: switching back shows it again with the generator's values and
seed (changed there or elsewhere meanwhile), its greyed rows following
them and no refusal left over; an edit a hidden panel finishes stays with
its generator; the other generators' panels are built after the first map;
the sweep panel is built when its dock is first shown, and kept too."""

from __future__ import annotations

from window_waits import settle

from viewer import registry

SMALL_TGP = {"size": (64, 64), "stop_after": "rivers"}


def switch(qtbot, w, name: str) -> None:
    w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name)


def choose(panel, param: str, text: str) -> None:
    """Pick ``text`` in a choice parameter's combo box, as a user does."""
    box = panel.widgets[param].editor
    i = box.findText(text)
    assert i >= 0, (param, text)
    box.setCurrentIndex(i)


def test_a_value_changed_on_tgp_survives_a_switch_to_fairland_and_back(qtbot, window):
    w = window
    w.workbench.set_values(SMALL_TGP, of="tgp")
    switch(qtbot, w, "tgp")
    panel = w.param_panel
    assert not panel.widgets["snow_coverage"].isEnabled()        # temperate: no snow
    choose(panel, "landscape", "Sub-arctic")
    panel.seed_row.set_seed(77, announce=True)
    settle(qtbot, w, lambda: w.result.params["landscape"] == "arctic" and w.result.seed == 77)
    switch(qtbot, w, "fairland")
    assert w.param_panel is not panel and "landscape" not in w.param_panel.widgets
    assert w.param_panel.seed_row.field.text() == str(w.workbench.seed) != "77"
    switch(qtbot, w, "tgp")
    assert w.param_panel is panel                                 # kept, not built again
    assert w.param_area.widget().currentWidget() is panel and panel.isVisible()
    assert panel.widgets["landscape"].editor.currentText() == "Sub-arctic"
    assert panel.widgets["snow_coverage"].isEnabled()
    assert panel.seed_row.field.text() == "77"
    assert w.result.params["landscape"] == "arctic" and w.result.seed == 77


def test_a_kept_panel_shows_the_values_set_while_another_generator_was_chosen(qtbot, window):
    w = window
    w.workbench.set_values({**SMALL_TGP, "landscape": "arctic", "smoothness": 3}, of="tgp")
    switch(qtbot, w, "tgp")
    panel = w.param_panel
    assert panel.widgets["snow_coverage"].isEnabled()
    assert panel.widgets["smoothness"].value() == 3
    switch(qtbot, w, "fairland")
    # a preset or a map ID of tgp read meanwhile, say
    w.workbench.set_values({"landscape": "temperate", "smoothness": 0}, of="tgp")
    switch(qtbot, w, "tgp")
    assert w.param_panel is panel
    assert panel.widgets["landscape"].editor.currentText() == "Temperate"
    assert panel.widgets["smoothness"].value() == 0
    assert not panel.widgets["snow_coverage"].isEnabled()        # greyed again
    assert panel.widgets["snow_coverage"].toolTip().startswith(
        "Climate Temperate has no such setting")


def test_a_refusal_on_a_kept_panel_is_said_again_only_while_it_holds(qtbot, window):
    w = window
    w.workbench.set_values(SMALL_TGP, of="tgp")
    switch(qtbot, w, "tgp")
    panel = w.param_panel
    w.workbench.set_value("size", (100, 64))            # not a power of two: refused
    w.request_generation()
    qtbot.waitUntil(lambda: panel.error_text() != "", timeout=10_000)
    refused = panel.error_text()
    switch(qtbot, w, "fairland")
    w.set_generator("tgp")                              # still refused: said again
    qtbot.waitUntil(lambda: not w.busy(), timeout=60_000)
    assert w.param_panel is panel and panel.error_text() == refused
    switch(qtbot, w, "fairland")
    w.workbench.set_values({"size": (64, 64)}, of="tgp")
    switch(qtbot, w, "tgp")                             # fixed meanwhile: no error left
    assert panel.error_text() == ""
    assert w.result.grid.width == 64


def test_an_edit_a_hidden_panel_finishes_stays_with_its_generator(qtbot, window, monkeypatch):
    w = window
    w.workbench.set_values(SMALL_TGP, of="tgp")
    switch(qtbot, w, "tgp")
    tgp_panel = w.param_panel
    switch(qtbot, w, "fairland")
    fairland_values = dict(w.workbench.values)
    asked = []
    monkeypatch.setattr(w, "request_generation", lambda force=False: asked.append(force))
    # a field of the hidden tgp panel that loses the focus finishes its edit
    tgp_panel.paramChanged.emit("smoothness", 2)
    tgp_panel.seedChanged.emit(12345)
    tgp_panel.newSeedAsked.emit()
    assert asked == [] and w.workbench.values == fairland_values
    assert w.workbench.generator.name == "fairland" and w.workbench.seed != 12345
    monkeypatch.undo()
    switch(qtbot, w, "tgp")
    assert w.workbench.values["smoothness"] == 2 and tgp_panel.widgets["smoothness"].value() == 2
    assert w.result.params["smoothness"] == 2


def test_a_closed_window_takes_no_edit_its_panels_finish(qtbot, window, monkeypatch):
    """(A field that loses the focus as the window goes finishes its edit: it
    reached the closed window's workbench and its deleted menu actions.)"""
    w = window
    panel = w.param_panel
    values, seed = dict(w.workbench.values), w.workbench.seed
    asked = []
    monkeypatch.setattr(w, "request_generation", lambda force=False: asked.append(force))
    w.shutdown()
    field = panel.widgets["sp"]
    with field.kind_editor.silent():
        field.kind_editor.set_value(values["sp"] + 7)
    field.changed.emit()                    # (as when the field loses the focus)
    panel.seed_row.set_seed(seed + 1, announce=True)
    assert asked == [] and w.workbench.values == values and w.workbench.seed == seed


def test_two_quick_switches_show_and_follow_the_last_generators_panel(qtbot, window):
    w = window
    first = w.param_panel
    w.workbench.set_values(SMALL_TGP, of="tgp")
    w.set_generator("tgp", generate=False)
    tgp_panel = w.param_panel
    w.set_generator("ports", generate=False)     # before the tgp panel took its place
    ports_panel = w.param_panel
    assert w.busy()                               # (the ports panel is on its way)
    qtbot.waitUntil(lambda: ports_panel.isVisible(), timeout=10_000)
    assert w.param_area.widget().currentWidget() is ports_panel
    assert not tgp_panel.isVisible() and not first.isVisible()
    w.workbench.set_value("n_ports", 7)           # only the panel shown follows
    assert ports_panel.widgets["n_ports"].value() == 7


def test_the_other_generators_panels_are_built_after_the_first_map(qtbot, window):
    w = window
    panels = w._panels
    qtbot.waitUntil(lambda: not panels.building(), timeout=30_000)
    shown = w.param_panel
    for name in registry.names():
        panel = panels.kept(name)
        assert panel is not None and panel.whole, name
        assert set(panel.widgets) == {p.name for p in registry.declaration(name).params}
        assert panel is shown or not panel.isVisible()
    other = next(n for n in registry.names() if n != w.workbench.generator.name)
    before = panels.kept(other)
    if other == "tgp":
        w.workbench.set_values(SMALL_TGP, of="tgp")
    switch(qtbot, w, other)
    assert w.param_panel is before and before.isVisible()


def test_a_panel_built_in_pieces_is_the_panel_built_at_once(qtbot):
    from viewer.ui.param_panel import ParamPanel

    for name in registry.names():
        decl = registry.declaration(name)
        whole = ParamPanel(decl.params, seed=decl.default_seed)
        pieces = ParamPanel(decl.params, seed=decl.default_seed, whole=False)
        qtbot.addWidget(whole)
        qtbot.addWidget(pieces)
        assert not pieces.whole and len(pieces.widgets) < len(decl.params)
        steps = 0
        while not pieces.build_some(0.0):
            steps += 1
        assert steps >= len(decl.params) - 1
        assert pieces.values() == whole.values()
        assert [w.isEnabled() for w in pieces.widgets.values()] == \
            [w.isEnabled() for w in whole.widgets.values()]
        assert pieces.seed() == whole.seed()


def test_the_sweep_panel_is_built_when_its_dock_is_first_shown_and_kept(qtbot, window):
    w = window
    link = w.sweep
    assert link.dock is not None and not link.dock.isVisible() and link.panel is None
    w.workbench.set_values(SMALL_TGP, of="tgp")
    switch(qtbot, w, "tgp")
    assert link.panel is None and link.dock.windowTitle() == \
        "Sweep: " + registry.declaration("tgp").title
    link.dock.show()
    tgp_panel = link.panel
    assert tgp_panel is not None and tgp_panel.generator.name == "tgp"
    assert tgp_panel.values["size"] == (64, 64)                 # the Workbench's values
    switch(qtbot, w, "fairland")                                # shown: built at once
    fair = link.panel
    assert link.dock.isVisible() and fair.generator.name == "fairland"
    assert link.dock.widget().widget() is fair and not tgp_panel.isVisible()
    assert "Sweep: Empire fairland" in w.menu_actions()
    fair.set_seeds("1..2")
    fair.jobs.setValue(1)
    with qtbot.waitSignal(fair.finished, timeout=120_000):
        assert fair.run()
    switch(qtbot, w, "tgp")
    assert link.panel is tgp_panel and link.dock.widget().widget() is tgp_panel
    assert tgp_panel.isVisible() and not fair.isVisible()
    switch(qtbot, w, "fairland")                                # its sweep still there
    assert link.panel is fair and fair.isVisible() and fair.model.rowCount() == 2
    assert fair.gallery_button.isEnabled()
