"""Farm fields planted around a new farm (``PlantRandomFarmField``,
``PlantFarmField``, ``SetupFarmFieldFence`` of ``industry_cmd.cpp``) and the
field accessors they use (``clear_map.h``: MakeField, fences)."""

from __future__ import annotations

from ...game.clear_map import (
    CLEAR_DESERT,
    CLEAR_FIELDS,
    CLEAR_ROUGH,
    get_clear_ground,
    is_snow_tile,
    set_clear_counter,
)
from ...game.tiles import OWNER_NONE, TileType

TREE_GROUND_ROUGH, TREE_GROUND_SHORE = 1, 3
DIAGDIR_NE, DIAGDIR_SE, DIAGDIR_SW, DIAGDIR_NW = range(4)
_DIAGDIR_OFFSET = ((-1, 0), (0, 1), (1, 0), (0, -1))
PLANTFARMFIELD_TYPE = (1, 1, 1, 1, 1, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6)


def is_fields(m, t: int) -> bool:
    return (int(m.type[t]) >> 4) == TileType.CLEAR and get_clear_ground(m, t) == CLEAR_FIELDS


def get_fence(m, t: int, side: int) -> int:
    if side == DIAGDIR_SE:
        return (int(m.m4[t]) >> 2) & 7
    if side == DIAGDIR_SW:
        return (int(m.m4[t]) >> 5) & 7
    if side == DIAGDIR_NE:
        return (int(m.m3[t]) >> 5) & 7
    return (int(m.m6[t]) >> 2) & 7


def set_fence(m, t: int, side: int, h: int) -> None:
    if side == DIAGDIR_SE:
        m.m4[t] = (int(m.m4[t]) & ~(7 << 2)) | (h << 2)
    elif side == DIAGDIR_SW:
        m.m4[t] = (int(m.m4[t]) & ~(7 << 5)) | (h << 5)
    elif side == DIAGDIR_NE:
        m.m3[t] = (int(m.m3[t]) & ~(7 << 5)) | (h << 5)
    else:
        m.m6[t] = (int(m.m6[t]) & ~(7 << 2)) | (h << 2)


def make_field(m, t: int, field_type: int, industry: int) -> None:
    """``MakeField``: fields of ``field_type`` belonging to ``industry``
    (the type byte's low bits and m6 bits 0..1 stay)."""
    m.type[t] = (int(m.type[t]) & 0x0F) | (TileType.CLEAR << 4)
    m.m1[t] = OWNER_NONE
    m.m2[t] = industry
    m.m3[t] = field_type
    m.m4[t] = 0
    m.m5[t] = (CLEAR_FIELDS << 2) | 3
    m.m6[t] = int(m.m6[t]) & 0x03
    m.m7[t] = 0
    m.m8[t] = 0


def is_suitable_for_farm_field(m, t: int, allow_fields: bool, allow_rough: bool) -> bool:
    tt = int(m.type[t]) >> 4
    if tt == TileType.CLEAR:
        if is_snow_tile(m, t):
            return False
        g = get_clear_ground(m, t)
        if g == CLEAR_DESERT:
            return False
        if g == CLEAR_ROUGH:
            return allow_rough
        if g == CLEAR_FIELDS:
            return allow_fields
        return True
    if tt == TileType.TREES:
        g = (int(m.m2[t]) >> 6) & 7
        return g != TREE_GROUND_SHORE and (allow_rough or g != TREE_GROUND_ROUGH)
    return False


def _setup_farm_field_fence(placer, tile: int, size: int, fence: int, side: int) -> None:
    m = placer.map
    diff = m.size_x if side in (DIAGDIR_NE, DIAGDIR_SW) else 1
    ndx, ndy = _DIAGDIR_OFFSET[side]
    ndiff = ndy * m.size_x + ndx
    reverse = (side + 2) & 3
    mask = m.size - 1
    while True:
        tile &= mask
        if is_fields(m, tile):
            n = (tile + ndiff) & mask
            if not is_fields(m, n) or get_fence(m, n, reverse) == 0:
                or_ = fence
                if or_ == 1 and placer.rng.chance16(1, 7):
                    or_ = 2
                set_fence(m, tile, side, or_)
        tile += diff
        size -= 1
        if size == 0:
            break


def plant_farm_field(placer, tile: int, industry: int) -> None:
    """``PlantFarmField``."""
    m, rng = placer.map, placer.rng
    arctic = placer.landscape == 1
    if arctic and m.get_tile_z(tile) + 2 >= placer.snow_line:
        return
    r = (rng.next() & 0x303) + 0x404
    if arctic:
        r += 0x404
    size_x, size_y = r & 0xFF, (r >> 8) & 0xFF
    x0 = m.tile_x(tile) - min(m.tile_x(tile), size_x // 2)
    y0 = m.tile_y(tile) - min(m.tile_y(tile), size_y // 2)
    w = min(size_x, m.size_x - x0)
    h = min(size_y, m.size_y - y0)
    if w == 0 or h == 0:
        return
    area = [m.tile_xy(x0 + i, y0 + j) for j in range(h) for i in range(w)]
    count = sum(1 for t in area if is_suitable_for_farm_field(m, t, False, False))
    if count * 2 < w * h:
        return
    r = rng.next()
    counter = (r >> 5) & 7
    field_type = (((r >> 8) & 0xFF) * 9) >> 8
    for t in area:
        if is_suitable_for_farm_field(m, t, True, True):
            make_field(m, t, field_type, industry)
            set_clear_counter(m, t, counter)
    fence = 3
    if placer.landscape not in (1, 2):
        fence = PLANTFARMFIELD_TYPE[rng.next() & 0xF]
    start = m.tile_xy(x0, y0)
    _setup_farm_field_fence(placer, start, h, fence, DIAGDIR_NE)
    _setup_farm_field_fence(placer, start, w, fence, DIAGDIR_NW)
    _setup_farm_field_fence(placer, start + w - 1, h, fence, DIAGDIR_SW)
    _setup_farm_field_fence(placer, start + (h - 1) * m.size_x, w, fence, DIAGDIR_SE)


def plant_random_farm_field(placer, ind) -> None:
    """``PlantRandomFarmField``: a field somewhere within 16 tiles."""
    m, rng = placer.map, placer.rng
    x = ind.w // 2 + rng.next() % 31 - 16
    y = ind.h // 2 + rng.next() % 31 - 16
    tile = m.tile_add_wrap(ind.tile, x, y, placer.freeform_edges)
    if tile is not None:
        plant_farm_field(placer, tile, ind.index)
