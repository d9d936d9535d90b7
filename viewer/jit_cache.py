"""Where numba keeps the compiled kernels, and one line when it must compile.

A checkout keeps numba's caches in ``__pycache__`` beside the sources, as
numba does by default.  An installed copy (a wheel in site-packages, or any
copy whose folder is not a writable checkout) writes nothing there: before
numba is imported, :func:`configure` (run by ``viewer/__init__.py``) points
``NUMBA_CACHE_DIR`` at the user's cache folder (``platformdirs``, e.g.
``~/.cache/mapgen-viewer/numba``) unless the user set it.

numba compiles a kernel on its first call when its cache has no copy for
this machine (a new installation, a new CPU, an edited kernel).  That takes
tens of seconds, so the first compile of each generator's kernels in a
process says so in one line on standard error (and :func:`active` gives
the line to the window's status bar while it lasts); a generator with a
module compiled ahead of time runs it in the command line and the sweeps'
worker processes instead, and compiles nothing there.

The line says about how long: what this machine took the last time the
same compile ran.  A generator's compiles in a process, from its first
until a map is made (:func:`map_made`, which
:meth:`viewer.declaration.Declaration.generate` calls; to the end of the
process where nothing does), are one run of compiles, named by the kernel
it began with; each run's seconds are kept in ``compile-seconds.json``
beside numba's caches (:func:`record_path`), and the line of a run that
begins with the same kernel says them (:func:`estimate`).  Before any is
kept, it says the declaration's figure (measured on a 2-core machine).
"""

from __future__ import annotations

import os
import sys
import time

# (os only at start-up, json when a compile is timed: this runs at every
# start of every command)
PACKAGE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = (os.path.isfile(os.path.join(os.path.dirname(PACKAGE), "pyproject.toml"))
            and os.access(PACKAGE, os.W_OK))
"""Running from a writable checkout (an editable install counts): numba's own
``__pycache__`` caches beside the sources."""

ESTIMATE_S: dict[str, int] = {}
"""About how long each generator's kernels take to compile for a first map
on a 2-core machine, by generator: what each declaration says
(:func:`expect`), said until this machine's own time is kept."""
DEFAULT_ESTIMATE_S = 30

_announced: set[str] = set()
_depth = 0
_active: str | None = None
_compiles = 0
_started = 0.0
_compiling: str | None = None                # the generator whose kernel is compiling
_seconds: dict[str, float] = {}              # this process's compile seconds, by generator
_runs: dict[str, list] = {}                  # generator -> [first kernel, seconds] of its open run
RECORD = "compile-seconds.json"


def cache_folder() -> str:
    """Where numba writes the kernels it compiles (for messages)."""
    return os.environ.get("NUMBA_CACHE_DIR") or "__pycache__ beside the sources"


def user_cache_folder() -> str:
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("mapgen-viewer", appauthor=False), "numba")


def configure() -> None:
    """Point numba's cache at the user's cache folder for an installed copy,
    and have numba's first compile of each generator announced: now if numba
    is imported already, else just before it is (most commands never are)."""
    if sys.modules.get("numba") is None:    # not imported (or blocked: None)
        if not any(isinstance(f, _AfterNumbaImport) for f in sys.meta_path):
            sys.meta_path.insert(0, _AfterNumbaImport())
        return
    if _choose_cache_folder():   # numba came first: have it read the setting again
        from numba.core import config

        config.reload_config()
    _listen()


def _choose_cache_folder() -> bool:
    """Set ``NUMBA_CACHE_DIR`` for an installed copy; True when it was set here."""
    if CHECKOUT or os.environ.get("NUMBA_CACHE_DIR"):
        return False
    os.environ["NUMBA_CACHE_DIR"] = user_cache_folder()
    return True


def active() -> str | None:
    """The compile line while numba compiles a generator's kernels, else None."""
    return _active


def compiles() -> int:
    """How many kernels numba has compiled in this process (cache misses;
    kernels they call not counted)."""
    return _compiles


def expect(generator: str, seconds: int) -> None:
    """Generator ``generator``'s kernels take about ``seconds`` to compile
    (its declaration says so when it is made)."""
    ESTIMATE_S[generator] = seconds


def record_path() -> str:
    """Where the compile seconds are kept: numba's cache folder when it is
    set (an installed copy's, or the user's), else the package's ``__pycache__``
    (a checkout's, whose numba caches are beside the sources)."""
    folder = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(PACKAGE, "__pycache__")
    return os.path.join(folder, RECORD)


def recorded() -> dict[str, dict[str, float]]:
    """The kept compile seconds: {generator: {first kernel of the run:
    seconds}} ({} when none or unreadable)."""
    import json

    try:
        with open(record_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {g: {k: float(v) for k, v in kernels.items() if isinstance(v, (int, float))}
            for g, kernels in data.items() if isinstance(kernels, dict)}


def _keep(generator: str, kernel: str, seconds: float) -> None:
    """Keep the seconds of the run of compiles that began with ``kernel``
    (best effort: never stops a compile)."""
    import json

    data = recorded()
    data.setdefault(generator, {})[kernel] = round(seconds, 3)
    path = record_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        pass


def compile_seconds(generator: str) -> float:
    """How long numba compiled ``generator``'s kernels in this process."""
    return _seconds.get(generator, 0.0)


def map_made() -> None:
    """A map is made: the runs of compiles open end (its generator's, and
    those of another generator's kernels it used)."""
    _runs.clear()


def estimate(generator: str, kernel: str | None = None) -> int:
    """About how long ``generator``'s kernels take to compile, in a run that
    begins with ``kernel`` (None: the open run's): what this machine took
    the last time (:func:`recorded`), else what the declaration says (read
    from the registry when no declaration was made in this process yet, e.g.
    in the set-up's ahead-of-time build)."""
    if kernel is None and generator in _runs:
        kernel = _runs[generator][0]
    kept = recorded().get(generator, {}).get(kernel) if kernel else None
    if kept is not None:
        return max(1, round(kept))
    if generator not in ESTIMATE_S:
        try:
            from . import registry

            if generator in registry.names():
                registry.declaration(generator)       # (its making calls expect())
        except Exception:  # noqa: BLE001 - a message must never stop a compile
            pass
    return ESTIMATE_S.get(generator, DEFAULT_ESTIMATE_S)


def message(generator: str) -> str:
    seconds = estimate(generator)
    return (f"mapgen-viewer: compiling the {generator} kernels for this machine, once "
            f"(about {seconds} s; cached in {cache_folder()})")


def _generator_of(dispatcher) -> str | None:
    """The generator (or plugin module) a kernel belongs to; None for numba's
    own helpers."""
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    parts = module.split(".")
    if parts[:2] == ["viewer", "engine"] and len(parts) > 2:
        return parts[2]
    return None if parts[0] in ("", "numba") else parts[0]


def _kernel_of(dispatcher) -> str:
    fn = getattr(dispatcher, "py_func", None)
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', '?')}"


def _on_start(dispatcher) -> None:
    # (numba's compiler lock is held: one compile at a time in a process)
    global _depth, _active, _compiles, _started, _compiling
    _depth += 1
    if _depth != 1:          # a kernel called by the one being compiled
        return
    _compiles += 1
    generator = _generator_of(dispatcher)
    if generator is None:
        return
    _started = time.perf_counter()
    _compiling = generator
    _runs.setdefault(generator, [_kernel_of(dispatcher), 0.0])
    _active = message(generator)
    if generator in _announced:
        return
    _announced.add(generator)
    stream = sys.__stderr__ or sys.stderr   # the process's own: a diagnostic, not output
    try:
        stream.write(_active + "\n")
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _on_end() -> None:
    global _depth, _active, _compiling
    _depth = max(0, _depth - 1)
    if _depth == 0:
        _active = None
        if _compiling is not None:
            generator, _compiling = _compiling, None
            seconds = time.perf_counter() - _started
            _seconds[generator] = _seconds.get(generator, 0.0) + seconds
            run = _runs.setdefault(generator, ["?", 0.0])
            run[1] += seconds
            _keep(generator, run[0], run[1])


_listening = False


def _listen() -> None:
    """Register the announcement with numba's compile events (once)."""
    global _listening
    if _listening:
        return
    _listening = True
    from numba.core import event

    class CompileNotice(event.Listener):
        # (a notice must never stop a compile: whatever goes wrong here is dropped)
        def on_start(self, ev):
            try:
                _on_start((ev.data or {}).get("dispatcher"))
            except Exception:  # noqa: BLE001
                pass

        def on_end(self, ev):
            try:
                _on_end()
            except Exception:  # noqa: BLE001
                pass

    event.register("numba:compile", CompileNotice())


class _AfterNumbaImport:
    """A finder on ``sys.meta_path`` that, once, when numba is about to be
    imported, chooses its cache folder, lets it be imported as usual and
    then registers :func:`_listen`."""

    def find_spec(self, name, path=None, target=None):
        if name != "numba":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        _choose_cache_folder()
        import importlib.util

        spec = importlib.util.find_spec("numba")
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module = loader.exec_module

        def exec_then_listen(module):
            exec_module(module)
            _listen()

        loader.exec_module = exec_then_listen
        return spec
