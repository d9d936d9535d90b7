"""TGP's kernels compiled ahead of time, for a quick command line
(:mod:`viewer.engine.aot`): every kernel the Python side calls, once per
argument types, as the build's runs of the generator call them
(:func:`record_runs`: the defaults, at the command line's usual sizes, a
map to GenerateClearTile, one to GenerateIndustries, the first frame
(``stop_after`` world: towns, industries, objects, trees, the tile loops)
in each climate, and
what :meth:`.generator.TerraGenesis.warm_up` reaches: r13671, the variety
distribution, the sub-tropic and sub-arctic climates).  ``python -m
viewer.engine.tgp.aot`` builds it into ``__pycache__`` when out of date.
Within :func:`compiled_kernels` (the command line, a sweep's worker) the
kernels run from it (:mod:`viewer.engine.jit`); a call it has no kernel
for falls back to numba.
"""

from __future__ import annotations

import contextlib
import os

from ..aot import CompiledKernels, Export, recorded_exports

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "tgp_aot_"
KERNEL_MODULES = tuple(f"viewer.engine.tgp.{m}" for m in (
    "kernel", "r13671.kernel", "openttd15.kernel", "openttd15.landscape", "openttd15.climate",
    "openttd15.landscape_tile_loop", "openttd15.rivers.tiles", "openttd15.rivers.route",
    "openttd15.rivers.terraform", "openttd15.rivers.kernel", "game.map_layers",
    "game.map_kernels", "openttd15.clear_tiles", "openttd15.industries.kernel",
    "openttd15.towns.founding_kernel", "openttd15.towns.growth_kernel",
    "openttd15.towns.houses_kernel", "openttd15.trees_kernel", "openttd15.tile_loop.kernel",
    "openttd15.objects_kernel"))
"""The modules whose kernels are compiled (every TGP module with ``njit``: the
default map is the game's first frame, whose towns, industries, objects, trees
and tile loops the command line runs too)."""


def record_runs() -> None:
    """The maps whose kernel calls the module is made for."""
    from ... import jit_cache
    from .generator import TGP

    defaults = {p.name: p.default for p in TGP.params}
    first_frame = {**defaults, "size": (64, 64), "stop_after": "world"}
    for values in (defaults, {**defaults, "size": (64, 64)},
                   {**defaults, "size": (64, 64), "stop_after": "clear"},
                   {**defaults, "size": (64, 64), "stop_after": "industries"},
                   first_frame, *({**first_frame, "landscape": c}
                                  for c in ("arctic", "tropic", "toyland")),
                   {"openttd": "r13671", "size": (64, 64)}):
        TGP.generate(values, seed=1)
        jit_cache.map_made()            # (each map's compiles timed as its own)
    TGP.warm_up()


def exports() -> list[Export]:
    return recorded_exports(KERNEL_MODULES, record_runs)


COMPILED = CompiledKernels(
    HERE, PREFIX, "tgp",
    tuple(m[len("viewer.engine.tgp."):].replace(".", "/") + ".py" for m in KERNEL_MODULES)
    + ("aot.py", "../protocol.py", "openttd15/tile_loop/prefetch.py"),
    exports)
load = COMPILED.load
module_name = COMPILED.module_name


def compiled_kernels() -> contextlib.AbstractContextManager:
    """Within this block (in this thread), TGP's kernels run from the
    compiled module when it is built (the same maps without importing
    numba, but holding the GIL: for the command line and the sweeps'
    workers rather than the window)."""
    from .. import jit

    return jit.compiled_kernels(KERNEL_MODULES, load())


if __name__ == "__main__":
    COMPILED.main()
