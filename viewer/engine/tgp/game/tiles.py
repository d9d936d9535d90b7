"""The game's map as it keeps it: one flat numpy array per tile byte, tile
index ``t = y * size_x + x`` (``TileXY``), and the accessors every tile type
shares, named after the game's (``tile_map.h``, ``map_func.h``).

Bytes (``docs/landscape_grid.html``): ``type`` (tile type in bits 4..7, a
bridge above in bits 2..3, the tropic zone in bits 0..1), ``height``
(TileHeight: the north corner's level), ``m1`` (owner in bits 0..4 for most
types; water class, ...), ``m2`` (uint16), ``m3`` ... ``m7`` (uint8), ``m8``
(uint16).  Type-specific accessors are in the ``*_map`` modules beside this.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

BYTES = ("type", "height", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8")
DTYPES = {name: (np.uint16 if name in ("m2", "m8") else np.uint8) for name in BYTES}


class TileType(IntEnum):
    """``TileType`` (bits 4..7 of ``type``)."""
    CLEAR = 0
    RAILWAY = 1
    ROAD = 2
    HOUSE = 3
    TREES = 4
    STATION = 5
    WATER = 6
    VOID = 7
    INDUSTRY = 8
    TUNNELBRIDGE = 9
    OBJECT = 10


# Owner (bits 0..4 of m1 for the types that have one)
OWNER_TOWN = 0x0F
OWNER_NONE = 0x10
OWNER_WATER = 0x11

# TropicZone (bits 0..1 of type)
TROPICZONE_NORMAL, TROPICZONE_DESERT, TROPICZONE_RAINFOREST = 0, 1, 2

# Slope bits (slope_type.h): corners W 1, S 2, E 4, N 8; steep 16.
SLOPE_FLAT = 0
SLOPE_W, SLOPE_S, SLOPE_E, SLOPE_N = 1, 2, 4, 8
SLOPE_STEEP = 16
SLOPE_ELEVATED = SLOPE_W | SLOPE_S | SLOPE_E | SLOPE_N

# DiagDirection NE, SE, SW, NW and their tile offsets (x, y)
DIAGDIR_NE, DIAGDIR_SE, DIAGDIR_SW, DIAGDIR_NW = 0, 1, 2, 3
DIAGDIR_DX = (-1, 0, 1, 0)
DIAGDIR_DY = (0, 1, 0, -1)


@dataclass
class GameMap:
    """``Tile::base_tiles`` and ``Tile::extended_tiles`` of a map of
    ``size_x`` x ``size_y`` tiles (powers of two, as the game's)."""

    size_x: int
    size_y: int
    type: np.ndarray
    height: np.ndarray
    m1: np.ndarray
    m2: np.ndarray
    m3: np.ndarray
    m4: np.ndarray
    m5: np.ndarray
    m6: np.ndarray
    m7: np.ndarray
    m8: np.ndarray

    @classmethod
    def empty(cls, size_x: int, size_y: int) -> GameMap:
        """Every byte 0: clear grass at height 0 of density 0 (the game's
        zeroed map)."""
        n = size_x * size_y
        return cls(size_x, size_y, **{b: np.zeros(n, DTYPES[b]) for b in BYTES})

    @classmethod
    def from_grids(cls, grids: dict[str, np.ndarray]) -> GameMap:
        """From ``(size_y, size_x)`` arrays named as :data:`BYTES` (the
        encoding of ``openttd-firstframe`` and ``tgp --npz``); copied."""
        size_y, size_x = grids["type"].shape
        return cls(size_x, size_y, **{b: np.ascontiguousarray(grids[b], DTYPES[b]).reshape(-1).copy()
                                      for b in BYTES})

    def grids(self) -> dict[str, np.ndarray]:
        """Every byte as a ``(size_y, size_x)`` view, named as :data:`BYTES`."""
        return {b: self.grid(b) for b in BYTES}

    def grid(self, name: str) -> np.ndarray:
        return getattr(self, name).reshape(self.size_y, self.size_x)

    def copy(self) -> GameMap:
        return GameMap(self.size_x, self.size_y, **{b: getattr(self, b).copy() for b in BYTES})

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GameMap) and self.size_x == other.size_x
                and self.size_y == other.size_y
                and all(np.array_equal(getattr(self, b), getattr(other, b)) for b in BYTES))

    # --- map_func.h --------------------------------------------------------
    @property
    def size(self) -> int:
        return self.size_x * self.size_y

    @property
    def max_x(self) -> int:
        return self.size_x - 1

    @property
    def max_y(self) -> int:
        return self.size_y - 1

    def tile_xy(self, x: int, y: int) -> int:
        return y * self.size_x + x

    def tile_x(self, t: int) -> int:
        return t % self.size_x

    def tile_y(self, t: int) -> int:
        return t // self.size_x

    def tile_diff_xy(self, dx: int, dy: int) -> int:
        """``TileDiffXY``: the index offset of (dx, dy)."""
        return dy * self.size_x + dx

    def tile_add_xy(self, t: int, dx: int, dy: int) -> int:
        return t + self.tile_diff_xy(dx, dy)

    def tile_add_wrap(self, t: int, dx: int, dy: int, freeform_edges: bool) -> int | None:
        """``TileAddWrap``: None (INVALID_TILE) where the tile would leave the
        map or lie on its void border (row and column 0 too under free-form
        edges)."""
        x, y = self.tile_x(t) + dx, self.tile_y(t) + dy
        if (x == 0 or y == 0) and freeform_edges:
            return None
        if 0 <= x < self.max_x and 0 <= y < self.max_y:
            return self.tile_xy(x, y)
        return None

    def is_valid_tile(self, t: int) -> bool:
        return 0 <= t < self.size

    def distance_manhattan(self, a: int, b: int) -> int:
        return abs(self.tile_x(a) - self.tile_x(b)) + abs(self.tile_y(a) - self.tile_y(b))

    def distance_max(self, a: int, b: int) -> int:
        return max(abs(self.tile_x(a) - self.tile_x(b)), abs(self.tile_y(a) - self.tile_y(b)))

    def distance_square(self, a: int, b: int) -> int:
        dx, dy = self.tile_x(a) - self.tile_x(b), self.tile_y(a) - self.tile_y(b)
        return dx * dx + dy * dy

    def distance_from_edge(self, t: int) -> int:
        """``DistanceFromEdge``: tiles to the nearest map edge (the edge row
        and column count 0)."""
        x, y = self.tile_x(t), self.tile_y(t)
        return min(x, y, self.size_x - 1 - x, self.size_y - 1 - y)

    # --- tile_map.h --------------------------------------------------------
    def get_tile_type(self, t: int) -> int:
        return int(self.type[t]) >> 4

    def is_tile_type(self, t: int, tile_type: int) -> bool:
        return (int(self.type[t]) >> 4) == tile_type

    def set_tile_type(self, t: int, tile_type: int) -> None:
        self.type[t] = (int(self.type[t]) & 0x0F) | (tile_type << 4)

    def tile_height(self, t: int) -> int:
        return int(self.height[t])

    def set_tile_height(self, t: int, h: int) -> None:
        self.height[t] = h

    def get_tile_owner(self, t: int) -> int:
        return int(self.m1[t]) & 0x1F

    def set_tile_owner(self, t: int, owner: int) -> None:
        self.m1[t] = (int(self.m1[t]) & 0xE0) | (owner & 0x1F)

    def is_tile_owner(self, t: int, owner: int) -> bool:
        return self.get_tile_owner(t) == owner

    def get_tropic_zone(self, t: int) -> int:
        return int(self.type[t]) & 3

    def set_tropic_zone(self, t: int, zone: int) -> None:
        self.type[t] = (int(self.type[t]) & 0xFC) | zone

    def get_bridge_bits(self, t: int) -> int:
        """Bits 2..3 of ``type``: 0 none, 1 a bridge along X, 2 along Y."""
        return (int(self.type[t]) >> 2) & 3

    def is_bridge_above(self, t: int) -> bool:
        return self.get_bridge_bits(t) != 0

    def get_animation_frame(self, t: int) -> int:
        return int(self.m7[t])

    def set_animation_frame(self, t: int, frame: int) -> None:
        self.m7[t] = frame

    def corner_heights(self, t: int) -> tuple[int, int, int, int]:
        """(north, west, east, south) corner heights as ``GetTileSlopeZ``
        reads them: the last row and column read their own."""
        x, y = self.tile_x(t), self.tile_y(t)
        x2, y2 = min(x + 1, self.max_x), min(y + 1, self.max_y)
        h = self.height
        sx = self.size_x
        return (int(h[y * sx + x]), int(h[y * sx + x2]), int(h[y2 * sx + x]), int(h[y2 * sx + x2]))

    def get_tile_slope_z(self, t: int) -> tuple[int, int]:
        """``GetTileSlopeZ``: (slope, lowest corner height)."""
        return slope_given_height(*self.corner_heights(t))

    def get_tile_slope(self, t: int) -> int:
        return self.get_tile_slope_z(t)[0]

    def get_tile_z(self, t: int) -> int:
        """``GetTileZ``: the lowest corner's height."""
        return min(self.corner_heights(t))

    def get_tile_max_z(self, t: int) -> int:
        """``GetTileMaxZ``: the highest corner's height."""
        return max(self.corner_heights(t))

    def is_tile_flat(self, t: int) -> bool:
        n, w, e, s = self.corner_heights(t)
        return n == w == e == s


def slope_given_height(hnorth: int, hwest: int, heast: int, hsouth: int) -> tuple[int, int]:
    """``GetTileSlopeGivenHeight``: (slope, lowest corner's height)."""
    hmin = min(hnorth, hwest, heast, hsouth)
    hmax = max(hnorth, hwest, heast, hsouth)
    r = SLOPE_FLAT
    if hnorth != hmin:
        r |= SLOPE_N
    if hwest != hmin:
        r |= SLOPE_W
    if heast != hmin:
        r |= SLOPE_E
    if hsouth != hmin:
        r |= SLOPE_S
    if hmax - hmin == 2:
        r |= SLOPE_STEEP
    return r, hmin
