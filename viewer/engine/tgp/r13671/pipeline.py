"""The TGP pipeline of svn r13671 as a list of steps (:class:`Pipeline`).

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

from typing import Any

import numpy as np

from .. import kernel as SK
from .. import options
from ..options import LANDSCAPES
from ..pipeline import SINE_LOW, State, Step, coast_powers, edge_classes, roughness, sine_table
from ..units import INVALID_HEIGHT
from . import kernel as K

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
            SK.rng_skip(rng, self.rng_skip)
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
                SK.apply_table(hm, SINE_LOW, sine_table(self.landscape, self.h_max_new))
            else:
                K.smooth_slopes(hm, sx, sy, 16, flag)
        elif step.kind == "tiles":
            st.tile_height = K.tile_heights(hm, sx, sy)
        else:
            st.tile_class, st.water, st.class_counts, bad = K.tile_classes(
                st.tile_height, sx, sy, SK.FLOOD_FROM_DIRS, SK.DIR_DX, SK.DIR_DY)
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
            SK.interpolate(out, self.size_x, self.size_y, mesh)
        return out
