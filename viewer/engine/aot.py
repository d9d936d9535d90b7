"""A generator's numba kernels compiled ahead of time, for a quick command line.

A command-line run is over in milliseconds once compiled, but importing
numba and loading its cached kernels takes most of a second.  So the same
kernel functions are compiled with ``numba.pycc`` into an extension module,
named after a checksum of the kernel sources (and of this file and the
generator's ``aot.py``), so that an edited kernel is never run from a stale
module:

- a wheel (and so ``pip install`` of the sdist) carries it beside the
  generator's sources, built by ``setup.py`` when the wheel is built (for
  any CPU of the machine's architecture, so that a wheel can go to every
  worker of a cluster);
- a checkout builds it into the generator's ``__pycache__``
  (``scripts/setup``, which runs ``python -m viewer.engine.<name>.aot`` as
  the generator's declaration says), for this machine's CPU.

:meth:`CompiledKernels.load` imports it without numba (numpy is all it
needs), or returns None when it has not been built; callers then use the
numba kernels, which give the same maps (``tests/packaging`` fails when a
command runs them instead of this module).  The extension holds the GIL
while it runs, so the window keeps to the numba kernels (compiled with
``nogil``); the command line and the sweeps' worker processes use the
compiled module.

Which functions it exports, with which signatures, the generator says:
fairland names its two entry points and their types; TGP's are recorded
(:func:`recorded_exports`): the build runs the generator with numba and
exports every kernel called from Python with the argument types it was
called with, under a name made of the kernel's and the types'
(:func:`export_name`), which :mod:`viewer.engine.jit` looks up at each call.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

# (os.path, zlib and importlib.machinery rather than pathlib, hashlib and
# sysconfig: this runs at every start of the command line)
HERE = os.path.dirname(os.path.abspath(__file__))

Export = tuple[str, Callable, Any]
"""(name in the module, the kernel's Python function, its numba signature)."""


class CompiledKernels:
    """One generator's compiled module.

    ``folder``: the generator's engine folder (its ``__pycache__`` holds a
    checkout's build, a wheel's sits beside the sources); ``prefix`` starts
    the module's name; ``what`` names the generator in messages;
    ``sources``: the files (relative to ``folder``) whose checksum names the
    module; ``exports()``: what to compile, called by :meth:`build` only.
    """

    def __init__(self, folder: str, prefix: str, what: str, sources: Sequence[str],
                 exports: Callable[[], Iterable[Export]]):
        self.folder = folder
        self.prefix = prefix
        self.what = what
        self.sources = tuple(sources)
        self.exports = exports
        self.checkout_folder = os.path.join(folder, "__pycache__")
        self.folders = (folder, self.checkout_folder)
        """Where :meth:`load` looks: beside the sources (a wheel's), then ``__pycache__``."""
        self._loaded: ModuleType | None = None
        self._looked = False
        """:meth:`load` found none: it is not looked for again in this process."""
        self._warned = False

    def module_name(self) -> str:
        """The extension's name: a checksum of the kernel sources (the file
        name's suffix, e.g. ``.cpython-311-x86_64-linux-gnu.so``, names the Python)."""
        data = b""
        for path in [os.path.join(self.folder, s) for s in self.sources] + [__file__]:
            with open(path, "rb") as f:
                data += f.read()
        return f"{self.prefix}{zlib.crc32(data):08x}{zlib.adler32(data):08x}"

    def module_path(self, name: str | None = None, folder: str | None = None) -> str:
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        return os.path.join(folder or self.checkout_folder, f"{name or self.module_name()}{suffix}")

    def load(self) -> ModuleType | None:
        """The compiled module for the current kernel sources, or None.
        Looked for once per process (reading the sources for their checksum
        took a millisecond of every in-process run without the module): a
        module built since (:meth:`build`) is looked for again."""
        if self._loaded is not None or self._looked:
            return self._loaded
        self._looked = True
        name = self.module_name()
        for folder in self.folders:
            path = self.module_path(name, folder)
            if os.path.isfile(path):
                break
        else:
            self._missing("it is not built")
            return None
        try:
            loader = importlib.machinery.ExtensionFileLoader(name, path)
            spec = importlib.util.spec_from_file_location(name, path, loader=loader)
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
        except (ImportError, OSError) as exc:
            self._missing(f"{os.path.basename(path)} does not load: {exc}")
            return None
        self._loaded = module
        return module

    def _missing(self, why: str) -> None:
        """An installed copy should always carry the module (its wheel was
        built with it): say once that the slow path is taken.  (A checkout
        without ``scripts/setup`` is quiet: the numba compile announces itself.)"""
        from .. import jit_cache

        if jit_cache.CHECKOUT or self._warned:
            return
        self._warned = True
        sys.stderr.write(f"mapgen-viewer: {self.what}'s compiled kernels are missing from this "
                         f"installation ({why}); using the numba kernels\n")

    def build(self, verbose: bool = True, folder: str | None = None,
              target_cpu: str = "host") -> str:
        """Compile the extension for the current sources into ``folder`` (a
        minute or so) and remove those of older sources there; ``target_cpu``
        "host" for this machine's CPU, "" for any of its architecture."""
        from numba.pycc import CC

        folder = folder or self.checkout_folder
        exports = list(self.exports())
        name = self.module_name()
        path = self.module_path(name, folder)
        os.makedirs(folder, exist_ok=True)
        cc = CC(name)
        cc.output_dir = folder
        cc.target_cpu = target_cpu
        cc.verbose = False
        for export, fn, sig in exports:
            cc.export(export, sig)(fn)
        with _fresh_flags_per_export():
            cc.compile()
        self._looked = False
        for old in os.listdir(folder):
            if old.startswith(self.prefix) and old != os.path.basename(path):
                os.remove(os.path.join(folder, old))
        if verbose:
            print(f"{self.what}: compiled {os.path.basename(path)} ({len(exports)} kernels)",
                  file=sys.stderr)
        return path

    def main(self) -> None:
        """``python -m viewer.engine.<name>.aot``: build when out of date."""
        if self.load() is None:
            self.build()
        else:
            print(f"{self.what}: the compiled kernels are up to date", file=sys.stderr)


@contextlib.contextmanager
def _fresh_flags_per_export():
    """numba.pycc compiles every export with one ``Flags`` object, and
    numba's inliner (``inline="always"`` callees) sets ``enable_ssa = False``
    on the flags it is given: every export compiled after the first that
    inlines is then typed without SSA, and a variable given two module
    constants (``cls = CLEAR`` ... ``cls = WATER``) fails to type.  (The
    JIT makes new flags for each compile.)  So each export gets a copy."""
    from numba.pycc import compiler

    original = compiler.compile_extra

    def compile_extra(typingctx, targetctx, func, args, return_type, flags, *a, **kw):
        flags = flags.copy()
        flags.enable_ssa = True
        return original(typingctx, targetctx, func, args, return_type, flags, *a, **kw)

    compiler.compile_extra = compile_extra
    try:
        yield
    finally:
        compiler.compile_extra = original


# --- kernels found by name and argument types -------------------------------


def export_name(module: str, function: str, key: str) -> str:
    """The name in a compiled module of kernel ``module.function`` compiled
    for the argument types ``key`` (:func:`value_key`, :func:`type_key`).  The
    module's whole dotted name is in it: a generator's packages may each have
    a ``kernel`` module (TGP's versions do)."""
    return f"{module.replace('.', '_')}__{function}__{zlib.crc32(key.encode()):08x}"


def _record_token(dtype: Any) -> str:
    """A structured dtype (a numba Record) by its fields, offsets and size."""
    fields = ",".join(f"{n}:{f[0].str}{f[0].shape}@{f[1]}" for n, f in dtype.fields.items())
    return f"rec{zlib.crc32(fields.encode()):08x}s{dtype.itemsize}"


_DTYPE_TOKENS: dict[Any, tuple[str, bool]] = {}


def _dtype_token(dtype: Any) -> tuple[str, bool]:
    """A dtype's token and whether its records may count as aligned, looked
    up once per dtype (numpy finds a dtype's name in Python: slow at every
    call)."""
    found = _DTYPE_TOKENS.get(dtype)
    if found is None:
        record = dtype.fields is not None
        found = _DTYPE_TOKENS[dtype] = (_record_token(dtype) if record else dtype.name,
                                        not record or dtype.isalignedstruct)
    return found


def _value_token(v: Any) -> str | None:
    """What numba's ``typeof`` says of one argument, as :func:`_type_token`
    writes it (None: a type no compiled kernel takes)."""
    kind = type(v)
    if kind.__name__ == "ndarray" and kind.__module__ == "numpy":
        flags = v.flags
        layout = "C" if flags.c_contiguous else "F" if flags.f_contiguous else "A"
        name, may_align = _dtype_token(v.dtype)
        aligned = flags.aligned and may_align
        return (f"{name}x{v.ndim}{layout}" + ("" if flags.writeable else "r")
                + ("" if aligned else "u"))
    if kind.__module__ == "numpy" and getattr(v, "dtype", None) is not None \
            and v.dtype.fields is not None:                  # a record (numpy.void)
        return _record_token(v.dtype)
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int64" if -2 ** 63 <= v < 2 ** 63 else "uint64"
    if isinstance(v, float):
        return "float64"
    if isinstance(v, tuple):
        items = [_value_token(x) for x in v]
        return None if None in items else "(" + ",".join(items) + ")"
    if kind.__module__ == "numpy" and hasattr(v, "dtype"):     # a numpy scalar
        return v.dtype.name
    return None


def value_key(args: Sequence[Any]) -> str | None:
    """The key of a call's arguments (None: one of no compiled kernel's types)."""
    tokens = [_value_token(a) for a in args]
    return None if None in tokens else ";".join(tokens)


def _type_token(t) -> str | None:
    from numba.core import types

    if isinstance(t, types.Record):
        from numba.np.numpy_support import as_struct_dtype

        return _record_token(as_struct_dtype(t))
    if isinstance(t, types.Array):
        name = _type_token(t.dtype) if isinstance(t.dtype, types.Record) else t.dtype
        return (f"{name}x{t.ndim}{t.layout}" + ("" if t.mutable else "r")
                + ("" if t.aligned else "u"))
    if isinstance(t, (types.Boolean, types.Integer, types.Float)):
        return str(t)
    if isinstance(t, types.BaseTuple):
        items = [_type_token(x) for x in t.types]
        return None if None in items else "(" + ",".join(items) + ")"
    return None


def type_key(argtypes: Sequence[Any]) -> str | None:
    """The key of numba argument types, as :func:`value_key` gives it for
    values of those types (None: a type :func:`value_key` does not know)."""
    tokens = [_type_token(t) for t in argtypes]
    return None if None in tokens else ";".join(tokens)


def recorded_exports(modules: Sequence[str], run: Callable[[], None]) -> list[Export]:
    """Run ``run()`` (the generator's typical maps, with numba) and give the
    kernels of ``modules`` it called from Python, once per argument types,
    named by :func:`export_name`.

    numba's dispatcher calls ``_compile_for_args`` when Python calls a
    kernel with argument types it has no machine code for yet (compiled or
    loaded from the cache); that is where the calls are seen.  (A kernel
    first typed inside another kernel and later called from Python with the
    same types would be missed: the call then falls back to numba, which
    ``tests/packaging`` notices for the default maps.)"""
    from numba.core.dispatcher import Dispatcher

    seen: dict[tuple[str, str, str], tuple[Any, tuple]] = {}
    original = Dispatcher._compile_for_args

    def recording(self, *args, **kws):
        out = original(self, *args, **kws)
        fn = self.py_func
        if fn.__module__ in modules:
            argtypes = tuple(self.typeof_pyval(a) for a in args)
            key = type_key(argtypes)
            if key is not None:
                seen.setdefault((fn.__module__, fn.__name__, key), (self, argtypes))
        return out

    Dispatcher._compile_for_args = recording
    try:
        run()
    finally:
        Dispatcher._compile_for_args = original
    exports = []
    for (module, function, key), (dispatcher, argtypes) in sorted(seen.items()):
        cres = dispatcher.overloads.get(argtypes)
        if cres is None:                    # (typed as numba chose to: its own signature)
            cres = next(c for a, c in dispatcher.overloads.items()
                        if type_key(a) == key)
        exports.append((export_name(module, function, key), dispatcher.py_func,
                        cres.signature))
    return exports
