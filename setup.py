"""The build hook: a wheel carries fairland's and TGP's kernels compiled ahead of time.

Everything else about the package is in ``pyproject.toml``.  When setuptools
builds the package's files for a wheel (``build_py``: ``pip install .``,
``pip wheel .``, ``python -m build``, and ``pip install`` of the sdist), this
also compiles the extension modules of :mod:`viewer.engine.fairland.aot` and
:mod:`viewer.engine.tgp.aot` with
numba (a build requirement) into the wheel, beside the sources, so that an
installed copy starts its fairland and tgp command lines without numba and writes
nothing into site-packages.  The wheel is then specific to the Python
version and platform (a ``cp3XX-cp3XX-PLATFORM`` tag).  The module is built
for any CPU of the architecture (``MAPGEN_VIEWER_TARGET_CPU=host`` builds
for this machine's).  A build that cannot compile it fails, saying why;
``MAPGEN_VIEWER_AOT=0`` builds a wheel without it (its fairland and tgp
command lines then compile with numba on first use, as the window does).

An editable install (``pip install -e .``, what ``scripts/setup`` does)
skips this: a checkout builds the modules into ``__pycache__`` instead
(``python -m viewer.engine.fairland.aot``, ``python -m viewer.engine.tgp.aot``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
AHEAD_OF_TIME = ("viewer.engine.fairland.aot", "viewer.engine.tgp.aot")
"""The generators' ahead-of-time modules (their declarations' ``ahead_of_time``)."""


class BuildPyWithKernels(build_py):
    """build_py, then the compiled kernels' extension modules into the build tree."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        # the shipped presets (resources/presets of a checkout) go inside the package
        presets = os.path.join(HERE, "resources", "presets")
        if os.path.isdir(presets):
            shutil.copytree(presets, os.path.join(self.build_lib, "viewer", "presets"),
                            dirs_exist_ok=True)
        if os.environ.get("MAPGEN_VIEWER_AOT") == "0":
            return
        # numba's JIT cache of the build goes to a scratch folder, not the sources
        with tempfile.TemporaryDirectory(prefix="mapgen-viewer-build-") as cache:
            os.environ["NUMBA_CACHE_DIR"] = cache
            sys.path.insert(0, self.build_lib)
            try:
                for module in AHEAD_OF_TIME:
                    self._compile(module)
            finally:
                sys.path.remove(self.build_lib)
                for name in [m for m in sys.modules if m == "viewer" or m.startswith("viewer.")]:
                    del sys.modules[name]

    def _compile(self, module: str) -> None:
        import importlib

        t0 = time.perf_counter()
        try:
            compiled = importlib.import_module(module).COMPILED
            folder = os.path.join(self.build_lib, *module.split(".")[:-1])
            path = compiled.build(verbose=False, folder=folder,
                                  target_cpu=os.environ.get("MAPGEN_VIEWER_TARGET_CPU", ""))
        except Exception as exc:
            raise SystemExit(
                f"mapgen-viewer: compiling {module}'s kernels failed ({type(exc).__name__}: "
                f"{exc}); they need numba with numba.pycc and a C compiler.  "
                "MAPGEN_VIEWER_AOT=0 builds a wheel without them (slow first start)") from exc
        print(f"mapgen-viewer: compiled {os.path.basename(path)} in "
              f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)


class PlatformDistribution(Distribution):
    """The wheel holds a compiled module: tag it for this Python and platform."""

    def has_ext_modules(self) -> bool:
        return os.environ.get("MAPGEN_VIEWER_AOT") != "0"


setup(cmdclass={"build_py": BuildPyWithKernels}, distclass=PlatformDistribution)
