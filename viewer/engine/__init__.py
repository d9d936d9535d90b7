"""The generators: pure computation, no Qt and no rendering.

``GENERATORS`` maps each generator's name to its instance; see
:mod:`viewer.engine.protocol` for the surface every generator offers.  It is
a view of :mod:`viewer.registry` (a leaf module of names and import paths,
importing nothing of the project), so there is one list of generators: a
generator's module (and its numba kernels) is imported the first time that
generator is asked for, and a generator added here (a test's own) is
registered there.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:
    from .protocol import Generator


class _Generators(MutableMapping):
    """name -> generator, importing each generator's module on first use."""

    def __getitem__(self, name: str) -> Generator:
        if name not in registry.ENTRIES:
            raise KeyError(name)
        return registry.load(name, "engine")

    def __setitem__(self, name: str, gen: Generator) -> None:
        registry.register(registry.Entry(name, getattr(gen, "title", name), gen))

    def __delitem__(self, name: str) -> None:
        if name not in registry.ENTRIES:
            raise KeyError(name)
        registry.unregister(name)

    def __iter__(self) -> Iterator[str]:
        return iter(list(registry.ENTRIES))

    def __len__(self) -> int:
        return len(registry.ENTRIES)

    def __contains__(self, name: object) -> bool:
        return name in registry.ENTRIES

    def __repr__(self) -> str:
        return f"GENERATORS({', '.join(registry.ENTRIES)})"


GENERATORS: MutableMapping[str, Generator] = _Generators()


def get_generator(name: str) -> Generator:
    try:
        return GENERATORS[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}") from None
