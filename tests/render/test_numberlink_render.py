"""Number Link pictures (no Qt): a colour per path that no other path has,
the legend naming the labels shown on the grid."""

from __future__ import annotations

import numpy as np

from viewer import registry
from viewer.render.numberlink import path_palette
from viewer.render.picture import picture


def test_sixty_paths_get_sixty_colours():
    colours = {tuple(int(v) for v in c) for c in path_palette(60)}
    assert len(colours) == 60
    # none is white (the empty square) or black (the grid's ink)
    assert all(max(c) >= 50 and min(c) < 240 for c in colours)


def test_the_solution_picture_colours_each_path_and_the_legend_has_its_labels():
    r = registry.declaration("numberlink").engine.generate({"size": (12, 10), "mode": "fast"}, seed="pal")
    pic = picture(r, "paths", {"show_solution": True})
    labels = [m.label for m in r.markers]
    entries = [t for t, _c in pic.legend.entries]
    assert set(labels) <= set(entries)
    colours = [c for _t, c in pic.legend.entries]
    assert len({tuple(c[:3]) for c in colours}) == len(colours)
    # each legend colour is on the grid
    img = pic.rgba[..., :3].reshape(-1, 3)
    on_grid = {tuple(c) for c in np.unique(img, axis=0)}
    for _t, c in pic.legend.entries:
        assert tuple(int(v) for v in c[:3]) in on_grid
    # the puzzle alone shows fewer coloured pixels than the solved grid
    puzzle = picture(r, "paths", {"show_solution": False}).rgba[..., :3]
    white = (puzzle == 255).all(axis=2).mean()
    assert white > (pic.rgba[..., :3] == 255).all(axis=2).mean()


def test_the_puzzle_alone_with_bridges_takes_a_second_solution():
    """Check uniqueness in puzzle-only view of a bridged puzzle: the bridge
    marks are drawn and the second solution over them where it differs."""
    from viewer.render.numberlink import links_of, picture

    ends = np.zeros((3, 3), np.int32)
    ends[1, 0], ends[1, 2], ends[0, 1], ends[2, 1] = 1, 1, 2, 2
    paths = np.array([[0, 2, 0], [1, 1, 1], [0, 2, 0]], np.int32)
    bridges = np.zeros((3, 3), bool)
    bridges[1, 1] = True
    second = (paths.copy(), *links_of(paths))
    diff = np.zeros((3, 3), bool)
    diff[1, 1] = True
    plain = picture(paths, ends, 24, show_paths=False, bridges=bridges)
    over = picture(paths, ends, 24, show_paths=False, bridges=bridges, second=second, diff=diff)
    assert plain.shape == over.shape
    centre = (slice(24, 48), slice(24, 48))
    assert not np.array_equal(plain[centre], over[centre])      # drawn where it differs
    assert np.array_equal(plain[:24, :24], over[:24, :24])      # and nowhere else


def test_a_solve_step_draws_each_link_ruled_out_as_a_cross_on_its_side():
    """Solve step by step: a link the deductions ruled out is a dark × on the
    side between its two squares; an undecided or linked side has none."""
    from viewer.engine.numberlink.grade import grade
    from viewer.engine.numberlink.solve_trace import with_solve_trace
    from viewer.engine.protocol import MapState
    from viewer.render.numberlink import NL_OFF

    r = registry.declaration("numberlink").engine.generate({"size": (7, 7)}, seed="x")
    r = with_solve_trace(r, grade(r.detail.puzzle))
    trace = r.trace
    step = trace.n_steps // 2
    state = MapState(r, trace.state_at(step), tuple(trace.markers_at(step)), step,
                     trace.meaningful_at(step))
    links = state.layers["links"]
    cell = 40
    pic = picture(state, "paths", {}, cell)
    img = pic.rgba[..., :3]
    dark = (img == NL_OFF[:3]).all(axis=2)
    c = cell // 2
    seen = {"off": 0, "not": 0}
    for y in range(7):
        for x in range(7):
            for bit_off, bit_on, (py, px), inside in (
                    (4, 1, (y * cell + c, (x + 1) * cell), x < 6),
                    (8, 2, ((y + 1) * cell, x * cell + c), y < 6)):
                if not inside:
                    continue
                near = dark[py - 3:py + 4, px - 3:px + 4]
                if links[y, x] & bit_off:
                    assert near[3, 3] and near[0, 0] and near[0, 6] and near[6, 0] \
                        and near[6, 6], (x, y, bit_off)          # the × across the side
                    assert not near[0, 3] and not near[3, 0]     # a cross, not a square
                    seen["off"] += 1
                else:
                    assert not near.any(), (x, y, bit_off)
                    seen["not"] += 1
    assert seen["off"] > 0 and seen["not"] > 0
    assert "link ruled out (×)" in [t for t, _c in pic.legend.entries]
    # the finished puzzle has no ×
    done = picture(r, "paths", {}, cell).rgba[..., :3]
    assert not (done == NL_OFF[:3]).all(axis=2).any()
