"""numba's ``njit``, deferred until a kernel is first called.

Importing numba and loading the cached kernels takes most of a second; the
fairland command line runs the compiled module of :mod:`.fairland.aot` instead
and needs neither, and no command's ``-h`` needs them (every engine's kernels
use this).  ``njit(**options)`` here records the function and returns a
:class:`LazyKernel`; the first call of any of them imports numba and
replaces every recorded function in its module's globals by a real
dispatcher, so kernels calling kernels compile as usual and later
``kernel.f(...)`` lookups reach the dispatcher directly.
``LazyKernel.py_func`` (like a dispatcher's) is the plain Python function.

Within :func:`compiled_kernels` (the command line, a sweep's worker), a
call of a kernel not yet turned into a dispatcher runs the function of the
same name and argument types in a module compiled ahead of time
(:mod:`.aot`), when it has one, without importing numba; any other call
falls back to numba as above.
"""

from __future__ import annotations

import contextlib
import functools
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any

_PENDING: dict[str, list[tuple[Callable, dict]]] = {}
_LOCK = threading.RLock()


class LazyKernel:
    """Stands in for a numba dispatcher until the first call."""

    def __init__(self, fn: Callable, options: dict):
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.options = options
        self._dispatcher: Callable | None = None
        self._compiled: dict[tuple[ModuleType, str | None], Callable | None] = {}

    def __call__(self, *args: Any):
        return self.resolve(args)(*args)

    def resolve(self, args: tuple) -> Callable:
        """What a call with ``args`` runs: the compiled module's function
        for their types (within :func:`compiled_kernels`), else numba's
        dispatcher."""
        if self._dispatcher is None:  # (a name imported before the first call keeps this)
            compiled = getattr(_COMPILED, "modules", None)
            if compiled:
                module = compiled.get(self.py_func.__module__)
                if module is not None:
                    fn = self._compiled_for(module, args)
                    if fn is not None:
                        return fn
            materialize(self.py_func.__module__)
            self._dispatcher = getattr(sys.modules[self.py_func.__module__],
                                       self.py_func.__name__)
        return self._dispatcher

    def _compiled_for(self, module: ModuleType, args: tuple) -> Callable | None:
        from . import aot

        key = aot.value_key(args)
        try:
            return self._compiled[module, key]
        except KeyError:
            name = aot.export_name(self.py_func.__module__, self.py_func.__name__, key or "")
            fn = self._compiled[module, key] = getattr(module, name, None) if key else None
            return fn


_COMPILED = threading.local()
# .modules: {kernel module name: compiled module} within compiled_kernels()


@contextlib.contextmanager
def compiled_kernels(modules: Iterable[str], compiled: ModuleType | None) -> Iterator[None]:
    """Within this block (in this thread), the kernels of ``modules`` run
    from ``compiled`` (an :mod:`.aot` module; None: numba's, as outside)."""
    before = getattr(_COMPILED, "modules", None)
    now = dict(before or {})
    if compiled is not None:
        now.update(dict.fromkeys(modules, compiled))
    _COMPILED.modules = now
    try:
        yield
    finally:
        _COMPILED.modules = before


def resolved(kernel: Callable, args: tuple) -> Callable:
    """The function a call of ``kernel`` with ``args`` runs (see
    :meth:`LazyKernel.resolve`; a dispatcher is its own): for a kernel called
    many times with arguments of the same types, whose compiled function is
    otherwise looked up by their types at every call."""
    return kernel.resolve(args) if isinstance(kernel, LazyKernel) else kernel


class CallSite:
    """``kernel`` as one place in the code calls it: with arguments of the
    same types at every call, so the function they run (:func:`resolved`)
    is looked up at the first call only, once for each choice of kernels
    (the compiled module's within :func:`compiled_kernels`, numba's
    compiled overload outside: :func:`entry_point`), rather than by the
    arguments' types at every call (some
    microseconds a call: a map of 256 x 256 calls a kernel about twenty
    times in a millisecond and a half)."""

    __slots__ = ("kernel", "_module", "_fns")

    def __init__(self, kernel: Callable):
        self.kernel = kernel
        self._module = getattr(getattr(kernel, "py_func", kernel), "__module__", None)
        self._fns: dict[int, tuple[Any, Callable]] = {}

    def __call__(self, *args: Any):
        modules = getattr(_COMPILED, "modules", None)
        chosen = modules.get(self._module) if modules else None
        found = self._fns.get(id(chosen))
        if found is None or found[0] is not chosen:
            fn = resolved(self.kernel, args)
            if getattr(fn, "overloads", None) is None:
                found = self._fns[id(chosen)] = (chosen, fn)
            else:   # numba's dispatcher: this call compiles what it runs, if need be
                result = fn(*args)
                self._fns[id(chosen)] = (chosen, entry_point(fn, args))
                return result
        return found[1](*args)


def entry_point(dispatcher: Any, args: tuple) -> Callable:
    """What numba's ``dispatcher`` runs for ``args`` (already compiled for
    their types): the compiled overload's entry point, which a call of the
    dispatcher reaches only after typing every argument (a microsecond or
    two for a named tuple, more when numba's quick lookup misses and it
    types them again in Python); the dispatcher itself when it has no
    overload of exactly these types."""
    try:
        key = tuple(dispatcher.typeof_pyval(a) for a in args)
    except Exception:       # (a value numba cannot type: let the dispatcher say so)
        return dispatcher
    overload = dispatcher.overloads.get(key)
    return dispatcher if overload is None else overload.entry_point


def njit(**options: Any) -> Callable[[Callable], LazyKernel]:
    def record(fn: Callable) -> LazyKernel:
        _PENDING.setdefault(fn.__module__, []).append((fn, options))
        return LazyKernel(fn, options)
    return record


def materialize(module: str) -> None:
    """Turn the recorded functions of ``module`` into numba dispatchers;
    kernels it imported from another module (still lazy there when it was
    imported) are turned into theirs first, so that numba sees dispatchers
    wherever one kernel calls another.  A module's ``__materialize__()``, if
    it has one, runs first: it binds what only numba's compile needs (an
    intrinsic, which imports numba)."""
    with _LOCK:
        pending = _PENDING.pop(module, None)
        if not pending:
            return
        from numba import njit as real_njit

        from . import paced_loads

        paced_loads.listen()        # (a warm-up that paced its loads before numba came)
        namespace = sys.modules[module].__dict__
        if "__materialize__" in namespace:
            namespace["__materialize__"]()
        for name, obj in list(namespace.items()):
            if isinstance(obj, LazyKernel) and obj.py_func.__module__ != module:
                home = obj.py_func.__module__
                materialize(home)
                namespace[name] = getattr(sys.modules[home], obj.py_func.__name__)
        for fn, options in pending:
            namespace[fn.__name__] = real_njit(**options)(fn)
