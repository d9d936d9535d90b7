"""Empire's fairland as a workbench generator.

How fairland works (empserver's fairland.c, commit ec9633b9):

1. Drift the capitals: start them side by side, then move each in turn to a
   neighbouring sector that keeps it at least as isolated, until the largest
   isolation is stable for four turns or the drift gives up.
2. Grow the continents: two capital sectors each, then one sector per
   continent in turn, by weighted random choice among the adjacent sea
   sectors outside other continents' exclusive zones ("spiking" favours
   sectors with sea around them, otherwise rounded growth).
3. Grow the islands: split the island sectors into sizes, then for each size
   place one island in every continent's sphere of influence (sectors
   nearest to it) and grow them in turn.  Failing 2 or 3 starts over, up to
   ten tries.
4. Elevate: random hills on land and depressions at sea, then each island's
   sectors ranked by that raw height and given evenly spread elevations
   (mountains on top), and the sea normalised to -127..-1.
5. Resources follow from elevation.

fairland.c's assertions are checked as the run goes (see :mod:`.assertions`):
the world is the one a ``-DNDEBUG`` build makes, and
``result.detail.assertion`` says where empserver's default build aborts
(None when it does not).  When the run fails, the :class:`GenerationError`
carries the same record as its ``assertion`` attribute.

The kernels in :mod:`.kernel` do the work; this module validates parameters
with fairland's own messages, turns the final state into layers, and keeps
the event log for the :class:`~.trace.FairlandTrace`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import threading
import time
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..params import AtLeast, OnlyWhen, Param, ParamError, check_bounds, convert_values
from ..protocol import Cancelled, CancelToken, Engine, GenerationError, HexTorus, Result
from .layers import LAYER_INFO, PHASE_NAMES

if TYPE_CHECKING:
    import numpy as np

# numpy, the kernels and what reads their state are imported at the first run
# (_run_parts): the Params (``fairland -h``, the declaration) need none of them.


@functools.cache
def _run_parts():
    """What a run uses beyond the Params, imported once."""
    import numpy as np

    from . import kernel as K
    from .assertions import check_final, from_check
    from .detail import FairlandDetail
    from .layers import capital_markers, layers_from_state
    from .messages import header, progress_text, text_map

    return (np, K, check_final, from_check, FairlandDetail, capital_markers, layers_from_state,
            header, progress_text, text_map)


def _kernel_module():
    return _run_parts()[1]

# The C names of the numeric arguments, in fairland's positional order.
ARG_ORDER = ("nc", "sc", "ni", "is", "sp", "pm", "di", "id")

MIN_WORLD = (8, 4)
# Beyond fairland: a 2048x2048 world is four million sectors (the neighbour
# table alone is over 100 MB); real Empire worlds are far smaller.
MAX_WORLD = (2048, 2048)

ISLANDS = OnlyWhen("ni", AtLeast(1))
"""Island size, island distance and merging count only with islands."""

PARAMS: tuple[Param, ...] = (
    Param("world", "World size", "size", (64, 32), minimum=MIN_WORLD[1], maximum=MAX_WORLD[0],
          help="WORLD_X x WORLD_Y of the Empire world (both even)", group="world",
          suggestions=("32x16", "64x32", "128x64", "256x128", "512x256")),
    Param("nc", "Continents", "int", 5, minimum=1, positional=0, group="continents",
          help="NC: number of continents, one per player", slider=(1, 100)),
    Param("sc", "Continent size", "int", 30, minimum=2, positional=1, group="continents",
          help="SC: sectors in each continent", slider=(2, 300)),
    Param("ni", "Islands", "int", 5, minimum=0, positional=2, group="islands",
          help="NI: number of islands, a multiple of the number of continents",
          slider=(0, 400)),
    Param("is", "Island size", "int", 15, minimum=1, positional=3, group="islands",
          help="IS: average island size", slider=(1, 150), only_when=ISLANDS),
    Param("sp", "Spike %", "int", 10, minimum=0, maximum=100, positional=4, group="shape",
          help="SP: spike percentage, 0 = round, 100 = snake"),
    Param("pm", "Mountain %", "int", 0, minimum=0, maximum=100, positional=5, group="shape",
          help="PM: percentage of land that is mountain"),
    Param("di", "Continent distance", "int", 2, minimum=0, positional=6, group="distances",
          help="DI: minimum distance between continents", slider=(0, 30)),
    Param("id", "Island distance", "int", 1, minimum=0, positional=7, group="distances",
          help="ID: minimum distance from islands to continents", slider=(0, 30),
          only_when=ISLANDS),
    Param("merge", "Islands may merge", "bool", False, cli="-i", group="islands",
          help="-i: islands may merge (no exclusive zone while an island round grows)",
          only_when=ISLANDS),
)



def dist_max(wx: int, wy: int) -> int:
    return int(_kernel_module().mapdist.py_func(wx, wy, 0, 0, wx // 2, wy // 2))


_compiled_module_allowed = threading.local()
# .on: True for the compiled module, False for numba's kernels, None (not
# set): the compiled module for small worlds, numba's for the others


@contextlib.contextmanager
def _kernels_chosen(on: bool) -> Iterator[None]:
    before = getattr(_compiled_module_allowed, "on", None)
    _compiled_module_allowed.on = on
    try:
        yield
    finally:
        _compiled_module_allowed.on = before


def compiled_kernels():
    """Within this block (in this thread), :meth:`Fairland.generate` runs the
    ahead-of-time compiled kernels of :mod:`.aot` when they are built: the
    same worlds without importing numba, but holding the GIL, so for the
    command line rather than the window (which runs them for small worlds
    only, see :data:`SMALL_WORLD_SECTORS`)."""
    return _kernels_chosen(True)


def jit_kernels():
    """Within this block (in this thread), :meth:`Fairland.generate` runs
    numba's kernels whatever the world's size (the tests compare the two)."""
    return _kernels_chosen(False)


SMALL_WORLD_SECTORS = 4096
"""Worlds up to this many sectors (128x64) run the compiled module of
:mod:`.aot` (when built) wherever they run, the window included: it holds
the GIL, but for under 5 ms, and it spares the window importing numba and
loading its kernels for the default world (a quicker first map)."""


def _kernels(sectors: int = 0):
    """The module whose ``generate`` and ``neighbours`` to run for a world
    of ``sectors`` sectors."""
    on = getattr(_compiled_module_allowed, "on", None)
    if on or (on is None and 0 < sectors <= SMALL_WORLD_SECTORS):
        from . import aot

        module = aot.load()
        if module is not None:
            return module
    return _kernel_module()


@functools.lru_cache(maxsize=4)
def _neighbours(kernels, wx: int, wy: int) -> np.ndarray:
    """The neighbour table of a world size, made once: it depends on the size
    alone and no kernel writes it (the state's ``nbr``, shared by the runs)."""
    return kernels.neighbours(wx, wy)


def check_world(wx: int, wy: int) -> None:
    """Refuse worlds the original cannot handle (it crashes or misbehaves)."""
    if wx % 2 or wy % 2:
        raise ParamError(f"world size {wx}x{wy}: WORLD_X and WORLD_Y must be even", "world")
    if wx < MIN_WORLD[0] or wy < MIN_WORLD[1]:
        raise ParamError(f"world size {wx}x{wy} is too small: it must be at least "
                         f"{MIN_WORLD[0]}x{MIN_WORLD[1]}", "world")
    if wx > MAX_WORLD[0] or wy > MAX_WORLD[1]:
        raise ParamError(f"world size {wx}x{wy} is too large: at most "
                         f"{MAX_WORLD[0]}x{MAX_WORLD[1]}", "world")


def check_args(v: Mapping[str, int], wx: int, wy: int) -> None:
    """fairland's parse_args checks, in its order and with its messages."""
    dmax = dist_max(wx, wy)
    rules = (
        (v["nc"] < 1, "number of continents must be > 0", "nc"),
        (v["sc"] < 2, "size of continents must be > 1", "sc"),
        (v["ni"] < 0, "number of islands must be >= 0", "ni"),
        (v["ni"] % v["nc"] if v["nc"] >= 1 else False,
         "number of islands must be a multiple of the number of continents", "ni"),
        (v["is"] < 1, "size of islands must be > 0", "is"),
        (not 0 <= v["sp"] <= 100, "spike percentage must be between 0 and 100", "sp"),
        (not 0 <= v["pm"] <= 100, "mountain percentage must be between 0 and 100", "pm"),
        (v["di"] < 0, "distance between continents must be >= 0", "di"),
        (v["di"] > dmax, "distance between continents too large", "di"),
        (v["id"] < 0, "distance from islands to continents must be >= 0", "id"),
        (v["id"] > dmax, "distance from islands to continents too large", "id"),
    )
    for bad, message, name in rules:
        if bad:
            raise ParamError(message, name)
    # Beyond fairland: sizes whose arrays would not fit a machine.
    if v["nc"] + v["ni"] > 10_000_000:
        raise ParamError("too many continents and islands (more than 10 million)", "ni")


class Fairland(Engine):
    """The fairland generator (see the module docstring)."""

    name = "fairland"
    params = PARAMS

    def validate(self, values: Mapping[str, Any]) -> dict[str, Any]:
        out = convert_values(self.params, values)
        wx, wy = out["world"]
        check_world(wx, wy)
        check_args(out, wx, wy)
        # fairland's own rules first (its messages); then what a C int holds
        check_bounds(self.params, out, skip=("world",))
        return out

    def warm_up(self) -> None:
        """Compile (or load) numba's kernels, which the defaults do not reach
        (small worlds run the compiled module): the window's larger worlds."""
        with jit_kernels():
            self.generate({}, seed=1)

    def make(self, v: dict[str, Any], seed: Any, *, trace: bool = False,
             cancel: CancelToken | None = None, progress=None) -> Result:
        (np, K, check_final, from_check, FairlandDetail, capital_markers, layers_from_state,
         header, progress_text, text_map) = _run_parts()
        wx, wy = v["world"]
        conf = make_conf(v)
        kernels = _kernels(wx * wy // 2)
        st = K.new_state(wx, wy, v["nc"], v["ni"], _neighbours(kernels, wx, wy))
        sz = wx * wy // 2
        ev = np.empty((max(4096, sz), 4), np.int32)
        msg = np.empty((64, 4), np.int32)
        if cancel is None:
            cancel = CancelToken()
        cancel.phase_names = PHASE_NAMES
        t0 = time.perf_counter()
        chk = K.new_check()
        rc, nev, nmsg, ev, msg = kernels.generate(conf, seed, st, ev, msg, cancel.flag, chk)
        elapsed = time.perf_counter() - t0
        if rc == -1:
            raise Cancelled()
        head = header(v, wx, wy, seed)
        out = head + progress_text(msg[:nmsg])
        own, elev, capx, capy = st[K.OWN], st[K.ELEV], st[K.CAPX], st[K.CAPY]
        if rc == K.RC_OK:
            check_final(elev, own, v["nc"], chk)
        cancel.check()
        assertion = from_check(chk, wx, "", int(nev))
        if assertion is not None:
            before = msg[:nmsg][msg[:nmsg, 3] < assertion.step]
            assertion = dataclasses.replace(assertion, output=head + progress_text(before))
        if rc in (K.RC_TOO_MUCH_LAND, K.RC_NO_ROOM_CAPITALS):
            exc = GenerationError("world not large enough for this much land"
                                  if rc == K.RC_TOO_MUCH_LAND else
                                  "world not big enough for all the continents", out)
            exc.assertion = assertion
            raise exc
        layers = layers_from_state(st, wx, wy, copy=False)   # (st is this run's alone)
        cancel.check()
        map_text = text_map(own, elev, capx, capy, v["nc"], wx, wy)
        cancel.check()
        result = Result(
            generator=self.name,
            grid=HexTorus(wx, wy),
            layers=layers,
            layer_info=dict(LAYER_INFO),
            markers=capital_markers(capx, capy),
            params=v,
            seed=seed,
            messages=out + "elevating land...\nwriting to sectors file...\n",
            timings={"generate": elapsed},
            detail=FairlandDetail(
                map_text=map_text,
                capitals=tuple((int(x), int(y)) for x, y in zip(capx, capy)),
                n_events=int(nev),
                assertion=assertion,
            ),
        )
        if trace:
            from .trace import FairlandTrace
            result.trace = FairlandTrace(conf, ev[:nev].copy(), v, assertion)
        return result


def make_conf(v: Mapping[str, Any]) -> np.ndarray:
    np, K = _run_parts()[:2]
    wx, wy = v["world"]
    conf = np.zeros(K.CONF_LEN, np.int64)
    conf[K.C_WX], conf[K.C_WY] = wx, wy
    for key, idx in (("nc", K.C_NC), ("sc", K.C_SC), ("ni", K.C_NI), ("is", K.C_IS),
                     ("sp", K.C_SP), ("pm", K.C_PM), ("di", K.C_DI), ("id", K.C_ID)):
        conf[idx] = v[key]
    conf[K.C_DISTINCT] = 0 if v["merge"] else 1
    return conf


FAIRLAND = Fairland()
