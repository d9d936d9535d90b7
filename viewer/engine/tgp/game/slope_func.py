"""Slopes and foundations as the game's ``slope_func.h`` and
``landscape.cpp`` define them (ApplyFoundationToSlope for the foundations
roads, bridges and houses use)."""

from __future__ import annotations

from .tiles import SLOPE_E, SLOPE_FLAT, SLOPE_N, SLOPE_S, SLOPE_STEEP, SLOPE_W

# Slopes with two corners raised (slope_type.h)
SLOPE_NW = SLOPE_N | SLOPE_W
SLOPE_SW = SLOPE_S | SLOPE_W
SLOPE_SE = SLOPE_S | SLOPE_E
SLOPE_NE = SLOPE_N | SLOPE_E
SLOPE_ELEVATED = 15

# Foundation
FOUNDATION_NONE, FOUNDATION_LEVELED, FOUNDATION_INCLINED_X, FOUNDATION_INCLINED_Y = 0, 1, 2, 3


def is_steep_slope(s: int) -> bool:
    return bool(s & SLOPE_STEEP)


def is_slope_with_one_corner_raised(s: int) -> bool:
    return s in (SLOPE_W, SLOPE_S, SLOPE_E, SLOPE_N)


def get_highest_slope_corner(s: int) -> int:
    """``GetHighestSlopeCorner`` (0 W, 1 S, 2 E, 3 N) of a slope with one
    corner raised or a steep slope."""
    s &= ~SLOPE_STEEP
    return {SLOPE_W: 0, SLOPE_S: 1, SLOPE_E: 2, SLOPE_N: 3,
            SLOPE_N | SLOPE_W | SLOPE_S: 0, SLOPE_W | SLOPE_S | SLOPE_E: 1,
            SLOPE_S | SLOPE_E | SLOPE_N: 2, SLOPE_E | SLOPE_N | SLOPE_W: 3}[s]


def has_slope_highest_corner(s: int) -> bool:
    return is_steep_slope(s) or is_slope_with_one_corner_raised(s)


def inclined_slope(d: int) -> int:
    """``InclinedSlope``: the slope rising towards ``d``'s opposite side."""
    return (SLOPE_NE, SLOPE_SE, SLOPE_SW, SLOPE_NW)[d]


def get_inclined_slope_direction(s: int) -> int | None:
    return {SLOPE_NE: 0, SLOPE_SE: 1, SLOPE_SW: 2, SLOPE_NW: 3}.get(s)


def complement_slope(s: int) -> int:
    return s ^ SLOPE_ELEVATED


def flattening_foundation(s: int) -> int:
    return FOUNDATION_NONE if s == SLOPE_FLAT else FOUNDATION_LEVELED


def apply_foundation_to_slope(f: int, s: int) -> tuple[int, int]:
    """``ApplyFoundationToSlope``: (dz, the slope on top of the foundation)
    for the foundations roads, bridges and houses use."""
    if f == FOUNDATION_NONE:
        return 0, s
    if f == FOUNDATION_LEVELED:
        return 1 + (1 if is_steep_slope(s) else 0), SLOPE_FLAT
    dz = 1 if is_steep_slope(s) else 0
    corner = get_highest_slope_corner(s)
    if f == FOUNDATION_INCLINED_X:
        return dz, (SLOPE_SW if corner in (0, 1) else SLOPE_NE)
    if f == FOUNDATION_INCLINED_Y:
        return dz, (SLOPE_SE if corner in (1, 2) else SLOPE_NW)
    raise ValueError(f"foundation {f}")
