"""fairland's layers and phases: what each layer means, how a kernel state
becomes layers, and the capitals as markers.  The generator and the trace
both read them from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import LayerInfo, Marker

if TYPE_CHECKING:  # (numpy and the kernels where a state becomes layers: not for -h)
    import numpy as np

# messages.NUMLETTER, the capitals' letters (here: messages imports numpy)
NUMLETTER = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

PHASE_NAMES = ("drift", "grow continents", "grow islands", "elevate", "resources")

LAYER_INFO: dict[str, LayerInfo] = {
    "own": LayerInfo("own", "island number (continents first), -1 sea", "categorical",
                     labels={-1: "sea"}),
    "elevation": LayerInfo("elevation", "elevation, -127..127 (raw hills while elevating)",
                           "scalar", -127, 127),
    "sector_type": LayerInfo("sector_type", "sector type: 0 sea, 4 wilderness, 1 mountain",
                             "categorical", labels={0: "sea", 1: "mountain", 4: "wilderness"}),
    "capitals": LayerInfo("capitals", "capital sectors by continent, -1 elsewhere",
                          "categorical", labels={-1: "none"}),
    "iron": LayerInfo("iron", "iron ore (min), 0..100", "scalar", 0, 100),
    "gold": LayerInfo("gold", "gold (gmin), 0..100", "scalar", 0, 100),
    "fertility": LayerInfo("fertility", "fertility (fert), 0..100", "scalar", 0, 100),
    "oil": LayerInfo("oil", "oil content (ocontent), 0..100", "scalar", 0, 100),
    "uranium": LayerInfo("uranium", "uranium (uran), 0..100", "scalar", 0, 100),
    "coastal": LayerInfo("coastal", "not all six neighbours are land", "mask", 0, 1),
    "xzone": LayerInfo("xzone", "exclusive zone: island number, -1 none, -2 several "
                       "(land shaded)",
                       "categorical", labels={-1: "no zone", -2: "several zones"}, debug=True),
    "closest": LayerInfo("closest", "closest continent (island while elevating); "
                         "255 = no single closest (land shaded)", "categorical",
                         labels={255: "tie"}, debug=True),
    "distance": LayerInfo("distance", "BFS distance to coast / sphere border; "
                          "65535 = not reached (land shaded)", "scalar", 0, None,
                          labels={65535: "unreached"}, debug=True),
}
LAYER_NAMES = tuple(LAYER_INFO)


def capital_markers(capx, capy) -> list[Marker]:
    return [Marker("capital", NUMLETTER[c % 62], int(x), int(y))
            for c, (x, y) in enumerate(zip(capx, capy))]


def layers_from_state(st, wx: int, wy: int, copy: bool = True) -> dict[str, np.ndarray]:
    """Every layer of a kernel state, shaped (WORLD_Y, WORLD_X/2);
    ``copy=False`` when nothing changes the state afterwards (the layers
    are then views of its arrays)."""
    import numpy as np

    from . import kernel as K
    from .resources import elevation_layers

    own, adj, xzone, closest, distance, elev = st[:6]
    capx, capy = st[K.CAPX], st[K.CAPY]
    shape = (wy, wx // 2)
    capitals = np.full(own.shape[0], -1, np.int16)
    xs, ys = capx.tolist(), capy.tolist()
    for c in range(len(xs) - 1, -1, -1):   # the lowest continent wins a shared sector
        x, y = xs[c], ys[c]
        capitals[(y * wx + x) // 2] = c
        capitals[(y * wx + (x + 2) % wx) // 2] = c
    if copy:
        own, elev, xzone, closest, distance = (
            a.copy() for a in (own, elev, xzone, closest, distance))
    by_elevation = elevation_layers(elev)
    layers = {
        "own": own,
        "elevation": elev,
        "sector_type": by_elevation.pop("sector_type"),
        "capitals": capitals,
        **by_elevation,
        "coastal": (adj != K.ALL_LAND).view(np.uint8),
        "xzone": xzone,
        "closest": closest,
        "distance": distance,
    }
    return {k: a.reshape(shape) for k, a in layers.items()}
