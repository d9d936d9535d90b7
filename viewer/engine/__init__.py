"""The generators' engines: pure computation, no Qt, no rendering, and
nothing of the layers above (not even by import path).

Each engine (see :mod:`viewer.engine.protocol` for the surface every engine
offers) is one subpackage; what a generator offers beyond its engine is in
its declaration, above every layer (``viewer/generators/<name>.py``).
"""
