"""Number Link as a workbench generator: Tatham's path-grid generator
(:mod:`.gridgen`), the solver (:mod:`.solver`) and quality figures
(:mod:`.quality`) behind the generator protocol.

The seed is a text, as in Tatham's collection; grid ``n`` of a seed is the
n-th grid the C test program would print with that seed (the RNG is not
reseeded between grids).  With ``unique`` on, grids are drawn from the same
stream until one passes the quality filters and has exactly one solution
under ``rule``; its place in the stream is reported as the detail's ``tries``.

``mode`` chooses the generator: ``faithful`` is path.c itself (compiled with
numba, :mod:`.kernel`), ``fast`` is :mod:`.fastgen`, which makes grids of the
same kind from its own random stream without throwing any away (so big grids
take a fraction of a second).  Long runs report grids filled, restarts and
squares covered through ``progress(text, fraction)``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..params import OnlyWhen, Param, ParamError, check_bounds, convert_values
from ..protocol import (
    CancelToken,
    Engine,
    GenerationError,
    LayerInfo,
    Marker,
    ProgressFn,
    Result,
    SquareGrid,
)
from .options import DIFFICULTIES, GRADED_MAX_BORING, GRADED_MIN_LENGTH, MAX_BRIDGES, RULES

# (numpy, the grid generator and the solver are imported by the first
# puzzle: the Params and so every ``numberlink ... -h`` need none of them)
if TYPE_CHECKING:
    import numpy as np

    from .bridges import BridgeSearch
    from .graded import GradedSearch
    from .gridgen import GridResult
    from .puzzle import Puzzle
    from .rng import RandomState

__all__ = ["NUMBERLINK", "NumberLink", "PARAMS", "LAYER_INFO", "generate_grids",
           "GridStream", "UniqueSearch", "MODES"]

MIN_SIDE, MAX_SIDE = 3, 128
MODES = ("faithful", "fast")
TRACE_MAX_SQUARES = 625
"""Traces replay the grid in the readable (pure Python) port, step by step with
a copy of the grid per step; beyond 25x25 that costs seconds, so bigger grids
come without one."""

GRADED = OnlyWhen("difficulty", tuple(d for d in DIFFICULTIES if d != "any"))
"""What only a graded search (a difficulty other than any) uses."""

PARAMS: tuple[Param, ...] = (
    Param("size", "Grid size", "size", (10, 8), minimum=MIN_SIDE, maximum=MAX_SIDE,
          help="width x height in squares (the C test program uses 10x8)", group="grid",
          suggestions=("5x5", "7x7", "10x8", "10x10", "15x15", "20x20", "30x30",
                       "40x40", "64x64", "100x100")),
    Param("mode", "Generator", "choice", "faithful", choices=MODES, group="grid",
          help="faithful: path.c call for call (restarts whole grids; slow beyond 40x40); "
               "fast: same kind of grid from its own stream, no restarts (100x100 in well "
               "under a second)"),
    Param("fast_rounds", "Fast: shake rounds", "int", 30, minimum=0, maximum=500,
          group="grid",
          help="fast mode: rounds of letting paths bite their neighbours and joining again; "
               "more rounds give fewer, longer paths (30 is about path.c's pair count)",
          only_when=OnlyWhen("mode", ("fast",))),
    Param("grid_number", "Grid number", "int", 1, minimum=1, maximum=1000, group="grid",
          help="which grid of the seed's stream (the test program prints 1..10)"),
    Param("extend_share", "Extend first %", "int", 0, minimum=0, maximum=100, group="quality",
          help="how often to extend a path before trying to add one; 0 = the original "
               "(add where possible), 100 = extend where possible (faithful mode)",
          only_when=OnlyWhen("mode", ("faithful",))),
    Param("unique", "Unique puzzle", "bool", False, group="puzzle",
          help="draw grids until one has exactly one solution under the rule",
          # a difficulty or bridges make a unique puzzle anyway: shown on, greyed
          only_when=(OnlyWhen("difficulty", ("any",), True), OnlyWhen("bridges", (0,), True))),
    Param("rule", "Rule", "choice", "fill-no-touch", choices=RULES, group="puzzle",
          help="fill-no-touch: every square used, no path alongside itself; "
               "fill: every square used; free: squares may stay empty"),
    Param("max_boring", "Boring paths at most %", "int", 100, minimum=0, maximum=100,
          group="puzzle",
          help="with unique on, refuse grids where more than this share of the paths run "
               "straight along an edge"),
    Param("max_tries", "Tries", "int", 200, minimum=1, maximum=100_000, group="puzzle",
          help="with unique on or a difficulty, give up after this many grids",
          slider=(1, 1000)),
    Param("difficulty", "Difficulty", "choice", "any", choices=DIFFICULTIES, group="puzzle",
          help="a unique puzzle of this grade (how a person solves it: easy, normal and "
               "hard by the techniques of that tier, extreme by none of them); any: no grade"),
    Param("min_length", "Shortest path", "int", 0, minimum=0, maximum=MAX_SIDE * MAX_SIDE,
          group="puzzle",
          help=f"with a difficulty, refuse grids with a shorter path (0: {GRADED_MIN_LENGTH}, "
               f"no two-square paths)", only_when=GRADED),
    Param("bridges", "Bridges", "int", 0, minimum=0, maximum=MAX_BRIDGES, group="puzzle",
          help="bridge squares where two paths cross straight (a unique puzzle with this "
               "many; 0: none)"),
    Param("max_same_length", "One length at most %", "int", 50, minimum=1, maximum=100,
          group="puzzle",
          help="with a difficulty, refuse grids where more than this share of the paths "
               "have one same length (a spread of lengths)", only_when=GRADED),
)

LAYER_INFO: dict[str, LayerInfo] = {
    "paths": LayerInfo("paths", "the path through each square (its label; creation "
                       "number until the labels are shuffled), 0 empty", "categorical",
                       labels={0: "empty"}),
    "puzzle": LayerInfo("puzzle", "the puzzle: labels at the two ends of each path",
                        "categorical", labels={0: "blank"}),
    "length": LayerInfo("length", "length of the path through each square", "scalar", 0, None),
    "boring": LayerInfo("boring", "squares of paths running straight along an edge", "mask",
                        0, 1),
    "pushed": LayerInfo("pushed", "paths pushed by this extension, on their old routes",
                        "categorical", labels={0: "none"}, debug=True),
    "rebuild_region": LayerInfo("rebuild_region", "where each pushed path could be rebuilt: "
                                "its surviving squares and the halo round the lost ones",
                                "categorical", labels={0: "none"}, debug=True),
    "attempt": LayerInfo("attempt", "1 the end being extended, 2 the square it tries",
                         "categorical", labels={0: "", 1: "end", 2: "target"}, debug=True),
}
CROSS_INFO = LayerInfo("cross", "at a bridge, the path running down it (paths: the one "
                       "across)", "categorical", labels={0: "none"})


def check_size(w: int, h: int) -> None:
    if w < MIN_SIDE or h < MIN_SIDE:
        raise ParamError(f"grid size {w}x{h}: each side must be at least {MIN_SIDE}", "size")
    if w * h < 12:
        # 3x3 cannot be covered by paths of 3+ squares that never touch themselves;
        # the original loops forever there.
        raise ParamError(f"grid size {w}x{h} is too small: the generator never finishes "
                         f"a 3x3 grid", "size")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ParamError(f"grid size {w}x{h}: each side must be at most {MAX_SIDE}", "size")


def grid_puzzle(g: GridResult) -> Puzzle:
    import numpy as np

    from .puzzle import Puzzle

    return Puzzle.numbered(np.array(g.puzzle, np.int32).reshape(g.height, g.width))


def grid_paths(g: GridResult) -> np.ndarray:
    import numpy as np

    return np.array(g.solution, np.int32).reshape(g.height, g.width)


class GridStream:
    """The grids of one seed, in order: path.c's stream (``faithful``) or the
    fast mode's (grid ``k`` drawn from its own sub-stream).

    ``progress(text, fraction)``, when given, hears about every grid and,
    while a long faithful grid is being made, about every 0.1 s: grids
    filled, restarts so far, squares covered.  ``fraction`` assumes
    ``target`` grids are wanted."""

    def __init__(self, w: int, h: int, seed: str | bytes, *, mode: str = "faithful",
                 extend_share: int = 0, fast_rounds: int = 30, cancel: CancelToken | None = None,
                 progress: ProgressFn | None = None, target: int = 1,
                 phase: str = "generate"):
        from .rng import RandomState

        self.w, self.h, self.seed, self.mode = w, h, seed, mode
        self.extend_share, self.fast_rounds = extend_share, fast_rounds
        self.cancel, self.progress = cancel, progress
        self.target, self.phase = max(1, target), phase
        self.rs = RandomState(seed)
        self.filled = 0
        self.restarts = 0
        self.before: RandomState | None = None
        """The faithful RNG state before the last grid (to replay it with a trace)."""

    def _report(self, restarts: int, covered: int, best: int) -> None:
        if self.progress is None:
            return
        n = self.w * self.h
        text = (f"{self.phase}: grids filled {self.filled}, restarts {restarts}, "
                f"squares covered {covered}/{n}")
        self.progress(text, min(1.0, (self.filled + best / n) / self.target))

    def _watch(self, stat: np.ndarray) -> None:
        self._report(self.restarts + int(stat[0]), int(stat[1]), int(stat[3]))

    def next(self) -> GridResult:
        from .gridgen import Stuck, gridgen

        flag = self.cancel.flag if self.cancel is not None else None
        check = self.cancel.check if self.cancel is not None else None
        try:
            if self.mode == "fast":
                from .fastgen import FastStuck, fast_grid  # numba: only when used

                try:
                    g = fast_grid(self.w, self.h, self.seed, self.filled, flag=flag,
                                  shake=self.fast_rounds)
                except FastStuck as exc:
                    raise Stuck(str(exc)) from None
            else:
                self.before = self.rs.copy()
                g = gridgen(self.w, self.h, self.rs, extend_share=self.extend_share, flag=flag,
                            check=check, watch=self._watch if self.progress else None)
        except Stuck as exc:
            raise GenerationError(str(exc)) from None
        self.filled += 1
        self.restarts += g.restarts
        n = self.w * self.h
        self._report(self.restarts, n, n)
        return g


class UniqueSearch:
    """Draws grids from one stream until one is a unique puzzle."""

    def __init__(self, stream: GridStream, *, rule: str = "fill-no-touch",
                 max_boring: int = 100, max_tries: int = 200, time_limit: float = 10.0,
                 check=None):
        self.stream = stream
        self.w, self.h = stream.w, stream.h
        self.rule = rule
        self.max_boring, self.max_tries = max_boring, max_tries
        self.time_limit, self.check = time_limit, check
        self.rejected = {"boring": 0, "several": 0, "unknown": 0}

    def next(self) -> tuple[GridResult, RandomState | None, int, Any]:
        """(grid, faithful RNG state before it, tries used, solver result)."""
        from .quality import quality

        from .solver import SolverLimitError, solve

        for tries in range(1, self.max_tries + 1):
            g = self.stream.next()
            before = self.stream.before
            q = quality(grid_paths(g))
            if 100 * len(q.boring) > self.max_boring * q.npaths:
                self.rejected["boring"] += 1
                continue
            stream = self.stream
            if stream.progress is not None:
                stream.progress(f"check uniqueness: grid {tries} of at most {self.max_tries} "
                                f"(grids filled {stream.filled}, restarts {stream.restarts})",
                                min(1.0, stream.filled / stream.target))
            if stream.cancel is not None:
                stream.cancel.phase = 1
            try:
                r = solve(grid_puzzle(g), self.rule, 2, time_limit=self.time_limit,
                          check=self.check)
            except SolverLimitError as exc:
                raise GenerationError(f"unique mode: {exc}") from None
            finally:
                if stream.cancel is not None:
                    stream.cancel.phase = 0
            if r.status == "unique":
                return g, before, tries, r
            self.rejected["several" if r.status == "several" else "unknown"] += 1
        raise GenerationError(
            f"no unique {self.w}x{self.h} puzzle under {self.rule} in {self.max_tries} "
            f"tries (refused: {self.rejected['boring']} boring, {self.rejected['several']} "
            f"with several solutions, {self.rejected['unknown']} undecided)")


def graded_search(stream: GridStream, v: Mapping[str, Any], check=None) -> GradedSearch:
    """The graded search the values ``v`` ask for (a difficulty other than any)."""
    from .graded import GradedSearch

    return GradedSearch(stream, v["difficulty"], rule=v["rule"],
                        min_length=v["min_length"] or GRADED_MIN_LENGTH,
                        max_same_length=v["max_same_length"],
                        max_boring=min(v["max_boring"], GRADED_MAX_BORING),
                        max_tries=v["max_tries"], check=check)


def bridge_search_of(stream: GridStream, v: Mapping[str, Any], check=None) -> BridgeSearch:
    """The bridge search the values ``v`` ask for (``bridges`` above 0); the
    quality controls of graded puzzles apply with a difficulty."""
    from .bridges import BridgeSearch

    graded = v["difficulty"] != "any"
    return BridgeSearch(stream, v["bridges"], difficulty=v["difficulty"], rule=v["rule"],
                        max_tries=v["max_tries"],
                        min_length=(v["min_length"] or GRADED_MIN_LENGTH) if graded else 0,
                        max_same_length=v["max_same_length"] if graded else 100,
                        max_boring=min(v["max_boring"], GRADED_MAX_BORING) if graded
                        else v["max_boring"], check=check)


def generate_grids(w: int, h: int, seed: str | bytes, count: int, **options):
    """The first ``count`` grids of ``seed`` (as the C test program prints them)."""
    from .gridgen import gridgen
    from .rng import RandomState

    rs = RandomState(seed)
    return [gridgen(w, h, rs, **options) for _ in range(count)]


class NumberLink(Engine):
    """Tatham's Number Link grid generator (see the module docstring)."""

    name = "numberlink"
    seed_kind = "text"
    default_seed = "12345"
    params = PARAMS

    def warm_up(self) -> None:
        """Compile the kernels the default parameters do not use (fast mode)."""
        from .fastgen import fast_grid

        fast_grid(8, 8, "warm up")

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        out = convert_values(self.params, values)
        check_size(*out["size"])
        check_bounds(self.params, out, skip=("size",))
        return out

    def make(self, v: dict[str, Any], seed_text: Any, *, trace: bool = False,
             cancel: CancelToken | None = None, progress: ProgressFn | None = None) -> Result:
        import numpy as np

        from .detail import NumberLinkDetail
        from .gridgen import grid_block, gridgen
        from .puzzle import solution_from_paths
        from .quality import boring_mask, quality

        w, h = v["size"]
        check = cancel.check if cancel is not None else None
        if cancel is not None:
            cancel.phase_names = ("generate", "check uniqueness")
        searching = v["unique"] or v["difficulty"] != "any" or v["bridges"] > 0
        target = v["max_tries"] if searching else v["grid_number"]
        stream = GridStream(w, h, seed_text, mode=v["mode"], extend_share=v["extend_share"],
                            fast_rounds=v["fast_rounds"], cancel=cancel, progress=progress,
                            target=v["grid_number"] - 1 + target)
        t0 = time.perf_counter()
        extra: dict[str, Any] = {"mode": v["mode"]}
        for _ in range(v["grid_number"] - 1):
            stream.next()
        bridged = None
        if v["bridges"] > 0:
            search = bridge_search_of(stream, v, check)
            puzzle_b, sol_b, tries, graded = search.next()
            bridged = (puzzle_b, sol_b)
            g, before = None, None
            extra.update(tries=tries, rejected=dict(search.rejected), uniqueness="unique")
            if graded is not None:
                extra.update(grade=graded.grade, grade_counts=graded.counts,
                             solve_seconds=graded.seconds)
        elif v["difficulty"] != "any":
            search = graded_search(stream, v, check)
            g, before, tries, graded = search.next()
            extra.update(tries=tries, rejected=dict(search.rejected), uniqueness="unique",
                         grade=graded.grade, grade_counts=graded.counts,
                         solve_seconds=graded.seconds)
        elif v["unique"]:
            search = UniqueSearch(stream, rule=v["rule"], max_boring=v["max_boring"],
                                  max_tries=v["max_tries"], check=check)
            g, before, tries, solved = search.next()
            extra.update(tries=tries, rejected=dict(search.rejected),
                         uniqueness="unique", solve_seconds=solved.seconds)
        else:
            g = stream.next()
            before = stream.before
        elapsed = time.perf_counter() - t0
        if bridged is not None:
            puzzle, solution = bridged
            paths = solution.paths
        else:
            paths = grid_paths(g)
            puzzle = grid_puzzle(g)
            solution = solution_from_paths(paths)
        q = quality(paths)
        counts = np.bincount(paths.ravel(), minlength=q.npaths + 1)
        layers = {
            "paths": paths,
            "puzzle": puzzle.cells.copy(),
            "length": counts[paths].astype(np.int32),
            "boring": boring_mask(paths),
            "pushed": np.zeros((h, w), np.int32),
            "rebuild_region": np.zeros((h, w), np.int32),
            "attempt": np.zeros((h, w), np.uint8),
        }
        extra.update(
            puzzle=puzzle,
            solution=solution,
            quality=q.as_dict(),
            restarts=g.restarts if g is not None else 0,
            restarts_total=stream.restarts,
            text_puzzle=grid_block(w, h, g.puzzle) if g is not None else None,
            text_solution=grid_block(w, h, g.solution) if g is not None else None,
        )
        layer_info = dict(LAYER_INFO)
        if bridged is not None:
            layers["cross"] = solution.cross.copy()
            layer_info["cross"] = CROSS_INFO
        result = Result(
            generator=self.name,
            grid=SquareGrid(w, h),
            layers=layers,
            layer_info=layer_info,
            markers=endpoint_markers(puzzle),
            params=v,
            seed=seed_text,
            messages=q.summary() + "\n",
            timings={"generate": elapsed},
            detail=NumberLinkDetail(**extra),
        )
        if trace and before is not None and w * h > TRACE_MAX_SQUARES:
            result.messages += (f"no trace: the step-by-step replay is kept for grids of at "
                                f"most {TRACE_MAX_SQUARES} squares\n")
        elif trace and before is not None:
            from .trace import TraceRecorder

            rec = TraceRecorder(w, h)
            again = gridgen(w, h, before, extend_share=v["extend_share"], recorder=rec,
                            check=check)
            assert again.solution == g.solution
            result.trace = rec.finish()
        return result


def endpoint_markers(puzzle: Puzzle) -> list[Marker]:
    out = []
    w = puzzle.width
    for k, (a, b) in enumerate(puzzle.endpoints(), start=1):
        for sq in (a, b):
            out.append(Marker("endpoint", puzzle.labels[k - 1], sq % w, sq // w))
    return out


NUMBERLINK = NumberLink()
