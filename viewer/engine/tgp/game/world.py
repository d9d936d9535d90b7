"""The whole state OpenTTD's world generation carries from one step to the
next (``_GenerateWorld``), so any step can start from any stage: the map's
tile bytes, the Randomizer, the towns and industries pools, the tile loop's
position and the tick counter, and the game settings that shape the map.

Settings are named as the game names them (``difficulty.number_towns``,
``economy.town_layout``, ... as the console's ``setting_newgame`` takes them);
a missing one means the game's default, which :func:`setting` gives from the
table each step declares.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .randomizer import Randomizer
from .tiles import GameMap

STAGES = ("landscape", "clear", "towns", "industries", "objects", "trees", "startup", "world")
"""The stages of ``_GenerateWorld``, each named after what is done on leaving
it (as ``openttd-firstframe`` names its stops)."""

LANDSCAPE_INDEX = {"temperate": 0, "arctic": 1, "tropic": 2, "toyland": 3}


@dataclass
class World:
    map: GameMap
    rng: Randomizer
    settings: dict[str, Any] = field(default_factory=dict)
    towns: list[Any] = field(default_factory=list)
    industries: list[Any] = field(default_factory=list)
    cur_tileloop_tile: int = 1
    tick_counter: int = 0
    stage: str = "landscape"
    objects: list[Any] = field(default_factory=list)
    """The object pool (lighthouses, transmitters ...), by index; the
    reference holds none, a step adds its own records."""
    wetland_trees: Any = None
    """The tiles (an index array) whose trees GenerateLandscape's wetlands
    planted, as the first stage found them (the only trees before
    GenerateTrees); None where unknown."""

    def setting(self, name: str, default: Any) -> Any:
        """The game setting ``name`` (the game's default when unset)."""
        return self.settings.get(name, default)

    @property
    def landscape(self) -> int:
        """``game_creation.landscape``: 0 temperate, 1 arctic, 2 tropic, 3 toyland."""
        v = self.settings.get("game_creation.landscape", 0)
        return LANDSCAPE_INDEX[v] if isinstance(v, str) else int(v)

    @property
    def freeform_edges(self) -> bool:
        return bool(self.settings.get("construction.freeform_edges", True))
