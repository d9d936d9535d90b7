"""Compiled accessors on the map's byte arrays that several stage kernels
share (industries, trees, the tile loops), as numba inlines: the same
reads and writes as the Python accessors of :mod:`.clear_map` and
:mod:`.tiles`, on the arrays the kernels take instead of a ``GameMap``.

Fences of a farm field (``clear_map.h``): the south-west side in ``m4``
bits 2..4, the south-east side in ``m4`` bits 5..7, the north-east side
in ``m3`` bits 5..7 and the north-west side in ``m6`` bits 2..4; ``side``
numbers them 1, 2, 0 and 3 as the kernels' callers do.
"""

from __future__ import annotations

from ...jit import njit
from ..kernel import INLINE

T_CLEAR = 0
CLEAR_FIELDS = 3


@njit(**INLINE)
def is_fields(typ, m5, t):
    """A clear tile whose ground is fields."""
    return (typ[t] >> 4) == T_CLEAR and ((m5[t] >> 2) & 7) == CLEAR_FIELDS


@njit(**INLINE)
def get_fence(m3, m4, m6, t, side):
    """``GetFence``: the hedge type on one side of a field."""
    if side == 1:
        return (m4[t] >> 2) & 7
    if side == 2:
        return (m4[t] >> 5) & 7
    if side == 0:
        return (m3[t] >> 5) & 7
    return (m6[t] >> 2) & 7


@njit(**INLINE)
def set_fence(m3, m4, m6, t, side, h):
    """``SetFence``: put hedge type ``h`` (0..7) on one side of a field."""
    if side == 1:
        m4[t] = (m4[t] & 0xE3) | (h << 2)
    elif side == 2:
        m4[t] = (m4[t] & 0x1F) | (h << 5)
    elif side == 0:
        m3[t] = (m3[t] & 0x1F) | (h << 5)
    else:
        m6[t] = (m6[t] & 0xE3) | (h << 2)


@njit(**INLINE)
def wrap_xy(x, y, sx, sy, freeform):
    """The tile at (x, y) as ``TileAddWrap`` gives it once the offset is
    added: -1 on the map's edge (the south and east rows, and with
    freeform edges the north and west ones too) or off the map."""
    if (x == 0 or y == 0) and freeform:
        return -1
    if 0 <= x < sx - 1 and 0 <= y < sy - 1:
        return y * sx + x
    return -1
