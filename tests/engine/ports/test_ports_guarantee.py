"""The guarantee of the write-up: from every port, a ship sails to open sea.

For each placed port the cells along its route are refined on their own and
stitched; a 4-connected flood fill of the points below sea level joins the
ship's corner to open sea.  Also the properties the guarantee rests on:
neighbouring cells agree along their shared edge, a sea (land) cell stays sea
(land) at local resolution, and the port cell's centre is at sea level at
least."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.ports.generator import PORTS
from viewer.engine.ports.guarantee import sea_route_reaches
from viewer.engine.ports.local import LocalSettings, cell_terrain, port_view
from viewer.engine.ports.placement import Settings, place

TGP_CASES = [
    # (seed, size, sea_level, terrain, smoothness, local_size, roughness, grid)
    (1, (128, 128), 2, 2, 1, 33, 0.5, 8),
    (7, (128, 128), 3, 3, 3, 17, 2.0, 6),
    (123456, (64, 128), 1, 1, 2, 9, 4.0, 4),
    (99, (128, 64), 0, 3, 0, 65, 1.0, 8),
    (2024, (256, 256), 2, 2, 1, 33, 0.5, 16),
    (31337, (128, 128), 3, 0, 2, 17, 3.0, 5),
]


def _check_all(result) -> int:
    pl = result.detail.placement
    ls = result.detail.local
    rel = pl.rel
    for p in pl.ports:
        assert pl.label[p.ship] >= 0 and pl.is_open[pl.label[p.ship]], "ship in open sea"
        assert sea_route_reaches(rel, p, result.seed, ls), f"port {p.index + 1} is landlocked"
    return len(pl.ports)


@pytest.mark.parametrize("case", TGP_CASES, ids=lambda c: f"seed{c[0]}")
def test_every_port_reaches_open_sea_on_tgp_maps(case):
    seed, size, sea, terrain, smooth, n, rough, grid = case
    result = PORTS.generate({"tgp_size": size, "tgp_sea_level": sea, "tgp_terrain": terrain,
                             "tgp_smoothness": smooth, "local_size": n, "roughness": rough,
                             "grid": grid, "n_ports": 40, "min_distance": 3}, seed=seed)
    assert _check_all(result) > 0


@pytest.mark.slow
def test_guarantee_over_many_seeds():
    placed = 0
    for seed in range(100):
        result = PORTS.generate({"tgp_size": (64, 64), "n_ports": 12, "grid": 4,
                                 "min_distance": 2, "roughness": 0.5 * (seed % 8),
                                 "local_size": (9, 17, 33)[seed % 3],
                                 "tgp_sea_level": seed % 4}, seed=seed)
        placed += _check_all(result)
    assert placed > 500


def _islands_in_a_lagoon(h: int, w: int) -> np.ndarray:
    """Corners: land all around the border (no sea reaches it), a big inner
    sea with islands, and a small separate lake."""
    rel = np.full((h + 1, w + 1), 20.0)
    rel[4:h - 3, 4:w - 8] = -10.0
    for y in range(8, h - 8, 7):
        for x in range(8, w - 12, 7):
            rel[y:y + 3, x:x + 2] = 5.0 + (x + y) % 4
    rel[4:7, w - 5:w - 2] = -3.0  # the lake
    return rel


@pytest.mark.slow
@given(st.integers(0, 2**32 - 1), st.sampled_from((9, 17, 33)), st.floats(0.0, 4.0))
@settings(max_examples=25)
def test_guarantee_when_no_sea_reaches_the_border(seed, n, rough):
    rel = _islands_in_a_lagoon(40, 48)
    pl = place(rel, Settings(grid=3, n_ports=15, min_distance=2.0, radius=3.0), seed)
    assert pl.ports
    ls = LocalSettings(n=n, roughness=rough, unit=16.0)
    for p in pl.ports:
        assert sea_route_reaches(rel, p, seed, ls)


def test_the_check_fails_when_a_channel_is_blocked():
    """A terrain that raises every cell's edges above sea level (all but the
    corners) must fail the check: the ship's corner is walled in."""
    result = PORTS.generate({"tgp_size": (64, 64), "n_ports": 10, "grid": 4,
                             "min_distance": 2}, seed=5)
    pl, ls = result.detail.placement, result.detail.local

    def walled(rel, r, c, seed, ls, port=False):
        t = cell_terrain(rel, r, c, seed, ls, port)
        t[0, 1:-1] = t[-1, 1:-1] = t[1:-1, 0] = t[1:-1, -1] = 1.0
        return t

    long_routes = [p for p in pl.ports if len(p.route) > 1]
    assert long_routes
    assert not any(sea_route_reaches(pl.rel, p, result.seed, ls, terrain=walled)
                   for p in long_routes)


@given(st.integers(0, 2**32 - 1), st.sampled_from((9, 17, 33, 65)), st.floats(0.0, 4.0),
       st.lists(st.floats(-40, 40), min_size=6, max_size=6))
@settings(max_examples=60)
def test_neighbours_agree_and_cells_keep_their_nature(seed, n, rough, heights):
    rel = np.array(heights, np.float64).reshape(2, 3)  # two cells side by side
    rel = np.vstack([rel, rel[::-1] * 0.5])            # and two below: 2x2 cells
    ls = LocalSettings(n=n, roughness=rough, unit=16.0)
    t = {(r, c): cell_terrain(rel, r, c, seed, ls) for r in range(2) for c in range(2)}
    assert np.array_equal(t[0, 0][:, -1], t[0, 1][:, 0])
    assert np.array_equal(t[0, 0][-1, :], t[1, 0][0, :])
    assert np.array_equal(t[1, 0][:, -1], t[1, 1][:, 0])
    for (r, c), tile in t.items():
        corners = rel[r:r + 2, c:c + 2]
        assert tile[0, 0] == corners[0, 0] and tile[-1, -1] == corners[1, 1]
        if (corners < 0).all():
            assert (tile < 0).all()
        if (corners >= 0).all():
            assert (tile >= 0).all()
        for edge, (a, b) in ((tile[0, :], corners[0]), (tile[-1, :], corners[1]),
                             (tile[:, 0], corners[:, 0]), (tile[:, -1], corners[:, 1])):
            if a < 0 and b < 0:
                assert (edge < 0).all(), "an edge between two sea corners is all sea"


def test_port_cell_centre_is_at_least_sea_level_and_the_view_is_stitched():
    result = PORTS.generate({"tgp_size": (128, 128), "n_ports": 30, "grid": 6,
                             "min_distance": 3, "roughness": 3.0}, seed=11)
    pl, ls = result.detail.placement, result.detail.local
    step = ls.n - 1
    for p in pl.ports:
        view = port_view(pl.rel, p.row, p.col, result.seed, ls)
        assert view.shape == (3 * step + 1, 3 * step + 1)
        assert view[3 * step // 2, 3 * step // 2] >= 0.0
        own = cell_terrain(pl.rel, p.row, p.col, result.seed, ls, port=True)
        assert np.array_equal(view[step:2 * step + 1, step:2 * step + 1], own)
        ship = view[(p.ship[0] - p.row + 1) * step, (p.ship[1] - p.col + 1) * step]
        assert ship < 0.0, "the ship spawns at a corner below sea level"


def test_buildings_stand_on_land_around_the_port():
    result = PORTS.generate({"tgp_size": (128, 128), "n_ports": 15, "grid": 8,
                             "min_distance": 4}, seed=3)
    pl, ls = result.detail.placement, result.detail.local
    radii = []
    for p, town in zip(pl.ports, result.detail.buildings):
        if len(town):
            d = np.hypot(town[:, 0] - p.x, town[:, 1] - p.y)
            radii.append((p.population, d.max()))
            from viewer.engine.ports.local import building_radius
            assert d.max() <= building_radius(p.population, ls) + 1e-9
            view = port_view(pl.rel, p.row, p.col, result.seed, ls)
            step = ls.n - 1
            iy = np.rint((town[:, 1] - p.row + 1) * step).astype(int)
            ix = np.rint((town[:, 0] - p.col + 1) * step).astype(int)
            assert (view[iy, ix] >= 0).all()
    assert radii
