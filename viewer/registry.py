"""The one registry of generators: each is one line naming its
:class:`~viewer.declaration.Declaration`, which lives in
``viewer/generators/<name>.py`` and declares every capability (title, seed,
params, layers, phases, metrics, renderer, inspector rows, exports, view,
opener, command-line extras).

A declaration is named by import path and imported on first use, so a
command that needs one generator imports nothing of the others; the parts
of a declaration that live in higher layers are import paths too (see
:meth:`Declaration.load`).  A new generator is one :func:`register` call
(see ``tests/contract``): the window, the command line, the picture
pipeline, exports, presets, bundles and sweeps are generic.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

__all__ = ["register", "unregister", "declaration", "names", "titles"]

# name -> Declaration (viewer.declaration), or its "module:attribute"
# path; this leaf module imports nothing of the package, so it names the
# type in words only.
_DECLARED: dict[str, Any] = {}
# names whose declaration is being imported by path now: the module may
# register its own Declaration under that name while it is imported
_IMPORTING: set[str] = set()
ENTRY_POINT_GROUP = "mapgen_viewer.generators"
_entry_points_read = False


def register(decl: Any, name: str | None = None, *, replace: bool = False) -> Any:
    """Add a generator: a Declaration, or the import path of one with its
    ``name`` (imported when first asked for).  The window's chooser, the
    command line, presets and sweeps know it from then on.  A name already
    registered is refused (ValueError) unless ``replace`` is asked for, so
    that two plugins cannot silently take one name."""
    if isinstance(decl, str):
        if not name:
            raise ValueError("a declaration given by path needs its name")
    else:
        name = decl.name
    if name in _DECLARED and not replace and name not in _IMPORTING:
        raise ValueError(f"generator {name!r} is registered already "
                         f"(register(..., replace=True) replaces it)")
    _DECLARED[name] = decl
    return decl


def unregister(name: str) -> None:
    _DECLARED.pop(name, None)


register("viewer.generators.fairland:DECLARATION", "fairland")
register("viewer.generators.tgp:DECLARATION", "tgp")
register("viewer.generators.numberlink:DECLARATION", "numberlink")
register("viewer.generators.ports:DECLARATION", "ports")


def names() -> list[str]:
    """Every registered generator's name, in registration order (those of
    installed packages' entry points last)."""
    _read_entry_points()
    return list(_DECLARED)


def known(name: str) -> bool:
    """Whether ``name`` is a generator's: a built-in or registered one
    without reading the installed packages' entry points (importlib.metadata
    and a scan of every package's metadata: a quarter of a command's
    start-up), which are read only for a name not found so."""
    if name not in _DECLARED:
        _read_entry_points()
    return name in _DECLARED


def declaration(name: str) -> Any:
    """Generator ``name``'s declaration, imported on first use (KeyError,
    naming the known ones, for an unknown name)."""
    if name not in _DECLARED:
        _read_entry_points()
    try:
        decl = _DECLARED[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(_DECLARED)}") from None
    if isinstance(decl, str):
        module, _, attr = decl.partition(":")
        _IMPORTING.add(name)
        try:
            decl = getattr(importlib.import_module(module), attr)
        finally:
            _IMPORTING.discard(name)
        if decl.name != name:
            raise ValueError(f"{module}:{attr} declares {decl.name!r}, registered as {name!r}")
        _DECLARED[name] = decl
    return decl


def titles() -> dict[str, str]:
    """Every generator's title by name."""
    return {n: declaration(n).title for n in names()}


def _read_entry_points() -> None:
    """Generators of installed Python packages: each entry point of the group
    :data:`ENTRY_POINT_GROUP` names one declaration, ``NAME =
    "package.module:DECLARATION"`` (in a package's ``pyproject.toml``:
    ``[project.entry-points."mapgen_viewer.generators"]``), registered by
    path, so imported when first asked for, as napari and pytest find their
    plugins.  Read once, when the names are first listed or an unknown name
    is asked for (a command naming a built-in generator reads none).  A name
    taken already (a built-in, or an earlier package) is reported on
    standard error in one line and skipped."""
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in _DECLARED:
            sys.stderr.write(f"viewer: generator {ep.name!r} of entry point {ep.value!r} "
                             f"not loaded: the name is taken\n")
            continue
        if ":" not in ep.value:
            sys.stderr.write(f"viewer: generator {ep.name!r}: entry point {ep.value!r} "
                             f"is not 'module:attribute'\n")
            continue
        _DECLARED[ep.name] = ep.value


def _load_plugins() -> None:
    """Modules named in ``MAPGEN_VIEWER_PLUGINS`` (comma-separated), each of
    which calls :func:`register` for its generators: a new generator without
    an edit to this package.  One that cannot be imported is reported once,
    by name, on standard error (one line) and skipped: the built-in
    generators still work."""
    for module in filter(None, (m.strip() for m in
                                os.environ.get("MAPGEN_VIEWER_PLUGINS", "").split(","))):
        try:
            importlib.import_module(module)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the rest
            # Names as %r shows them (this leaf module imports nothing of the
            # package, not even engine.names): one line whatever they hold.
            missing = exc.name if isinstance(exc, ImportError) else None
            sys.stderr.write(f"viewer: plugin {module!r} (MAPGEN_VIEWER_PLUGINS) not loaded: "
                             f"{type(exc).__name__}"
                             + (f" (no module {missing!r})" if missing else "") + "\n")


_load_plugins()
