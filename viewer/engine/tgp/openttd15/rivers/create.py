"""OpenTTD 15.2's CreateRivers on a :class:`~.landscape.Landscape`: the
wells (long rivers first), springs, the flow search with small-sea filling,
lakes and wetlands, the YAPF river route, widening of main rivers, and the
final ConvertGroundTilesIntoWaterTiles (``finish_water``).  The 256 tile
loop runs that follow in the game are :mod:`..landscape_tile_loop`'s.

Use::

    rivers = CreateRivers(land, RiverSettings(...))   # nothing drawn yet
    for i in range(rivers.n_wells):
        attempt = rivers.attempt(i)                    # a RiverAttempt
    rivers.finish_water()

Every Random() is drawn from ``land.rng``; every tile change is made on
``land``'s arrays in place (if they are replaced between calls, e.g. by a
copy, the next call works on the new ones).  Only CreateRivers changes
heights, so the slope tables and FindSpring's height tests it keeps stay
right (terraforming updates them; see :class:`.tiles.Tiles`).  The kernels
are in :mod:`.kernel`, :mod:`.route`, :mod:`.terraform` and :mod:`.tiles`.

Small seas are filled in breadth-first order rather than the game's
``std::unordered_set`` order: every tile of such a sea starts flat at
height 0 and ends with its four corners at 1 whatever the order (lowering
fails until all four corners were raised, raising the complement lifts
exactly the corners at 0, and corners within 1 of the edge fail either
way), and the tiles cleared are the same, so the result does not depend on
it.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

import numpy as np

from ....jit import CallSite
from ..landscape import Landscape
from . import kernel as rk
from . import tiles as rt

LANDSCAPE_NAMES = ("temperate", "arctic", "tropic", "toyland")


@dataclass(frozen=True)
class RiverSettings:
    amount: int          # amount_of_rivers 0..3
    min_length: int      # min_river_length 2..255
    route_random: int    # river_route_random 1..255
    tree_placer: int     # 0 none, 1 original, 2 improved
    landscape: int       # 0 temperate, 1 arctic, 2 tropic, 3 toyland
    freeform: bool       # freeform_edges
    height_limit: int    # the effective map height limit


def river_wells(amount: int, size_x: int, size_y: int) -> int:
    """Map::ScaleBySize(4 << amount): the number of river attempts (0 when
    rivers are off)."""
    if amount <= 0:
        return 0
    return -(-((4 << amount) * int(size_x) * int(size_y)) // 65536)


@dataclass(frozen=True)
class RiverAttempt:
    """One well (all its tries).  ``spring``: the tile of the spring tried
    last (None when no tile qualified); ``made``: a river was made, with id
    ``river`` (the Landscape's ``river_id`` value, 0 if none); ``end``:
    "sea", "river" (joined river or lake water), "lake", "wetland" or "";
    ``segments``: river segments built; ``widened``: tiles made river by
    widening; ``text``: one line for the timeline."""
    index: int
    long: bool
    tries: int
    spring: int | None
    made: bool
    river: int
    end: str
    end_tile: int | None
    segments: int
    widened: int
    text: str

    def __deepcopy__(self, memo: dict) -> RiverAttempt:
        """Immutable: a copy of a state shares it (a 4096² map's thousands
        of wells were rebuilt one by one at each state the timeline copied)."""
        return self


# The kernels as CreateRivers calls them: with arguments of the same types at
# every call (the Tiles' arrays uint8, checked by _bind; Params' fields ints),
# so what a call runs is looked up once per process (jit.CallSite), not by the
# arguments' types at every call (attempt_well's records: 50 µs a map).
_SPIRAL = CallSite(rt.spiral)
_SLOPES = CallSite(rt.slopes)
_SPRING_TABLE = CallSite(rk.spring_table)
_ATTEMPT_WELL = CallSite(rk.attempt_well)
_GROUND_TO_WATER = CallSite(rk.ground_to_water)


_SPARE_SCRATCH: dict[int, rt.Scratch] = {}
"""Work arrays a finished CreateRivers gave back, by sea threshold (what
their sizes depend on): the next one borrows them instead of 7 MB of new
memory, whose pages the kernels then fault in (a millisecond and more of a
256 x 256 map's rivers, and some times many)."""
_SPARE_LOCK = threading.Lock()


def _borrow_scratch(sea_threshold: int) -> rt.Scratch:
    with _SPARE_LOCK:
        spare = _SPARE_SCRATCH.pop(sea_threshold, None)
    if spare is None:
        return rt.scratch(sea_threshold)
    spare.hash_table.fill(0)    # (empty after a finished search; a cancelled one may not be)
    return spare


def _give_back_scratch(sea_threshold: int, scratch: rt.Scratch) -> None:
    with _SPARE_LOCK:
        _SPARE_SCRATCH[sea_threshold] = scratch


class CreateRivers:
    """CreateRivers over ``land`` (see the module's docstring).  ``land``
    may be reassigned between calls (to a copy, say, when each attempt's
    map is kept): the next call goes on with that one."""

    def __init__(self, land: Landscape, settings: RiverSettings) -> None:
        self.land = land
        self.settings = settings
        sx, sy = land.size_x, land.size_y
        self.n_wells = river_wells(settings.amount, sx, sy)
        self.n_long = max(1, self.n_wells // 10) if self.n_wells else 0
        self._P = rt.params(sx, sy, freeform=settings.freeform,
                            height_limit=settings.height_limit, landscape=settings.landscape,
                            tree_placer=settings.tree_placer,
                            route_random=settings.route_random,
                            sea_threshold=min(int(2 * math.sqrt(sx * sy)), 1024),
                            min_length=settings.min_length)
        self._S = _borrow_scratch(self._P.sea_threshold)
        self._C = rt.counts()
        self._T: rt.Tiles | None = None
        self._bind()
        self._sp = {d: _SPIRAL(d) for d in (2, 3, 5, 8)}
        # the kernels' arguments as plain tuples, made once (the tiles' again
        # when _bind binds new arrays; the river id is the last of Params)
        self._args_S, self._args_C = tuple(self._S), tuple(self._C)
        self._args_P = tuple(self._P)[:-1]
        self._spirals = tuple(a for d in (8, 5, 2, 3) for a in self._sp[d])
        self._out = np.zeros(len(rk.OUT_FIELDS), np.int64)
        self._next = 0
        self.made = 0
        self.attempts: list[RiverAttempt] = []

    def _scratch(self) -> rt.Scratch:
        """The work arrays (borrowed again after :meth:`finish_water` gave
        them back)."""
        if self._S is None:
            self._S = _borrow_scratch(self._P.sea_threshold)
            self._args_S = tuple(self._S)
        return self._S

    def _bind(self) -> None:
        """The kernels' view of the Landscape's arrays (again if the
        Landscape's arrays were replaced, e.g. by a copy), with the slope
        tables computed from its heights."""
        land = self.land
        arrays = [getattr(land, name) for name in rt.LANDSCAPE_FIELDS]
        if self._T is not None and all(a is b for a, b in zip(arrays, self._T)):
            return
        n = land.size_x * land.size_y
        for a in arrays:
            if a.dtype != np.uint8 or not a.flags.c_contiguous or a.size != n:
                raise ValueError("Landscape arrays must be contiguous uint8 of size_x * size_y")
        if land.river_id.dtype != np.int32 or land.rng.dtype != np.int64:
            raise ValueError("Landscape river_id must be int32 and rng int64")
        sl = np.empty(n, np.uint8)
        zz = np.empty(n, np.uint8)
        _SLOPES(land.height, self._P.log_x, land.size_y, sl, zz)
        spring = np.empty(n, np.uint8)
        spring_any = np.empty(rt.spring_blocks(land.size_x, land.size_y), np.uint8)
        _SPRING_TABLE(land.height, sl, self._P.log_x, land.size_y,
                      bool(self.settings.freeform), spring, spring_any)
        # + the scratch bits, the slope tables and FindSpring's height tests
        self._T = rt.Tiles(*arrays, np.zeros(n, np.uint8), sl, zz, spring, spring_any)
        self._args_T = tuple(self._T)

    @property
    def stats(self) -> dict[str, int]:
        """Terraform calls of sea filling and widening (the reference's
        ``derived.terraform`` counts), and work done: springs found, the
        flow searches and the tiles they dequeued, sea searches and their
        tiles, route searches and the
        nodes they closed."""
        c = self._C
        return {name: int(getattr(c, name)[0]) for name in (
            "sea_fill_calls", "sea_fill_ok", "widen_calls", "widen_ok", "springs", "flow_tiles",
            "flow_searches", "sea_searches", "sea_tiles", "route_searches",
            "route_nodes_closed")}

    def attempt(self, i: int) -> RiverAttempt:
        """Well ``i`` (called in order 0 .. n_wells - 1)."""
        if i != self._next or not 0 <= i < self.n_wells:
            raise ValueError(f"river well {i} out of order (next is {self._next} "
                             f"of {self.n_wells})")
        self._next += 1
        self._bind()
        self._scratch()
        long = i < self.n_long
        s = self.settings
        min_len = s.min_length * 4 if long else s.min_length
        out = self._out
        out[:] = 0
        self._P = self._P._replace(river=self.made + 1)
        args = (self._args_T, self.land.river_id, self.land.rng, self._args_S,
                self._args_P + (self.made + 1,), self._args_C, min_len, 512 if long else 128,
                out) + self._spirals
        _ATTEMPT_WELL(*args)
        tries, spring, made, end, end_tile, segments, widened = out.tolist()
        if made:
            self.made += 1
        a = RiverAttempt(index=i, long=long, tries=tries,
                         spring=spring if spring >= 0 else None, made=bool(made),
                         river=self.made if made else 0,
                         end=rk.END_NAMES[end] if made else "",
                         end_tile=end_tile if made and end_tile >= 0 else None,
                         segments=segments, widened=widened,
                         text=self._text(i, long, tries, spring, made, end, segments, widened))
        self.attempts.append(a)
        return a

    def _text(self, i, long, tries, spring, made, end, segments, widened) -> str:
        sx = self.land.size_x
        kind = "long" if long else "short"
        if not made:
            where = (f"last spring at ({spring % sx}, {spring // sx})" if spring >= 0
                     else "no spring found")
            return f"well {i + 1} ({kind}): no river after {tries} tries, {where}"
        ends = {rk.END_SEA: "to the sea", rk.END_RIVER: "into a river",
                rk.END_LAKE: "ending in a lake", rk.END_WETLAND: "ending in wetlands"}
        text = (f"river {self.made} ({kind}): spring at ({spring % sx}, {spring // sx}), "
                f"{segments} segment{'s' if segments != 1 else ''} {ends[end]}")
        if widened:
            text += f", {widened} tiles widened"
        return text

    def finish_water(self) -> None:
        """The final ConvertGroundTilesIntoWaterTiles over the Landscape."""
        self._bind()
        _GROUND_TO_WATER(self._args_T, self.land.river_id, tuple(self._P))
        if self._S is not None:     # (no well is drawn after it: the work arrays go back)
            _give_back_scratch(self._P.sea_threshold, self._S)
            self._S = self._args_S = None

    # -- the kernels' entry points, for tests and tools -----------------

    def terraform(self, tile: int, slope: int, up: bool) -> bool:
        """CmdTerraformLand(tile, slope bits W 1 S 2 E 4 N 8, up) on the
        Landscape (see :mod:`.terraform`): True when it was done."""
        from .terraform import terraform
        self._bind()
        return bool(terraform(self._T, self.land.river_id, self._scratch(), self._P,
                              int(tile), int(slope), bool(up)))

    def route(self, begin: int, end: int) -> list[int]:
        """The river route from ``begin`` to ``end`` (begin first), [] when
        the search finds none; draws its Random() calls, changes no tile."""
        from .route import find_route
        self._bind()
        scratch = self._scratch()
        m = find_route(self._T, scratch, self._P, self._C, self.land.rng, int(begin), int(end))
        return [int(t) for t in scratch.path[:m][::-1]]
