"""TerraGenesis's units and tile classes, for the engine and the pictures
(a module without numba, so that drawing does not import the kernels)."""

HEIGHT_UNIT = 16          # fixed-point units per height level
INVALID_HEIGHT = -32768   # a corner not generated yet
TILE_CLASS_NAMES = ("clear", "water", "shore", "void")
