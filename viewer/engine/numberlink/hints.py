"""Deductions told as hints a player could follow: the technique, the
squares it looked at (columns and rows from 1, ``(x,y)``) and what it fixed."""

from __future__ import annotations

from .deduce import ON, TITLES, Board, Deduction, labels_of

__all__ = ["hint", "link_text"]


def link_text(board: Board, e: int) -> str:
    return f"{board.square_name(board.ea[e])}-{board.square_name(board.eb[e])}"


def _labels(board: Board, mask: int) -> str:
    names = [board.label_text(k) if k else "empty" for k in labels_of(mask, board)]
    return "{" + ",".join(names) + "}"


def hint(board: Board, d: Deduction) -> str:
    """One line: ``E1 degree at (3,2): link (3,2)-(4,2) on; ...``."""
    where = " ".join(board.square_name(i) for i in d.squares[:6])
    if len(d.squares) > 6:
        where += f" and {len(d.squares) - 6} more"
    parts = []
    on = [link_text(board, e) for e, v in d.links if v == ON]
    off = [link_text(board, e) for e, v in d.links if v != ON]
    if on:
        parts.append(f"link{'s' if len(on) > 1 else ''} {', '.join(on)} on")
    if off:
        parts.append(f"link{'s' if len(off) > 1 else ''} {', '.join(off)} off")
    if d.labels:
        shown = [f"{board.square_name(i)} {_labels(board, m)}" for i, m in d.labels[:4]]
        if len(d.labels) > 4:
            shown.append(f"{len(d.labels) - 4} more")
        parts.append("labels " + "; ".join(shown))
    about = f" (path {board.label_text(d.label)})" if d.label else ""
    text = f"{d.technique} {TITLES[d.technique]}{about} at {where}: " + "; ".join(parts)
    if d.note:
        text += f" [{d.note}]"
    return text
