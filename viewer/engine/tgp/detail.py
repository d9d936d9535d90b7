"""What a TerraGenesis run says beyond its layers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..protocol import Detail


@dataclass(frozen=True)
class TGPDetail(Detail):
    """The corner arrays (``(size_y + 1, size_x + 1)``, fixed point, 16 =
    one level): ``noise_corners`` as the noise left them and
    ``heightmap_corners`` normalised; ``height_unit`` (16); the water level
    and the number of water tiles aimed at; ``random_calls`` drawn and the
    RNG's state after; ``bad_slope_events``; ``tile_class_counts`` (clear,
    water, shore, void); ``version`` ("15.2" or "r13671"); ``warnings``
    (what a user should know about this map, e.g. r13671's overflow).
    OpenTTD 15.2 only: the ``height_limit`` used, TGP's highest level
    ``tgp_max_height``, the ``water_borders`` used (bits NE 1, SE 2, SW 4,
    NW 8), the number of ``rocks`` tiles and the tiles FixSlopes lowered.
    (The tile heights before FixSlopes are the normalised heightmap's
    corners in levels, clamped to ``tgp_max_height``.)

    OpenTTD 15.2 maps that go past the water pass (``stop_after`` climate
    or rivers): ``landscape``, the final :class:`~.openttd15.landscape.Landscape`;
    ``snow_line_height`` (arctic) and ``desert_line`` (sub-tropic), None
    elsewhere; ``river_wells`` (the wells CreateRivers tried, 0 with rivers
    off or stopped before them), ``rivers_made`` and ``river_attempts``
    (one :class:`~.openttd15.rivers.create.RiverAttempt` per well); ``rng_calls``, the
    Random() calls by the reference's phase names (``before_tgp``,
    ``height_map_generate``, ``height_map_normalize``, ``tile_transfer``,
    ``fix_slopes``, ``convert_water``, ``climate``, ``rivers_built``,
    ``river_tile_loop``, ``clear``, ``towns``, ``total``; every 15.2 map has
    it).

    OpenTTD 15.2 maps that go past GenerateLandscape (``stop_after`` clear,
    towns): ``world``, the :class:`~.game.world.World` the stages left (the
    game's tile bytes, the Randomizer, the towns), ``stages`` the stages
    made and what each reported; ``towns`` (with the towns stage) the
    towns' records (:class:`~.openttd15.towns.town.Town`), in the pool's
    order; ``industries`` (with the industries stage) likewise.  Their layers add the game's tile bytes (``tile_type``, ``m1``
    ... ``m8``; :data:`~.layers.GAME_BYTE_LAYERS`)."""

    noise_corners: np.ndarray
    heightmap_corners: np.ndarray
    height_unit: int
    water_level: int
    desired_water_tiles: int
    random_calls: int
    rng_state_after: tuple[int, int]
    bad_slope_events: int
    tile_class_counts: tuple[int, ...]
    version: str = "r13671"
    warnings: tuple[str, ...] = ()
    height_limit: int | None = None
    tgp_max_height: int | None = None
    water_borders: int | None = None
    rocks: int | None = None
    fix_slopes_lowered: int | None = None
    landscape: Any = None
    snow_line_height: int | None = None
    desert_line: int | None = None
    river_wells: int | None = None
    rivers_made: int | None = None
    river_attempts: tuple = ()
    rng_calls: dict[str, int] | None = None
    world: Any = None
    stages: dict[str, Any] | None = None
    towns: tuple | None = None
    industries: tuple | None = None

    def tile_height_before_fix(self) -> np.ndarray | None:
        """OpenTTD 15.2: the tile heights TGP copied to the tiles, before
        FixSlopes (None for r13671)."""
        if self.tgp_max_height is None:
            return None
        h = self.heightmap_corners[:-1, :-1] >> 4
        return np.clip(h, 0, self.tgp_max_height).astype(np.uint8)
