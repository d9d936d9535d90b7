"""The generators: pure computation, no Qt and no rendering.

``GENERATORS`` maps each registered generator's name to its engine (see
:mod:`viewer.engine.protocol` for the surface every engine offers).  It is
a read-only view of :mod:`viewer.registry`, so there is one list of
generators: a generator's modules (and its numba kernels) are imported the
first time it is asked for.  Everything else a generator declares is in its
:class:`~viewer.engine.declaration.Declaration`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:
    from .protocol import Generator


class _Generators(Mapping):
    """name -> engine, importing each generator's modules on first use."""

    def __getitem__(self, name: str) -> Generator:
        if name not in registry.names():
            raise KeyError(name)
        return registry.declaration(name).engine

    def __iter__(self) -> Iterator[str]:
        return iter(registry.names())

    def __len__(self) -> int:
        return len(registry.names())

    def __contains__(self, name: object) -> bool:
        return name in registry.names()

    def __repr__(self) -> str:
        return f"GENERATORS({', '.join(registry.names())})"


GENERATORS: Mapping[str, Generator] = _Generators()


def get_generator(name: str) -> Generator:
    try:
        return GENERATORS[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}") from None
