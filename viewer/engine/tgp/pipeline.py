"""What both versions' TGP pipelines are made of, shared by the generator
and the trace: a :class:`Step` of the timeline, the :class:`State` a
pipeline holds between steps (copied in slices, :func:`sliced_copy`), and
the pieces of HeightMapNormalize and the water pass the versions share (the
slope limit by smoothness, the coast noise's powers, the sine table, the
tile classes before the water pass).  The pipelines are r13671's
(:mod:`.r13671.pipeline`) and OpenTTD 15.2's (:mod:`.openttd15.pipeline`):
each is a list of steps, and every step a function of the heightmap and the
Randomizer state only, so the trace rebuilds any step by running the
pipeline forward from a checkpoint.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from ...runtime import long_lived
from . import kernel as K
from .options import LANDSCAPES, SMOOTHNESS  # noqa: F401 - (their home was here)

COAST_P = (0.9, 0.35, 0.85, 0.45, 0.4)  # coast noise persistences (rows of POWERS)
SINE_LOW = 12                           # SineTransform's lower limit (fixed point)


def roughness(smoothness: int) -> int:
    """The slope limit of the first two smoothing passes (fixed point)."""
    return 7 + 3 * smoothness


@lru_cache(maxsize=1)
def coast_powers() -> np.ndarray:
    """pow(p, i) from the C library, as the original evaluates them."""
    return np.array([[math.pow(p, float(i)) for i in range(6)] for p in COAST_P])


@lru_cache(maxsize=16)
def sine_table(landscape: int, hi: int, lo: int = SINE_LOW) -> np.ndarray:
    """HeightMapSineTransform(lo, hi) for every height 0..hi-1 (the heights
    normalisation leaves), in the original's order of double operations.
    r13671 starts at 12, OpenTTD 15.2 at 16."""
    half_pi = math.pi / 2  # M_PI_2: pi/2 is exact in binary
    table = np.arange(hi, dtype=np.int16)
    for h in range(lo, hi):
        f = (h - lo) / (hi - lo)
        if landscape == 1:  # arctic: more high ground
            if f >= 0.75:
                f = 1.0 - (1.0 - f) / 2.0
            else:
                f = 2.0 * f / 0.75 - 1.0
                f = math.sin(f * half_pi)
                f = 0.5 * (f + 1.0) * 0.875
        elif landscape == 2:  # tropic: half the land low
            if f <= 0.5:
                f = f / 2.0
            else:
                f = 2.0 * ((f - 0.5) / 0.5) - 1.0
                f = math.sin(f * half_pi)
                f = 0.5 * (0.75 * f + 1.25)
        else:  # temperate and toyland
            f = 2 * f - 1
            f = math.sin(f * half_pi)
            f = 0.5 * (f + 1)
        v = int(f * (hi - lo) + lo)
        v = ((v + 0x8000) & 0xFFFF) - 0x8000
        if v < 0:
            v = 0
        if v >= hi:
            v = hi - 1
        table[h] = v
    return table


def edge_classes(size_x: int, size_y: int, freeform: bool) -> np.ndarray:
    """Tile classes before the water pass: clear, the last row and column
    void, and with freeform edges (OpenTTD 15.2) the first ones too."""
    tc = np.zeros((size_y, size_x), np.uint8)
    tc[-1, :] = K.VOID
    tc[:, -1] = K.VOID
    if freeform:
        tc[0, :] = K.VOID
        tc[:, 0] = K.VOID
    return tc


@dataclass(frozen=True)
class Step:
    """One step of the timeline."""

    kind: str     # "round", "normalise", "tiles", "water"
    phase: str    # name shown on the timeline
    label: str    # one line for describe()
    arg: int = 0  # round number, or index of the normalisation step


@dataclass
class State:
    """What the pipeline holds between steps."""

    hm: np.ndarray                    # int16 (size_y+1, size_x+1)
    rng: np.ndarray                   # int64 [state0, state1, calls]
    water_level: int | None = None
    desired_water_tiles: int | None = None
    tile_height: np.ndarray | None = None
    tile_class: np.ndarray | None = None
    water: np.ndarray | None = None   # uint8 mask of sea tiles
    class_counts: np.ndarray | None = None
    bad_slopes: int = 0
    borders: int | None = None        # 15.2: the water borders coast lines used
    rocks: np.ndarray | None = None   # 15.2: uint8 mask of rock tiles
    lowered: int = 0                  # 15.2: tiles FixSlopes lowered
    tile_height_copied: np.ndarray | None = None  # 15.2: heights before FixSlopes
    rocks_fixed: np.ndarray | None = None         # 15.2: rocks before the water pass
    rock_count: int = 0                           # 15.2: rock tiles after the water pass
    # 15.2 after the water pass (see modern.py): the Landscape (whose ``rng``
    # is this state's ``rng``), the CreateRivers run, what the steps found
    land: Any = None
    rivers: Any = None
    attempts: list = field(default_factory=list)
    found: dict = field(default_factory=dict)
    # 15.2 past GenerateLandscape (openttd15/stages.py): the World (the game's
    # tile bytes, a Randomizer on this state's ``rng``, the towns), what the
    # stages made
    world: Any = None
    made: dict = field(default_factory=dict)

    @long_lived()
    def copy(self) -> State:
        if self.land is None:
            rng, land, rivers, world = self.rng.copy(), None, None, None
        else:  # one deep copy, so that the Landscape, CreateRivers and the World keep sharing
            both = (self.rng, self.land, self.rivers, self.world)
            rng, land, rivers, world = copy.deepcopy(both, _sliced_copies(both))
        return State(sliced_copy(self.hm), rng, self.water_level,
                     self.desired_water_tiles, self.tile_height, self.tile_class,
                     self.water, self.class_counts, self.bad_slopes, self.borders,
                     self.rocks, self.lowered, self.tile_height_copied, self.rocks_fixed,
                     self.rock_count, land, rivers, list(self.attempts), dict(self.found),
                     world, dict(self.made))


SLICE_BYTES = 1 << 20


def sliced_copy(a: np.ndarray) -> np.ndarray:
    """``a.copy()``, a megabyte at a time: numpy copies an array holding the
    GIL, and a 4096\u00b2 map's arrays take tens of milliseconds each, which
    a window's thread would wait for while the trace rebuilds a step."""
    out = np.empty_like(a)
    if a.ndim == 0 or a.nbytes <= SLICE_BYTES:
        out[...] = a
        return out
    rows = max(1, SLICE_BYTES * a.shape[0] // a.nbytes)
    for i in range(0, a.shape[0], rows):
        out[i:i + rows] = a[i:i + rows]
    return out


def _sliced_copies(obj: Any) -> dict[int, Any]:
    """A ``copy.deepcopy`` memo holding a :func:`sliced_copy` of every large
    array reachable from ``obj`` through containers and object attributes
    (an array reached twice is copied once, as deepcopy would)."""
    memo: dict[int, Any] = {}
    seen: set[int] = set()
    todo = [obj]
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, np.ndarray):
            if x.nbytes > SLICE_BYTES and x.dtype != object:
                memo[id(x)] = sliced_copy(x)
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.values())
        elif getattr(type(x), "PLAIN_RECORD", False):   # (a town, an industry: no array)
            continue
        elif isinstance(getattr(x, "__dict__", None), dict) and not isinstance(x, type):
            todo.extend(vars(x).values())
    return memo
