"""GenerateTrees of OpenTTD 15.2 (``tree_cmd.cpp``): the trees a new game
starts with, by the tree placer setting.

* none: no trees.
* original: PlaceTreesRandomly 6 times (15 in the arctic): each time
  ScaleBySize(1000) random tiles, a tree where one may grow; in the tropic
  then ScaleBySize(15000) tries more, in the rainforest only.
* improved: first (but in toyland) ScaleBySize(25..56) tree groups, each
  a random star-shaped grove of 16 segments within 16 tiles of a random
  centre tried 1000 times; then PlaceTreesRandomly 2 times (4 in the
  arctic), each tree followed by up to 2 x its height more trees at about
  its height within 16 tiles (three times as many above the snow line).

Trees grow on clear land (not fields or rocks; desert only for cactuses in
the tropic's desert zone) and on coast tiles whose slope is not one raised
corner.  A tree's type, count, growth stage and ground come from the one
Random() that chose its tile.

The grove's polygon is computed in single precision as the game computes
it, with the C library's ``sinf`` and ``cosf``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import math

import numpy as np

from ..game.clear_map import (
    CLEAR_DESERT,
    CLEAR_FIELDS,
    CLEAR_GRASS,
    CLEAR_ROCKS,
    CLEAR_ROUGH,
    get_clear_ground,
    is_snow_tile,
)
from ..game.tiles import TROPICZONE_DESERT, TROPICZONE_NORMAL, TROPICZONE_RAINFOREST, TileType
from ..game.tree_map import (
    TREE_CACTUS,
    TREE_COUNT_RAINFOREST,
    TREE_COUNT_SUB_ARCTIC,
    TREE_COUNT_SUB_TROPICAL,
    TREE_COUNT_TEMPERATE,
    TREE_COUNT_TOYLAND,
    TREE_GROUND_GRASS,
    TREE_GROUND_ROUGH,
    TREE_GROUND_ROUGH_SNOW,
    TREE_GROUND_SHORE,
    TREE_GROUND_SNOW_DESERT,
    TREE_INVALID,
    TREE_RAINFOREST,
    TREE_SUB_ARCTIC,
    TREE_SUB_TROPICAL,
    TREE_TEMPERATE,
    TREE_TOYLAND,
    get_tree_ground,
    make_tree,
    set_tree_ground_density,
)
from ...jit import CallSite
from ...protocol import STOP
from ..game.world import World
from ..height_limit import world_height_limit
from . import trees_kernel
from .industries.generate import scale_by_size
from .landscape_clear import clear_neighbour_non_flooding_states
from .towns.houses import highest_snow_line

TP_NONE, TP_ORIGINAL, TP_IMPROVED = 0, 1, 2
DEFAULT_TREE_STEPS = 1000
DEFAULT_RAINFOREST_TREE_STEPS = 15000
MAP_HEIGHT_LIMIT_ORIGINAL = 15
GROVE_SEGMENTS = 16
GROVE_RADIUS = 16
WATER_TILE_COAST = 1
_ONE_CORNER = (1, 2, 4, 8)
_NO_FLAG = np.zeros(1, np.int64)
_GENERATE = CallSite(trees_kernel.generate)   # (the same argument types at every call)

f32 = np.float32


def _libm_float_functions():
    """The C library's sinf and cosf (the game's) as ctypes functions, or
    None where it has none (glibc's ``libm.so.6`` first: ``find_library``
    runs ``ldconfig`` in a new process, 1 ms at every start and a fork of
    the window's large process when a first frame is first made there)."""
    try:
        try:
            lib = ctypes.CDLL("libm.so.6")
        except OSError:
            lib = ctypes.CDLL(ctypes.util.find_library("m"))
        sinf, cosf = lib.sinf, lib.cosf
        for fn in (sinf, cosf):
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return sinf, cosf
    except (OSError, AttributeError):                  # pragma: no cover - no libm
        return None, None


LIBM_SINF, LIBM_COSF = _libm_float_functions()
"""The C library's ``sinf`` and ``cosf`` (ctypes; the compiled groves take
``sinf`` by name), None without one."""
if LIBM_SINF is not None:
    def sinf(v):
        return f32(LIBM_SINF(float(v)))

    def cosf(v):
        return f32(LIBM_COSF(float(v)))
else:                                                 # pragma: no cover - no libm
    def sinf(v):
        return f32(math.sin(float(v)))

    def cosf(v):
        return f32(math.cos(float(v)))


PHASE_DIVISOR = f32(2147483647 / math.pi * 2)
GROVE_STEP = f32((math.pi * 2) / GROVE_SEGMENTS)


def _grove_angles() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A grove's 16 segment angles as the game sums them in single
    precision, with their ``cosf`` and ``sinf``."""
    theta = [f32(0)]
    for _ in range(GROVE_SEGMENTS - 1):
        theta.append(f32(theta[-1] + GROVE_STEP))
    return (np.array(theta, np.float32), np.array([cosf(t) for t in theta], np.float32),
            np.array([sinf(t) for t in theta], np.float32))


GROVE_THETA, GROVE_COS, GROVE_SIN = _grove_angles()
GROVE_AMPLITUDE = np.array([GROVE_RADIUS // 2, GROVE_RADIUS // 4, GROVE_RADIUS // 8,
                            GROVE_RADIUS // 16], np.float32)
"""The amplitudes of a grove's four harmonics (frequencies 1 .. 4)."""


def can_plant_trees_on_tile(m, t: int, allow_desert: bool) -> bool:
    """``CanPlantTreesOnTile``: clear land but fields and rocks (desert
    only when allowed), or coast whose slope is not one raised corner."""
    tt = int(m.type[t]) >> 4
    if tt == TileType.WATER:
        return (not m.is_bridge_above(t) and (int(m.m5[t]) >> 4) == WATER_TILE_COAST
                and m.get_tile_slope(t) not in _ONE_CORNER)
    if tt == TileType.CLEAR:
        g = get_clear_ground(m, t)
        return (not m.is_bridge_above(t) and g != CLEAR_FIELDS and g != CLEAR_ROCKS
                and (allow_desert or g != CLEAR_DESERT))
    return False


def plant_trees_on_tile(m, t: int, tree_type: int, count: int, growth: int) -> None:
    """``PlantTreesOnTile``: the ground and its density from the tile."""
    density = 3
    if m.is_tile_type(t, TileType.WATER):
        ground = TREE_GROUND_SHORE
        clear_neighbour_non_flooding_states(m, t)
    else:
        cg = get_clear_ground(m, t)
        if is_snow_tile(m, t):
            ground = TREE_GROUND_ROUGH_SNOW if cg == CLEAR_ROUGH else TREE_GROUND_SNOW_DESERT
        elif cg == CLEAR_GRASS:
            ground = TREE_GROUND_GRASS
        elif cg == CLEAR_ROUGH:
            ground = TREE_GROUND_ROUGH
        else:
            ground = TREE_GROUND_SNOW_DESERT
        if cg != CLEAR_ROUGH:
            density = int(m.m5[t]) & 3
    make_tree(m, t, tree_type, count, growth, ground, density)


class _Trees:
    def __init__(self, world: World, compiled: bool = True) -> None:
        self.compiled = compiled
        self.world = world
        self.map = world.map
        self.rng = world.rng
        self.landscape = world.landscape
        self.freeform_edges = world.freeform_edges
        self.placer = int(world.setting("game_creation.tree_placer", TP_IMPROVED))
        self.snow_line = highest_snow_line(world) if self.landscape == 1 else 0
        self.max_height = world_height_limit(world) & 0xFF
        self.mask = world.map.size - 1

    def _plantable(self) -> tuple[np.ndarray, np.ndarray]:
        """``CanPlantTreesOnTile`` of every tile, desert allowed and not
        (kept up to date as trees are planted: a tile with trees takes no
        more)."""
        m = self.map
        codes = np.empty(m.size, np.uint8)
        trees_kernel.plant_codes(m.type, m.height, m.m5, m.size_x, m.size_y, codes)
        return ((codes & trees_kernel.PLANTABLE) != 0,
                (codes & trees_kernel.PLANTABLE_NO_DESERT) != 0)

    @functools.cached_property
    def _plantable_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        return self._plantable()

    @property
    def plantable(self) -> np.ndarray:
        """``CanPlantTreesOnTile(t, true)`` of every tile (the Python loops'
        own, made when first asked for)."""
        return self._plantable_arrays[0]

    @property
    def plantable_no_desert(self) -> np.ndarray:
        return self._plantable_arrays[1]

    def can_plant_trees_on_tile(self, t: int, allow_desert: bool) -> bool:
        return can_plant_trees_on_tile(self.map, t, allow_desert)

    def run_compiled(self, num_groups: int, passes: int, flag) -> bool:
        """The groves and the passes by :func:`.trees_kernel.generate`, in
        one call; False when ``flag`` stopped it part way."""
        m, rng = self.map, self.rng
        marks = np.zeros((passes, 2), np.int64)
        improved = self.placer == TP_IMPROVED
        entered = _GENERATE(
            m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8, m.size_x,
            m.size_y, self.landscape, self.freeform_edges,
            rng.state, num_groups, DEFAULT_TREE_STEPS, GROVE_THETA, GROVE_COS,
            GROVE_SIN, GROVE_AMPLITUDE, PHASE_DIVISOR, passes, improved, self.snow_line,
            self.max_height, scale_by_size(m, DEFAULT_TREE_STEPS),
            scale_by_size(m, DEFAULT_RAINFOREST_TREE_STEPS) if self.landscape == 2 else 0,
            DEFAULT_TREE_STEPS, marks, _NO_FLAG if flag is None else flag)
        if rng.trail is not None:      # (as Randomizer.mark records, on entering each pass)
            rng.trail.extend(("PlaceTreesRandomly", int(s0), int(s1)) for s0, s1 in
                             marks[:entered])
        return flag is None or flag[STOP] == 0

    def tile_add_wrap(self, t: int, dx: int, dy: int) -> int | None:
        """``TileAddWrap``."""
        sx = self.map.size_x
        x, y = t % sx + dx, t // sx + dy
        if (x == 0 or y == 0) and self.freeform_edges:
            return None
        if 0 <= x < sx - 1 and 0 <= y < self.map.size_y - 1:
            return y * sx + x
        return None

    def random_tree_type(self, t: int, seed: int) -> int:
        """``GetRandomTreeType``."""
        ls = self.landscape
        if ls == 0:
            return seed * TREE_COUNT_TEMPERATE // 256 + TREE_TEMPERATE
        if ls == 1:
            return seed * TREE_COUNT_SUB_ARCTIC // 256 + TREE_SUB_ARCTIC
        if ls == 2:
            zone = self.map.get_tropic_zone(t)
            if zone == TROPICZONE_NORMAL:
                return seed * TREE_COUNT_SUB_TROPICAL // 256 + TREE_SUB_TROPICAL
            if zone == TROPICZONE_DESERT:
                return TREE_INVALID if seed > 12 else TREE_CACTUS
            return seed * TREE_COUNT_RAINFOREST // 256 + TREE_RAINFOREST
        return seed * TREE_COUNT_TOYLAND // 256 + TREE_TOYLAND

    def place_tree(self, t: int, r: int) -> None:
        """``PlaceTree`` (the ground re-drawn but for snow, desert, shore)."""
        tree = self.random_tree_type(t, r >> 24)
        if tree == TREE_INVALID:
            return
        plant_trees_on_tile(self.map, t, tree, (r >> 22) & 3, min((r >> 16) & 7, 6))
        self.plantable[t] = self.plantable_no_desert[t] = False
        ground = get_tree_ground(self.map, t)
        if ground not in (TREE_GROUND_SNOW_DESERT, TREE_GROUND_ROUGH_SNOW, TREE_GROUND_SHORE):
            set_tree_ground_density(self.map, t, (r >> 28) & 1, 3)

    # --- improved: groves ----------------------------------------------------
    def random_star_shaped_polygon(self, radius: int) -> list[tuple[int, int]]:
        rng = self.rng
        harmonics = [(radius // 2, f32(rng.next()) / PHASE_DIVISOR, 1),
                     (radius // 4, f32(rng.next()) / PHASE_DIVISOR, 2),
                     (radius // 8, f32(rng.next()) / PHASE_DIVISOR, 3),
                     (radius // 16, f32(rng.next()) / PHASE_DIVISOR, 4)]
        shape = []
        theta = f32(0)
        for _ in range(GROVE_SEGMENTS):
            deviation = f32(0)
            for amplitude, phase, frequency in harmonics:
                deviation = f32(deviation + sinf(f32(f32(theta + phase) * f32(frequency)))
                                * f32(amplitude))
            adjusted = f32(f32(radius) / f32(2)) + f32(deviation / f32(2))
            shape.append((int(f32(cosf(theta) * adjusted)), int(f32(sinf(theta) * adjusted))))
            theta = f32(theta + GROVE_STEP)
        return shape

    def place_tree_groups(self, num_groups: int, stopped=lambda: False) -> None:
        rng = self.rng
        plantable = self.plantable
        while not stopped():
            center = rng.next() & self.mask
            inside = _star_shaped_polygon_mask(self.random_star_shaped_polygon(GROVE_RADIUS))
            for _ in range(DEFAULT_TREE_STEPS):
                r = rng.next()
                x = (r & 31) - GROVE_RADIUS
                y = ((r >> 8) & 31) - GROVE_RADIUS
                cur = self.tile_add_wrap(center, x, y)
                if cur is None or not plantable[cur]:
                    continue
                if not inside[y + GROVE_RADIUS, x + GROVE_RADIUS]:
                    continue
                self.place_tree(cur, r)
            num_groups -= 1
            if num_groups == 0:
                break

    def place_tree_at_same_height(self, tile: int, height: int) -> None:
        m, rng = self.map, self.rng
        for _ in range(DEFAULT_TREE_STEPS):
            r = rng.next()
            x = (r & 31) - 16
            y = ((r >> 8) & 31) - 16
            cur = self.tile_add_wrap(tile, x, y)
            if cur is None or abs(x) + abs(y) > 16:
                continue
            if not self.plantable[cur]:
                continue
            if abs(m.get_tile_z(cur) - height) > 2:
                continue
            self.place_tree(cur, r)
            break

    def place_trees_randomly(self) -> None:
        """``PlaceTreesRandomly``."""
        m, rng = self.map, self.rng
        rng.mark("PlaceTreesRandomly")
        for _ in range(scale_by_size(m, DEFAULT_TREE_STEPS)):
            r = rng.next()
            tile = r & self.mask
            if not self.plantable[tile]:
                continue
            self.place_tree(tile, r)
            if self.placer != TP_IMPROVED:
                continue
            ht = m.get_tile_z(tile)
            j = ht * 2
            if self.landscape == 1 and ht > self.snow_line:
                j *= 3
            if self.max_height > MAP_HEIGHT_LIMIT_ORIGINAL:
                j = j * MAP_HEIGHT_LIMIT_ORIGINAL // self.max_height
            for _ in range(j):
                self.place_tree_at_same_height(tile, ht)
        if self.landscape == 2:
            for _ in range(scale_by_size(m, DEFAULT_RAINFOREST_TREE_STEPS)):
                r = rng.next()
                tile = r & self.mask
                if m.get_tropic_zone(tile) == TROPICZONE_RAINFOREST and \
                        self.plantable_no_desert[tile]:
                    self.place_tree(tile, r)


def _point_in_triangle(x: int, y: int, v1, v2, v3) -> bool:
    s = (v1[0] - v3[0]) * (y - v3[1]) - (v1[1] - v3[1]) * (x - v3[0])
    t = (v2[0] - v1[0]) * (y - v1[1]) - (v2[1] - v1[1]) * (x - v1[0])
    if (s < 0) != (t < 0) and s != 0 and t != 0:
        return False
    d = (v3[0] - v2[0]) * (y - v2[1]) - (v3[1] - v2[1]) * (x - v2[0])
    return (d < 0) == (s + t <= 0)


def _point_in_star_shaped_polygon(x: int, y: int, shape) -> bool:
    """``IsPointInStarShapedPolygon``: in one of the triangles the
    polygon's edges make with (0, 0)."""
    n = len(shape)
    for i in range(n):
        if _point_in_triangle(x, y, shape[i], shape[(i + 1) % n], (0, 0)):
            return True
    return False


_GROVE_Y, _GROVE_X = np.mgrid[-GROVE_RADIUS:GROVE_RADIUS, -GROVE_RADIUS:GROVE_RADIUS]


def _star_shaped_polygon_mask(shape) -> np.ndarray:
    """:func:`_point_in_star_shaped_polygon` of every offset a grove
    draws (-16 .. 15 on each axis), as a ``[y + 16, x + 16]`` array."""
    x, y = _GROVE_X, _GROVE_Y
    inside = np.zeros(x.shape, bool)
    n = len(shape)
    for i in range(n):
        (x1, y1), (x2, y2) = shape[i], shape[(i + 1) % n]
        s = x1 * y - y1 * x                  # v3 = (0, 0)
        t = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        d = (0 - x2) * (y - y2) - (0 - y2) * (x - x2)
        refused = ((s < 0) != (t < 0)) & (s != 0) & (t != 0)
        inside |= ~refused & ((d < 0) == (s + t <= 0))
    return inside


def generate_trees(world: World, compiled: bool = True, flag=None) -> None:
    """GenerateTrees on ``world`` (in place); ``compiled``: by
    :mod:`.trees_kernel` (else the Python loops it mirrors).  With a cancel
    token's ``flag``, it stops soon after ``flag[STOP]`` is set (between
    groves, random tiles of a pass or every 1,024 rainforest tries; the
    map is thrown away then)."""
    trees = _Trees(world, compiled)
    if trees.placer == TP_NONE:
        return
    if trees.placer == TP_ORIGINAL:
        passes = 15 if trees.landscape == 1 else 6
    else:
        passes = 4 if trees.landscape == 1 else 2
    num_groups = 0
    if trees.landscape != 3:
        num_groups = scale_by_size(world.map, (world.rng.next() & 31) + 25)
    if compiled and LIBM_SINF is not None:
        trees.run_compiled(num_groups, passes, flag)
        return

    def stopped() -> bool:
        return flag is not None and flag[STOP] != 0

    if num_groups != 0 and not stopped():
        trees.place_tree_groups(num_groups, stopped)
    for _ in range(passes):
        if stopped():
            return
        trees.place_trees_randomly()
