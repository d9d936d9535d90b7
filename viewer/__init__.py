"""mapgen-viewer: a workbench for procedural map generators."""

from . import jit_cache as _jit_cache

_jit_cache.configure()   # before numba is imported: where its caches go
