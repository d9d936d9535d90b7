"""Generator views: what a generator adds to the generic window (see
:mod:`.base`), looked up through :mod:`viewer.registry`."""

from __future__ import annotations

from ... import registry
from .base import GeneratorView

__all__ = ["GeneratorView", "view_for"]


def view_for(name: str, window) -> GeneratorView:
    """A new view of generator ``name`` for ``window`` (the base view for a
    generator that declares none)."""
    cls = registry.load(name, "view") or GeneratorView
    return cls(window)
