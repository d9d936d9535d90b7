"""What a new user tripped over, each acted out as they did it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit
from window_waits import settle

WAIT = 60_000


def focus(qtbot, w, widget) -> None:
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=2000)


class X11LineEdit(QObject):
    """A line edit as it behaves on X11: it claims Ctrl+U and erases to the
    start of the line (offscreen Qt uses another key scheme)."""

    def __init__(self, field: QLineEdit):
        super().__init__(field)
        self.field = field
        field.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        ctrl_u = (event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
                  and event.key() == Qt.Key.Key_U
                  and event.modifiers() == Qt.KeyboardModifier.ControlModifier)
        if ctrl_u and event.type() == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        if ctrl_u:
            self.field.setText(self.field.text()[self.field.cursorPosition():])
            return True
        return False


# -- 1. compare ---------------------------------------------------------------------
def test_compare_shows_a_and_b_columns_and_a_at_its_own_step(qtbot, window):
    w = window
    w.resize(1280, 820)
    w.menu_actions()["Pin as A"].trigger()
    a = w.compare.a
    w.param_panel.widgets["sp"].editor.setValue(40)
    settle(qtbot, w, lambda: w.result.params["sp"] == 40)
    b = w.result
    assert a.trace.n_steps != b.trace.n_steps
    title = w.compare.title.text()
    assert f"step {min(a.trace.n_steps, b.trace.n_steps)}" in title
    assert f"step {b.trace.n_steps}" not in title or a.trace.n_steps == b.trace.n_steps
    qtbot.wait(50)
    table = w.compare.table
    header = table.horizontalHeader()
    width = table.viewport().width()
    for col in range(3):
        assert header.sectionViewportPosition(col) >= 0
        assert header.sectionViewportPosition(col) + header.sectionSize(col) <= width + 1


# -- 2. shortcuts never collide with text editing -------------------------------------
def test_ctrl_u_in_the_seed_field_checks_uniqueness_and_keeps_the_text(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    field = w.param_panel.seed_row.field
    X11LineEdit(field)
    focus(qtbot, w, field)
    text = field.text()
    field.setCursorPosition(len(text))
    QTest.keyClick(field, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == text
    assert "uniqueness" in w.message.text()
    settle(qtbot, w, lambda: w.gen_view.check is not None)


def test_ctrl_shift_o_opens_a_puzzle_and_the_menu_shows_it(qtbot, window, tmp_path,
                                                            monkeypatch):
    w = window
    act = w.menu_actions()["Open Number Link puzzle..."]
    assert act.shortcut().toString() == "Ctrl+Shift+O"
    path = tmp_path / "p.txt"
    path.write_text("4 4\n. . . 1\n. 2 3 .\n. . 1 .\n3 . . 2\n")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    focus(qtbot, w, w.param_panel.seed_row.field)
    QTest.keyClick(w.param_panel.seed_row.field, Qt.Key.Key_O,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, w, lambda: w.result.generator == "numberlink" and w.result.grid.width == 4)
    assert w.result.detail.source and w.result.grid.width == 4


# -- 3. a message of a request asked again is that request's -------------------------------
def test_a_refusal_asked_again_is_said_again_not_the_one_between(qtbot, window):
    w = window
    world = w.param_panel.widgets["world"]
    for text in ("8x8", "banana", "8x8"):
        world.editor.setCurrentText(text)
        world.editor.lineEdit().editingFinished.emit()
        settle(qtbot, w)
    first = w.message.text()
    assert "banana" not in first and "world not" in first        # 8x8's own refusal
    assert "world not" in w.param_panel.widgets["world"].error.text()


def test_number_link_after_a_bad_size_the_good_one_clears_the_message(qtbot, window):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    size = w.param_panel.widgets["size"]
    good = size.editor.currentText()
    for text in ("abc", good):
        size.editor.setCurrentText(text)
        size.editor.lineEdit().editingFinished.emit()
        settle(qtbot, w)
    assert "abc" not in w.message.text() and not w.param_panel.error_text()


# -- 7. fairland's messages where they belong ---------------------------------------------
def test_too_much_land_is_said_beside_the_world_size(qtbot, window):
    w = window
    w.workbench.set_value("world", (16, 16))
    w.param_panel.widgets["sc"].editor.setValue(100)
    settle(qtbot, w, lambda: "not" in w.message.text())
    world_error = w.param_panel.widgets["world"].error
    assert world_error.isVisibleTo(w.param_panel) and "world not" in world_error.text()
    assert not w.param_panel.seed_row.error.isVisibleTo(w.param_panel)
    # and beside the field the user just changed
    assert "world not" in w.param_panel.widgets["sc"].error.text()


def test_many_continents_are_said_beside_continents_too(qtbot, window):
    w = window
    w.param_panel.widgets["nc"].editor.setValue(1000)
    qtbot.wait(10)
    assert "multiple" in w.param_panel.widgets["nc"].error.text()


def test_the_abort_bar_does_not_promise_a_server_option(qtbot, window):
    w = window
    w.workbench.set_values({"world": (64, 32), "nc": 5, "sc": 30, "ni": 10, "is": 15,
                              "merge": True})
    w.workbench.set_seed(2)
    w.request_generation(force=True)
    settle(qtbot, w, lambda: w.result.seed == 2 and w.result.params["ni"] == 10)
    assert w.result.detail.assertion is not None
    text = w.banner.text()
    assert "with the server's fairland" not in text
    assert "what a -DNDEBUG build of fairland makes" in text and "--ndebug" in text


# -- 8. what a number field will not take is said ----------------------------------------
def test_letters_typed_into_number_fields_are_said(qtbot, window):
    w = window
    nc = w.param_panel.widgets["nc"]
    focus(qtbot, w, nc.editor.field)
    QTest.keyClicks(nc.editor.field, "x")
    assert "'x'" in nc.error.text()
    seed = w.param_panel.seed_row
    focus(qtbot, w, seed.field)
    QTest.keyClicks(seed.field, "q")
    assert "'q'" in seed.error.text()


def test_an_empty_seed_and_return_says_it_kept_the_seed(qtbot, window):
    w = window
    seed = w.param_panel.seed_row
    before = seed.seed()
    focus(qtbot, w, seed.field)
    seed.field.clear()
    QTest.keyClick(seed.field, Qt.Key.Key_Return)
    assert seed.field.text() == str(before)
    assert "empty" in seed.error.text() and str(before) in seed.error.text()


# -- 5. Number Link --------------------------------------------------------------------------
def numberlink_at(qtbot, w, side: int):
    """The window on a Number Link grid of ``side`` x ``side``."""
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    w.workbench.set_value("size", f"{side}x{side}")
    w.request_generation()
    settle(qtbot, w, lambda: w.result.grid.width == side)
    return w


@pytest.fixture
def nl12(qtbot, window):
    return numberlink_at(qtbot, window, 12)


def test_export_puzzle_png_from_the_menu_is_readable(qtbot, nl12, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    from viewer.formats.png import read_png

    path = tmp_path / "puzzle.png"
    monkeypatch.setattr(QInputDialog, "getInt",
                        staticmethod(lambda parent, title, label, value, *a, **k: (value, True)))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    from PySide6.QtWidgets import QMessageBox
    warned = []                     # not checked for uniqueness yet: the user goes on
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: warned.append(a[2]) or QMessageBox.StandardButton.Yes))
    nl12.menu_actions()["Export puzzle PNG..."].trigger()
    assert len(warned) == 1 and "not checked" in warned[0]
    img = read_png(path)
    assert img.shape[:2] == (12 * 32 + 1, 12 * 32 + 1)       # as the command line draws it


def test_fast_mode_says_why_there_is_no_timeline(qtbot, nl12):
    w = nl12
    w.param_panel.widgets["mode"].editor.setCurrentText("fast")
    settle(qtbot, w, lambda: w.result.params["mode"] == "fast")
    assert w.result.trace is None
    assert "no trace yet" not in w.timeline.caption.text()
    assert "fast" in w.timeline.caption.text() and "faithful" in w.timeline.caption.text()
    w.param_panel.widgets["mode"].editor.setCurrentText("faithful")
    settle(qtbot, w, lambda: w.result.params["mode"] == "faithful")
    assert w.timeline.isEnabled() and w.timeline.n_steps > 0


def test_with_the_solution_hidden_hovering_does_not_give_it_away(qtbot, nl12):
    w = nl12
    sol = w.result.detail.solution
    puzzle = w.result.detail.puzzle
    # a square on a path that is not an end
    y, x = next((int(y), int(x)) for y, x in zip(*(sol.paths > 0).nonzero())
                if puzzle.cells[y, x] == 0)
    assert "path length" in w.inspect(x, y)
    w.menu_actions()["Show solution"].trigger()
    assert not w.options["show_solution"]
    rows = w.inspect(x, y)
    assert "path length" not in rows and "boring" not in rows
    assert rows["path"].startswith("hidden")


def test_numberlink_help_explains_format_rule_and_file():
    import subprocess
    import sys

    def helptext(*args):
        return subprocess.run([sys.executable, "-m", "viewer", "numberlink", *args, "-h"],
                              capture_output=True, text=True, timeout=60).stdout

    gen = helptext("generate")
    assert "testmain: solution and puzzle" in gen
    solve = helptext("solve")
    assert "fill-no-touch: every square used" in solve and "the puzzle file" in solve


# -- 9. TGP noise rounds: the inspector reads what is drawn ------------------------------------
def test_tgp_noise_round_inspector_reads_the_block_drawn(qtbot, window):
    import numpy as np

    from viewer.engine.tgp.units import INVALID_HEIGHT
    from viewer.render.tgp import fill_mesh, mesh_step

    w = window
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.select_layer("noise")
    trace = w.result.trace
    for step in range(1, trace.n_steps):
        noise = trace.state_at(step).get("noise")
        if noise is not None and mesh_step(noise) > 1:
            break
    else:
        pytest.fail("no noise round drawn as blocks")
    w.timeline.set_step(step)
    settle(qtbot, w, lambda: w.state.step == step)
    noise = w.state.layers["noise"]
    y, x = (int(v) for v in np.argwhere(noise == INVALID_HEIGHT)[0])
    drawn = int(fill_mesh(noise, mesh_step(noise))[y, x])
    row = w.inspect(x, y)["noise (fixed point)"]
    assert "not generated yet" not in row and row.startswith(f"{drawn} ")


# -- 4. ports ------------------------------------------------------------------------------
@pytest.fixture
def ports(qtbot, window):
    w = window
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    return w


def test_ports_messages_are_not_clipped(qtbot, ports):
    w = ports
    grid = w.param_panel.widgets["grid"]
    field = grid.editor.field
    field.setText("999999")
    field.editingFinished.emit()
    qtbot.wait(50)
    err = grid.error
    assert err.isVisibleTo(w.param_panel) and err.text()
    assert err.height() >= err.heightForWidth(err.width()) - 1


def test_ports_are_numbered_from_1_in_the_legend_as_in_the_inspector(qtbot, ports):
    w = ports
    w.select_layer("ports")
    settle(qtbot, w)
    texts = [t for t, _ in w.legend.legend.entries]
    n = len(w.result.detail.ports)
    assert "port 1" in texts and f"port {n}" in texts and "port 0" not in texts
    rec = w.result.detail.ports[0]
    x, y = rec["cell"]
    assert w.inspect(x, y)["port"].startswith(f"{rec['id']}:") and rec["id"] == 1
    layer_value = int(w.state.layers["ports"][y, x])
    assert f"port {layer_value + 1}" in texts


def test_the_status_names_each_phase_of_the_placement():
    from viewer.engine.ports.generator import PORTS

    seen = []
    PORTS.generate({}, seed=1, progress=lambda name, _f: seen.append(name))
    for name in ("lakes", "coast", "candidates", "weighting", "ports", "local terrain"):
        assert name in seen
    assert seen.index("coast") < seen.index("candidates") < seen.index("weighting")


# -- 9. ports at fit, the legend, dialogs -----------------------------------------------------
def test_routes_at_fit_are_yellow_and_candidates_are_in_the_legend(qtbot, ports):
    import numpy as np

    from viewer.render.ports import CANDIDATE_KEY, PORT_ROUTE

    w = ports
    w.select_layer("height")
    settle(qtbot, w)
    img = w.shown_image()
    scale = w.map_view.scale
    route = np.asarray(w.result.detail.placement.ports[0].route)
    (r0, c0), (r1, c1) = route[0], route[1]
    # the pixels along the first edge of the first route
    px = [(int(round((c0 + (c1 - c0) * t) * scale)), int(round((r0 + (r1 - r0) * t) * scale)))
          for t in np.linspace(0.2, 0.8, 7)]
    colours = np.array([img[min(y, img.shape[0] - 1), min(x, img.shape[1] - 1), :3]
                        for x, y in px])
    # yellow (as the legend's swatch), not the black of an outline
    yellow = (colours[:, 0] > 200) & (colours[:, 1] > 150) & (colours[:, 2] < 200)
    assert yellow.mean() >= 0.5 and PORT_ROUTE[0] > 200, colours
    assert CANDIDATE_KEY in [t for t, _ in w.legend.legend.entries]


def test_file_dialogs_open_in_the_folder_last_used(qtbot, window, tmp_path, monkeypatch):
    w = window
    starts = []
    target = tmp_path / "sub" / "view.png"
    target.parent.mkdir()

    def save(parent, title, start, filt):
        starts.append(start)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save))
    w.menu_actions()["Export view as PNG..."].trigger()
    assert target.exists()
    w.menu_actions()["Export view as PNG..."].trigger()
    assert starts[1].startswith(str(target.parent))


def test_number_link_grid_lines_all_show_at_fit(qtbot, window):
    """Shrunk to fit, a 1-pixel grid line of every square still shows."""
    import numpy as np

    w = numberlink_at(qtbot, window, 40)
    w.resize(1100, 760)
    w.menu_actions()["Show solution"].trigger()          # the puzzle: white squares, lines
    settle(qtbot, w, w.zoom.settled)
    view = w.map_view
    assert view.screen_zoom() < 0.9                      # the picture is shrunk
    img = view.grab().toImage()
    (x0, x1), (y0, y1) = view.vb.viewRange()
    sx = img.width() / (x1 - x0)
    scale = view.scale
    puzzle = w.result.detail.puzzle.cells
    # a row of squares without ends in it, read across its middle
    row = int(np.argmin((puzzle != 0).sum(axis=1)))
    py = int(((row + 0.5) * scale - y0) * img.height() / (y1 - y0))
    line = np.array([img.pixelColor(x, py).lightness() for x in range(img.width())], float)
    seen = tried = 0
    for c in range(1, 40):
        if puzzle[row, c - 1] or puzzle[row, c]:
            continue                                     # an end's disc covers the line
        tried += 1
        bx = (c * scale - x0) * sx
        near = line[max(0, int(bx) - 2):int(bx) + 3]
        inside = line[int(bx - sx * scale / 2) - 1:int(bx - sx * scale / 2) + 2]
        if near.min() < inside.max() - 8:
            seen += 1
    assert tried >= 20 and seen == tried, (seen, tried)
