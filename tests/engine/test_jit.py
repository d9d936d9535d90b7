"""The engines' kernels wait for their first call to import numba (viewer.engine.jit)."""

from __future__ import annotations

import subprocess
import sys

from refdata import ROOT


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=True).stdout


def test_importing_the_generator_does_not_import_numba():
    out = _run("import sys\n"
               "from viewer.engine.fairland import generator\n"
               "print('numba' in sys.modules)\n"
               "generator.FAIRLAND.validate({'nc': 5, 'sc': 30})\n"
               "print('numba' in sys.modules)\n")
    assert out.split() == ["False", "False"]


def test_a_name_imported_before_the_first_call_reaches_the_kernel():
    out = _run("from viewer.engine.fairland.kernel import mapdist, xyoff\n"
               "import viewer.engine.fairland.kernel as K\n"
               "print(type(K.mapdist).__name__)\n"
               "print(mapdist(64, 32, 0, 0, 10, 4), mapdist.py_func(64, 32, 0, 0, 10, 4))\n"
               "print(type(K.mapdist).__name__, type(K.xyoff).__name__, xyoff(64, 3, 2))\n")
    lines = out.splitlines()
    assert lines[0] == "LazyKernel"
    assert lines[1] == "7 7"
    assert lines[2] == "CPUDispatcher CPUDispatcher 65"
