"""The generators: pure computation, no Qt and no rendering.

``GENERATORS`` maps each generator's name to its instance; see
:mod:`viewer.engine.protocol` for the surface every generator offers.  The
registry is lazy: a generator's module (and its numba kernels) is imported
the first time that generator is asked for, so a command that needs one
generator does not pay for the others.  ``GENERATOR_NAMES`` and
``GENERATOR_TITLES`` need no import at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .protocol import Generator

# name -> (module, attribute, title), in the order the window lists them
_SPECS: dict[str, tuple[str, str, str]] = {
    "fairland": (".fairland.generator", "FAIRLAND", "Empire fairland"),
    "tgp": (".tgp.generator", "TGP", "OpenTTD TerraGenesis Perlin"),
    "numberlink": (".numberlink.generator", "NUMBERLINK", "Number Link paths (Tatham)"),
    "ports": (".ports.generator", "PORTS", "Port placement"),
}

GENERATOR_NAMES: tuple[str, ...] = tuple(_SPECS)
GENERATOR_TITLES: dict[str, str] = {name: spec[2] for name, spec in _SPECS.items()}


class _Registry(MutableMapping):
    """name -> generator, importing each generator's module on first use.
    Entries may be added (a test's own generator) and removed."""

    def __init__(self, specs: dict[str, tuple[str, str, str]]):
        self._order: list[str] = list(specs)
        self._specs = dict(specs)
        self._loaded: dict[str, Generator] = {}

    def __getitem__(self, name: str) -> Generator:
        try:
            return self._loaded[name]
        except KeyError:
            pass
        if name not in self._specs:
            raise KeyError(name)
        module, attr, _title = self._specs[name]
        gen = getattr(importlib.import_module(module, __name__), attr)
        self._loaded[name] = gen
        return gen

    def __setitem__(self, name: str, gen: Generator) -> None:
        if name not in self._order:
            self._order.append(name)
        self._loaded[name] = gen

    def __delitem__(self, name: str) -> None:
        if name not in self._order:
            raise KeyError(name)
        self._order.remove(name)
        self._loaded.pop(name, None)
        self._specs.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._order))

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, name: object) -> bool:
        return name in self._order

    def __repr__(self) -> str:
        return f"GENERATORS({', '.join(self._order)})"


GENERATORS: MutableMapping[str, Generator] = _Registry(_SPECS)


def get_generator(name: str) -> Generator:
    try:
        return GENERATORS[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}") from None
