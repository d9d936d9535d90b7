"""The shown Number Link puzzle as a puzz.link URL (Edit > Copy puzz.link URL)."""

from __future__ import annotations

from ...engine.numberlink.puzzlink import PuzzLinkError, looks_like_url, parse_url, puzzle_url

__all__ = ["puzzle_url_of"]


def puzzle_url_of(result, rule: str) -> str:
    """The URL of ``result``'s puzzle: numlin, or arukone for a puzzle opened
    from an arukone URL (its flag ``e`` when ``rule`` is free); ValueError
    (one line) when there is none or the puzzle has bridges."""
    puzzle = result.detail.get("puzzle") if result is not None else None
    if puzzle is None:
        raise ValueError("show a Number Link puzzle first")
    kind = "numlin"
    source = result.detail.get("source") or ""
    if looks_like_url(source):
        try:
            kind = parse_url(source).kind
        except PuzzLinkError:
            pass
    try:
        return puzzle_url(puzzle, kind, rule)
    except PuzzLinkError as exc:
        raise ValueError(str(exc)) from None
