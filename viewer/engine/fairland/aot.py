"""fairland's kernels compiled ahead of time, for a quick command line.

A command-line run of fairland is over in milliseconds once compiled, but
importing numba and loading its cached kernels takes most of a second.  So
``python -m viewer.engine.fairland.aot`` (run by ``scripts/setup`` through
:mod:`viewer.engine.warmup`) compiles the same kernel functions with
``numba.pycc`` into an extension module in ``__pycache__``, named after a
hash of ``kernel.py`` so that an edited kernel is never run from a stale
module.  :func:`load` imports it without numba (numpy is all it needs), or
returns None when it has not been built; callers then use the numba
kernels, which give the same worlds.

The extension holds the GIL while it runs, so the window keeps to the numba
kernels (compiled with ``nogil``); the command line uses this module.
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


def module_name() -> str:
    """The extension's name: a checksum of the kernel sources and the Python build."""
    data = b""
    for name in ("kernel.py", "aot.py"):
        with open(os.path.join(HERE, name), "rb") as f:
            data += f.read()
    data += f"{sys.version}|{os.uname().machine}".encode()
    return f"{PREFIX}{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def module_path(name: str | None = None) -> str:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return os.path.join(HERE, "__pycache__", f"{name or module_name()}{suffix}")


_loaded: ModuleType | None = None


def load() -> ModuleType | None:
    """The compiled module for the current kernel sources, or None."""
    global _loaded
    if _loaded is not None:
        return _loaded
    name = module_name()
    path = module_path(name)
    if not os.path.isfile(path):
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, path)
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except (ImportError, OSError):
        return None
    _loaded = module
    return module


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


def build(verbose: bool = True) -> str:
    """Compile the extension for the current sources (a minute or so) and
    remove those of older sources."""
    from numba.pycc import CC

    from . import kernel as K

    K.materialize()
    name = module_name()
    path = module_path(name)
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    cc = CC(name)
    cc.output_dir = folder
    cc.target_cpu = "host"
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
