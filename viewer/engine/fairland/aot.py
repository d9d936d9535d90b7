"""fairland's kernels compiled ahead of time, for a quick command line
(:mod:`viewer.engine.aot`): ``generate`` and ``neighbours`` of
:mod:`.kernel`, with the signatures below.  ``python -m
viewer.engine.fairland.aot`` builds it into ``__pycache__`` when out of date.
The command line and the sweeps' workers run it (:func:`.generator.compiled_kernels`),
and the window for small worlds (:data:`.generator.SMALL_WORLD_SECTORS`).
"""

from __future__ import annotations

import os
from types import ModuleType

from ..aot import CompiledKernels, Export

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "fairland_aot_"


def signatures() -> dict[str, object]:
    """The exported kernels' numba signatures."""
    from numba import types as T

    def a1(dt):
        return T.Array(dt, 1, "C")

    i32_2d = T.Array(T.int32, 2, "C")
    state = T.Tuple((a1(T.int16), a1(T.uint8), a1(T.int16), a1(T.uint8), a1(T.uint16),
                     a1(T.int16)) + (a1(T.int32),) * 8 + (i32_2d,))
    return {
        "generate": T.Tuple((T.int64, T.int64, T.int64, i32_2d, i32_2d))(
            a1(T.int64), T.int64, state, i32_2d, i32_2d, a1(T.int64), a1(T.int64)),
        "neighbours": i32_2d(T.int64, T.int64),
    }


def exports() -> list[Export]:
    from . import kernel as K

    K.materialize()
    return [(name, getattr(K, name).py_func, sig) for name, sig in signatures().items()]


COMPILED = CompiledKernels(HERE, PREFIX, "fairland", ("kernel.py", "aot.py", "../protocol.py"),
                           exports)
CHECKOUT_FOLDER = COMPILED.checkout_folder
FOLDERS = COMPILED.folders
module_name = COMPILED.module_name
build = COMPILED.build


def module_path(name: str | None = None, folder: str = CHECKOUT_FOLDER) -> str:
    return COMPILED.module_path(name, folder)


def load() -> ModuleType | None:
    """The compiled module for the current kernel sources, or None."""
    return COMPILED.load()


if __name__ == "__main__":
    COMPILED.main()
