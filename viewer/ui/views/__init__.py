"""Generator views: what a generator adds to the generic window (see
:mod:`.base`), as its declaration names it."""

from __future__ import annotations

from ...declaration import Declaration
from ...workbench import Workbench
from ..shell import Shell
from .base import GeneratorView

__all__ = ["GeneratorView", "view_for"]


def view_for(decl: Declaration, workbench: Workbench, shell: Shell) -> GeneratorView:
    """A new view of generator ``decl`` (the base view for a generator that
    declares none)."""
    cls = decl.load("view") or GeneratorView
    return cls(workbench, shell)
