"""The map OpenTTD 15.2 keeps per tile after the water pass, for the steps
that follow it (climate, CreateRivers, the tile loop): see
``../shared/reference/tgp-rivers/README.md``.

One :class:`Landscape` holds flat numpy arrays of ``size_x * size_y``
elements (tile index ``t = y * size_x + x``), so numba kernels can take
them as plain arguments.  The fields are the parts of OpenTTD's tile the
steps read or write:

* ``height``: TileHeight (the tile's north corner), uint8.
* ``kind``: what the tile is: :data:`CLEAR`, :data:`SEA` (plain water of
  class Sea), :data:`SHORE` (coast water, class Sea), :data:`VOID`,
  :data:`RIVER` (plain water of class River, lakes included; may lie on an
  inclined slope), :data:`TREES`.  The first four are the water pass's
  tile classes (``kernel.CLEAR`` ... ``kernel.VOID``).
* ``ground`` / ``density`` / ``counter``: a clear tile's ClearGround
  (:data:`GRASS` ... :data:`DESERT`), its density 0..3 and its 3-bit update
  counter; a tree tile's TreeGround (:data:`TG_GRASS` ...), tree-ground
  density and counter (the tile's low 4 bits of m2).
* ``snow``: a clear tile's snow bit.
* ``tropic``: the tropic zone (0 normal, 1 desert, 2 rainforest).
* ``random_bits``: the tile's random bits (MakeRiver's Random()).
* ``tree_type`` / ``tree_count`` (1..4) / ``tree_growth`` (0..6): tree tiles.
* ``river_id``: int32, 0 for no river, k for the k-th river (counted from
  1 in the order CreateRivers made them) that made the tile water (its
  segments, widening, lake or wetland).

* ``nonflood``: a water tile's "non-flooding" mark (the tile loop sets it
  on a sea or shore tile none of whose 8 neighbours could ever flood, and
  then skips that tile).  Whatever makes a tile water (MakeSea, MakeShore,
  MakeRiver) sets it to 0 on that tile; whatever clears a tile the way
  DoClearSquare does (terraforming's clearing, flooding, drying up) sets it
  to 0 on the 8 neighbours (:func:`clear_neighbour_nonflood`).  It only
  matters after a tile loop has run (the tropic's desert pass).

And two scalars of the game's state: ``loop_tile``, the tile loop's next
tile in its LFSR order (1 at game start; the desert pass and CreateRivers
continue one sequence), and ``rng``, the Randomizer as the int64 array
``[state0, state1, calls]`` of :mod:`..kernel`, shared with TGP.

:func:`from_water_pass` builds one from the 15.2 pipeline's state after the
water pass; :func:`reference_arrays` gives the six arrays in the encoding
of the ``tgp-rivers`` reference (and of ``tgp --npz``).

:func:`game_map` gives the game's tile bytes of a Landscape
(:class:`~.game.tiles.GameMap`), as the game's Make* functions write them:

* clear land (MakeClear, MakeSnow): owner none; ``m5`` counter, ground and
  density; snow in ``m3`` bit 4;
* sea and shore (MakeSea, MakeShore), rivers and lakes (MakeRiver): owner
  water with the water class (river 2) in ``m1``; coast in ``m5``; the
  river's random bits in ``m4``; the tile loop's non-flooding mark in ``m3``;
* trees (MakeTree): owner none with water class sea on shore ground, else
  invalid; ground, density and counter in ``m2``, the type in ``m3``, count
  and growth in ``m5``;
* void (MakeVoid): every byte 0 but the type and the height (TGP sets the
  heights of the void border too).

The tropic zone is in the low bits of ``type`` on every tile.

The layers the window shows are read from those bytes
(:mod:`..game.map_layers`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from ...jit import CallSite, njit
from ..game.map_layers import map_layers, map_layers_and_counts
from ..game.tiles import OWNER_NONE, OWNER_WATER, GameMap, TileType
from ..game.water_map import (WATER_CLASS_INVALID, WATER_CLASS_RIVER, WATER_CLASS_SEA,
                             WATER_TILE_COAST)
from ..kernel import CLEAR, JIT, SHORE, VOID, WATER

SEA = WATER
RIVER, TREES = 4, 5
KIND_NAMES = ("clear", "sea", "shore", "void", "river", "trees")

# ClearGround
GRASS, ROUGH, ROCKS, FIELDS, DESERT = 0, 1, 2, 3, 5
# TreeGround
TG_GRASS, TG_ROUGH, TG_SNOW_DESERT, TG_SHORE, TG_ROUGH_SNOW = 0, 1, 2, 3, 4
# TropicZone
NORMAL, DESERT_ZONE, RAINFOREST = 0, 1, 2

# the reference's tile classes: 0 void, 1 clear, 2 sea, 3 shore, 4 river, 5 trees
_TO_REFERENCE_CLASS = np.zeros(6, np.uint8)
_TO_REFERENCE_CLASS[[VOID, CLEAR, SEA, SHORE, RIVER, TREES]] = [0, 1, 2, 3, 4, 5]


@dataclass
class Landscape:
    size_x: int
    size_y: int
    height: np.ndarray
    kind: np.ndarray
    ground: np.ndarray
    density: np.ndarray
    counter: np.ndarray
    snow: np.ndarray
    tropic: np.ndarray
    random_bits: np.ndarray
    tree_type: np.ndarray
    tree_count: np.ndarray
    tree_growth: np.ndarray
    river_id: np.ndarray
    rng: np.ndarray
    loop_tile: int = 1
    nonflood: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.nonflood is None:
            self.nonflood = np.zeros(self.size_x * self.size_y, np.uint8)

    def copy(self) -> Landscape:
        arrays = {f.name: getattr(self, f.name).copy() for f in fields(self)
                  if isinstance(getattr(self, f.name), np.ndarray)}
        return Landscape(self.size_x, self.size_y, loop_tile=self.loop_tile, **arrays)

    def grid(self, name: str) -> np.ndarray:
        """A field as a ``(size_y, size_x)`` view."""
        return getattr(self, name).reshape(self.size_y, self.size_x)


def clear_neighbour_nonflood(land: Landscape, tile: int) -> None:
    """ClearNeighbourNonFloodingStates: the 8 neighbours of ``tile`` lose
    their non-flooding mark (called wherever the game's DoClearSquare runs)."""
    sx = land.size_x
    x, y = tile % sx, tile // sx
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < sx and 0 <= y + dy < land.size_y:
                land.nonflood[tile + dy * sx + dx] = 0


def from_water_pass(tile_height: np.ndarray, tile_class: np.ndarray,
                    rocks: np.ndarray, rng: np.ndarray | None = None) -> Landscape:
    """The landscape the water pass leaves: clear tiles of grass at density
    3 (rocks where FixSlopes made them), counter 0, no snow, zone normal;
    ``rng`` (copied) is the Randomizer after the water pass."""
    sy, sx = tile_height.shape
    n = sx * sy
    kind = np.ascontiguousarray(tile_class, np.uint8).reshape(n).copy()
    ground = np.empty(n, np.uint8)
    density = np.empty(n, np.uint8)
    # one pass in a kernel (numpy's where would make 8-byte temporaries of
    # every tile: half a gigabyte at 4096 x 4096, allocated and freed while a
    # window's thread waits)
    _WATER_PASS_GROUND(kind, np.ascontiguousarray(rocks, np.uint8).reshape(n), ground, density)
    z = lambda: np.zeros(n, np.uint8)  # noqa: E731
    return Landscape(sx, sy, np.ascontiguousarray(tile_height, np.uint8).reshape(n).copy(),
                     kind, ground, density, z(), z(), z(), z(), z(), z(), z(),
                     np.zeros(n, np.int32),
                     np.array(rng if rng is not None else [0, 0, 0], np.int64))


@njit(**JIT)
def _water_pass_ground(kind, rocks, ground, density):
    """Ground and density of the water pass's tiles: clear tiles grass (or
    rocks where FixSlopes made them) at density 3, others grass at 0."""
    for t in range(kind.size):
        clear = kind[t] == CLEAR
        ground[t] = ROCKS if clear and rocks[t] != 0 else GRASS
        density[t] = 3 if clear else 0


_WATER_PASS_GROUND = CallSite(_water_pass_ground)   # (the same argument types at every call)


_TYPE_CLEAR, _TYPE_WATER = int(TileType.CLEAR) << 4, int(TileType.WATER) << 4
_TYPE_TREES, _TYPE_VOID = int(TileType.TREES) << 4, int(TileType.VOID) << 4


@njit(**JIT)
def _encode(height, kind, ground, density, counter, snow, tropic, random_bits, tree_type,
            tree_count, tree_growth, nonflood, o_type, o_height, m1, m2, m3, m4, m5):
    for t in range(kind.shape[0]):
        k = kind[t]
        zone = tropic[t]
        if k == CLEAR:
            o_type[t] = _TYPE_CLEAR | zone
            m1[t] = OWNER_NONE
            m3[t] = 0x10 if snow[t] != 0 else 0
            m5[t] = (counter[t] << 5) | (ground[t] << 2) | density[t]
        elif k == SEA or k == SHORE or k == RIVER:
            o_type[t] = _TYPE_WATER | zone
            wc = WATER_CLASS_RIVER if k == RIVER else WATER_CLASS_SEA
            m1[t] = OWNER_WATER | (wc << 5)
            m3[t] = 1 if nonflood[t] != 0 else 0
            m4[t] = random_bits[t]
            m5[t] = (WATER_TILE_COAST << 4) if k == SHORE else 0
        elif k == TREES:
            o_type[t] = _TYPE_TREES | zone
            g = ground[t]
            wc = WATER_CLASS_SEA if g == TG_SHORE else WATER_CLASS_INVALID
            m1[t] = OWNER_NONE | (wc << 5)
            m2[t] = (g << 6) | (density[t] << 4) | counter[t]
            m3[t] = tree_type[t]
            m5[t] = ((tree_count[t] - 1) << 6) | tree_growth[t]
        else:  # void (TGP gives the void border its heights after MakeVoid)
            o_type[t] = _TYPE_VOID | zone
        o_height[t] = height[t]


_ENCODE = CallSite(_encode)


def game_map(land: Landscape) -> GameMap:
    """The tile bytes of ``land`` (a new :class:`GameMap`)."""
    m = GameMap.empty(land.size_x, land.size_y)
    _ENCODE(land.height, land.kind, land.ground, land.density, land.counter, land.snow,
            land.tropic, land.random_bits, land.tree_type, land.tree_count, land.tree_growth,
            land.nonflood, m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5)
    return m


def reference_arrays(land: Landscape) -> dict[str, np.ndarray]:
    """``tile_height``, ``tile_class``, ``rocks``, ``tropic``, ``ground`` and
    ``density`` as ``(size_y, size_x)`` uint8 arrays in the reference's
    encoding (see the ``tgp-rivers`` README), read from the game's tile
    bytes of ``land``."""
    layers = map_layers(game_map(land), 0)
    return {"tile_height": layers["tile_height"].copy(),
            "tile_class": _TO_REFERENCE_CLASS[layers["tile_class"]],
            **{k: layers[k] for k in ("rocks", "tropic", "ground", "density")}}


TROPIC_CLIMATE = 2


def landscape_layers(land: Landscape, climate: int) -> dict[str, np.ndarray]:
    """The layers of a finished 15.2 map (``(size_y, size_x)``):
    ``tile_height``, ``tile_class`` (the ``kind`` values), ``rocks``,
    ``tropic``, ``ground`` and ``density`` (as :func:`reference_arrays`),
    ``snow`` (0 none, else the snow density + 1: clear land with the snow
    bit, trees on snow; ``climate`` 2, the sub-tropic, has desert where the
    others have snow under trees) and ``river_id`` (int32), read from the
    game's tile bytes of ``land``.  ``tile_height`` and ``river_id`` are
    views of ``land``'s arrays (read them, do not write them)."""
    layers, _counts = landscape_layers_and_counts(land, climate)
    return layers


def landscape_layers_and_counts(land: Landscape, climate: int):
    """:func:`landscape_layers` and the number of tiles of each class
    (:data:`~.game.map_layers.CLASS_NAMES`: clear, sea, shore, void, river,
    trees, ...): the layers are read from the game's tile bytes of ``land``
    (:func:`game_map`, :mod:`..game.map_layers`)."""
    layers, counts = map_layers_and_counts(game_map(land), climate)
    # (views of the Landscape where the encoding is its own: the result holds both)
    layers.update(tile_height=land.grid("height"), river_id=land.grid("river_id"))
    return layers, counts
