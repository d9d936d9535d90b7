"""The highest level TGP aims for, and the map height limit the game uses
("auto" resolved): one leaf module, read by TGP's pipeline and by the steps
after it that terraform (towns, industries)."""

from __future__ import annotations

CUSTOM_TERRAIN = 5
# Highest level by terrain type and min(log2 size) - 6 (64 ... 4096).
MAX_HEIGHT = (
    (3, 3, 3, 3, 4, 5, 7),
    (5, 7, 8, 9, 14, 19, 31),
    (8, 9, 10, 15, 23, 37, 61),
    (10, 11, 17, 19, 49, 63, 73),
    (12, 19, 25, 31, 67, 75, 87),
)
AUTO_HEIGHT_MIN = 30                   # MAP_HEIGHT_LIMIT_AUTO_MINIMUM
AUTO_HEIGHT_CEILING = 15               # MAP_HEIGHT_LIMIT_AUTO_CEILING_ROOM


def tgp_max_height(terrain: int, custom: int, log_min: int, limit: int) -> int:
    """TGPGetMaxHeight in fixed point: the table value (clamped to an
    explicit height limit), or I2H(custom + 1) - 1 for custom terrain."""
    if terrain == CUSTOM_TERRAIN:
        return ((custom + 1) << 4) - 1
    h = MAX_HEIGHT[terrain][log_min - 6]
    if limit != 0:
        h = min(h, limit)
    return h << 4


def effective_height_limit(terrain: int, custom: int, log_min: int, limit: int) -> int:
    """The map height limit the game uses: the setting, or for "auto" (0)
    max(30, min(255, E + 15)) with E TGP's estimate while the limit is 0."""
    if limit != 0:
        return limit
    estimate = tgp_max_height(terrain, custom, log_min, 0) >> 4
    return max(AUTO_HEIGHT_MIN, min(255, estimate + AUTO_HEIGHT_CEILING))


def world_height_limit(world) -> int:
    """``construction.map_height_limit`` of a World (its game settings, the
    game's defaults where unset) as the game resolves "auto"."""
    s = world.setting
    log_min = min(world.map.size_x, world.map.size_y).bit_length() - 1
    return effective_height_limit(int(s("difficulty.terrain_type", 1)),
                                  int(s("game_creation.custom_terrain_type", AUTO_HEIGHT_MIN)),
                                  log_min, int(s("construction.map_height_limit", 0)))
