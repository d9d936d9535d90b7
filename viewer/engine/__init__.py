"""The generators: pure computation, no Qt and no rendering.

Each generator's engine (see :mod:`viewer.engine.protocol` for the surface
every engine offers) and everything else it offers are in its
:class:`~viewer.engine.declaration.Declaration`, named by
:mod:`viewer.registry`; a generator's modules (and its numba kernels) are
imported the first time it is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:
    from .protocol import Generator


def get_generator(name: str) -> Generator:
    """Generator ``name``'s engine (KeyError, naming the known ones, for an
    unknown name)."""
    return registry.declaration(name).engine
