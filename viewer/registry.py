"""The one registry of generators: for each, where its engine, its pictures,
its inspector rows and its window extras live.

Everything is named by import path and loaded on first use, so a command
that needs one generator's engine imports nothing of the others, and a
layer never imports a higher one through the registry (the window asks for
a view, the picture pipeline for a renderer; neither learns the other's
names).  A new generator is one :func:`register` call (see
``tests/contract``): the window, the picture pipeline, exports, presets and
bundles are generic.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["Entry", "ENTRIES", "register", "unregister", "entry", "load", "titles"]


@dataclass(frozen=True)
class Entry:
    """Where one generator's parts live (``"module:attribute"`` paths).

    ``engine``: the generator object (:class:`viewer.engine.protocol.Generator`).
    ``render``: its :class:`viewer.render.picture.Renderer` (colours, legends,
    overlays); None for the generic renderer, which colours by LayerInfo.
    ``inspect``: ``rows(state, x, y) -> [(name, text)]`` for the hovered cell;
    None for the generic rows (every layer's value).
    ``exports``: a tuple of :class:`viewer.formats.exports.Export`.
    ``view``: a :class:`viewer.ui.views.base.GeneratorView` subclass adding
    panels and actions to the window; None for none.
    ``opener``: ``open(path) -> Result`` for a file the generator can show
    (raising ValueError or OSError with a message), with its menu title
    ``open_title`` and shortcut ``open_shortcut``.
    ``command_line``: ``(values, seed) -> str``, the shareable command that
    makes the same map (None: the generic command line's).

    Each part may also be the object itself rather than its path (a
    generator defined in a test or a plugin module).
    """

    name: str
    title: str
    engine: Any
    render: Any = None
    inspect: Any = None
    exports: Any = None
    view: Any = None
    opener: Any = None
    open_title: str = ""
    open_shortcut: str | None = None
    command_line: Any = None


ENTRIES: dict[str, Entry] = {}
_cache: dict[str, dict[str, Any]] = {}


def register(e: Entry) -> Entry:
    """Add (or replace) a generator; the window's chooser, the CLI and
    presets know it from then on."""
    ENTRIES[e.name] = e
    _cache.pop(e.name, None)
    return e


def unregister(name: str) -> None:
    ENTRIES.pop(name, None)
    _cache.pop(name, None)


register(Entry("fairland", "Empire fairland", "viewer.engine.fairland.generator:FAIRLAND",
               render="viewer.render.fairland:RENDERER",
               inspect="viewer.engine.fairland.inspect:rows",
               exports="viewer.formats.fairland_exports:EXPORTS",
               view="viewer.ui.views.fairland:FairlandView",
               command_line="viewer.formats.fairland_exports:command_line"))
register(Entry("tgp", "OpenTTD TerraGenesis Perlin", "viewer.engine.tgp.generator:TGP",
               render="viewer.render.tgp:RENDERER",
               inspect="viewer.engine.tgp.inspect:rows",
               exports="viewer.formats.tgp_exports:EXPORTS",
               view="viewer.ui.views.tgp:TgpView",
               command_line="viewer.cli_tgp:command_text"))
register(Entry("numberlink", "Number Link paths (Tatham)",
               "viewer.engine.numberlink.generator:NUMBERLINK",
               render="viewer.render.numberlink:RENDERER",
               inspect="viewer.engine.numberlink.inspect:rows",
               exports="viewer.formats.numberlink_exports:EXPORTS",
               view="viewer.ui.views.numberlink:NumberLinkView",
               opener="viewer.formats.numberlink_exports:open_puzzle",
               open_title="&Open Number Link puzzle...", open_shortcut="Ctrl+Shift+O",
               command_line="viewer.formats.numberlink_exports:command_line"))
register(Entry("ports", "Port placement", "viewer.engine.ports.generator:PORTS",
               render="viewer.render.ports:RENDERER",
               inspect="viewer.engine.ports.inspect:rows",
               exports="viewer.formats.ports:EXPORTS",
               view="viewer.ui.views.ports:PortsView",
               command_line="viewer.formats.ports:command_line"))

def entry(name: str) -> Entry:
    try:
        return ENTRIES[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(ENTRIES)}") from None


def _import(path: str) -> Any:
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


def load(name: str, part: str) -> Any:
    """Generator ``name``'s ``part`` ("engine", "render", "inspect",
    "exports", "view", "opener", "command_line"), imported on first use; None where it has none."""
    cached = _cache.setdefault(name, {})
    if part not in cached:
        path = getattr(entry(name), part)
        cached[part] = _import(path) if isinstance(path, str) else path
    return cached[part]


def titles() -> dict[str, str]:
    """Every generator's title by name, importing nothing."""
    return {n: e.title for n, e in ENTRIES.items()}


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
            missing = getattr(exc, "name", None) if isinstance(exc, ImportError) else None
            sys.stderr.write(f"viewer: plugin {module!r} (MAPGEN_VIEWER_PLUGINS) not loaded: "
                             f"{type(exc).__name__}"
                             + (f" (no module {missing!r})" if missing else "") + "\n")


_load_plugins()
