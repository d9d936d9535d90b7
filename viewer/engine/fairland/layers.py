"""fairland's layers and phases: what each layer means, how a kernel state
becomes layers, and the capitals as markers.  The generator and the trace
both read them from here."""

from __future__ import annotations

import numpy as np

from ..protocol import LayerInfo, Marker
from . import kernel as K
from .messages import NUMLETTER
from .resources import RESOURCES, resource_layer, sector_type

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


def layers_from_state(st, wx: int, wy: int) -> dict[str, np.ndarray]:
    """Every layer of a kernel state, shaped (WORLD_Y, WORLD_X/2)."""
    own, adj, xzone, closest, distance, elev = st[:6]
    capx, capy = st[K.CAPX], st[K.CAPY]
    shape = (wy, wx // 2)
    capitals = np.full(own.shape[0], -1, np.int16)
    for c in range(capx.shape[0] - 1, -1, -1):
        x, y = int(capx[c]), int(capy[c])
        capitals[(y * wx + x) // 2] = c
        capitals[(y * wx + (x + 2) % wx) // 2] = c
    layers = {
        "own": own.copy(),
        "elevation": elev.copy(),
        "sector_type": sector_type(elev),
        "capitals": capitals,
    }
    for name in RESOURCES:
        layers[name] = resource_layer(name, elev)
    layers["coastal"] = (adj != K.ALL_LAND).astype(np.uint8)
    layers["xzone"] = xzone.copy()
    layers["closest"] = closest.copy()
    layers["distance"] = distance.copy()
    return {k: a.reshape(shape) for k, a in layers.items()}
