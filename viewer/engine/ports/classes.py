"""The names of the ports' classes and of the cells' classes, for the engine
and the pictures (a module without numba)."""

CLASS_NAMES = ("hamlet", "village", "town", "city", "metropolis")
CELL_CLASS_NAMES = ("land", "coast", "sea", "lake", "coast by a lake")
