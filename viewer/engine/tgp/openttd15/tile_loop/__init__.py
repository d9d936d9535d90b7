"""The 1,280 tile loops OpenTTD 15.2 runs at the end of world generation
(``genworld.cpp``: ``RunTileLoop`` 0x500 times, the tick counter counting
up), on the game's map model: after them the map is the one the game shows
on its first frame.

* :mod:`.loop`: RunTileLoop (the LFSR order, tile 0 every 256 ticks) and
  the dispatch to each tile type's TileLoop.
* :mod:`.land`: clear land (desert, snow, grass, fields), trees (ground,
  growth, spreading), water and void (flooding, drying up).
* :mod:`.town`: town roads (snow, desert, roadside), houses (construction,
  the draws of cargo generation), tunnels and bridges (snow, desert).
* :mod:`.industry`: industry tiles (construction, their animations'
  starts and the draws they make).
* :mod:`.kernel`: the same visits compiled (numba), which run the loops;
  a visit it leaves to the Python ones above (the sea flooding a house, a
  land industry, a lighthouse or transmitter or a bridge; road works; a
  town rebuilding) is handed over alone and the kernel goes on after it.
"""

from .loop import run_tile_loops

__all__ = ["run_tile_loops"]
