"""The TGP pipeline as a list of steps, shared by the generator and the trace.

OpenTTD's TerraGenesis Perlin (``tgp.cpp``, svn r13671) makes a map in
these steps, each one a step of our timeline:

1. **Noise rounds** (HeightMapGenerate): round 0 sets the corners of the
   coarsest mesh (step = the shorter map side) at random; every later round
   halves the step, fills the new mesh points with the mean of their
   neighbours and adds random noise to every mesh point, with the
   amplitude of that octave for the chosen smoothness.  On maps larger than
   64 the first rounds have amplitude 0 (they still draw random numbers).
2. **Normalisation** (HeightMapNormalize): pick the water level so that the
   requested share of the map is sea and rescale heights above it to the
   terrain type's range; lower the four map edges to sea with coast noise;
   smooth slopes; soften the coasts; smooth slopes again; redistribute
   heights along a sine curve shaped by the climate; a last slope smoothing.
3. **Tile heights**: each tile takes the height level of its north corner
   (the outer ring of two tiles stays at 0).
4. **Water and shore** (the engine's ConvertGroundTilesIntoWaterTiles): tiles
   at level 0 become sea if flat, shore if one corner is raised or a
   neighbour in the right direction is flat or one-corner.

Every step is a function of the heightmap and the Randomizer state only, so
the trace rebuilds any step by running the pipeline forward from a
checkpoint.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from . import kernel as K
from . import options
from .options import LANDSCAPES, SMOOTHNESS  # noqa: F401 - (their home was here)
from .units import INVALID_HEIGHT

# Amplitudes (x1024) by smoothness and octave, lowest frequency first.
AMPLITUDES = (
    (16000, 5600, 1968, 688, 240, 16, 16),
    (16000, 16000, 6448, 3200, 1024, 128, 16),
    (16000, 19200, 12800, 8000, 3200, 256, 64),
    (24000, 16000, 19200, 16000, 8000, 512, 320),
)
WATER_PERCENT = (20, 80, 250, 400)      # out of 1024, by sea level
MAX_HEIGHT = (6, 9, 12, 15)             # height levels, by terrain type
TERRAIN = options.TERRAIN[:4]
SEA_LEVEL = options.SEA_LEVEL[:4]
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
        elif hasattr(x, "__dict__") and not isinstance(x, type):
            todo.extend(vars(x).values())
    return memo


NORMALISE_NAMES = ("water level", "coast lines", "smooth slopes", "smooth coasts",
                   "smooth slopes again", "sine transform", "final smooth slopes")


class Pipeline:
    """The steps of one map: sizes and settings fixed, nothing computed."""

    version = "r13671"

    def __init__(self, values: dict[str, Any], seed: int):
        self.size_x, self.size_y = (int(v) for v in values["size"])
        self.log_x = self.size_x.bit_length() - 1
        self.log_y = self.size_y.bit_length() - 1
        self.smoothness = int(values["smoothness"])
        self.terrain = int(values["terrain"])
        self.sea_level = int(values["sea_level"])
        self.landscape = LANDSCAPES.index(values["landscape"])
        self.rng_skip = int(values["rng_skip"])
        self.seed = int(seed)
        self.h_max_new = MAX_HEIGHT[self.terrain] * 16
        size_min = min(self.size_x, self.size_y)
        log_min = max(size_min.bit_length() - 1, 6)
        f_min = log_min - 6
        self.amplitudes = []
        steps = []
        for rnd in range(log_min + 1):
            k = rnd - f_min
            amp = AMPLITUDES[self.smoothness][k] if k >= 0 else 0
            self.amplitudes.append(amp)
            mesh = size_min >> rnd
            what = ("base heights" if rnd == 0 else "interpolate and add noise")
            steps.append(Step("round", "noise", f"noise round {rnd}: mesh step {mesh}, "
                              f"{what}, amplitude {amp / 1024:g} levels"
                              + (" (no change)" if amp == 0 and rnd > 0 else ""), rnd))
        self.n_rounds = len(steps)
        rough = roughness(self.smoothness)
        labels = (
            f"water level: {WATER_PERCENT[self.sea_level]}/1024 of the map under water, "
            f"land rescaled to 0..{self.h_max_new} (fixed point)",
            "coast lines: the four map edges lowered to sea with coast noise",
            f"smooth slopes: neighbours differ by at most {rough} (fixed point)",
            "smooth coasts: coast slopes softened from every edge",
            f"smooth slopes again (at most {rough})",
            f"sine transform for {LANDSCAPES[self.landscape]}",
            "final smooth slopes (at most 16 = one level)",
        )
        for i, (name, label) in enumerate(zip(NORMALISE_NAMES, labels)):
            steps.append(Step("normalise", name, label, i))
        steps.append(Step("tiles", "tile heights",
                          "tile heights: each tile's north corner in whole levels"))
        steps.append(Step("water", "water and shore",
                          "water and shore: level-0 tiles become sea or shore"))
        self.steps: tuple[Step, ...] = tuple(steps)

    @property
    def last_heightmap_step(self) -> int:
        """Number of steps after which the heightmap is final (stage B)."""
        return self.n_rounds + len(NORMALISE_NAMES)

    def initial_classes(self) -> np.ndarray:
        """The tile classes before the water pass: the last row and column void."""
        return edge_classes(self.size_x, self.size_y, False)

    def initial(self, fill: bool = True) -> State:
        """The state before the first step.  The heightmap starts at -32768
        everywhere as in the original; ``fill=False`` leaves it uninitialised
        (the noise rounds write every point before anything reads it)."""
        shape = (self.size_y + 1, self.size_x + 1)
        if fill:
            hm = np.full(shape, INVALID_HEIGHT, np.int16)
        else:
            hm = np.empty(shape, np.int16)
        rng = np.array([self.seed, self.seed, 0], np.int64)
        if self.rng_skip:
            K.rng_skip(rng, self.rng_skip)
            rng[2] = 0
        return State(hm, rng)

    def run(self, index: int, st: State, flag: np.ndarray) -> None:
        """Apply step ``index`` (0-based) to ``st`` in place."""
        step = self.steps[index]
        sx, sy = self.size_x, self.size_y
        hm = st.hm
        if step.kind == "round":
            K.noise_round(hm, sx, sy, step.arg, self.amplitudes[step.arg], st.rng, flag)
        elif step.kind == "normalise":
            i = step.arg
            if i == 0:
                wl, desired = K.adjust_water_level(hm, sx, sy, WATER_PERCENT[self.sea_level],
                                                   self.h_max_new)
                st.water_level, st.desired_water_tiles = int(wl), int(desired)
            elif i == 1:
                K.coast_lines(hm, sx, sy, self.log_x, self.log_y, self.seed, coast_powers())
            elif i in (2, 4):
                K.smooth_slopes(hm, sx, sy, roughness(self.smoothness), flag)
            elif i == 3:
                K.smooth_coasts(hm, sx, sy)
            elif i == 5:
                K.apply_table(hm, SINE_LOW, sine_table(self.landscape, self.h_max_new))
            else:
                K.smooth_slopes(hm, sx, sy, 16, flag)
        elif step.kind == "tiles":
            st.tile_height = K.tile_heights(hm, sx, sy)
        else:
            st.tile_class, st.water, st.class_counts, bad = K.tile_classes(
                st.tile_height, sx, sy, K.FLOOD_FROM_DIRS, K.DIR_DX, K.DIR_DY)
            st.bad_slopes = int(bad)

    def interpolated(self, before: np.ndarray, index: int) -> np.ndarray:
        """The heightmap of step ``index`` (a noise round) after its
        interpolation, before its noise: what the round's noise was added to."""
        step = self.steps[index]
        out = before.copy()
        if step.arg == 0:
            out[...] = 0
        else:
            mesh = min(self.size_x, self.size_y) >> step.arg
            K.interpolate(out, self.size_x, self.size_y, mesh)
        return out
