"""The generators: pure computation, no Qt and no rendering.

``GENERATORS`` maps each generator's name to its instance; see
:mod:`viewer.engine.protocol` for the surface every generator offers.
"""

from __future__ import annotations

from .fairland.generator import FAIRLAND
from .numberlink.generator import NUMBERLINK
from .ports.generator import PORTS
from .protocol import Generator
from .tgp.generator import TGP

GENERATORS: dict[str, Generator] = {FAIRLAND.name: FAIRLAND, TGP.name: TGP,
                                    NUMBERLINK.name: NUMBERLINK, PORTS.name: PORTS}


def get_generator(name: str) -> Generator:
    try:
        return GENERATORS[name]
    except KeyError:
        raise KeyError(f"unknown generator {name!r}; known: {', '.join(GENERATORS)}") from None
