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
"""

from __future__ import annotations

import os
import sys

# (os only at start-up: this runs at every start of every command)
PACKAGE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = (os.path.isfile(os.path.join(os.path.dirname(PACKAGE), "pyproject.toml"))
            and os.access(PACKAGE, os.W_OK))
"""Running from a writable checkout (an editable install counts): numba's own
``__pycache__`` caches beside the sources."""

ESTIMATE_S: dict[str, int] = {}
"""About how long each generator's kernels take to compile on a 2-core
machine, by generator: what each declaration says (:func:`expect`)."""
DEFAULT_ESTIMATE_S = 30

_announced: set[str] = set()
_depth = 0
_active: str | None = None
_compiles = 0


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


def estimate(generator: str) -> int:
    """About how long ``generator``'s kernels take to compile: what its
    declaration says (read from the registry when no declaration was made
    in this process yet, e.g. in the set-up's ahead-of-time build)."""
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


def _on_start(dispatcher) -> None:
    # (numba's compiler lock is held: one compile at a time in a process)
    global _depth, _active, _compiles
    _depth += 1
    if _depth != 1:          # a kernel called by the one being compiled
        return
    _compiles += 1
    generator = _generator_of(dispatcher)
    if generator is None:
        return
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
    global _depth, _active
    _depth = max(0, _depth - 1)
    if _depth == 0:
        _active = None


_listening = False


def _listen() -> None:
    """Register the announcement with numba's compile events (once)."""
    global _listening
    if _listening:
        return
    _listening = True
    from numba.core import event

    class CompileNotice(event.Listener):
        def on_start(self, ev):
            _on_start((ev.data or {}).get("dispatcher"))

        def on_end(self, ev):
            _on_end()

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
