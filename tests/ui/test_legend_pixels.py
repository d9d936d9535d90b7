"""Legends as the new user saw them, in pixels.

7.12: every swatch is outlined, so that a white (or a dark) one shows, in
the window's legend and in the exported whole-map PNG; 7.14: on a PNG
heightmap, the ports' colour bar turns from sea to land at the PNG's sea
level, in the window and in the export."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image
from window_waits import settle, rgb

WAIT = 120_000


def export_whole_map(qtbot, w, path: Path) -> np.ndarray:
    """File > Export whole map as PNG (after its dialog), read back."""
    w.file_actions.export_map_png(path, 8)
    qtbot.waitUntil(lambda: path.exists() and not w.file_actions.busy(), timeout=WAIT)
    return np.asarray(Image.open(path).convert("RGB")).astype(np.int16)


def near(a: np.ndarray, colour, tol: int = 3) -> np.ndarray:
    return (np.abs(a - np.asarray(colour[:3], np.int16)) <= tol).all(axis=-1)


def outlined_boxes(strip: np.ndarray, edge) -> list[tuple[int, int, int, int]]:
    """The rectangles (x0, y0, x1, y1) outlined in ``edge`` in ``strip``."""
    on = near(strip, edge, 0)
    boxes = []
    for y in range(strip.shape[0] - 2):
        xs = np.flatnonzero(on[y])
        if not xs.size:
            continue
        # runs of the edge colour along the row
        for run in np.split(xs, np.flatnonzero(np.diff(xs) > 1) + 1):
            x0, x1 = int(run[0]), int(run[-1])
            if x1 - x0 < 6 or on[y - 1, x0 + 1:x1].any() or not on[y + 1, x0] \
                    or on[y + 1, x0 + 1:x1].any():
                continue                # not a box's top edge
            y1 = y + 1 + int(np.argmin(on[y + 1:, x0]))
            boxes.append((x0, y, x1, y1 - 1))
    return boxes


def test_every_swatch_of_the_exported_map_is_outlined(qtbot, window, tmp_path):
    from viewer.render.decorate import PAPER

    w = window
    w.select_layer("xzone")                # white "several zones", near-black "no zone"
    legend = w.current_picture().legend
    colours = [c for _label, c in legend.entries]
    assert any(min(c[:3]) >= 235 for c in colours)
    assert any(max(c[:3]) <= 40 for c in colours)
    img = export_whole_map(qtbot, w, tmp_path / "map.png")
    strip = img[w.current_picture().rgba.shape[0] * 8 // int(w.current_picture().scale):]
    # the swatches: each a box with an edge unlike the paper and unlike its colour
    edge = (120, 120, 120)
    boxes = outlined_boxes(strip, edge)
    assert len(boxes) == len(colours)
    for (x0, y0, x1, y1), colour in zip(sorted(boxes, key=lambda b: (b[1], b[0])), colours):
        inside = strip[y0 + 1:y1, x0 + 1:x1]
        assert near(inside, colour).all(), colour
    # the edge stands out from the paper, from the white and from the dark swatches
    for c in [PAPER] + [c for c in colours if min(c[:3]) >= 235 or max(c[:3]) <= 40]:
        assert np.abs(np.asarray(c[:3]) - edge).max() >= 60


def test_white_swatches_show_in_the_windows_legend(qtbot, window):
    from viewer.ui.legend import FRAME

    w = window
    frame = tuple(int(FRAME[i:i + 2], 16) for i in (1, 3, 5))
    for layer, pale in (("sector_type", "mountain"), ("xzone", "-2 several zones")):
        w.select_layer(layer)
        qtbot.wait(50)
        entries = w.legend.legend.entries
        shown = rgb(w.legend.swatches.grab().toImage())
        back = np.median(shown.reshape(-1, 3), axis=0)
        assert np.abs(back - dict(entries)[pale][:3]).max() < 40   # pale on a pale ground
        # every swatch a box edged all round in the frame's colour, its colour inside
        boxes = sorted(outlined_boxes(shown, frame), key=lambda b: (b[1], b[0]))
        assert len(boxes) == len(entries), layer
        for (x0, y0, x1, y1), (label, colour) in zip(boxes, entries):
            assert y1 - y0 >= 6 and x1 - x0 >= 10
            assert near(shown[y0 + 1:y1, x0 + 1:x1], colour, 1).all(), (layer, label)
        # the edge stands out from the ground and from the pale swatches
        for c in [back] + [c for _label, c in entries if min(c[:3]) >= 200]:
            assert np.abs(np.asarray(c[:3]) - frame).max() >= 60, layer


def land_from(bar: np.ndarray) -> float:
    """Where along a colour bar (0..1) the sea's blues end and land begins."""
    row = bar[bar.shape[0] // 2].astype(int)
    sea = (row[:, 2] > row[:, 0] + 40) & (row[:, 2] > row[:, 1] + 10)
    assert sea[0] and not sea[-1]
    first_land = int(np.flatnonzero(~sea)[0])
    assert sea[:first_land].all() and not sea[first_land:].any()   # one split
    return first_land / (row.shape[0] - 1)


def test_the_ports_on_png_colour_bar_splits_at_the_pngs_sea_level(qtbot, window,
                                                                         tmp_path):
    w = window
    w.set_generator("ports")
    settle(qtbot, w, lambda: w.result.generator == "ports")
    path = tmp_path / "ramp.png"
    # greys 0..255 left to right: the sea is what lies below the sea level
    Image.fromarray(np.tile(np.arange(256, dtype=np.uint8)[::2], (64, 1)), "L").save(path)
    for sea_level in (60, 180):
        w.workbench.set_values({"source": "png", "png_path": str(path),
                                "png_sea_level": sea_level, "grid": 8, "min_distance": 4.0})
        w.request_generation()
        settle(qtbot, w, lambda: w.result.params.get("png_sea_level") == sea_level)
        w.select_layer("height")
        qtbot.wait(50)
        shown = w.legend
        assert (shown.vmin.text(), shown.vmax.text()) == ("0", "255")
        assert f"sea below grey {sea_level}" in shown.title_text()
        bar = rgb(shown.bar.grab().toImage())
        assert abs(land_from(bar) * 255 - sea_level) <= 255 / bar.shape[1] + 1.5, sea_level
        # the whole-map PNG's bar too
        img = export_whole_map(qtbot, w, tmp_path / f"map{sea_level}.png")
        strip = img[w.result.grid.height * 8:]
        bar_rows = [y for y in range(strip.shape[0]) if land_split_row(strip[y])]
        assert bar_rows, "no colour bar under the exported map"
        row = strip[bar_rows[len(bar_rows) // 2]]
        x0, x1, split = land_split_row(row)
        assert abs((split - x0) / (x1 - x0) * 255 - sea_level) <= 2, sea_level
        # and the map: cells below the sea level are blue, above it not
        r = w.result
        sea_cells = r.layers["height"] < 0
        assert sea_cells.any() and (~sea_cells).any()


def land_split_row(row: np.ndarray):
    """(first, last, first land) pixel of a colour bar across ``row``, or None."""
    blue = (row[:, 2] > row[:, 0] + 40) & (row[:, 2] > row[:, 1] + 10) & (row[:, 2] > 120)
    xs = np.flatnonzero(blue)
    if xs.size < 10:
        return None
    x0 = int(xs[0])
    run_end = x0 + int(np.argmin(blue[x0:])) if not blue[x0:].all() else row.shape[0]
    # the bar goes on in land colours (greens, browns, white) after the sea
    land = ~blue & (row.max(axis=1) > 60) & (np.ptp(row, axis=1) > 15)
    x1 = run_end
    while x1 < row.shape[0] and (land[x1] or (row[x1] > 200).all()):
        x1 += 1
    if x1 - run_end < 10:
        return None
    return x0, x1 - 1, run_end
