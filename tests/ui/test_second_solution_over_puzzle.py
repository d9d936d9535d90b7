"""Check uniqueness shows the second solution over the
puzzle without leaving the puzzle-only view (View > Show solution off)."""

from __future__ import annotations

import numpy as np

from viewer.render import numberlink as nl_render
from viewer.render.picture import picture
from window_waits import settle

WAIT = 60_000

SEVERAL = """5 5
. . . . .
. 3 . . .
. 2 1 . .
1 . . 3 .
2 . . . .
"""
"""Two solutions even under fill-no-touch."""


def colours_in(img: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(int(v) for v in c) for c in img[..., :3].reshape(-1, 3)}


def test_check_uniqueness_in_the_puzzle_view_draws_the_second_over_the_puzzle(
        qtbot, window, tmp_path):
    w = window
    w.set_generator("numberlink")
    settle(qtbot, w, lambda: w.result.generator == "numberlink")
    path = tmp_path / "several.txt"
    path.write_text(SEVERAL)
    assert w.file_actions.open_file("numberlink", path)
    settle(qtbot, w, lambda: w.gen_view.check is not None)
    # the user hides the solution, then asks again
    w.menu_actions()["Show solution"].trigger()
    assert not w.options["show_solution"]
    before = w.gen_view.check
    w.menu_actions()["Check uniqueness"].trigger()
    settle(qtbot, w, lambda: w.gen_view.check is not before)
    check = w.gen_view.check
    assert check["status"] == "several" and check["second"] is not None
    assert not w.options["show_solution"]                 # still the puzzle alone
    assert not w.toggle_action("show_solution").isChecked()
    assert "over the puzzle" in w.message.text()
    img = w.shown_image()
    assert np.array_equal(img, w.current_picture().rgba)
    cell = w.map_view.scale
    diff = check["diff"]
    second = check["second"]
    pal = nl_render.path_palette(int(second.paths.max()))
    # the puzzle alone, as it is without a check: no line of any path
    alone = picture(w.state, w.layer_name, {**w.workbench.picture_options(), "second": None,
                                            "diff": None}).rgba
    assert nl_render.NL_DIFF[:3] in colours_in(img)
    for y in range(5):
        for x in range(5):
            box = (slice(y * cell + 1, (y + 1) * cell), slice(x * cell + 1, (x + 1) * cell))
            if diff[y, x]:
                # the second solution's path through this square is drawn
                k = int(second.paths[y, x])
                if k:
                    assert tuple(int(v) for v in pal[k - 1]) in colours_in(img[box]), (x, y)
            elif not (w.result.detail.puzzle.cells[y, x]):
                # elsewhere the puzzle stays unsolved
                assert np.array_equal(img[box], alone[box]), (x, y)
    # showing the solution keeps the second over the first
    w.menu_actions()["Show solution"].trigger()
    settle(qtbot, w)
    assert w.options["show_solution"] and nl_render.NL_DIFF[:3] in colours_in(w.shown_image())
