"""OpenTTD's TerraGenesis Perlin (TGP) as a workbench generator, in two
versions (the ``openttd`` parameter):

* ``15.2`` (the default): New Game with TerraGenesis in OpenTTD 15.2, bit
  for bit through FixSlopes and the water pass (:mod:`.modern`,
  :mod:`.modern_kernel`; reference in ``../shared/reference/tgp-modern``).
  The map is the game's map as it stands after the water pass: rivers,
  trees, towns and industries are later steps of the game, not made here.
* ``r13671``: ``tgp.cpp`` at svn r13671 (2008) with the engine code around
  it (Randomizer, tile heights, ConvertGroundTilesIntoWaterTiles);
  :mod:`.pipeline` tells the algorithm step by step and :mod:`.kernel`
  holds the compiled loops (reference in ``../shared/reference/tgp``).

Settings one version lacks carry ``only_when=OnlyWhen("openttd",
versions)``: the window disables them under the other version, the command
line refuses them there, and the engine ignores them.  ``version_defaults``
gives a default
that differs by version (r13671's "hilly" and "low" sea level), used when
the value is not given.

Layers (all ``(size_y, size_x)``, element ``[y, x]`` is tile ``(x, y)``):

``noise``        the raw noise heightmap (stage A) at each tile's north
                 corner, int16 fixed point (16 = one height level)
``heightmap``    the normalised heightmap (stage B), same units
``tile_height``  tile heights (0..15 in r13671, up to 255 in 15.2)
``tile_class``   0 clear, 1 water (sea), 2 shore, 3 void
``water``        (r13671) 1 where the tile is sea (tile_class 1)
``rocks``        (15.2) 1 where FixSlopes left rocks on clear land
``change``       (with a trace only) what a step changed; see :mod:`.trace`

The heightmaps have one more row and column of corners than there are
tiles; the full arrays are in ``result.detail.noise_corners`` and
``result.detail.heightmap_corners`` (shape ``(size_y+1, size_x+1)``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..params import OnlyWhen, Param, ParamError, check_bounds, convert_values
from ..protocol import Engine, Cancelled, CancelToken, LayerInfo, Result, SquareGrid
from . import modern
from .detail import TGPDetail
from .layers import LAYER_INFO
from .modern import ModernPipeline
from .pipeline import LANDSCAPES, SMOOTHNESS, Pipeline, State
from .units import HEIGHT_UNIT

MIN_SIDE, MAX_SIDE = 64, 4096
RNG_SKIP_MAX = 1 << 20

SIZE_CHOICES = tuple(f"{s}x{s}" for s in (64, 128, 256, 512, 1024, 2048, 4096)) + (
    "128x512", "512x128", "256x1024")

VERSIONS = ("15.2", "r13671")
ONLY_15 = OnlyWhen("openttd", ("15.2",))
ONLY_R13671 = OnlyWhen("openttd", ("r13671",))
TERRAIN = modern.TERRAIN
SEA_LEVEL = modern.SEA_LEVEL
VARIETY = ("none", "very low", "low", "medium", "high", "very high")
R13671_MAX = {"terrain": 3, "sea_level": 3}

def _border_name(bits: int) -> str:
    if bits == 16:
        return "random"
    if bits == 0:
        return "none"
    if bits == 15:
        return "all"
    return " ".join(n for n, b in (("NE", 1), ("SE", 2), ("SW", 4), ("NW", 8)) if bits & b)


WATER_BORDER_NAMES = tuple(_border_name(b) for b in range(17))
"""How the panel names each water-borders value (the edges that are sea)."""
HEIGHT_LIMIT_NAMES = ("auto",) + tuple(str(h) for h in range(1, 256))
"""How the panel names each maximum map height (0 is the game's "auto")."""


PARAMS: tuple[Param, ...] = (
    Param("size", "Map size", "size", (256, 256), minimum=MIN_SIDE, maximum=MAX_SIDE,
          help="map size X x Y; each side a power of two from 64 to 4096",
          group="map", suggestions=SIZE_CHOICES),
    Param("openttd", "OpenTTD version", "choice", "15.2", choices=VERSIONS, group="map",
          help="15.2: the game of today (New Game through the water pass); r13671: the "
               "tgp.cpp of 2008"),
    Param("landscape", "Climate", "choice", "temperate", choices=LANDSCAPES, group="map",
          help="climate: shapes the height distribution (toyland behaves as temperate)"),
    Param("terrain", "Terrain type", "int", 1, minimum=0, maximum=5, group="terrain",
          help="0 very flat, 1 flat, 2 hilly, 3 mountainous, 4 alpinist, 5 custom (15.2: "
               "the highest level depends on the map size; r13671: 0..3 only, highest level "
               "5, 8, 11, 14, and hilly when not given)",
          slider=(0, 5), labels=TERRAIN, version_defaults={"r13671": 2}),
    Param("custom_terrain", "Custom height", "int", 30, minimum=1, maximum=255,
          cli="--custom-terrain", group="terrain",
          help="the highest level of custom terrain (terrain type 5), 1..255",
          only_when=ONLY_15, slider=(1, 255)),
    Param("variety", "Variety distribution", "int", 0, minimum=0, maximum=5, group="terrain",
          help="0 none, 1 very low ... 5 very high: curve maps blended over a random grid",
          only_when=ONLY_15, slider=(0, 5), labels=VARIETY),
    Param("smoothness", "Smoothness", "int", 1, minimum=0, maximum=3, group="terrain",
          help="0 very smooth, 1 smooth, 2 rough, 3 very rough (noise amplitudes)",
          slider=(0, 3), labels=SMOOTHNESS),
    Param("sea_level", "Sea level", "int", 0, minimum=0, maximum=4,
          cli="--sea-level", group="terrain",
          help="0 very low, 1 low, 2 medium, 3 high, 4 custom (15.2: 70, 170, 270, 420 of "
               "1024 corners under water; r13671: 0..3 only, 20, 80, 250, 400, and low when "
               "not given)",
          slider=(0, 4), labels=SEA_LEVEL, version_defaults={"r13671": 1}),
    Param("custom_sea_level", "Custom sea level", "int", 1, minimum=1, maximum=90,
          cli="--custom-sea-level", group="terrain",
          help="the share of the map under water with custom sea level (4), 1..90 percent",
          only_when=ONLY_15, slider=(1, 90)),
    Param("freeform_edges", "Freeform edges", "bool", True, group="edges",
          choices=("true", "false"),
          help="on: the map edges are void and only the water borders chosen are sea; "
               "off: all four edges are sea", only_when=ONLY_15),
    Param("water_borders", "Water borders", "int", 16, minimum=0, maximum=16,
          cli="--water-borders", group="edges",
          help="with freeform edges, the edges that are sea: NE 1 + SE 2 + SW 4 + NW 8 "
               "(0 none, 15 all), or 16 random",
          only_when=ONLY_15, slider=(0, 16), labels=WATER_BORDER_NAMES),
    Param("height_limit", "Maximum map height", "int", 0, minimum=0, maximum=255,
          cli="--height-limit", group="edges",
          help="0 auto (30, or the terrain's highest level + 15), else 1..255 (the game "
               "offers 15..255); caps the terrain's highest level except custom",
          only_when=ONLY_15, slider=(0, 255), labels=HEIGHT_LIMIT_NAMES),
    Param("rng_skip", "Random() calls before TGP", "int", 0, minimum=0, maximum=RNG_SKIP_MAX,
          cli="--rng-skip", group="advanced",
          help="r13671 only: Random() results thrown away before TGP; 1 reproduces the game "
               "at r13671 (StartupEconomy draws one; 15.2 always draws exactly one)",
          only_when=ONLY_R13671, slider=(0, 4)),
)

_LABELS = {"smoothness": SMOOTHNESS, "terrain": TERRAIN, "sea_level": SEA_LEVEL,
           "variety": VARIETY}

def check_size(sx: int, sy: int) -> None:
    for side, name in ((sx, "width"), (sy, "height")):
        if side < MIN_SIDE or side > MAX_SIDE:
            raise ParamError(f"map size {sx}x{sy}: the {name} must be between {MIN_SIDE} "
                             f"and {MAX_SIDE}, not {side}", "size")
        if side & (side - 1):
            raise ParamError(f"map size {sx}x{sy}: the {name} must be a power of two "
                             f"(64, 128, 256, 512, 1024, 2048 or 4096), not {side}", "size")


def _named_levels(name: str, value: Any, version: str = "15.2") -> Any:
    """Level names ("very rough") to numbers, landscape numbers to names."""
    if name in _LABELS and isinstance(value, str):
        labels = _LABELS[name]
        if version == "r13671" and name in R13671_MAX:
            labels = labels[:R13671_MAX[name] + 1]
        word = value.strip().lower()
        if word in labels:
            return labels.index(word)
        if not word.lstrip("+-").isdigit():
            label = next(p.label for p in PARAMS if p.name == name)
            raise ParamError(f"{label}: expected 0..{len(labels) - 1} or one of "
                             f"{', '.join(labels)}, not {value!r}", name)
    if name == "openttd" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if name == "landscape" and isinstance(value, (int, np.integer)) and \
            not isinstance(value, bool) and 0 <= value < len(LANDSCAPES):
        return LANDSCAPES[int(value)]
    if name == "landscape" and isinstance(value, str):
        return value.strip().lower()
    return value


VERSION_PARAM = next(p for p in PARAMS if p.name == "openttd")
ONLY_15_NAMES = tuple(p.name for p in PARAMS if p.lacking({"openttd": "r13671"}))
"""The settings r13671 lacks (:meth:`Param.lacking`, the one rule)."""


def legacy_version(values: Mapping[str, Any]) -> str:
    """The version of settings that do not name one: r13671, as everything
    written before 15.2 came (old presets, bundles, scripts), unless they
    hold a setting only 15.2 has."""
    return "15.2" if any(n in values for n in ONLY_15_NAMES) else "r13671"


class TerraGenesis(Engine):
    """OpenTTD's TerraGenesis Perlin map generator (see the module docstring)."""

    name = "tgp"
    params = PARAMS

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        if isinstance(values, Mapping) and "openttd" in values:
            version = VERSION_PARAM.convert(_named_levels("openttd", values["openttd"]))
        elif isinstance(values, Mapping):
            version = legacy_version(values)
        else:
            version = "15.2"
        out = convert_values(self.params, values,
                             lambda name, value: _named_levels(name, value, version))
        out["openttd"] = version
        for p in self.params:
            vd = p.version_defaults
            if version in vd and p.name not in values:
                out[p.name] = vd[version]
        check_size(*out["size"])
        if version == "r13671":
            for name, top in R13671_MAX.items():
                if isinstance(out[name], int) and out[name] > top:
                    p = next(q for q in self.params if q.name == name)
                    labels = p.labels
                    why = f", in OpenTTD r13671 ({labels[out[name]]} exists only in 15.2)" \
                        if out[name] < len(labels) else ""
                    raise ParamError(f"{p.label} must be at most {top}, not {out[name]}{why}",
                                     name)
        check_bounds(self.params, out, skip=("size",))
        return out

    def warm_up(self) -> None:
        """Compile (or load) the kernels the defaults do not reach: r13671's
        and 15.2's variety distribution."""
        self.generate({"openttd": "r13671", "size": (64, 64)}, seed=1, trace=True)
        self.generate({"openttd": "15.2", "size": (64, 64), "variety": 1}, seed=1)

    @staticmethod
    def complete_stored(values: Mapping[str, Any]) -> dict[str, Any]:
        """Stored settings (a preset) with their version: r13671 for those
        written before 15.2 came, which do not name one (see
        :func:`legacy_version`), with r13671's defaults for what they omit."""
        out = dict(values)
        if "openttd" not in out:
            out["openttd"] = legacy_version(values)
        if out["openttd"] == "r13671":
            for p in PARAMS:
                vd = p.version_defaults
                if "r13671" in vd and p.name not in out:
                    out[p.name] = vd["r13671"]
        return out

    def make(self, v: dict[str, Any], seed: Any, *, trace: bool = False,
             cancel: CancelToken | None = None, progress=None) -> Result:
        pipe = Pipeline(v, seed) if v["openttd"] == "r13671" else ModernPipeline(v, seed)
        pipe.keep_steps = trace
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
            if cancel.stopped:
                raise Cancelled()
            cancel.phase = i
            if progress is not None:
                progress(step.phase, i / n)
            t = time.perf_counter()
            pipe.run(i, st, flag)
            timings[step.kind] = timings.get(step.kind, 0.0) + time.perf_counter() - t
            if cancel.stopped:
                raise Cancelled()
            if i + 1 == pipe.n_rounds:
                noise = st.hm.copy()
            if recorder is not None:
                recorder.after(i + 1, st)
        timings["generate"] = time.perf_counter() - t_start
        result = make_result(pipe, v, seed, noise, st)
        result.timings = {"noise": timings.get("round", 0.0),
                          "normalise": timings.get("normalise", 0.0),
                          "tiles": timings.get("tiles", 0.0) + timings.get("fix", 0.0)
                          + timings.get("water", 0.0),
                          "generate": timings["generate"]}
        if recorder is not None:
            from .trace import TgpTrace

            result.trace = TgpTrace(pipe, recorder.checkpoints, noise, st)
            # The last step changes no height; zeros cost no memory until written.
            result.layers["change"] = np.zeros((pipe.size_y, pipe.size_x), np.int32)
            result.layer_info["change"] = LAYER_INFO["change"]
        return result


WHAT_THE_MAP_IS = ("the game's map right after the water pass; rivers, trees, towns and "
                   "industries are later steps of the game, not made here")


def r13671_overflow(pipe: Pipeline) -> str | None:
    """What r13671's 32-bit water target does on this map, or None when it
    does not overflow."""
    from .pipeline import WATER_PERCENT

    wp = WATER_PERCENT[pipe.sea_level]
    product = wp * pipe.size_x * pipe.size_y
    if product < 2**31:
        return None
    wrapped = ((product + 2**31) % 2**32 - 2**31) >> 10
    return (f"r13671 overflows here: its water target {wp} x {pipe.size_x} x {pipe.size_y} "
            f"= {product} does not fit a 32-bit int, so it aims at {max(wrapped, 0)} corners "
            f"under water instead of {product >> 10} ({wp / 1024:.1%} of the map). The "
            "game of 2008 did the same; OpenTTD 15.2 counts in 64 bits")


def make_result(pipe: Pipeline | ModernPipeline, v: dict[str, Any], seed: int,
                noise: np.ndarray, st: State) -> Result:
    sx, sy = pipe.size_x, pipe.size_y
    tc = st.tile_class
    modern_map = isinstance(pipe, ModernPipeline)
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
    if modern_map:
        layers["rocks"] = st.rocks
        del layers["water"]
        info.pop("water")
        info["tile_height"] = LayerInfo("tile_height", LAYER_INFO["tile_height"].description,
                                        "scalar", 0, max(pipe.tile_max_height, 1))
    else:
        info.pop("rocks")
    counts = st.class_counts
    tiles = sx * sy
    warnings: tuple[str, ...] = ()
    if modern_map:
        n_rocks = st.rock_count
        limit = f"{pipe.height_limit}" + (" (auto)" if pipe.height_limit_setting == 0 else "")
        messages = (f"TerraGenesis Perlin (OpenTTD 15.2) {sx}x{sy}, seed {seed}: water level "
                    f"{st.water_level} (fixed point), {counts[1] / tiles:.1%} sea, "
                    f"{counts[2] / tiles:.1%} shore, {n_rocks} rock tiles, highest tile "
                    f"{int(st.tile_height.max())}; height limit {limit}, water borders "
                    f"{modern.border_names(st.borders)}; {int(st.rng[2])} Random() calls\n")
        extra = dict(version="15.2", height_limit=pipe.height_limit,
                     tgp_max_height=pipe.tile_max_height, water_borders=int(st.borders),
                     rocks=n_rocks, fix_slopes_lowered=st.lowered)
    else:
        messages = (f"TerraGenesis Perlin {sx}x{sy}, seed {seed}: water level "
                    f"{st.water_level} (fixed point), {counts[1] / tiles:.1%} sea, "
                    f"{counts[2] / tiles:.1%} shore, highest tile {int(st.tile_height.max())}\n")
        overflow = r13671_overflow(pipe)
        warnings = (overflow,) if overflow else ()
        extra = dict(version="r13671")
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
            warnings=warnings,
            **extra,
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
