"""OpenTTD's own model of the map, shared by every part of the engine that
works on the game's tiles (GenerateClearTile, towns, industries, objects,
trees, the tile loops).

The game keeps each tile as a handful of bytes (``Tile::base_tiles`` and
``Tile::extended_tiles``: ``type``, ``height``, ``m1`` ... ``m8``), whose meaning
depends on the tile's type (the game's ``docs/landscape.html``).  Here:

* :mod:`.tiles`: :class:`~.tiles.GameMap`, one flat numpy array per byte, and
  the accessors every tile type shares (IsTileType, GetTileOwner, TileHeight,
  GetTileSlope, the tropic zone ...), named after the game's.
* :mod:`.randomizer`: :class:`~.randomizer.Randomizer`, the game's ``_random``
  as a named record whose next draw is public.
* :mod:`.world`: :class:`~.world.World`, the whole state world generation
  carries from step to step (map, Randomizer, towns, industries, tile-loop
  position), so a step can start from any stage.

Accessors particular to a tile type live in a module of that type
(``clear_map``, ``road_map``, ``town_map``, ``industry_map``, ``tree_map``,
``water_map``, ``object_map``), as the game's ``*_map.h`` headers.
"""

from .randomizer import Randomizer
from .tiles import GameMap, TileType
from .world import World

__all__ = ["GameMap", "Randomizer", "TileType", "World"]
