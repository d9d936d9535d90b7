"""A Number Link puzzle in a black-and-white print style: white squares,
thin black grid lines inside a thicker frame, each end a white disc with a
black ring and its label in black; no colour, no solution.  For puzzle
makers who print their puzzles (File > Export puzzle for printing)."""

from __future__ import annotations

import numpy as np

from ..engine.numberlink.puzzle import Puzzle

INK = (0, 0, 0, 255)
PAPER = (255, 255, 255, 255)


def print_picture(puzzle: Puzzle, cell: int = 32) -> np.ndarray:
    """``(H*cell + 1, W*cell + 1, 4)`` RGBA, black on white (see the module)."""
    from PIL import Image, ImageDraw, ImageFont

    w, h = puzzle.width, puzzle.height
    cell = max(8, int(cell))
    img = Image.new("RGBA", (w * cell + 1, h * cell + 1), PAPER)
    draw = ImageDraw.Draw(img)
    thin = max(1, cell // 32)
    for x in range(w + 1):
        draw.line((x * cell, 0, x * cell, h * cell), fill=INK, width=thin)
    for y in range(h + 1):
        draw.line((0, y * cell, w * cell, y * cell), fill=INK, width=thin)
    frame = max(2, cell // 12)
    draw.rectangle((0, 0, w * cell, h * cell), outline=INK, width=frame)
    longest = max((len(s) for s in puzzle.labels), default=1)
    size = max(6, int(cell * 0.55 / max(1.0, 0.6 * min(longest, 4))))
    font = ImageFont.load_default(size=size)
    r = cell * 0.38
    ring = max(1, cell // 16)
    for (y, x), k in np.ndenumerate(puzzle.cells):
        if not k:
            continue
        cx, cy = x * cell + cell / 2, y * cell + cell / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=ring)
        label = puzzle.labels[k - 1][:4]
        draw.text((cx, cy), label, font=font, fill=INK, anchor="mm")
    return np.asarray(img)
