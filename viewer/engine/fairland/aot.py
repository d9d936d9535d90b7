"""fairland's kernels compiled ahead of time, for a quick command line.

A command-line run of fairland is over in milliseconds once compiled, but
importing numba and loading its cached kernels takes most of a second.  So
the same kernel functions are compiled with ``numba.pycc`` into an
extension module, named after a checksum of ``kernel.py`` and this file so
that an edited kernel is never run from a stale module:

- a wheel (and so ``pip install`` of the sdist) carries it beside this file,
  built by ``setup.py`` when the wheel is built (for any CPU of the
  machine's architecture, so that a wheel can go to every worker of a
  cluster);
- a checkout builds it into ``__pycache__`` (``scripts/setup``, which runs
  ``python -m viewer.engine.fairland.aot`` as fairland's declaration says),
  for this machine's CPU.

:func:`load` imports it without numba (numpy is all it needs), or returns
None when it has not been built; callers then use the numba kernels, which
give the same worlds (``tests/packaging`` fails when a command runs them
instead of this module).  The extension holds the GIL while it runs, so the
window keeps to the numba kernels (compiled with ``nogil``); the command
line and the sweeps' worker processes use this module.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import zlib
from types import ModuleType

# (os.path, zlib and importlib.machinery rather than pathlib, hashlib and
# sysconfig: this runs at every start of the command line)
HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "fairland_aot_"


CHECKOUT_FOLDER = os.path.join(HERE, "__pycache__")
FOLDERS = (HERE, CHECKOUT_FOLDER)
"""Where :func:`load` looks: beside the sources (a wheel's), then ``__pycache__``."""


def module_name() -> str:
    """The extension's name: a checksum of the kernel sources (the file name's
    suffix, e.g. ``.cpython-311-x86_64-linux-gnu.so``, names the Python)."""
    data = b""
    for name in ("kernel.py", "aot.py"):
        with open(os.path.join(HERE, name), "rb") as f:
            data += f.read()
    return f"{PREFIX}{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def module_path(name: str | None = None, folder: str = CHECKOUT_FOLDER) -> str:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return os.path.join(folder, f"{name or module_name()}{suffix}")


_loaded: ModuleType | None = None


def load() -> ModuleType | None:
    """The compiled module for the current kernel sources, or None."""
    global _loaded
    if _loaded is not None:
        return _loaded
    name = module_name()
    for folder in FOLDERS:
        path = module_path(name, folder)
        if os.path.isfile(path):
            break
    else:
        _missing("it is not built")
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, path)
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except (ImportError, OSError) as exc:
        _missing(f"{os.path.basename(path)} does not load: {exc}")
        return None
    _loaded = module
    return module


_warned = False


def _missing(why: str) -> None:
    """An installed copy should always carry the module (its wheel was built
    with it): say once that the slow path is taken.  (A checkout without
    ``scripts/setup`` is quiet: the numba compile announces itself.)"""
    global _warned
    from ... import jit_cache

    if jit_cache.CHECKOUT or _warned:
        return
    _warned = True
    sys.stderr.write(f"mapgen-viewer: fairland's compiled kernels are missing from this "
                     f"installation ({why}); using the numba kernels\n")


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


def build(verbose: bool = True, folder: str = CHECKOUT_FOLDER, target_cpu: str = "host") -> str:
    """Compile the extension for the current sources into ``folder`` (a
    minute or so) and remove those of older sources there; ``target_cpu``
    "host" for this machine's CPU, "" for any of its architecture."""
    from numba.pycc import CC

    from . import kernel as K

    K.materialize()
    name = module_name()
    path = module_path(name, folder)
    os.makedirs(folder, exist_ok=True)
    cc = CC(name)
    cc.output_dir = folder
    cc.target_cpu = target_cpu
    cc.verbose = False
    for fn_name, sig in signatures().items():
        cc.export(fn_name, sig)(getattr(K, fn_name).py_func)
    cc.compile()
    for old in os.listdir(folder):
        if old.startswith(PREFIX) and old != os.path.basename(path):
            os.remove(os.path.join(folder, old))
    if verbose:
        print(f"fairland: compiled {os.path.basename(path)}", file=sys.stderr)
    return path


if __name__ == "__main__":
    if load() is None:
        build()
    else:
        print("fairland: the compiled kernels are up to date", file=sys.stderr)
