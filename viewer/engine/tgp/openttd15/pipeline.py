"""The TGP pipeline of OpenTTD 15.2: New Game with TerraGenesis through the
water pass, as a list of steps (see ``../shared/reference/tgp-modern/README.md``).

The game, from a map of clear grass at height 0 with void last row and
column:

1. **Height limit**: "auto" (0) becomes max(30, min(255, E + 15)), E being
   TGP's own estimate of its highest level (:func:`tgp_max_height`).
2. **Seeding**: both Randomizer words get the seed; StartupEconomy draws one
   Random() before TGP.
3. **Noise rounds** (HeightMapGenerate): frequencies from
   max(0, 10 - log2 of the shorter side) to 9, mesh step 2^(9 - f), with
   the amplitude of the smoothness table (index f - 3; lower indices
   extrapolated, and only kept when the map is high enough).  Rounds of
   amplitude 0 are skipped entirely; the first one that runs sets the base
   mesh, every later one interpolates and adds noise, one
   ``RandomRange(2a + 1) - a`` per mesh point.
4. **Normalisation** (HeightMapNormalize): water level and rescale to the
   terrain's height; the water borders (drawn at random when the setting
   says so); coast lines and coast smoothing on those borders only; slope
   smoothing over every point; the sine transform from level 1; the variety
   distribution (HeightMapCurves) when variety > 0.
5. **Tile heights**: every tile gets its north corner's level, clamped to
   TGP's highest level; with freeform edges the first row and column are
   void, the last row and column always are.
6. **FixSlopes**: a forward and a backward pass limit each tile to one
   level above the lower of two neighbours; inner tiles lowered may turn to
   rocks (one RandomRange(height limit) each).
7. **Water** (ConvertGroundTilesIntoWaterTiles): clear tiles whose lowest
   corner is at level 0 become sea or shore.

Then, unless ``stop_after`` is "water", the rest of GenerateLandscape
(:mod:`.after_water`): the climate (snow line; desert and rainforest) and,
when rivers are on, CreateRivers well by well, its water pass and its 256
tile loops; past GenerateLandscape, unless ``stop_after`` stops before, the
later stages of the game's world generation (:mod:`.stages`: rough land,
towns, industries, objects, trees, the start-up draws and the tile loops of
the first frame).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...jit import CallSite
from .. import kernel as K
from ..height_limit import (AUTO_HEIGHT_CEILING, AUTO_HEIGHT_MIN, CUSTOM_TERRAIN,  # noqa: F401
                            MAX_HEIGHT, effective_height_limit, tgp_max_height)
from ..options import SEA_LEVEL, TERRAIN  # noqa: F401 - (their home was here)
from ..pipeline import LANDSCAPES, State, Step, coast_powers, edge_classes, roughness, sine_table
from ..units import INVALID_HEIGHT
from . import kernel as MK
from . import stages
from .after_water import AfterWater

CUSTOM_SEA_LEVEL = 4
RANDOM_BORDERS = 16
BORDER_NAMES = ((MK.NE, "NE"), (MK.SE, "SE"), (MK.SW, "SW"), (MK.NW, "NW"))

# Noise amplitudes (x1024) by smoothness, lowest frequency (mesh step 64) first.
AMPLITUDES = (
    (16000, 5600, 1968, 688, 240, 16, 16),
    (24000, 12800, 6400, 2700, 1024, 128, 16),
    (32000, 19200, 12800, 8000, 3200, 256, 64),
    (48000, 24000, 19200, 16000, 8000, 512, 320),
)
EXTRAPOLATION = (3.3, 2.8, 2.3, 1.8)   # per missing step, by smoothness
WATER_PERCENT = (70, 170, 270, 420)    # out of 1024, by sea level
MAX_FREQUENCIES = 10
SINE_LOW = 16                          # I2H(1)

# HeightMapCurves' control points (fractions of the height above sea level).
CURVE_MAPS = (
    ((0.0, 0.0), (0.8, 0.13), (1.0, 0.4)),
    ((0.0, 0.0), (0.53, 0.13), (0.8, 0.27), (1.0, 0.6)),
    ((0.0, 0.0), (0.53, 0.27), (0.8, 0.57), (1.0, 0.8)),
    ((0.0, 0.0), (0.4, 0.3), (0.7, 0.8), (0.92, 0.99), (1.0, 0.99)),
)


# The kernels as ModernPipeline.run calls them: each with the same argument
# types at every call, so what a call runs is looked up once (jit.CallSite).
_noise_round = CallSite(MK.noise_round)
_water_level_for = CallSite(K.water_level_for)
_random_bits = CallSite(MK.random_bits)
_coast_lines = CallSite(MK.coast_lines)
_smooth_slopes = CallSite(MK.smooth_slopes)
_smooth_coasts = CallSite(MK.smooth_coasts)
_apply_table = CallSite(K.apply_table)
_tile_heights = CallSite(MK.tile_heights)
_fix_slopes = CallSite(MK.fix_slopes)
_tile_classes = CallSite(MK.tile_classes)
_rng_skip = CallSite(K.rng_skip)
_random_ranges = CallSite(MK.random_ranges)
_curves = CallSite(MK.curves)


def _c_div(a: int, b: int) -> int:
    """C's integer division (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def amplitude(frequency: int, smoothness: int, max_height: int) -> int:
    """GetAmplitude: the table entry, or for frequencies before the table
    the first entry extrapolated, counting only if the map is high enough."""
    table = AMPLITUDES[smoothness]
    index = frequency - MAX_FREQUENCIES + len(table)
    amp = table[max(0, index)]
    if index >= 0:
        return amp
    factor = EXTRAPOLATION[smoothness]
    height_range = 16 << 4
    while True:
        amp = int(factor * float(amp))
        height_range <<= 1
        index += 1
        if index >= 0:
            break
    return min(max(_c_div(max_height - height_range, height_range), 0), 1) * amp


def water_percent(sea_level: int, custom_sea_level: int) -> int:
    if sea_level == CUSTOM_SEA_LEVEL:
        return custom_sea_level * 1024 // 100
    return WATER_PERCENT[sea_level]


def border_names(borders: int) -> str:
    names = [n for bit, n in BORDER_NAMES if borders & bit]
    return ", ".join(names) if names else "none"


@dataclass(frozen=True)
class Curves:
    """What HeightMapCurves needs besides the heightmap and the random grid."""

    grid_x: int
    grid_y: int
    lut: np.ndarray    # int16 (4, mh): curve t at height h above level 1
    x1: np.ndarray
    x2: np.ndarray
    xr: np.ndarray
    xri: np.ndarray
    y1: np.ndarray
    y2: np.ndarray
    yr: np.ndarray
    yri: np.ndarray


def _axis(cells: int, size: int):
    """Grid columns and float32 blend weights along one axis, in the game's
    float operations (sin from the C library, rounded to float)."""
    f32 = np.float32
    fx = (np.arange(size, dtype=np.int64) * cells).astype(f32) / f32(size) + f32(1.0)
    i1 = fx.astype(np.uint32)
    t = f32(2.0) * (fx - i1.astype(f32)) - f32(1.0)
    half_pi = math.pi / 2
    for _ in range(2):
        t = np.array([math.sin(v * half_pi) for v in t.astype(np.float64).tolist()],
                     np.float64).astype(f32)
    r = f32(0.5) * (t + f32(1.0))
    ri = f32(1.0) - r
    i2 = np.where(i1 >= cells, i1 - 1, i1).astype(np.int64)
    i1 = (i1 - 1).astype(np.int64)  # fx >= 1, so the first index is always lowered
    return i1, i2, r.astype(f32), ri.astype(f32)


@lru_cache(maxsize=16)
def curves_setup(size_x: int, size_y: int, level: int, max_height: int) -> Curves:
    """What HeightMapCurves needs for a map of this size, variety and
    height (no Random() in it): made once per process for each (its sines
    in Python took longer than the kernel at 256 x 256); read, never
    written."""
    mh = max_height - 16
    f32 = np.float32
    factor = np.sqrt(f32(size_x) / f32(size_y), dtype=f32)
    grid_x = min(max(int(float(f32(1 << level) * factor) + 0.5), 1), 128)
    grid_y = min(max(int(float(f32(1 << level) / factor) + 0.5), 1), 128)
    n = max(mh, 1)
    lut = np.zeros((len(CURVE_MAPS), n), np.int16)
    h = np.arange(n, dtype=np.int64)
    for t, cm in enumerate(CURVE_MAPS):
        pts = [(int(fx * mh), int(fy * mh)) for fx, fy in cm]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            sel = (h >= ax) & (h < bx)
            if bx == ax:
                continue
            num = (h[sel] - ax) * (by - ay)
            q = np.where(num >= 0, num // (bx - ax), -((-num) // (bx - ax)))
            lut[t, sel] = (ay + q).astype(np.int16)
    x1, x2, xr, xri = _axis(grid_x, size_x)
    y1, y2, yr, yri = _axis(grid_y, size_y)
    return Curves(grid_x, grid_y, lut, x1, x2, xr, xri, y1, y2, yr, yri)


class ModernPipeline:
    """The steps of one OpenTTD 15.2 map: sizes and settings fixed, nothing
    computed.  Same interface as :class:`~..r13671.pipeline.Pipeline`."""

    version = "15.2"
    rng_before_tgp = 1
    keep_steps = False
    """True (for a trace) keeps the tile heights before FixSlopes and the
    rocks before the water pass; False changes them in place."""

    def __init__(self, values: dict[str, Any], seed: int):
        self.size_x, self.size_y = (int(v) for v in values["size"])
        self.log_x = self.size_x.bit_length() - 1
        self.log_y = self.size_y.bit_length() - 1
        log_min = min(self.log_x, self.log_y)
        self.smoothness = int(values["smoothness"])
        self.terrain = int(values["terrain"])
        self.custom_terrain = int(values["custom_terrain"])
        self.sea_level = int(values["sea_level"])
        self.custom_sea_level = int(values["custom_sea_level"])
        self.variety = int(values["variety"])
        self.freeform = bool(values["freeform_edges"])
        self.water_borders = int(values["water_borders"])
        self.height_limit_setting = int(values["height_limit"])
        self.landscape = LANDSCAPES.index(values["landscape"])
        self.seed = int(seed)
        self.height_limit = effective_height_limit(self.terrain, self.custom_terrain, log_min,
                                                   self.height_limit_setting)
        self.h_max_new = tgp_max_height(self.terrain, self.custom_terrain, log_min,
                                        self.height_limit)
        self.tile_max_height = self.h_max_new >> 4
        self.water_percent = water_percent(self.sea_level, self.custom_sea_level)
        self.desired_water = self.water_percent * self.size_x * self.size_y // 1024
        self.fixed_borders = None if not self.freeform else (
            None if self.water_borders == RANDOM_BORDERS else self.water_borders)
        if not self.freeform:
            self.fixed_borders = 15
        steps: list[Step] = []
        self.rounds: list[tuple[int, int, bool]] = []   # (mesh step, amplitude, first)
        start = max(MAX_FREQUENCIES - log_min, 0)
        skipped = []
        for f in range(start, MAX_FREQUENCIES):
            amp = amplitude(f, self.smoothness, self.h_max_new)
            mesh = 1 << (MAX_FREQUENCIES - f - 1)
            if amp == 0:
                skipped.append(mesh)
                continue
            first = not self.rounds
            what = "base heights" if first else "interpolate and add noise"
            note = (f" (rounds of mesh step {', '.join(map(str, skipped))} have amplitude 0 "
                    "and are skipped)") if first and skipped else ""
            steps.append(Step("round", "noise", f"noise round: mesh step {mesh}, {what}, "
                              f"amplitude {amp / 1024:g} levels{note}", len(self.rounds)))
            self.rounds.append((mesh, amp, first))
        self.n_rounds = len(steps)
        rough = roughness(self.smoothness)
        if self.fixed_borders is None:
            which = "the water borders drawn at random (one Random())"
        else:
            which = f"water borders {border_names(self.fixed_borders)}"
            if not self.freeform:
                which += " (freeform edges off: all four)"
        normalise = [
            ("water level", f"water level: {self.water_percent}/1024 of the corners under "
             f"water ({self.desired_water}), land rescaled to 0..{self.h_max_new} "
             f"(fixed point); {which}"),
            ("coast lines", "coast lines: the water borders lowered to sea with coast noise"),
            ("smooth slopes", f"smooth slopes: neighbours differ by at most {rough} "
             "(fixed point), edges included"),
            ("smooth coasts", "smooth coasts: coast slopes softened from the water borders"),
            ("smooth slopes again", f"smooth slopes again (at most {rough})"),
            ("sine transform", f"sine transform for {LANDSCAPES[self.landscape]}, from level 1"),
        ]
        if self.variety > 0:
            normalise.append(("variety distribution",
                              f"variety distribution {self.variety}: curve maps blended "
                              "over a random grid"))
        self.normalise_names = tuple(n for n, _ in normalise)
        for i, (name, label) in enumerate(normalise):
            steps.append(Step("normalise", name, label, i))
        edges = "first and last row and column void" if self.freeform else \
            "last row and column void"
        steps.append(Step("tiles", "tile transfer",
                          f"tile transfer: each tile's north corner in whole levels, at most "
                          f"{self.tile_max_height}; {edges}"))
        steps.append(Step("fix", "FixSlopes",
                          "FixSlopes: each tile at most one level above the lower of two "
                          "neighbours, forward then backward; lowered inner tiles may turn "
                          f"to rocks (RandomRange({self.height_limit}))"))
        steps.append(Step("water", "water",
                          "water: clear tiles at level 0 become sea (flat) or shore"))
        self.water_step = len(steps)
        """Steps up to and including the water pass."""
        self.after = AfterWater(values, self.size_x, self.size_y, self.landscape,
                                self.freeform, self.height_limit)
        steps += self.after.steps()
        self.values = values
        self.stages, self.missing_stages = [], []
        for name in stages.stages_until(self.after.stop_after):
            (self.stages if stages.available(name) else self.missing_stages).append(name)
            if self.missing_stages:
                break   # (a stage not there yet: the later ones cannot follow it)
            parts = stages.PARTS.get(name, 1)
            for part in range(parts):
                steps.append(Step(name, name, stages.describe(name, part), part))
        self.steps: tuple[Step, ...] = tuple(steps)

    @property
    def last_heightmap_step(self) -> int:
        return self.n_rounds + len(self.normalise_names)

    def initial_classes(self) -> np.ndarray:
        """The tile classes before the water pass: void edges, clear inside."""
        return edge_classes(self.size_x, self.size_y, self.freeform)

    def initial(self, fill: bool = True) -> State:
        shape = (self.size_y + 1, self.size_x + 1)
        hm = np.full(shape, INVALID_HEIGHT, np.int16) if fill else np.empty(shape, np.int16)
        rng = np.array([self.seed, self.seed, 0], np.int64)
        _rng_skip(rng, self.rng_before_tgp)
        return State(hm, rng)

    def run(self, index: int, st: State, flag: np.ndarray) -> None:
        step = self.steps[index]
        sx, sy = self.size_x, self.size_y
        hm = st.hm
        if step.kind == "round":
            mesh, amp, first = self.rounds[step.arg]
            _noise_round(hm, sx, sy, mesh, amp, first, st.rng, flag)
        elif step.kind == "normalise":
            name = self.normalise_names[step.arg]
            if name == "water level":
                st.water_level = int(_water_level_for(hm, self.desired_water, self.h_max_new))
                st.desired_water_tiles = self.desired_water
                st.borders = self.fixed_borders
                if st.borders is None:
                    st.borders = int(_random_bits(st.rng, 4))
            elif name == "coast lines":
                _coast_lines(hm, sx, sy, min(self.log_x, self.log_y), self.seed,
                               st.borders, coast_powers())
            elif name in ("smooth slopes", "smooth slopes again"):
                _smooth_slopes(hm, sx, sy, roughness(self.smoothness), flag)
            elif name == "smooth coasts":
                _smooth_coasts(hm, sx, sy, st.borders)
            elif name == "sine transform":
                _apply_table(hm, SINE_LOW, sine_table(self.landscape, self.h_max_new, SINE_LOW))
            else:
                self._curves(st, flag)
        elif step.kind == "tiles":
            st.tile_height = _tile_heights(hm, sx, sy, self.tile_max_height)
            st.tile_height_copied = st.tile_height
        elif step.kind == "fix":
            # in place, unless the timeline keeps the heights before FixSlopes
            th = st.tile_height.copy() if self.keep_steps else st.tile_height
            rocks = np.zeros((sy, sx), np.uint8)
            st.lowered = int(_fix_slopes(th, rocks, sx, sy, self.freeform, self.height_limit,
                                           st.rng))
            st.tile_height, st.rocks = th, rocks
            st.rocks_fixed = rocks
            if not self.keep_steps:
                st.tile_height_copied = None
        elif step.kind in stages.STAGES:
            self._stage(step.kind, step.arg, st, flag)
        elif step.kind != "water":
            self.after.run(step, st)
        else:
            rocks = st.rocks.copy() if self.keep_steps else st.rocks
            st.tile_class, st.class_counts, n_rocks = _tile_classes(
                st.tile_height, rocks, sx, sy, self.freeform, K.FLOOD_FROM_DIRS,
                K.DIR_DX, K.DIR_DY)
            st.rocks, st.rock_count = rocks, int(n_rocks)
            if not self.keep_steps:
                st.rocks_fixed = None

    def _stage(self, name: str, part: int, st: State, flag=None) -> None:
        """A stage of ``_GenerateWorld`` after GenerateLandscape, on the
        World (made from the Landscape the first time)."""
        if st.world is None:
            st.world = stages.world_from_landscape(self.after.land(st), self.values, st.rng,
                                                   st.found)
        done = stages.run_stage(name, part, st.world, flag)
        if part + 1 < stages.PARTS.get(name, 1):
            return
        st.made[name] = done
        st.world.stage = name

    def _curves(self, st: State, flag: np.ndarray) -> None:
        c = curves_setup(self.size_x, self.size_y, self.variety, self.h_max_new)
        grid = _random_ranges(st.rng, c.grid_x * c.grid_y, 4)
        _curves(st.hm, self.size_x, self.size_y, grid, c.grid_x, c.lut, c.x1, c.x2, c.xr,
                  c.xri, c.y1, c.y2, c.yr, c.yri, flag)

    def interpolated(self, before: np.ndarray, index: int) -> np.ndarray:
        """The heightmap of step ``index`` (a noise round) after its
        interpolation, before its noise."""
        mesh, _amp, first = self.rounds[self.steps[index].arg]
        out = before.copy()
        if first:
            out[::mesh, ::mesh] = 0
        else:
            K.interpolate(out, self.size_x, self.size_y, mesh)
        return out
