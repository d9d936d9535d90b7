"""Resources as functions of elevation (fairland's ``*_conf`` tables).

Each resource is a piecewise-linear function of elevation given by control
points ``(elev, value)``, evaluated with C's arithmetic: the fraction is a
double and the sum is truncated toward zero.  Elevations span -127..127, so
each function is tabulated once and looked up with numpy.
"""

from __future__ import annotations

import numpy as np

LANDMIN = 1
HIGHMIN = 98

RESOURCE_POINTS: dict[str, tuple[tuple[int, int], ...]] = {
    "iron": ((-127, 0), (21, 0), (85, 100), (HIGHMIN - 1, 100), (HIGHMIN, 0), (127, 0)),
    "gold": ((-127, 0), (35, 0), (HIGHMIN - 1, 80), (HIGHMIN, 80), (127, 85)),
    "fertility": ((-127, 100), (-59, 100), (LANDMIN - 1, 41), (LANDMIN, 100), (10, 100),
                  (56, 0), (127, 0)),
    "oil": ((-127, 100), (-49, 100), (LANDMIN - 1, 2), (LANDMIN, 100), (6, 100), (34, 0),
            (127, 0)),
    "uranium": ((-127, 0), (55, 0), (90, 100), (97, 100), (98, 0), (127, 0)),
}
RESOURCES = tuple(RESOURCE_POINTS)


def elev_to_resource(elev: int, points: tuple[tuple[int, int], ...]) -> int:
    """fairland's elev_to_resource for one elevation in [-127, 127]."""
    i = 1
    while elev > points[i][0]:
        i += 1
    (e1, r1), (e2, r2) = points[i - 1], points[i]
    return int(r1 + float((elev - e1) * (r2 - r1)) / (e2 - e1))


_LUT = {name: np.array([elev_to_resource(e, pts) for e in range(-127, 128)], np.uint8)
        for name, pts in RESOURCE_POINTS.items()}


_ALL_LUT = np.stack([_LUT[name] for name in RESOURCES])


def resource_layer(name: str, elev: np.ndarray) -> np.ndarray:
    """The resource ``name`` for every elevation in ``elev`` (clipped to
    -127..127, the range fairland's final elevations lie in)."""
    return _LUT[name][np.clip(elev, -127, 127).astype(np.int64) + 127]


def elevation_layers(elev: np.ndarray) -> dict[str, np.ndarray]:
    """The sector type and every resource for every elevation in ``elev``,
    as :func:`sector_type` and :func:`resource_layer` give them, looked up
    in tables indexed by the elevation once clipped to -127..127 (which
    changes no sector type)."""
    index = elev.astype(np.intp)
    np.clip(index, -127, 127, out=index)
    index += 127
    layers = {"sector_type": _TYPE_LUT[index]}
    layers.update(zip(RESOURCES, _ALL_LUT[:, index]))
    return layers


def sector_type(elev: np.ndarray) -> np.ndarray:
    """Empire sector type: 0 sea, 4 wilderness, 1 mountain."""
    t = np.where(elev < LANDMIN, 0, 4)
    return np.where(elev >= HIGHMIN, 1, t).astype(np.int8)


_TYPE_LUT = sector_type(np.arange(-127, 128))
