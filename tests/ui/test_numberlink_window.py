"""Number Link in the workbench window: the chooser, the grid picture with
its paths and labelled ends, the timeline with the debug overlays, the
puzzle / solution toggle, "check uniqueness", opening puzzle files and the
exports (small grids, offscreen)."""

from __future__ import annotations

import numpy as np
import pytest
from menus_by_generator import OWN, others

from viewer.engine.numberlink.generator import NUMBERLINK
from viewer.engine.numberlink.solver import solve
from viewer.engine.protocol import Cancelled, CancelToken
from viewer.formats.numberlink import (
    parse_puzzle,
    parse_solution,
    parse_testmain,
    read_puzzle,
    render,
)
from viewer.formats.png import read_png
from viewer.render import numberlink as nl_render
from viewer.render.numberlink import numberlink_scale
from viewer.render.picture import picture

WAIT = 60_000

UNIQUE = """4 4
. . . 1
. 2 3 .
. . 1 .
3 . . 2
"""
"""Grid 1 of seed "0" at 4x4: one solution under every rule but free."""

SEVERAL = """5 5
. . . . .
. 3 . . .
. 2 1 . .
1 . . 3 .
2 . . . .
"""
"""Grid 1 of seed "70" at 5x5: two solutions even under fill-no-touch."""


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def has_colour(img: np.ndarray, rgba) -> bool:
    return bool(np.all(img[..., :3] == np.array(rgba[:3], np.uint8), axis=-1).any())


@pytest.fixture
def nl(qtbot, window):
    """The window on Number Link, chosen in the generator box, at 5x5."""
    box = window.generator_box
    box.setCurrentIndex(box.findData("numberlink"))
    settle(qtbot, window, lambda: window.result.generator == "numberlink")
    window.workbench.set_value("size", "5x5")
    window.workbench.set_seed("12345")
    window.request_generation()
    settle(qtbot, window, lambda: window.result.grid.width == 5)
    return window


def open_text(qtbot, window, tmp_path, text, name="p.txt"):
    path = tmp_path / name
    path.write_text(text)
    assert window.file_actions.open_file("numberlink", path)
    settle(qtbot, window, lambda: window.gen_view.check is not None)
    return path


def test_number_link_is_in_the_chooser_after_tgp(window):
    box = window.generator_box
    names = [box.itemData(i) for i in range(box.count())]
    assert names[:3] == ["fairland", "tgp", "numberlink"]


def test_choosing_number_link_shows_a_grid(nl):
    w = nl
    r = w.result
    assert r.generator == "numberlink" and (r.grid.width, r.grid.height) == (5, 5)
    view = w.map_view
    cell = numberlink_scale(5, 5)
    assert not view.hexes and view.scale == cell
    img = w.shown_image()
    assert img.shape == (5 * cell + 1, 5 * cell + 1, 4)
    assert w.layer_name == "paths"
    # the picture is the engine's grid: every blank square's centre is on a path
    centres = img[cell // 2::cell, cell // 2::cell][:5, :5, :3]
    blank = r.layers["puzzle"] == 0
    assert (centres[blank] != 255).any(axis=1).all()
    # the labels are drawn in the picture, not as letters over it
    assert view.letters() == []
    # its actions on, the others off
    menus = set(w.menu_actions())
    assert OWN["numberlink"] | {"Open Number Link puzzle..."} <= menus
    assert not menus & others("numberlink")
    # the legend names the paths in their colours
    legend = w.legend.legend
    assert legend is not None and legend.entries[0][0] == "1"
    assert legend.entries[0][1] == tuple(nl_render.color_paths(np.array([1]))[0])


def test_the_seed_is_text_for_number_link_only(qtbot, nl):
    w = nl
    row = w.param_panel.seed_row
    assert row.field.validator() is None
    row.field.setText("hello world")
    row.field.editingFinished.emit()
    settle(qtbot, w, lambda: w.result.seed == "hello world")
    again = NUMBERLINK.generate(w.result.params, seed="hello world")
    assert np.array_equal(w.result.layers["paths"], again.layers["paths"])
    # fairland keeps its 32-bit number seeds; Number Link gets its text back
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    assert w.param_panel.seed_row.field.validator() is not None
    assert isinstance(w.param_panel.seed(), int)
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    assert w.param_panel.seed() == "hello world" and w.result.seed == "hello world"


def test_changing_size_or_seed_regenerates_and_the_pixels_change(qtbot, nl):
    w = nl
    before = w.shown_image().copy()
    w.param_panel.seed_row.set_seed("another", announce=True)
    settle(qtbot, w, lambda: w.result.seed == "another")
    after = w.shown_image()
    assert after.shape == before.shape and not np.array_equal(after, before)
    ref = NUMBERLINK.generate(w.result.params, seed="another")
    assert np.array_equal(w.result.layers["puzzle"], ref.layers["puzzle"])
    size = w.param_panel.widgets["size"]
    size.set_value("7x6")
    size.changed.emit()
    settle(qtbot, w, lambda: w.result.grid.width == 7)
    cell = numberlink_scale(7, 6)
    assert w.shown_image().shape == (6 * cell + 1, 7 * cell + 1, 4)


def test_a_too_small_grid_is_refused_beside_the_size(qtbot, nl):
    w = nl
    w.workbench.set_value("size", "3x3")
    assert w.request_generation() is None
    assert "too small" in w.param_panel.error_text()
    assert w.result.grid.width == 5


def test_the_timeline_reaches_every_phase_and_matches_the_engines_trace(qtbot, nl):
    w = nl
    r = w.result
    trace = r.trace
    ref = NUMBERLINK.generate(r.params, seed=r.seed, trace=True).trace
    assert trace.n_steps == ref.n_steps > 5
    phase_starts = {first for _, first in trace.phases()}
    seen_phases = set()
    seen = {"attempt": False, "pushed": False, "rebuild_region": False}
    for step in range(trace.n_steps + 1):
        w.timeline.set_step(step)
        settle(qtbot, w, lambda s=step: w.state.step == s)
        if step < trace.n_steps:
            want = ref.state_at(step)
            for name, arr in want.items():
                assert np.array_equal(w.state.layers[name], arr), (step, name)
            assert w.state.meaningful == ref.meaningful_at(step)
        seen_phases.add(trace.phase_at(step))
        img = w.shown_image()
        if "attempt" in w.state.meaningful:
            seen["attempt"] = True
            assert has_colour(img, nl_render.NL_END)          # the end being extended, framed
        for name in ("pushed", "rebuild_region"):
            if name in w.state.meaningful:
                seen[name] = True
        if step in phase_starts or step == trace.n_steps:
            assert w.timeline.caption.text().startswith(f"step {step} ")
    assert seen_phases >= {name for name, _ in trace.phases()}
    assert seen["attempt"]
    # the last step is the finished grid with its shuffled labels
    assert w.state.layers is r.layers
    assert not has_colour(w.shown_image(), nl_render.NL_END)


def test_the_debug_overlays_are_drawn_where_the_generator_pushed(qtbot, window):
    """A 10x10 grid of seed 12345 pushes paths: the step shows the old routes
    and the rebuild regions over the grid."""
    w = window
    w.set_generator("numberlink", generate=False)
    w.workbench.set_value("size", "10x10")
    w.workbench.set_seed("12345")
    w.request_generation()
    settle(qtbot, w, lambda: w.result.generator == "numberlink" and w.result.grid.width == 10)
    trace = w.result.trace
    step = next((s for s in range(1, trace.n_steps)
                 if {"pushed", "rebuild_region"} <= trace.meaningful_at(s)), None)
    if step is None:
        pytest.skip("this grid never pushed a path")
    w.timeline.set_step(step)
    settle(qtbot, w, lambda: w.state.step == step)
    img = w.shown_image()
    assert has_colour(img, nl_render.NL_GHOST)
    ys, xs = np.nonzero(w.state.layers["pushed"])
    rows = w.inspect(int(xs[0]), int(ys[0]))
    assert rows["pushed"].startswith("old route of path")


def test_the_puzzle_solution_toggle_changes_the_picture(qtbot, nl):
    w = nl
    solution_action = w.toggle_action("show_solution")
    assert w.options["show_solution"] and solution_action.isChecked()
    solved = w.shown_image().copy()
    solution_action.trigger()
    assert not w.options["show_solution"]
    settle(qtbot, w)        # (a picture slow to draw, on a busy machine, comes from the worker)
    puzzle = w.shown_image()
    assert not np.array_equal(puzzle, solved)
    # the puzzle alone: blank squares are white, the ends are drawn
    cell = w.map_view.scale
    centres = puzzle[cell // 2::cell, cell // 2::cell][:5, :5, :3]
    below = puzzle[cell // 2 + int(0.3 * cell)::cell, cell // 2::cell][:5, :5, :3]
    blank = w.result.layers["puzzle"] == 0
    assert (centres[blank] == 255).all() and (below[~blank] != 255).any(axis=1).all()
    assert np.array_equal(puzzle, render(w.result.detail.puzzle, None, cell))
    solution_action.trigger()
    settle(qtbot, w)
    assert np.array_equal(w.shown_image(), solved)
    assert "Ctrl+Shift+S" in solution_action.shortcut().toString()


def test_check_uniqueness_of_a_generated_grid(qtbot, nl):
    w = nl
    puzzle = w.result.detail.puzzle
    want = solve(puzzle, "fill-no-touch", 2).status
    w.menu_actions()["Check uniqueness"].trigger()
    settle(qtbot, w, lambda: w.gen_view.check is not None)
    assert w.gen_view.check["status"] == want and w.gen_view.check["rule"] == "fill-no-touch"
    assert f"uniqueness under fill-no-touch: {want}" in w.message.text()
    assert w.menu_actions()["Check uniqueness"].shortcut().toString() == "Ctrl+U"


def test_check_uniqueness_reports_unique_and_several_and_draws_the_difference(
        qtbot, nl, tmp_path):
    w = nl
    open_text(qtbot, w, tmp_path, UNIQUE, "unique.txt")
    assert w.gen_view.check["status"] == "unique" == solve(parse_puzzle(UNIQUE)).status
    assert "unique" in w.message.text()
    assert not has_colour(w.shown_image(), nl_render.NL_DIFF)
    open_text(qtbot, w, tmp_path, SEVERAL, "several.txt")
    want = solve(parse_puzzle(SEVERAL), "fill-no-touch", 2)
    assert want.status == "several"
    check = w.gen_view.check
    assert check["status"] == "several" and "several solutions" in w.message.text()
    first, second = w.result.detail.solution, check["second"]
    assert not first.same_routes(second)
    assert np.array_equal(check["diff"], first.differences(second))
    img = w.shown_image()
    assert has_colour(img, nl_render.NL_DIFF)              # the differing squares, outlined
    # the outline lies in differing squares only, and every one is tinted
    cell = w.map_view.scale
    frames = np.all(img[..., :3] == nl_render.NL_DIFF[:3], axis=-1)
    plain = w.current_picture().rgba
    # the second solution is drawn from the Workbench's picture options
    without = picture(w.state, w.layer_name, {**w.workbench.picture_options(), "second": None,
                                              "diff": None}).rgba
    assert np.array_equal(plain, img)
    for y in range(5):
        for x in range(5):
            box = (slice(y * cell + 1, (y + 1) * cell), slice(x * cell + 1, (x + 1) * cell))
            if check["diff"][y, x]:
                assert not np.array_equal(img[box], without[box]), (x, y)
            else:
                assert not frames[box].any(), (x, y)
                assert np.array_equal(img[box], without[box]), (x, y)
    # the inspector names the second solution's path there
    ys, xs = np.nonzero(check["diff"])
    rows = w.inspect(int(xs[0]), int(ys[0]))
    assert rows["second solution"].endswith("(differs here)")
    # the overlay stays over the puzzle view, and with the solution
    # (a picture slow to draw is drawn again on the worker: settle)
    w.set_option('show_solution', False)
    settle(qtbot, w)
    assert has_colour(w.shown_image(), nl_render.NL_DIFF)
    w.set_option('show_solution', True)
    settle(qtbot, w)
    assert has_colour(w.shown_image(), nl_render.NL_DIFF)


def test_the_rule_comes_from_the_panel(qtbot, nl, tmp_path):
    w = nl
    open_text(qtbot, w, tmp_path, UNIQUE)
    assert w.gen_view.check["rule"] == "fill-no-touch"
    source = w.result
    # a new rule for an opened puzzle solves it again, it does not regenerate
    w.param_panel.widgets["rule"].editor.setCurrentText("free")
    settle(qtbot, w, lambda: w.gen_view.check is not None and w.gen_view.check["rule"] == "free")
    assert w.result is source
    want = solve(parse_puzzle(UNIQUE), "free", 2).status
    assert w.gen_view.check["status"] == want
    assert f"uniqueness under free: {want}" in w.message.text()


def test_opening_a_puzzle_shows_it_and_solves_it(qtbot, window, tmp_path):
    w = window                                   # from fairland: switches to Number Link
    path = tmp_path / "p.txt"
    path.write_text(UNIQUE.replace("1", "a").replace("2", "b").replace("3", "c"))
    assert w.file_actions.open_file("numberlink", path)
    assert w.result.generator == "numberlink" and w.generator.name == "numberlink"
    assert w.result.detail.source == str(path)
    settle(qtbot, w, lambda: w.result.detail.solution is not None)
    r = w.result
    puzzle, sol = r.detail.puzzle, r.detail.solution
    assert puzzle.labels == ("a", "b", "c") and r.trace is None
    assert np.array_equal(r.layers["paths"], sol.paths) and (sol.paths > 0).all()
    assert np.array_equal(w.shown_image(), w.current_picture().rgba)
    rows = w.inspect(3, 0)
    assert rows["end"].startswith("a") and rows["path"] == "a"
    assert rows["path length"] == f"{int((sol.paths == 1).sum())} squares"
    assert rows["boring"] in ("yes: straight along an edge", "no")


def test_a_bad_puzzle_file_is_refused_and_the_map_stays(qtbot, nl, tmp_path):
    w = nl
    before_result, before_img = w.result, w.shown_image().copy()
    bad = tmp_path / "bad.txt"
    bad.write_text("3 3\na . b\n. . .\n")
    assert not w.file_actions.open_file("numberlink", bad)
    assert "line 4" in w.file_actions.last_error and str(bad) in w.file_actions.last_error
    assert "cannot open" in w.message.text() and "line 4" in w.message.text()
    assert w.result is before_result
    assert np.array_equal(w.shown_image(), before_img)
    assert not w.file_actions.open_file("numberlink", tmp_path / "missing.txt")
    assert w.result is before_result


def test_number_link_exports_read_back(qtbot, nl, tmp_path):
    w = nl
    r = w.result
    puzzle, sol = r.detail.puzzle, r.detail.solution
    w.file_actions.export('puzzle', tmp_path / "p.txt")
    back = read_puzzle(tmp_path / "p.txt")
    assert np.array_equal(back.cells, puzzle.cells) and back.labels == puzzle.labels
    w.file_actions.export('solution', tmp_path / "s.txt")
    sol_back = parse_solution((tmp_path / "s.txt").read_text(), back)
    assert sol_back.same_routes(sol)
    w.file_actions.export('testmain', tmp_path / "t.txt")
    text = (tmp_path / "t.txt").read_text()
    (tm_sol, tm_puzzle), = parse_testmain(text)
    assert np.array_equal(tm_puzzle.cells, puzzle.cells) and tm_sol.same_routes(sol)
    w.file_actions.export("puzzle-png", tmp_path / "p.png", 20)
    w.file_actions.export("solution-png", tmp_path / "s.png", 20)
    assert np.array_equal(read_png(tmp_path / "p.png"), render(puzzle, None, 20))
    assert np.array_equal(read_png(tmp_path / "s.png"), render(puzzle, sol, 20))
    img = w.file_actions.write_map_png(tmp_path / "view.png", 16)
    # the grid as on screen, drawn at 16 px a square, and its legend below
    assert img.shape[0] > 5 * 16 + 1 and img.shape[1] >= 5 * 16 + 1
    assert np.array_equal(read_png(tmp_path / "view.png"), img)
    from viewer.render.picture import picture
    alone = picture(w.state, w.layer_name, w.workbench.picture_options(), 16).rgba
    assert alone.shape == (5 * 16 + 1, 5 * 16 + 1, 4)
    assert np.array_equal(img[:81, :81], alone)


def test_failed_number_link_exports_are_shown_and_leave_nothing(qtbot, nl, tmp_path,
                                                                monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    w = nl
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[-1]))
    missing = tmp_path / "no such folder" / "p.txt"
    w.file_actions.guarded("Export puzzle", lambda: w.file_actions.export('puzzle', missing))
    assert "cannot write" in w.message.text() and "cannot write" in shown[0]
    w.file_actions.guarded("Export solution PNG",
                           lambda: w.file_actions.export('solution-png', missing))
    assert len(shown) == 2
    assert not any(tmp_path.rglob("*.txt")) and not any(tmp_path.rglob("*.png"))
    assert not any(tmp_path.rglob("*.tmp"))


def test_an_unsolved_puzzle_has_no_solution_to_export(qtbot, nl, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    w = nl
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: None)
    path = tmp_path / "none.txt"
    path.write_text("4 4\na . . a\n. . . .\n. . . .\nb . . b\n")   # no fill-no-touch solution
    assert w.file_actions.open_file("numberlink", path)
    settle(qtbot, w, lambda: w.gen_view.check is not None)
    assert w.gen_view.check["status"] == "none" and "no solution" in w.message.text()
    w.file_actions.guarded("Export solution",
                           lambda: w.file_actions.export('solution', tmp_path / "s.txt"))
    assert "no solution yet" in w.message.text()
    assert not (tmp_path / "s.txt").exists()
    w.file_actions.export('puzzle', tmp_path / "p.txt")        # the puzzle itself still exports
    assert read_puzzle(tmp_path / "p.txt").labels == ("a", "b")


def test_number_link_actions_are_absent_under_fairland(window):
    assert window.generator.name == "fairland"
    menus = set(window.menu_actions())
    assert not menus & OWN["numberlink"]
    assert "Open Number Link puzzle..." in menus      # any generator can open a puzzle
    assert OWN["fairland"] <= menus


def test_a_cancelled_token_stops_the_solver():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        solve(parse_puzzle(SEVERAL), "fill-no-touch", 2, check=token.check)


def test_a_running_check_is_cancelled_by_esc(qtbot, nl):
    """The solver runs on its worker; Esc (cancel) stops it mid-search."""
    import time

    from refdata import require_reference

    w = nl
    path = require_reference("numberlink") / "puzzles" / "ahle-36x36.txt"   # ~1 s to solve
    assert w.file_actions.open_file("numberlink", path)
    assert w.busy() and w.result.grid.width == 36
    t0 = time.perf_counter()
    w.cancel_generation()
    settle(qtbot, w)
    assert time.perf_counter() - t0 < 0.8
    assert w.gen_view.check is None and "cancelled" in w.message.text()
    assert w.result.detail.solution is None


def test_solve_step_by_step_puts_the_deductions_on_the_timeline(qtbot, nl):
    from viewer.engine.numberlink.grade import grade
    from viewer.engine.numberlink.hints import hint

    w = nl
    puzzle = w.result.detail.puzzle
    want = grade(puzzle)
    action = w.menu_actions()["Solve step by step"]
    action.trigger()
    settle(qtbot, w, lambda: w.result.trace is not None
           and hasattr(w.result.trace, "labels_at") and w.state.step == 1)
    trace = w.result.trace
    assert trace.n_steps == len(want.deductions)
    assert f"grade {want.grade}" in w.message.text()
    assert w.result.detail.grade == want.grade
    # each step names its technique and squares and draws the links fixed so far
    b = trace.board
    seen_on = 0
    for step in (1, trace.n_steps // 2, trace.n_steps - 1):
        w.timeline.set_step(step)
        settle(qtbot, w, lambda s=step: w.state.step == s)
        d = want.deductions[step - 1]
        assert hint(b, d) in w.timeline.caption.text()
        assert d.technique in w.timeline.caption.text()
        links = w.state.layers["links"]
        on = int(((links & 1) > 0).sum() + ((links & 2) > 0).sum())
        assert on >= seen_on
        seen_on = on
        img = w.shown_image()
        # the squares reasoned about and those fixed, framed
        assert has_colour(img, nl_render.NL_END) or has_colour(img, nl_render.NL_TARGET)
        # the inspector: the labels a square may still carry at this step
        y, x = divmod(d.squares[0], b.w)
        rows = w.inspect(x, y)
        assert rows["labels left"] == ", ".join(trace.labels_at(step, x, y))
    # a blank square at step 0 may carry every label
    w.timeline.set_step(0)
    settle(qtbot, w, lambda: w.state.step == 0)
    ys, xs = np.nonzero(puzzle.cells == 0)
    rows = w.inspect(int(xs[0]), int(ys[0]))
    assert rows["labels left"] == ", ".join(puzzle.labels)
    assert w.menu_actions()["Solve step by step"].shortcut().toString() == "Ctrl+Shift+U"


def test_export_puzzle_and_solution_as_svg_and_pdf(qtbot, nl, tmp_path, monkeypatch):
    from viewer.ui import folders

    w = nl
    for name, suffix in (("Export puzzle SVG...", "svg"), ("Export solution PDF...", "pdf")):
        target = tmp_path / f"out.{suffix}"
        monkeypatch.setattr(folders, "save_path", lambda *a, t=target: str(t))
        w.menu_actions()[name].trigger()
        assert target.is_file(), name
        assert "written to" in w.message.text()
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
    assert "<svg" in (tmp_path / "out.svg").read_text()


def test_export_puzzle_book_from_the_window(qtbot, nl, tmp_path):
    from viewer.ui.views.numberlink_print import BookDialog, BookRequest

    w = nl
    req = BookRequest(count=3, width=6, height=6, difficulty="easy", seed="win")
    dialog = BookDialog(w, req)
    assert dialog.request() == req                       # the dialog holds what it shows
    target = tmp_path / "book.pdf"
    assert w.gen_view.export_book(req, str(target)) is not None
    qtbot.waitUntil(lambda: target.is_file(), timeout=WAIT)
    assert target.read_bytes().startswith(b"%PDF-")
    assert "book of 3 puzzles" in w.message.text()
    # a grade that cannot be met says so, and writes nothing
    bad = tmp_path / "bad.pdf"
    w.gen_view.export_book(BookRequest(count=1, width=4, height=4, difficulty="extreme",
                                       seed="x"), str(bad))
    qtbot.waitUntil(lambda: "export puzzle book:" in w.message.text(), timeout=WAIT)
    assert not bad.exists()


def test_a_bridge_puzzle_in_the_window_draws_the_crossing(qtbot, nl, tmp_path):
    from viewer.formats.numberlink import format_puzzle

    w = nl
    made = NUMBERLINK.generate({"size": "7x7", "bridges": 1}, seed="win")
    path = open_text(qtbot, w, tmp_path, format_puzzle(made.detail.puzzle), "bridge.txt")
    assert path.is_file()
    assert w.gen_view.check["status"] == "unique"
    sol = w.result.detail.solution
    assert sol.cross is not None and sol.same_routes(made.detail.solution)
    (sq,) = made.detail.puzzle.bridge_squares
    y, x = divmod(sq, 7)
    cell = w.map_view.scale
    img = w.shown_image()
    box = img[y * cell + 1:(y + 1) * cell, x * cell + 1:(x + 1) * cell, :3]
    colours = {tuple(c) for c in box.reshape(-1, 3)}
    pal = nl_render.path_palette(made.detail.puzzle.npaths)
    across = tuple(int(c) for c in pal[sol.paths[y, x] - 1])
    down = tuple(int(c) for c in pal[sol.cross[y, x] - 1])
    assert across in colours and down in colours          # both paths drawn on the bridge
    w.set_option("show_solution", False)
    settle(qtbot, w)
    assert has_colour(w.shown_image(), nl_render.NL_BRIDGE)


def test_the_panels_difficulty_makes_a_puzzle_of_that_grade(qtbot, nl):
    from viewer.engine.numberlink.grade import grade

    w = nl
    w.param_panel.widgets["difficulty"].editor.setCurrentText("normal")
    settle(qtbot, w, lambda: w.result.params.get("difficulty") == "normal")
    r = w.result
    assert r.detail.grade == "normal" and grade(r.detail.puzzle).grade == "normal"
    assert solve(r.detail.puzzle).status == "unique"
    assert "grade normal" in w.message.text() or "grade normal" in w.gen_view.describe(r)
