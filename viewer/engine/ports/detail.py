"""What a port placement says beyond its layers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..protocol import Detail
from .local import LocalSettings
from .placement import Placement


@dataclass(frozen=True)
class PortsDetail(Detail):
    """The heightmap's ``corners``, ``sea_level`` and ``height_unit`` and
    where it came from (``source``); the ``placement`` (every step's data);
    the ``ports`` as plain records (what the command line writes) and their
    ``buildings``; ``short`` (ports that could not be placed) and the number
    of ``candidates``; the ``local`` terrain settings."""

    corners: np.ndarray
    sea_level: float
    height_unit: float
    source: str
    placement: Placement
    ports: list[dict[str, Any]]
    buildings: list[np.ndarray]
    short: int
    candidates: int
    local: LocalSettings
