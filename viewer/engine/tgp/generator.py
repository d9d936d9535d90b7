"""OpenTTD's TerraGenesis Perlin (TGP) as a workbench generator.

A bit-exact port of ``tgp.cpp`` at svn r13671 (2008) together with the
engine code around it (Randomizer, tile heights, ConvertGroundTilesIntoWaterTiles);
:mod:`.pipeline` tells the algorithm step by step and :mod:`.kernel` holds
the compiled loops.  The reference outputs and a full description of the
original are in ``../shared/reference/tgp``.

Layers (all ``(size_y, size_x)``, element ``[y, x]`` is tile ``(x, y)``):

``noise``        the raw noise heightmap (stage A) at each tile's north
                 corner, int16 fixed point (16 = one height level)
``heightmap``    the normalised heightmap (stage B), same units
``tile_height``  tile heights 0..15 (stage C)
``tile_class``   0 clear, 1 water (sea), 2 shore, 3 void (stage D)
``water``        1 where the tile is sea (tile_class 1)
``change``       (with a trace only) what a step changed; see :mod:`.trace`

The heightmaps have one more row and column of corners than there are
tiles; the full arrays are in ``result.extra["noise_corners"]`` and
``result.extra["heightmap_corners"]`` (shape ``(size_y+1, size_x+1)``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..params import SEED_MAX, Param, ParamError, check_bounds, check_seed, convert_values  # noqa: F401
from ..protocol import Cancelled, CancelToken, LayerInfo, Result, SquareGrid
from .detail import TGPDetail
from .metrics import METRICS
from .pipeline import LANDSCAPES, SEA_LEVEL, SMOOTHNESS, TERRAIN, Pipeline, State
from .units import HEIGHT_UNIT, INVALID_HEIGHT, TILE_CLASS_NAMES  # noqa: F401 - re-exported

MIN_SIDE, MAX_SIDE = 64, 4096
RNG_SKIP_MAX = 1 << 20

SIZE_CHOICES = tuple(f"{s}x{s}" for s in (64, 128, 256, 512, 1024, 2048, 4096)) + (
    "128x512", "512x128", "256x1024")

PARAMS: tuple[Param, ...] = (
    Param("size", "Map size", "size", (256, 256), minimum=MIN_SIDE, maximum=MAX_SIDE,
          help="map size X x Y; each side a power of two from 64 to 4096",
          group="map", extra={"choices": SIZE_CHOICES}),
    Param("smoothness", "Smoothness", "int", 1, minimum=0, maximum=3, group="terrain",
          help="0 very smooth, 1 smooth, 2 rough, 3 very rough (noise amplitudes)",
          extra={"slider": (0, 3), "labels": SMOOTHNESS}),
    Param("terrain", "Terrain type", "int", 2, minimum=0, maximum=3, group="terrain",
          help="0 very flat, 1 flat, 2 hilly, 3 mountainous (highest level 5, 8, 11, 14)",
          extra={"slider": (0, 3), "labels": TERRAIN}),
    Param("sea_level", "Sea level", "int", 1, minimum=0, maximum=3, group="terrain",
          cli="--sea-level",
          help="0 very low, 1 low, 2 medium, 3 high (20, 80, 250, 400 of 1024 tiles water)",
          extra={"slider": (0, 3), "labels": SEA_LEVEL}),
    Param("landscape", "Climate", "choice", "temperate", choices=LANDSCAPES, group="terrain",
          help="climate: shapes the height distribution (toyland behaves as temperate)"),
    Param("rng_skip", "Random() calls before TGP", "int", 0, minimum=0, maximum=RNG_SKIP_MAX,
          cli="--rng-skip", group="advanced",
          help="Random() results thrown away before TGP; 1 reproduces the game at r13671 "
               "(StartupEconomy draws one)", extra={"slider": (0, 4)}),
)

_LABELS = {"smoothness": SMOOTHNESS, "terrain": TERRAIN, "sea_level": SEA_LEVEL}

LAYER_INFO: dict[str, LayerInfo] = {
    "noise": LayerInfo("noise", "raw noise height at the tile's north corner, fixed point "
                       "(16 = one height level)", "scalar",
                       labels={INVALID_HEIGHT: "not generated yet"}),
    "heightmap": LayerInfo("heightmap", "normalised height at the tile's north corner, "
                           "fixed point (16 = one height level)", "scalar", 0, 240),
    "tile_height": LayerInfo("tile_height", "tile height, 0..15 levels", "scalar", 0, 15),
    # (no labels: the renderer draws labelled categorical values as background)
    "tile_class": LayerInfo("tile_class", "tile class: 0 clear, 1 water (sea), 2 shore, 3 void",
                            "categorical"),
    "water": LayerInfo("water", "sea (tile class water)", "mask", 0, 1),
    "change": LayerInfo("change", "what this step changed, fixed point: the noise a round "
                        "added, or new height minus old", "scalar", debug=True),
}
LAYER_NAMES = tuple(n for n in LAYER_INFO if n != "change")


def check_size(sx: int, sy: int) -> None:
    for side, name in ((sx, "width"), (sy, "height")):
        if side < MIN_SIDE or side > MAX_SIDE:
            raise ParamError(f"map size {sx}x{sy}: the {name} must be between {MIN_SIDE} "
                             f"and {MAX_SIDE}, not {side}", "size")
        if side & (side - 1):
            raise ParamError(f"map size {sx}x{sy}: the {name} must be a power of two "
                             f"(64, 128, 256, 512, 1024, 2048 or 4096), not {side}", "size")


def _named_levels(name: str, value: Any) -> Any:
    """Level names ("very rough") to numbers, landscape numbers to names."""
    if name in _LABELS and isinstance(value, str):
        word = value.strip().lower()
        if word in _LABELS[name]:
            return _LABELS[name].index(word)
        if not word.lstrip("+-").isdigit():
            label = next(p.label for p in PARAMS if p.name == name)
            raise ParamError(f"{label}: expected 0..3 or one of "
                             f"{', '.join(_LABELS[name])}, not {value!r}", name)
    if name == "landscape" and isinstance(value, (int, np.integer)) and \
            not isinstance(value, bool) and 0 <= value < len(LANDSCAPES):
        return LANDSCAPES[int(value)]
    if name == "landscape" and isinstance(value, str):
        return value.strip().lower()
    return value


class TerraGenesis:
    """OpenTTD's TerraGenesis Perlin map generator (see the module docstring)."""

    name = "tgp"
    title = "OpenTTD TerraGenesis Perlin"
    params = PARAMS
    layer_info = LAYER_INFO
    metrics = METRICS

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        out = convert_values(self.params, values, _named_levels)
        check_size(*out["size"])
        check_bounds(self.params, out, skip=("size",))
        return out

    @staticmethod
    def check_seed(seed: Any) -> int:
        """The seed as ``generate`` takes it (0..2^32-1), or ParamError."""
        return check_seed(seed)

    def generate(self, values: Mapping[str, Any], *, seed: int | str = 0, trace: bool = False,
                 cancel: CancelToken | None = None, progress=None) -> Result:
        v = self.validate(values)
        seed = check_seed(seed)
        pipe = Pipeline(v, seed)
        if cancel is None:
            cancel = CancelToken()
        cancel.phase_names = tuple(s.phase for s in pipe.steps)
        flag = cancel.flag
        st = pipe.initial(fill=trace)
        recorder = _Recorder(pipe) if trace else None
        timings: dict[str, float] = {}
        t_start = time.perf_counter()
        noise = None
        n = len(pipe.steps)
        for i, step in enumerate(pipe.steps):
            if flag[0] != 0:
                raise Cancelled()
            flag[1] = i
            if progress is not None:
                progress(step.phase, i / n)
            t = time.perf_counter()
            pipe.run(i, st, flag)
            timings[step.kind] = timings.get(step.kind, 0.0) + time.perf_counter() - t
            if flag[0] != 0:
                raise Cancelled()
            if i + 1 == pipe.n_rounds:
                noise = st.hm.copy()
            if recorder is not None:
                recorder.after(i + 1, st)
        timings["generate"] = time.perf_counter() - t_start
        result = make_result(pipe, v, seed, noise, st)
        result.timings = {"noise": timings.get("round", 0.0),
                          "normalise": timings.get("normalise", 0.0),
                          "tiles": timings.get("tiles", 0.0) + timings.get("water", 0.0),
                          "generate": timings["generate"]}
        if recorder is not None:
            from .trace import TgpTrace

            result.trace = TgpTrace(pipe, recorder.checkpoints, noise, st)
            # The last step changes no height; zeros cost no memory until written.
            result.layers["change"] = np.zeros((pipe.size_y, pipe.size_x), np.int32)
            result.layer_info["change"] = LAYER_INFO["change"]
        return result


def make_result(pipe: Pipeline, v: dict[str, Any], seed: int, noise: np.ndarray,
                st: State) -> Result:
    sx, sy = pipe.size_x, pipe.size_y
    tc = st.tile_class
    layers = {
        "noise": noise[:sy, :sx],
        "heightmap": st.hm[:sy, :sx],
        "tile_height": st.tile_height,
        "tile_class": tc,
        "water": st.water,
    }
    info = dict(LAYER_INFO)
    info["heightmap"] = LayerInfo("heightmap", LAYER_INFO["heightmap"].description, "scalar",
                                  0, pipe.h_max_new)
    info.pop("change")
    counts = st.class_counts
    tiles = sx * sy
    messages = (f"TerraGenesis Perlin {sx}x{sy}, seed {seed}: water level "
                f"{st.water_level} (fixed point), {counts[1] / tiles:.1%} sea, "
                f"{counts[2] / tiles:.1%} shore, highest tile {int(st.tile_height.max())}\n")
    return Result(
        generator="tgp",
        grid=SquareGrid(sx, sy),
        layers=layers,
        layer_info=info,
        params=v,
        seed=seed,
        messages=messages,
        detail=TGPDetail(
            noise_corners=noise,
            heightmap_corners=st.hm,
            height_unit=HEIGHT_UNIT,
            water_level=st.water_level,
            desired_water_tiles=st.desired_water_tiles,
            random_calls=int(st.rng[2]),
            rng_state_after=(int(st.rng[0]), int(st.rng[1])),
            bad_slope_events=st.bad_slopes,
            tile_class_counts=tuple(int(c) for c in counts),
        ),
    )


class _Recorder:
    """Checkpoints of the pipeline state for the trace, within a memory budget."""

    BUDGET = 96 * 2**20

    def __init__(self, pipe: Pipeline):
        self.pipe = pipe
        hm_bytes = (pipe.size_x + 1) * (pipe.size_y + 1) * 2
        n = pipe.last_heightmap_step
        self.every = max(1, -(-n * hm_bytes // self.BUDGET))
        self.checkpoints: dict[int, State] = {0: pipe.initial()}

    def after(self, k: int, st: State) -> None:
        if k <= self.pipe.last_heightmap_step and k % self.every == 0:
            self.checkpoints[k] = st.copy()


TGP = TerraGenesis()
