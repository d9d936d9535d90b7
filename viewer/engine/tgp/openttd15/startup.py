"""The start-up steps of OpenTTD 15.2's world generation after the trees
(``genworld.cpp``): StartupCompanies (no draw), StartupEngines and
StartupDisasters.  Their only trace on what the map and the Random()
stream carry is two draws: StartupEngines draws one seed for the engines
(each engine then draws from its own seeding, the game's stream saved and
restored around it) and StartupDisasters one for the delay before the
first disaster."""

from __future__ import annotations

from dataclasses import dataclass

from ..game.world import World


@dataclass
class Startup:
    engine_seed: int        # the seed StartupEngines gives every engine
    disaster_delay: int     # days until the first disaster (730 .. 1241)


def startup(world: World) -> Startup:
    """StartupCompanies, StartupEngines, StartupDisasters on ``world``."""
    engine_seed = world.rng.next()                      # StartupEngines
    disaster_delay = (world.rng.next() & 0x1FF) + 730   # StartupDisasters: ResetDisasterDelay
    return Startup(engine_seed, disaster_delay)
