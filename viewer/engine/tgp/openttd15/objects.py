"""GenerateObjects of OpenTTD 15.2 (``object_cmd.cpp``): transmitters on
high flat land and lighthouses on flat land near a sea border, as many as
the map's size (and, under free-form edges, its sea border) asks, each at
least 5 tiles from another of its kind.  Objects go straight onto clear
tiles; each draws one Random() for its colour and one for its tile.

The original objects (``table/object_land.h``) that generation places:
:data:`GENERATED_OBJECTS`.  ``world.objects`` receives an
:class:`ObjectRecord` per object built, by index.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...jit import CallSite
from ..game.object_map import OBJECT_LIGHTHOUSE, OBJECT_TRANSMITTER, get_object_index, make_object
from ..game.records import record_deepcopy
from ..game.tiles import OWNER_NONE, TileType
from ..game.world import World
from . import objects_kernel
from .industries.generate import scale_by_size, scale_by_size_1d
from .industries.towns import TownIndex
from .landscape_clear import is_valid_tile

OBJECT_POOL_MAX = 0xFF0000
_BUILD_OBJECTS = CallSite(objects_kernel.build_objects)   # (the same argument types at every call)
WATER_CLASS_SEA, WATER_CLASS_INVALID = 0, 3

GENERATED_OBJECTS = (
    # (type, climates, amount on a 256x256 map, scaled by the sea border)
    (OBJECT_TRANSMITTER, (0, 1, 2), 15, False),
    (OBJECT_LIGHTHOUSE, (0, 1), 8, True),
)
"""The original objects with a generation amount: the transmitter
(temperate, arctic, tropic; 15) and the lighthouse (temperate, arctic; 8,
by the sea border).  The statue, owned land and headquarters have none."""


@dataclass
class ObjectRecord:
    index: int
    type: int
    tile: int
    town: int
    colour: int

    __deepcopy__ = record_deepcopy
    PLAIN_RECORD = True
    RECORD_CONTAINERS = ()


def _is_object_type_tile(world: World, t: int, object_type: int) -> bool:
    m = world.map
    if not m.is_tile_type(t, TileType.OBJECT):
        return False
    idx = get_object_index(m, t)
    return idx < len(world.objects) and world.objects[idx].type == object_type


def _kind_within(world: World, tile: int, object_type: int) -> bool:
    """An object of ``object_type`` on the 9x9 square around ``tile``
    (``SpiralTileSequence(tile, 9)``, off-map tiles skipped)."""
    m = world.map
    x, y = m.tile_x(tile), m.tile_y(tile)
    x0, y0 = max(0, x - 4), max(0, y - 4)
    square = m.type.reshape(m.size_y, m.size_x)[y0:min(m.size_y, y + 5), x0:min(m.size_x, x + 5)]
    for dy, dx in zip(*np.nonzero((square >> 4) == TileType.OBJECT)):
        if _is_object_type_tile(world, m.tile_xy(x0 + int(dx), y0 + int(dy)), object_type):
            return True
    return False


class _Towns:
    """The :class:`TownIndex`, made when the first object needs its town."""

    def __init__(self, world: World) -> None:
        self.world = world
        self._index: TownIndex | None = None

    def calc_closest_town_from_tile(self, m, tile: int):
        if self._index is None:
            self._index = TownIndex(self.world)
        return self._index.calc_closest_town_from_tile(m, tile)


def build_object(world: World, towns: TownIndex | _Towns, object_type: int, tile: int) -> None:
    """``BuildObject`` of a 1x1 object owned by nobody."""
    m, rng = world.map, world.rng
    town = towns.calc_closest_town_from_tile(m, tile)
    rec = ObjectRecord(len(world.objects), object_type, tile,
                       town.index if town is not None else -1, rng.next() & 0xF)
    world.objects.append(rec)
    water = m.is_tile_type(tile, TileType.WATER) and (int(m.m5[tile]) >> 4) == 0
    wc = ((int(m.m1[tile]) >> 5) & 3) if water else WATER_CLASS_INVALID
    make_object(m, tile, OWNER_NONE, rec.index, wc, rng.next())


def _flat_clear_height(world: World, t: int) -> int | None:
    """The height of ``t`` when it is flat clear land with no bridge above."""
    m = world.map
    if m.is_tile_type(t, TileType.CLEAR) and m.is_tile_flat(t) and not m.is_bridge_above(t):
        return m.tile_height(t)
    return None


def try_build_transmitter(world: World, towns: TownIndex) -> bool:
    m = world.map
    tile = world.rng.next() & (m.size - 1)
    h = _flat_clear_height(world, tile)
    if h is not None and h >= 4:
        if _kind_within(world, tile, OBJECT_TRANSMITTER):
            return False
        build_object(world, towns, OBJECT_TRANSMITTER, tile)
        return True
    return False


_DIAGDIR_OFFSET = ((-1, 0), (0, 1), (1, 0), (0, -1))


def try_build_lighthouse(world: World, towns: TownIndex) -> bool:
    m = world.map
    maxx, maxy = m.max_x, m.max_y
    r = world.rng.next()
    perimeter = ((r >> 16) % (2 * (maxx + maxy))) - maxy
    d = 0
    while perimeter > 0:
        perimeter -= maxx if d in (0, 2) else maxy
        d += 1
    if d == 1:
        tile = m.tile_xy(r % maxx, 1)
    elif d == 2:
        tile = m.tile_xy(1, r % maxy)
    elif d == 3:
        tile = m.tile_xy(r % maxx, maxy - 1)
    else:
        d = 0
        tile = m.tile_xy(maxx - 1, r % maxy)
    if not m.is_tile_type(tile, TileType.WATER) or ((int(m.m1[tile]) >> 5) & 3) != WATER_CLASS_SEA:
        return False
    dx, dy = _DIAGDIR_OFFSET[d]
    for _ in range(19):
        h = _flat_clear_height(world, tile)
        if h is not None and h <= 2:
            if _kind_within(world, tile, OBJECT_LIGHTHOUSE):
                return False
            build_object(world, towns, OBJECT_LIGHTHOUSE, tile)
            return True
        tile += dy * m.size_x + dx
        if not is_valid_tile(m, tile):
            return False
    return False


def _border_water_tiles(world: World) -> int:
    """Water tiles on rows 1 and ``max_y - 1`` (x from 0 to ``max_x - 1``)
    and columns 1 and ``max_x - 1`` (y from 1 to ``max_y - 2``), counted
    as the game's loops count them (a tile on both twice)."""
    m = world.map
    water = (m.type.reshape(m.size_y, m.size_x) >> 4) == TileType.WATER
    mx, my = m.max_x, m.max_y
    return int(np.count_nonzero(water[1, :mx]) + np.count_nonzero(water[my - 1, :mx])
               + np.count_nonzero(water[1:my - 1, 1]) + np.count_nonzero(water[1:my - 1, mx - 1]))


def generate_objects(world: World, compiled: bool = True) -> None:
    """GenerateObjects on ``world`` (in place); ``compiled``: each kind's
    tries by :mod:`.objects_kernel` (else the Python loops it mirrors)."""
    m = world.map
    towns = _Towns(world)
    for object_type, climates, amount, by_water in GENERATED_OBJECTS:
        if world.landscape not in climates:
            continue
        if by_water and world.freeform_edges:
            water_tiles = _border_water_tiles(world)
            amount = scale_by_size_1d(m, amount * water_tiles) // (2 * m.max_y + 2 * m.max_x - 6)
        elif by_water:
            amount = scale_by_size_1d(m, amount)
        else:
            amount = scale_by_size(m, amount)
        amount &= 0xFFFF
        j = scale_by_size(m, 1000)
        if compiled:
            _build_compiled(world, object_type, amount, j)
            continue
        try_build = (try_build_transmitter if object_type == OBJECT_TRANSMITTER
                     else try_build_lighthouse)
        while j != 0 and amount != 0 and len(world.objects) < OBJECT_POOL_MAX:
            if try_build(world, towns):
                amount -= 1
            j -= 1


def _build_compiled(world: World, object_type: int, amount: int, tries: int) -> None:
    """A kind's tries by :func:`.objects_kernel.build_objects`, its objects
    added to ``world.objects``."""
    m = world.map
    n = len(world.objects)
    types = np.full(n + max(amount, 1), 255, np.int64)
    for i, o in enumerate(world.objects):
        if o is not None:
            types[i] = o.type
    order = sorted((int(_town_field(t, "index")), int(_town_field(t, "xy")))
                   for t in world.towns if t is not None)
    town_xy = np.array([xy for _i, xy in order], np.int64)
    tiles, town, colour = (np.zeros(max(amount, 1), np.int64) for _ in range(3))
    built = _BUILD_OBJECTS(
        m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8, m.size_x, m.size_y,
        world.rng.state, object_type, amount, tries, types, n, OBJECT_POOL_MAX, town_xy, tiles,
        town, colour)
    for k in range(built):
        world.objects.append(ObjectRecord(n + k, object_type, int(tiles[k]),
                                          order[int(town[k])][0] if town[k] >= 0 else -1,
                                          int(colour[k])))


def _town_field(town, name: str):
    return town[name] if isinstance(town, dict) else getattr(town, name)
