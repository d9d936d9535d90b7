"""CreateRivers of OpenTTD 15.2, on the map after the climate pass (a
:class:`~viewer.engine.tgp.openttd15.landscape.Landscape`).  Every number
below is one setting of the game's (``amount_of_rivers``,
``min_river_length`` L, ``river_route_random``) or a constant of its code.

1. **Wells.**  The map gets ceil((4 << amount) * size_x * size_y / 65536)
   wells: the first max(1, wells / 10) are long rivers (at least 4L tiles
   long, up to 512 tries each), the others short ones (at least L, up to
   128 tries).  A well stops at its first river made.
2. **Springs.**  A try draws one Random() for a tile and walks the spiral
   of diameter 8 around it; the first tile that can be a spring starts the
   river, and the try ends with it.  A spring is flat and not plain water
   (in the tropic it lies in the rainforest zone); at least 4 tiles of its
   3x3 block rise above it and none of its 33x33 block rises more than two
   levels above it.
3. **Flow search.**  From the river's current end (the spring first) a
   breadth-first search over the four neighbours the water flows down to
   looks for the first flat tile lower than the end, or plain water at its
   height.  Plain water ends the river: made when the spring lies farther
   than L from it, a main river when the water is at sea level.  A target
   found is flowed on from, and the segment to it is built once the rest
   of the river was made (so segments are built from the mouth back).
4. **Small seas.**  A sea target counts only when its flat sea touches the
   map's edge or holds more than min(2 sqrt(size_x size_y), 1024) tiles; a
   smaller sea is filled in, tile by tile (lower all four corners, then
   raise the rest of the slope), and the search goes on.
5. **Lakes and wetlands.**  When no target is found and the search queued
   more than 32 tiles, one queued tile drawn at random, farther than L from
   the spring, flat at the end's height and not desert, may end the river:
   Chance16(1, 3) makes a lake (river water over a spiral of RandomRange(8)
   + 3, twice over), else a wetland (river water, rough ground and, one
   time in two, trees, over a spiral as wide as the segment was long, at
   least 16).
6. **Segments.**  YAPF's A* search from the segment's begin to its end over
   the same moves, each node generated costing its parent's cost + 1 +
   RandomRange(``river_route_random``), stopped after 10,000 closed nodes;
   every tile of the path that is not water becomes river (one Random()
   for its random bits) and clears the desert zone near it.
7. **Widening.**  The segments of a main river widen with the distance
   from the spring (diameter up to 3): tiles of the spiral around each path
   tile, terraformed where needed to match the river's slope, become river.
8. **The last water conversion.**  After every well,
   ConvertGroundTilesIntoWaterTiles once more turns the tiles terraforming
   brought to level 0 into sea or shore; the 256 tile loops that follow are
   :mod:`~viewer.engine.tgp.openttd15.landscape_tile_loop`'s.

Terraforming (steps 4 and 7) is the game's land raise/lower command; it
draws no Random().  The modules:

* :mod:`.create`: :class:`~.create.CreateRivers`, the Python side: the
  wells, one attempt per call (the timeline's steps), the last water pass;
* :mod:`.kernel`: steps 2-5, 7 and 8 as numba kernels;
* :mod:`.route`: step 6's A* search;
* :mod:`.terraform`: the land raise/lower command;
* :mod:`.tiles`: the tile helpers and the records the kernels share.
"""
