"""OpenTTD's TerraGenesis Perlin (TGP) as a workbench generator, in two
versions (the ``openttd`` parameter):

* ``15.2`` (the default, also for any values that name no version): New
  Game with TerraGenesis in OpenTTD 15.2, bit for bit through the whole of
  GenerateLandscape: FixSlopes and the water pass (:mod:`.openttd15.pipeline`,
  :mod:`.openttd15.kernel`; reference ``../shared/reference/tgp-modern``),
  then the climate, the rivers and the tile loops (:mod:`.openttd15.after_water`;
  reference ``../shared/reference/tgp-rivers``), or up to the step
  ``stop_after`` names; by default (``world``) on through the rest of
  ``_GenerateWorld`` (:mod:`.openttd15`: rough land, towns, industries,
  lighthouses and transmitters, trees, the start-up draws and the 1,280
  tile loops) to the map of the game's first frame (:data:`WHAT_THE_MAP_IS`
  says what each map is).
* ``r13671``: ``tgp.cpp`` at svn r13671 (2008) with the engine code around
  it (Randomizer, tile heights, ConvertGroundTilesIntoWaterTiles);
  :mod:`.r13671.pipeline` tells the algorithm step by step and :mod:`.r13671.kernel`
  holds the compiled loops (reference in ``../shared/reference/tgp``).

Settings one version lacks carry ``only_when=OnlyWhen("openttd",
versions)``: the window disables them under the other version, the command
line refuses them there, and the engine ignores them; settings that count
only for another choice (the custom height for the custom terrain type, the
river settings with rivers, the climate's past the water pass) carry an
``OnlyWhen`` on that choice, so the window greys them out and the Workbench
makes no new map when they change.  ``bounds_when=BoundsWhen("openttd",
("r13671",), maximum=3)`` keeps the terrain type and sea level within
r13671's four levels (the window's slider, the command line, stored files;
the Workbench brings them in when the version is switched).
``version_defaults`` gives a default that differs by version (r13671's
"hilly" and "low" sea level), used when the value is not given.

Layers (all ``(size_y, size_x)``, element ``[y, x]`` is tile ``(x, y)``):

``noise``        the raw noise heightmap (stage A) at each tile's north
                 corner, int16 fixed point (16 = one height level)
``heightmap``    the normalised heightmap (stage B), same units
``tile_height``  tile heights (0..15 in r13671, up to 255 in 15.2)
``tile_class``   0 clear, 1 water (sea), 2 shore, 3 void (15.2 past the
                 water pass also 4 river, lakes included, 5 trees)
``water``        (r13671) 1 where the tile is sea (tile_class 1)
``rocks``        (15.2) 1 where the tile is clear land with rock ground
``tropic``       (15.2 past the water pass) 0 normal, 1 desert, 2 rainforest
``ground``       (15.2 past the water pass) clear land: ground type (0
                 grass, 1 rough, 2 rocks, 3 fields, 5 desert) + 128 with
                 snow; trees: 64 + tree ground; other tiles 255
``density``      (15.2 past the water pass) ground density 0..3
``snow``         (15.2 past the water pass) 0 none, else snow density + 1
``river_id``     (15.2 past the water pass) int32, the river (1, 2, ...)
                 that made the tile water, 0 for none
``change``       (with a trace only) what a step changed; see :mod:`.trace`

The heightmaps have one more row and column of corners than there are
tiles; the full arrays are in ``result.detail.noise_corners`` and
``result.detail.heightmap_corners`` (shape ``(size_y+1, size_x+1)``).
"""

from __future__ import annotations

import numbers
import time
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..params import (ABSENT, BoundsWhen, OnlyWhen, Param, ParamError, check_bounds,
                      check_not_yet, convert_values)
from ..protocol import Engine, Cancelled, CancelToken, LayerInfo, Result, SquareGrid
from . import options
from .options import LANDSCAPE_NAMES, LANDSCAPES, SMOOTHNESS
from .layers import GAME_BYTE_LAYERS, LANDSCAPE_LAYERS, LAYER_INFO
from .units import HEIGHT_UNIT

# (the pipelines, and numpy, are imported by the first map: the Params and
# so every ``tgp -h`` need none of them)
if TYPE_CHECKING:
    import numpy as np

    from .openttd15.pipeline import ModernPipeline
    from .pipeline import State
    from .r13671.pipeline import Pipeline

MIN_SIDE, MAX_SIDE = 64, 4096
RNG_SKIP_MAX = 1 << 20

SIZE_CHOICES = tuple(f"{s}x{s}" for s in (64, 128, 256, 512, 1024, 2048, 4096)) + (
    "128x512", "512x128", "256x1024")

VERSIONS = ("15.2", "r13671")


def only_15(otherwise=ABSENT) -> OnlyWhen:
    """A setting r13671 lacks; ``otherwise`` what it amounts to there (the
    panel shows it greyed), ABSENT when nothing."""
    return OnlyWhen("openttd", ("15.2",), otherwise)


ONLY_15 = only_15()
ONLY_R13671 = OnlyWhen("openttd", ("r13671",), 1)   # 15.2 always draws one Random()
TERRAIN = options.TERRAIN
SEA_LEVEL = options.SEA_LEVEL
VARIETY = ("none", "very low", "low", "medium", "high", "very high")
R13671_TOP = BoundsWhen("openttd", ("r13671",), maximum=3)
"""r13671's terrain types and sea levels: 0..3 (no alpinist, custom; no custom sea level)."""
RIVER_AMOUNTS = ("none", "few", "moderate", "lots")
TREE_PLACERS = options.TREE_PLACERS
STOP_AFTER = options.STOP_AFTER
STOP_AFTER_DEFAULT = "world"
"""A 15.2 map is the game's first frame unless ``stop_after`` names an earlier step."""
STORED_STOP_AFTER = "rivers"
"""The ``stop_after`` of a stored 15.2 preset or bundle that names none: such
a file was written while the default was the terrain (GenerateLandscape's
map); every file written since holds every setting."""
PAST_WATER = OnlyWhen("stop_after", options.stops_from("climate"))
"""What the steps after the water pass use (the climate, the rivers)."""
ONLY_15_RIVERS = (ONLY_15, OnlyWhen("stop_after", options.stops_from("rivers")),
                  OnlyWhen("rivers", (1, 2, 3)))
REACHES_TOWNS = OnlyWhen("stop_after", options.stops_from("towns"))
REACHES_INDUSTRIES = OnlyWhen("stop_after", options.stops_from("industries"))
REACHES_TREES = OnlyWhen("stop_after", options.stops_from("trees"))
R13671_GAME_SKIP = 1
"""Random() calls the game at r13671 makes between seeding and TGP: one,
StartupEconomy's ``fluct`` (``../shared/reference/tgp/ALGORITHM.md``,
"Seeding in the game"; the reference's ``*_skip1`` cases, whose manifest
records ``rng_calls_before_tgp`` 1, are the game's offset)."""

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
          help="15.2: the game of today (New Game's world generation, to its first frame "
               "unless Stop after says an earlier step); r13671: the tgp.cpp of 2008"),
    Param("landscape", "Climate", "choice", "temperate", choices=LANDSCAPES, group="map",
          labels=LANDSCAPE_NAMES,
          help="climate: shapes the height distribution (toyland behaves as temperate)"),
    Param("terrain", "Terrain type", "int", 1, minimum=0, maximum=5, group="terrain",
          help="0 very flat, 1 flat, 2 hilly, 3 mountainous, 4 alpinist, 5 custom (15.2: "
               "the highest level depends on the map size; r13671: 0..3 only, highest level "
               "5, 8, 11, 14, and hilly when not given)",
          slider=(0, 5), labels=TERRAIN, version_defaults={"r13671": 2},
          bounds_when=R13671_TOP),
    Param("custom_terrain", "Custom height", "int", 30, minimum=1, maximum=255,
          cli="--custom-terrain", group="terrain",
          help="the highest level of custom terrain (terrain type 5), 1..255",
          only_when=(ONLY_15, OnlyWhen("terrain", (5,))), slider=(1, 255)),
    Param("variety", "Variety distribution", "int", 0, minimum=0, maximum=5, group="terrain",
          help="0 none, 1 very low ... 5 very high: curve maps blended over a random grid",
          only_when=only_15(0), slider=(0, 5), labels=VARIETY),
    Param("smoothness", "Smoothness", "int", 1, minimum=0, maximum=3, group="terrain",
          help="0 very smooth, 1 smooth, 2 rough, 3 very rough (noise amplitudes)",
          slider=(0, 3), labels=SMOOTHNESS),
    Param("sea_level", "Sea level", "int", 0, minimum=0, maximum=4,
          cli="--sea-level", group="terrain",
          help="0 very low, 1 low, 2 medium, 3 high, 4 custom (15.2: 70, 170, 270, 420 of "
               "1024 corners under water; r13671: 0..3 only, 20, 80, 250, 400, and low when "
               "not given)",
          slider=(0, 4), labels=SEA_LEVEL, version_defaults={"r13671": 1},
          bounds_when=R13671_TOP),
    Param("custom_sea_level", "Custom sea level", "int", 1, minimum=1, maximum=90,
          cli="--custom-sea-level", group="terrain",
          help="the share of the map under water with custom sea level (4), 1..90 percent",
          only_when=(ONLY_15, OnlyWhen("sea_level", (4,))), slider=(1, 90)),
    Param("freeform_edges", "Freeform edges", "bool", True, group="edges",
          choices=("true", "false"),
          help="on: the map edges are void and only the water borders chosen are sea; "
               "off: all four edges are sea (r13671's edges are always sea)",
          only_when=only_15(False)),
    Param("water_borders", "Water borders", "int", 16, minimum=0, maximum=16,
          cli="--water-borders", group="edges",
          help="with freeform edges, the edges that are sea: NE 1 + SE 2 + SW 4 + NW 8 "
               "(0 none, 15 all), or 16 random",
          only_when=(only_15(15), OnlyWhen("freeform_edges", (True,), 15)), slider=(0, 16),
          labels=WATER_BORDER_NAMES),
    Param("height_limit", "Maximum map height", "int", 0, minimum=0, maximum=255,
          cli="--height-limit", group="edges",
          help="0 auto (30, or the terrain's highest level + 15), else 1..255 (the game "
               "offers 15..255); caps the terrain's highest level except custom",
          only_when=only_15(15), slider=(0, 255), labels=HEIGHT_LIMIT_NAMES),
    Param("rivers", "Rivers", "int", 2, minimum=0, maximum=3, group="rivers",
          help="amount of rivers: 0 none, 1 few, 2 moderate, 3 lots (wells: 4, 8, 16 or 32 "
               "per 256x256 tiles; a tenth of them, at least one, long rivers)",
          only_when=(only_15(0), OnlyWhen("stop_after", options.stops_from("rivers"))),
          slider=(0, 3),
          labels=RIVER_AMOUNTS),
    Param("min_river_length", "Minimum river length", "int", 16, minimum=2, maximum=255,
          cli="--min-river-length", group="rivers",
          help="a river must end farther than this from its spring (long rivers: 4 times "
               "this); also sets how soon rivers widen",
          only_when=ONLY_15_RIVERS, slider=(2, 255)),
    Param("river_route_random", "River route randomness", "int", 5, minimum=1, maximum=255,
          cli="--river-route-random", group="rivers",
          help="each step of a river's route costs 1 + RandomRange(this): higher values "
               "make rivers meander",
          only_when=ONLY_15_RIVERS, slider=(1, 255)),
    Param("tree_placer", "Tree placer", "choice", "improved", choices=TREE_PLACERS,
          cli="--tree-placer", group="rivers",
          help="the game's tree placer setting: wetlands at river ends plant trees (drawing "
               "Random() for them) unless it is none; GenerateTrees plants by it",
          only_when=(ONLY_15, OnlyWhen("stop_after", options.stops_from("rivers")))),
    Param("extra_tree_placement", "Extra tree placement", "choice", "spread",
          choices=options.EXTRA_TREE_PLACEMENTS, cli="--extra-tree-placement", group="rivers",
          help="how trees grow in the tile loops: no spread (grow on their tiles), "
               "rainforest (spread only in rainforests), spread (grow and spread "
               "everywhere), no growth (neither); the wetland trees of the rivers' tile "
               "loops and the desert pass follow it",
          only_when=(ONLY_15, PAST_WATER)),
    Param("snow_coverage", "Snow coverage", "int", 40, minimum=0, maximum=100, step=10,
          cli="--snow-coverage", group="climate",
          help="Sub-arctic: the share of the land (percent) at or above the snow line",
          only_when=(ONLY_15, OnlyWhen("landscape", ("arctic",)), PAST_WATER),
          slider=(0, 100)),
    Param("desert_coverage", "Desert coverage", "int", 50, minimum=0, maximum=100, step=10,
          cli="--desert-coverage", group="climate",
          help="Sub-tropical: the share of the land (percent) below the desert line",
          only_when=(ONLY_15, OnlyWhen("landscape", ("tropic",)), PAST_WATER),
          slider=(0, 100)),
    Param("number_towns", "Number of towns", "choice", "normal", choices=options.NUMBER_TOWNS,
          cli="--number-towns", group="towns",
          help="very low, low, normal, high (towns per 256x256 tiles: about 11, 23, 47, 93 "
               "as the game scales them), or custom (the count below)",
          only_when=(ONLY_15, REACHES_TOWNS)),
    Param("custom_town_number", "Custom number of towns", "int", 1, minimum=1,
          maximum=5000, cli="--custom-town-number", group="towns",
          help="the number of towns with the custom number of towns, 1..5000",
          only_when=(ONLY_15, REACHES_TOWNS, OnlyWhen("number_towns", ("custom",))),
          slider=(1, 5000)),
    Param("town_layout", "Road layout for new towns", "choice", "original",
          choices=options.TOWN_LAYOUTS, cli="--town-layout", group="towns",
          help="original, better roads, 2x2 grid, 3x3 grid, or random (each town its own)",
          only_when=(ONLY_15, REACHES_TOWNS)),
    Param("larger_towns", "Cities (1 in N)", "int", 4, minimum=0, maximum=255,
          cli="--larger-towns", group="towns",
          help="the proportion of towns that become cities: 1 in N (0: none)",
          only_when=(ONLY_15, REACHES_TOWNS), slider=(0, 255),
          labels=options.LARGER_TOWNS_NAMES),
    Param("initial_city_size", "Initial city size multiplier", "int", 2, minimum=1,
          maximum=10, cli="--initial-city-size", group="towns",
          help="how much larger than a town a city starts, 1..10",
          only_when=(ONLY_15, REACHES_TOWNS), slider=(1, 10)),
    Param("starting_year", "Starting year", "int", 1950, minimum=options.MIN_YEAR,
          maximum=options.MAX_YEAR, cli="--starting-year", group="towns",
          help="the game's starting year: which houses towns build",
          only_when=(ONLY_15, REACHES_TOWNS), slider=(1700, 2100)),
    Param("construction_cost", "Construction costs", "choice", "low",
          choices=options.CONSTRUCTION_COSTS, cli="--construction-cost", group="towns",
          help="low, medium or high: how much terraforming a growing town may afford",
          only_when=(ONLY_15, REACHES_TOWNS)),
    Param("town_name", "Town names", "choice", options.TOWN_NAMES[0],
          choices=options.TOWN_NAMES, cli="--town-name", group="towns",
          help="the town name style; only English (Original) is made yet (the others: "
               "not yet)",
          only_when=(ONLY_15, REACHES_TOWNS),
          not_yet=tuple(n for n in options.TOWN_NAMES if n not in options.TOWN_NAMES_MADE)),
    Param("industry_density", "Industries", "choice", "normal",
          choices=options.INDUSTRY_DENSITIES, cli="--industry-density", group="industries",
          help="funding only, minimal, very low, low, normal, high, or custom (the count "
               "below)",
          only_when=(ONLY_15, REACHES_INDUSTRIES)),
    Param("custom_industry_number", "Custom number of industries", "int", 1, minimum=1,
          maximum=64000, cli="--custom-industry-number", group="industries",
          help="the number of industries with the custom industry density, 1..64000",
          only_when=(ONLY_15, REACHES_INDUSTRIES, OnlyWhen("industry_density", ("custom",))),
          slider=(1, 64000)),
    Param("stop_after", "Stop after", "choice", STOP_AFTER_DEFAULT, choices=STOP_AFTER,
          cli="--stop-after", group="advanced",
          help="the last step of the game's world generation made: world (the default: "
               "the 1,280 tile loops, the map of the game's first frame), or an earlier "
               "one: water (the map of the water pass), climate (snow line, desert and "
               "rainforest), rivers (the terrain: the whole of GenerateLandscape, rivers, "
               "lakes, wetlands and its tile loops), clear (GenerateClearTile: rough and "
               "rocky land), towns (GenerateTowns), industries, objects (lighthouses, "
               "transmitters), trees, startup (the start-up draws)",
          only_when=only_15("water")),
    Param("rng_skip", "Random() calls before TGP", "int", R13671_GAME_SKIP, minimum=0,
          maximum=RNG_SKIP_MAX, cli="--rng-skip", group="advanced",
          help="r13671 only: Random() results thrown away before TGP; 1 (the default) is "
               "what the game at r13671 does (StartupEconomy draws one), 0 starts TGP right "
               "after seeding (15.2 always draws exactly one)",
          only_when=ONLY_R13671, slider=(0, 4)),
)

_LABELS = {"smoothness": SMOOTHNESS, "terrain": TERRAIN, "sea_level": SEA_LEVEL,
           "variety": VARIETY, "rivers": RIVER_AMOUNTS,
           "larger_towns": options.LARGER_TOWNS_NAMES}

def check_size(sx: int, sy: int) -> None:
    for side, name in ((sx, "width"), (sy, "height")):
        if side < MIN_SIDE or side > MAX_SIDE:
            raise ParamError(f"map size {sx}x{sy}: the {name} must be between {MIN_SIDE} "
                             f"and {MAX_SIDE}, not {side}", "size")
        if side & (side - 1):
            raise ParamError(f"map size {sx}x{sy}: the {name} must be a power of two "
                             f"(64, 128, 256, 512, 1024, 2048 or 4096), not {side}", "size")


def _named_levels(name: str, value: Any, version: str = "15.2") -> Any:
    """Level names ("very rough") to numbers, landscape numbers to names (a
    level the version lacks is judged by its bounds, :class:`BoundsWhen`;
    a word that names none is told the version's)."""
    if name in _LABELS and isinstance(value, str):
        labels = _LABELS[name]
        word = value.strip().lower()
        if word in labels:
            return labels.index(word)
        if not (word.lstrip("+-").isascii() and word.lstrip("+-").isdigit()):
            p = next(p for p in PARAMS if p.name == name)
            top = p.bounds({"openttd": version})[1]
            labels = labels[:len(labels) if top is None else int(top) + 1]
            raise ParamError(f"{p.label}: expected 0..{len(labels) - 1} or one of "
                             f"{', '.join(labels)}, not {value!r}", name)
    if name == "openttd" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if name == "landscape" and isinstance(value, numbers.Integral) and \
            not isinstance(value, bool) and 0 <= value < len(LANDSCAPES):
        return LANDSCAPES[int(value)]
    if name == "landscape" and isinstance(value, str):
        return value.strip().lower()
    if name in _GAME_CHOICES and isinstance(value, numbers.Integral) and \
            not isinstance(value, bool) and 0 <= value < len(_GAME_CHOICES[name]):
        return _GAME_CHOICES[name][int(value)]   # the game's index of a choice
    if name in _GAME_CHOICES and isinstance(value, str):
        word = value.strip().lower()
        words = [c.lower() for c in _GAME_CHOICES[name]]
        if word in words:
            return _GAME_CHOICES[name][words.index(word)]
        if name == "town_name" and word in options.TOWN_NAMES_CFG:   # openttd.cfg's word
            return options.TOWN_NAMES[options.TOWN_NAMES_CFG.index(word)]
    return value


_GAME_CHOICES = {p.name: p.choices for p in PARAMS
                 if p.kind == "choice" and p.name not in ("openttd", "stop_after")}
"""The choices the game keeps as a number (its index): a number names one."""
VERSION_PARAM = next(p for p in PARAMS if p.name == "openttd")
ONLY_15_NAMES = tuple(p.name for p in PARAMS if p.lacking({"openttd": "r13671"}))
"""The settings r13671 lacks (:meth:`Param.lacking`, the one rule)."""


STORED_LEGACY_VERSION = "r13671"
"""The version of a stored preset or bundle that names none: such a file
was written before the version existed, when TGP was r13671's."""


class TerraGenesis(Engine):
    """OpenTTD's TerraGenesis Perlin map generator (see the module docstring)."""

    name = "tgp"
    params = PARAMS

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        if isinstance(values, Mapping) and "openttd" in values:
            version = VERSION_PARAM.convert(_named_levels("openttd", values["openttd"]))
        else:  # values that name no version are today's (stored files: complete_stored)
            version = VERSION_PARAM.default
        out = convert_values(self.params, values,
                             lambda name, value: _named_levels(name, value, version))
        out["openttd"] = version
        for p in self.params:
            vd = p.version_defaults
            if version in vd and p.name not in values:
                out[p.name] = vd[version]
        check_size(*out["size"])
        check_bounds(self.params, out, skip=("size",))
        check_not_yet(self.params, out)
        return out

    def warm_up(self) -> None:
        """Compile (or load) the kernels the defaults do not reach: r13671's,
        and 15.2's variety distribution and sub-tropic zones."""
        self.generate({"openttd": "r13671", "size": (64, 64)}, seed=1, trace=True)
        self.generate({"openttd": "15.2", "size": (64, 64), "variety": 1,
                       "landscape": "tropic"}, seed=1)

    @staticmethod
    def complete_stored(values: Mapping[str, Any]) -> dict[str, Any]:
        """Stored settings (a preset's or a bundle's) with their version: a
        file that names none was written before the version existed, so it
        is r13671's (whatever settings it holds), with r13671's defaults for
        what it omits.  Everything written since names its version.  A 15.2
        file that names no ``stop_after`` was written while the default was
        the terrain (:data:`STORED_STOP_AFTER`): it keeps meaning that map."""
        out = dict(values)
        if "openttd" not in out:
            out["openttd"] = STORED_LEGACY_VERSION
            out.setdefault("rng_skip", 0)       # the default before it was the game's 1
        if out["openttd"] == "15.2":
            out.setdefault("stop_after", STORED_STOP_AFTER)
        if out["openttd"] == "r13671":
            for p in PARAMS:
                vd = p.version_defaults
                if "r13671" in vd and p.name not in out:
                    out[p.name] = vd["r13671"]
        return out

    def make(self, v: dict[str, Any], seed: Any, *, trace: bool = False,
             cancel: CancelToken | None = None, progress=None) -> Result:
        from .openttd15.pipeline import ModernPipeline
        from .r13671.pipeline import Pipeline

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
        calls_by_kind: dict[str, int] = {}
        for i, step in enumerate(pipe.steps):
            if cancel.stopped:
                raise Cancelled()
            cancel.phase = i
            if progress is not None:
                progress(step.phase, i / n)
            t = time.perf_counter()
            calls = int(st.rng[2])
            pipe.run(i, st, flag)
            timings[step.kind] = timings.get(step.kind, 0.0) + time.perf_counter() - t
            calls_by_kind[step.kind] = calls_by_kind.get(step.kind, 0) + int(st.rng[2]) - calls
            if cancel.stopped:
                raise Cancelled()
            if i + 1 == pipe.n_rounds:
                noise = st.hm.copy()
            if recorder is not None:
                recorder.after(i + 1, st)
        timings["generate"] = time.perf_counter() - t_start
        result = make_result(pipe, v, seed, noise, st, calls_by_kind)
        result.timings = {"noise": timings.get("round", 0.0),
                          "normalise": timings.get("normalise", 0.0),
                          "tiles": timings.get("tiles", 0.0) + timings.get("fix", 0.0)
                          + timings.get("water", 0.0),
                          "generate": timings["generate"]}
        if "climate" in timings:
            result.timings["climate"] = timings["climate"]
        if "river" in timings:
            result.timings["rivers"] = timings["river"] + timings.get("river water", 0.0)
        for kind in ("tile loop",) + stages_made(pipe):
            if kind in timings:
                result.timings[kind] = timings[kind]
        if recorder is not None:
            from .trace import TgpTrace

            result.trace = TgpTrace(pipe, recorder.checkpoints, noise, st, recorder.kept,
                                    recorder.towns, recorder.notes)
            import numpy as np

            # The last step changes no height; zeros cost no memory until written.
            result.layers["change"] = np.zeros((pipe.size_y, pipe.size_x), np.int32)
            result.layer_info["change"] = LAYER_INFO["change"]
        return result


WHAT_THE_MAP_IS = {
    "water": "the game's map right after the water pass, before the climate, the rivers, "
             "towns, industries and trees",
    "climate": "the map after the water pass and the climate passes (snow line, desert and "
               "rainforest zones), before the rivers and the tile loops",
    "rivers": "the terrain as GenerateLandscape leaves it, before towns, industries and trees",
    "clear": "the map after GenerateClearTile (rough and rocky land), before towns, "
             "industries and trees",
    "towns": "the map after GenerateTowns, before industries and trees",
    "industries": "the map after GenerateIndustries, before lighthouses, transmitters and "
                  "trees",
    "objects": "the map after GenerateObjects (lighthouses, transmitters), before the trees",
    "trees": "the map after GenerateTrees, before the first tile loops",
    "startup": "the map after the start-up draws, before the first tile loops",
    "world": "the first frame of the game (after the 1,280 tile loops)",
}
"""What an OpenTTD 15.2 map is, by the step it stops after (``stop_after``)."""


def r13671_overflow(pipe: Pipeline) -> str | None:
    """What r13671's 32-bit water target does on this map, or None when it
    does not overflow."""
    from .r13671.pipeline import WATER_PERCENT

    wp = WATER_PERCENT[pipe.sea_level]
    product = wp * pipe.size_x * pipe.size_y
    if product < 2**31:
        return None
    wrapped = ((product + 2**31) % 2**32 - 2**31) >> 10
    return (f"r13671 overflows here: its water target {wp} x {pipe.size_x} x {pipe.size_y} "
            f"= {product} does not fit a 32-bit int, so it aims at {max(wrapped, 0)} corners "
            f"under water instead of {product >> 10} ({wp / 1024:.1%} of the map). The "
            "game of 2008 did the same; OpenTTD 15.2 counts in 64 bits")


RNG_PHASES = (("before_tgp", ()), ("height_map_generate", ("round",)),
              ("height_map_normalize", ("normalise",)), ("tile_transfer", ("tiles",)),
              ("fix_slopes", ("fix",)), ("convert_water", ("water",)),
              ("climate", ("climate",)), ("rivers_built", ("river", "river water")),
              ("river_tile_loop", ("tile loop",)), ("clear", ("clear",)),
              ("towns", ("towns",)), ("industries", ("industries",)), ("objects", ("objects",)),
              ("trees", ("trees",)), ("startup", ("startup",)), ("world", ("world",)))
"""The reference's Random() phases and the step kinds that draw for each."""


def rng_calls(pipe: ModernPipeline, calls_by_kind: Mapping[str, int],
              total: int) -> dict[str, int]:
    out = {name: sum(calls_by_kind.get(k, 0) for k in kinds) for name, kinds in RNG_PHASES}
    out["before_tgp"] = pipe.rng_before_tgp
    out["total"] = total
    return out


def landscape_summary(pipe: ModernPipeline, land, st: State, counts) -> str:
    """One line about what the steps after the water pass made (``counts``:
    tiles of each kind)."""
    import numpy as np

    from .openttd15.landscape import DESERT_ZONE, RAINFOREST, RIVER

    parts = []
    found = st.found
    if "snow_line_height" in found:
        snow = int(np.count_nonzero(land.snow))
        parts.append(f"snow line {found['snow_line_height']} ({snow} snow tiles)")
    if "desert_line" in found:
        # (not np.bincount, which holds the GIL tens of ms at 4096²)
        zones = [np.count_nonzero(land.tropic == z) for z in range(3)]
        n = land.tropic.size
        parts.append(f"desert line {found['desert_line']}: "
                     f"{zones[DESERT_ZONE] / n:.1%} desert, {zones[RAINFOREST] / n:.1%} "
                     "rainforest")
    if pipe.after.wells:
        made = sum(1 for a in st.attempts if a.made)
        parts.append(f"{made} of {pipe.after.wells} river wells made a river "
                     f"({int(counts[RIVER])} river tiles, {wetland_trees(st, counts)} "
                     "wetland tree tiles)")
    elif pipe.after.reaches_rivers and pipe.after.amount == 0:
        parts.append("rivers off")
    return ("; ".join(parts) + "\n") if parts else ""


def wetland_trees(st: State, counts) -> int:
    """The tiles whose trees the rivers' wetlands planted: the World's note
    of them past GenerateLandscape (GenerateTrees plants more), else the
    tree tiles of the map (the only trees before GenerateTrees)."""
    from .openttd15.landscape import TREES

    noted = getattr(st.world, "wetland_trees", None)
    return len(noted) if noted is not None else int(counts[TREES])


def stages_made(pipe) -> tuple[str, ...]:
    """The stages after GenerateLandscape a pipeline makes (() for r13671)."""
    return tuple(getattr(pipe, "stages", ()))


def stages_summary(world, made: Mapping[str, Any]) -> str:
    """One line about what the stages after GenerateLandscape made."""
    parts = []
    if "clear" in made and isinstance(made["clear"], Mapping):
        parts.append(f"rough land on {made['clear']['rough']} tiles, rocks on "
                     f"{made['clear']['rocky']}")
    if "towns" in made:
        towns = [t for t in world.towns if t is not None]
        cities = sum(1 for t in towns if getattr(t, "larger_town", False))
        parts.append(f"{len(towns)} towns ({cities} cities)")
    if "industries" in made:
        parts.append(f"{sum(1 for i in world.industries if i is not None)} industries")
    if "world" in made:
        parts.append(f"{world.tick_counter} tile loops: the game's first frame")
    return ("; ".join(parts) + "\n") if parts else ""


def make_result(pipe: Pipeline | ModernPipeline, v: dict[str, Any], seed: int,
                noise: np.ndarray, st: State,
                calls_by_kind: Mapping[str, int] | None = None) -> Result:
    import numpy as np

    from .openttd15 import pipeline as modern
    from .detail import TGPDetail
    from .openttd15.landscape import landscape_layers_and_counts
    from .openttd15.pipeline import ModernPipeline

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
    land = pipe.after.finish(st) if modern_map else None
    if modern_map:
        layers["rocks"] = st.rocks
        del layers["water"]
        info.pop("water")
        info["tile_height"] = LayerInfo("tile_height", LAYER_INFO["tile_height"].description,
                                        "scalar", 0, max(pipe.tile_max_height, 1))
    else:
        info.pop("rocks")
    world = st.world if modern_map else None
    if world is not None:
        from .game.map_layers import map_layers_and_counts

        from .game.map_layers import byte_layers

        finished, kind_counts = map_layers_and_counts(world.map, pipe.landscape)
        finished["river_id"] = land.grid("river_id")
        layers.update(finished)
        layers.update(byte_layers(world.map))
    elif land is not None:
        finished, kind_counts = landscape_layers_and_counts(land, pipe.landscape)
        layers.update(finished)
    else:
        for name in LANDSCAPE_LAYERS:
            info.pop(name)
    if world is None:
        for name in GAME_BYTE_LAYERS:
            info.pop(name)
    counts = st.class_counts
    if land is not None:
        counts = kind_counts
    tiles = sx * sy
    warnings: tuple[str, ...] = ()
    if modern_map:
        n_rocks = st.rock_count if land is None else int(np.count_nonzero(layers["rocks"]))
        limit = f"{pipe.height_limit}" + (" (auto)" if pipe.height_limit_setting == 0 else "")
        messages = (f"TerraGenesis Perlin (OpenTTD 15.2) {sx}x{sy}, seed {seed}: water level "
                    f"{st.water_level} (fixed point), {counts[1] / tiles:.1%} sea, "
                    f"{counts[2] / tiles:.1%} shore, {n_rocks} rock tiles, highest tile "
                    f"{int(layers['tile_height'].max())}; height limit {limit}, water borders "
                    f"{modern.border_names(st.borders)}; {int(st.rng[2])} Random() calls\n")
        extra = dict(version="15.2", height_limit=pipe.height_limit,
                     tgp_max_height=pipe.tile_max_height, water_borders=int(st.borders),
                     rocks=n_rocks, fix_slopes_lowered=st.lowered,
                     rng_calls=rng_calls(pipe, calls_by_kind or {}, int(st.rng[2])))
        if land is not None:
            attempts = tuple(st.attempts)
            extra.update(landscape=land, snow_line_height=st.found.get("snow_line_height"),
                         desert_line=st.found.get("desert_line"),
                         river_wells=pipe.after.wells, river_attempts=attempts,
                         rivers_made=sum(1 for a in attempts if a.made))
            messages += landscape_summary(pipe, land, st, counts)
            if world is not None:
                extra.update(world=world, stages=dict(st.made),
                             towns=tuple(t for t in world.towns if t is not None)
                             if "towns" in st.made else None,
                             industries=tuple(i for i in world.industries if i is not None)
                             if "industries" in st.made else None)
                messages += stages_summary(world, st.made)
            for name in pipe.missing_stages:
                warnings += (f"the map stops before the {name}: this build has no {name} "
                             "stage yet",)
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


STAGE_NOTES = ("industries", "objects", "trees")
"""The stages whose timeline step says what they made (:func:`stage_note`)."""


def stage_note(kind: str, world) -> str:
    """What stage ``kind`` made on ``world``, for its timeline step."""
    from .openttd15.overview import first_frame_counts, industry_display_name

    counts = first_frame_counts(world)
    if kind == "industries":
        per: dict[str, int] = {}
        for kind_of, n in Counter(ind.type for ind in world.industries
                                  if ind is not None).items():
            name = industry_display_name(int(kind_of))
            per[name] = per.get(name, 0) + n
        ranked = sorted(per.items(), key=lambda kv: (-kv[1], kv[0]))
        return f"; {counts['industries']} industries placed" + (
            " (" + ", ".join(f"{name} {n}" for name, n in ranked) + ")" if ranked else "")
    if kind == "objects":
        return (f"; {counts['lighthouses']} lighthouse{'s' if counts['lighthouses'] != 1 else ''}"
                f", {counts['transmitters']} transmitter"
                f"{'s' if counts['transmitters'] != 1 else ''}")
    return f"; trees on {counts['tree_tiles']:,} tiles"


class _Recorder:
    """Checkpoints of the pipeline state for the trace: the heightmap every
    few steps within a memory budget, the state after the water pass, and
    past it states kept by their differences (:mod:`.kept_states`) every
    few steps: as often as comparing a state costs at most a
    :data:`KEEP_RATIO`-th of the steps' time, and always right before a step
    the timeline shows in parts (the towns, one by one), which it replays
    from there.  Of each towns step, what each town made (in the order the
    towns were made) for the timeline's words."""

    BUDGET = 96 * 2**20
    DIFF_BUDGET = 256 * 2**20
    """The differences of the states kept past the water pass (the newest
    state is kept whole besides)."""
    KEEP_RATIO = 4

    def __init__(self, pipe: Pipeline):
        self.pipe = pipe
        hm_bytes = (pipe.size_x + 1) * (pipe.size_y + 1) * 2
        n = pipe.last_heightmap_step
        self.every = max(1, -(-n * hm_bytes // self.BUDGET))
        self.checkpoints: dict[int, State] = {0: pipe.initial()}
        self.water_step = getattr(pipe, "water_step", None)
        self.kept = None
        if self.water_step is not None:
            from .kept_states import KeptStates

            self.kept = KeptStates(self.DIFF_BUDGET)
        self.towns: dict[int, list[dict]] = {}
        self.notes: dict[int, str] = {}
        self._since = time.perf_counter()
        self._keep_cost = 0.0
        self._refused = False

    def after(self, k: int, st: State) -> None:
        steps = self.pipe.steps
        if k <= self.pipe.last_heightmap_step and k % self.every == 0:
            self.checkpoints[k] = st.copy()
        elif k == self.water_step:
            self.checkpoints[k] = st.copy()
        elif self.water_step is not None and self.water_step < k < len(steps) \
                and not self._refused:
            now = time.perf_counter()
            first = not self.kept.kept
            if first or steps[k].kind == "towns" or \
                    now - self._since >= self.KEEP_RATIO * self._keep_cost:
                self._refused = not self.kept.keep(k, st)
                self._since = time.perf_counter()
                # (the first copies every array: the next one, a difference, sets the pace)
                self._keep_cost = 0.0 if first else self._since - now
        if k and st.world is not None and steps[k - 1].kind in STAGE_NOTES:
            self.notes[k - 1] = stage_note(steps[k - 1].kind, st.world)
        if k and steps[k - 1].kind == "towns" and st.world is not None:
            self.towns[k - 1] = [
                {"name": t.name, "houses": int(t.num_houses), "population": int(t.population),
                 "city": bool(t.larger_town), "xy": int(t.xy)}
                for t in st.world.towns if t is not None]


TGP = TerraGenesis()
