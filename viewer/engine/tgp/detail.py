"""What a TerraGenesis run says beyond its layers."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..protocol import Detail


@dataclass(frozen=True)
class TGPDetail(Detail):
    """The corner arrays (``(size_y + 1, size_x + 1)``, fixed point, 16 =
    one level): ``noise_corners`` as the noise left them and
    ``heightmap_corners`` normalised; ``height_unit`` (16); the water level
    and the number of water tiles aimed at; ``random_calls`` drawn and the
    RNG's state after; ``bad_slope_events``; ``tile_class_counts`` (clear,
    water, shore, void)."""

    noise_corners: np.ndarray
    heightmap_corners: np.ndarray
    height_unit: int
    water_level: int
    desired_water_tiles: int
    random_calls: int
    rng_state_after: tuple[int, int]
    bad_slope_events: int
    tile_class_counts: tuple[int, ...]
