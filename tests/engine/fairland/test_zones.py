"""Exclusive zones marked row by row are fairland's ring-by-ring zones.

The reference here is fairland.c's walk written out in Python: the sector
itself, then each ring d = 1..dist from x - 2d, y along the six directions,
wrapping at the world's edges."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.fairland import kernel as K

DX = (0, 1, 2, 1, -1, -2, -1)
DY = (0, -1, 0, 1, 1, 0, -1)


def rings(xzone, wx, wy, c, x, y, dist):
    """fairland.c's xzone_around_sector, with C's short store and int compare."""
    def store(v):
        return np.int16(np.int64(v).astype(np.int16))

    xzone[(y * wx + x) // 2] = store(c)
    for d in range(1, dist + 1):
        x1, y1 = (x - 2 * d) % wx, y
        for dr in range(1, 7):
            for _ in range(d):
                off = (y1 * wx + x1) // 2
                if xzone[off] == -1:
                    xzone[off] = store(c)
                elif int(xzone[off]) != c:
                    xzone[off] = -2
                x1, y1 = (x1 + DX[dr]) % wx, (y1 + DY[dr]) % wy


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(wx=st.sampled_from([8, 10, 12, 16, 64]), wy=st.sampled_from([4, 6, 8, 32]),
       data=st.data())
def test_row_walk_gives_the_ring_walks_zones(wx, wy, data):
    sz = wx * wy // 2
    start = np.array(data.draw(st.lists(st.sampled_from([-1, -2, 0, 3, 7, 40000 - 65536]),
                                        min_size=sz, max_size=sz)), np.int16)
    c = data.draw(st.sampled_from([0, 3, 7, 40000]))
    y = data.draw(st.integers(0, wy - 1))
    x = 2 * data.draw(st.integers(0, wx // 2 - 1)) + y % 2
    dist = data.draw(st.integers(0, 12))
    conf = np.zeros(K.CONF_LEN, np.int64)
    conf[K.C_WX], conf[K.C_WY] = wx, wy
    got, want = start.copy(), start.copy()
    K.xzone_around_sector(conf, got, c, x, y, dist, K.new_check())
    rings(want, wx, wy, c, x, y, dist)
    np.testing.assert_array_equal(got, want)
