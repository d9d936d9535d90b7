"""FindSpring's height tests as CreateRivers keeps them (``T.spring``,
``T.spring_any``, see viewer.engine.tgp.openttd15.rivers.tiles): the table
made at the start is FindSpring's own tests tile by tile, and after any
terraforming every tile still marked as passing or failing is marked as
FindSpring would decide it on the changed heights (the others are tested
again when a try reaches them), with its block's ``spring_any`` set.
Hilly random maps, both edge kinds, non-square maps.  Also: the slope
tables, made a row at a time, are GetTileSlopeZ's."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tgp_rivers_engine import _land, _rivers

from viewer.engine.tgp.openttd15.rivers import kernel as RK
from viewer.engine.tgp.openttd15.rivers import tiles as RT


def _hills(seed: int, sx: int, sy: int, top: int) -> np.ndarray:
    """Tile heights whose neighbours differ by at most one (as FixSlopes
    leaves them), with hills, plains and some sea at 0."""
    rng = np.random.default_rng(seed)
    h = rng.integers(0, top + 1, (sy, sx)).astype(int)
    for _ in range(3):   # smooth a little, then limit the steps to one level
        h = (h + np.roll(h, 1, 0) + np.roll(h, 1, 1) + np.roll(h, -1, 0)) // 4
        h = h + rng.integers(0, 2, (sy, sx))
    for _ in range(top + 2):
        for ax in (0, 1):
            for shift in (1, -1):
                h = np.minimum(h, np.roll(h, shift, ax) + 1)
    return np.clip(h - 1, 0, None).astype(np.uint8)


def _live(r) -> np.ndarray:
    """FindSpring's height tests of every tile, from the heights as they are."""
    T = r._T
    lx, sy = r._P.log_x, r.land.size_y
    ff = r.settings.freeform
    return np.array([T.slope[t] == 0 and RK.spring_heights(T.height, lx, sy, ff, t)
                     for t in range(T.height.size)], np.uint8)


def _settle(r) -> None:
    """Every tile to be tested again tested, as a try reaching it does."""
    T = r._T
    live = _live(r)
    again = T.spring == RT.SPRING_UNKNOWN
    T.spring[again] = live[again]


def _check(r) -> int:
    T = r._T
    live = _live(r)
    kept = T.spring != RT.SPRING_UNKNOWN
    np.testing.assert_array_equal(T.spring[kept], live[kept])
    sx, sy = r.land.size_x, r.land.size_y
    ys, xs = np.divmod(np.flatnonzero(T.spring != RT.SPRING_FAILS), sx)
    for x, y in zip(xs, ys):
        assert T.spring_any[RT.spring_block(r._P.log_x, int(x), int(y))] == 1
    return int(live.sum())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), lx=st.integers(5, 7), ly=st.integers(5, 7),
       top=st.integers(3, 9), freeform=st.booleans())
def test_spring_table_is_findsprings_height_tests(seed, lx, ly, top, freeform):
    land = _land(_hills(seed, 1 << lx, 1 << ly, top), freeform=freeform)
    r = _rivers(land, freeform=freeform, limit=20)
    T = r._T
    assert set(np.unique(T.spring)) <= {RT.SPRING_FAILS, RT.SPRING_PASSES}
    _check(r)
    # and FindSpring itself (the tile's own tests as well) agrees with it
    for t in range(0, T.height.size, 7):
        want = RK.find_spring(T.height, T.slope, T.kind, T.tropic, r._P.log_x, land.size_y,
                              False, freeform, t)
        own = T.slope[t] == 0 and T.kind[t] not in (1, 4)
        assert want == (own and T.spring[t] == 1)


def test_spring_table_passes_somewhere():
    # (the property above is not vacuous: these maps have springs)
    found = 0
    for seed in range(6):
        land = _land(_hills(seed, 64, 64, 8))
        r = _rivers(land, limit=20)
        found += int((r._T.spring == RT.SPRING_PASSES).sum())
    assert found > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), lx=st.integers(5, 6), ly=st.integers(5, 6),
       top=st.integers(3, 9), freeform=st.booleans(), moves=st.integers(1, 40))
def test_kept_spring_tests_stay_true_after_terraforming(seed, lx, ly, top, freeform, moves):
    sx, sy = 1 << lx, 1 << ly
    land = _land(_hills(seed, sx, sy, top), freeform=freeform)
    r = _rivers(land, freeform=freeform, limit=top + 3)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        # a few levels up or down at one place, near a tile that passed
        # when there is one
        passing = np.flatnonzero(r._T.spring == RT.SPRING_PASSES)
        t = int(rng.choice(passing)) if len(passing) and rng.integers(0, 2) else \
            int(rng.integers(0, sx * sy))
        t = int(np.clip(t + int(rng.integers(-16, 17)) + sx * int(rng.integers(-16, 17)),
                        0, sx * sy - 1))
        up = bool(rng.integers(0, 2))
        for _ in range(int(rng.integers(1, 5))):
            r.terraform(t, int(rng.integers(1, 16)), up)
        _check(r)
        if rng.integers(0, 2):
            _settle(r)


def test_kept_spring_tests_follow_a_hill_raised_and_lowered():
    # a plateau whose tiles pass, a hill raised beside it (they fail), then
    # lowered again (tiles pass again): the kept tests follow both ways
    h = np.full((64, 64), 3, np.uint8)
    h[20:24, 20:24] = 4          # (higher ground around the tiles tested)
    h[21:23, 21:23] = 3
    land = _land(h)
    r = _rivers(land, limit=20)
    before = _check(r)
    assert before > 0
    c = 36 * 64 + 36
    for _ in range(4):
        assert r.terraform(c, 15, True)
    raised = _check(r)
    assert raised < before
    _settle(r)
    for _ in range(4):
        assert r.terraform(c, 15, False)
    assert _check(r) > raised


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), lx=st.integers(2, 7), ly=st.integers(2, 7),
       top=st.integers(1, 6))
def test_slope_tables_are_get_tile_slope_z(seed, lx, ly, top):
    # (the tables are made a row at a time; the last row and column clamp)
    sx, sy = 1 << lx, 1 << ly
    h = np.random.default_rng(seed).integers(0, top + 1, sx * sy).astype(np.uint8)
    sl = np.empty(sx * sy, np.uint8)
    zz = np.empty(sx * sy, np.uint8)
    RT.slopes(h, lx, sy, sl, zz)
    want = [RT.slope_z(h, lx, sy, t) for t in range(sx * sy)]
    assert [(int(a), int(b)) for a, b in zip(sl, zz)] == [(int(a), int(b)) for a, b in want]
