"""fairland's ahead-of-time compiled module is built, and it is what the
command line and the sweeps' workers run (numba.pycc is pending deprecation
in numba: a numba without it, or a failed build, must fail here rather than
fall back silently to the slow start)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import contextlib, io, json, sys
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main({argv!r})
from viewer.engine.fairland import aot
compiled = [m.__file__ for n, m in sys.modules.items() if n.startswith(aot.PREFIX)]
print(json.dumps({{"status": status, "compiled": compiled, "numba": "numba" in sys.modules}}))
"""


def _run(argv: list[str], tmp_path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", PROBE.format(argv=argv)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_compiled_module_is_built_for_these_sources():
    from viewer.engine.fairland import aot

    module = aot.load()
    assert module is not None, (
        f"fairland's compiled module {aot.module_name()} is not built: scripts/setup (or "
        "python -m viewer.engine.fairland.aot) builds it with numba.pycc; without it every "
        "fairland command line imports numba and loads the JIT kernels")
    assert os.path.basename(module.__file__).startswith(aot.module_name())


def test_the_fairland_command_runs_the_compiled_module_and_not_numba(tmp_path):
    probe = _run(["fairland", "-q", "-R", "1", "5", "30"], tmp_path)
    assert probe["status"] == 0
    from viewer.engine.fairland import aot

    assert [os.path.basename(f).split(".")[0] for f in probe["compiled"]] == [aot.module_name()]
    assert not probe["numba"]


BATCH = """
import sys
from viewer.sweep import build_spec
from viewer.sweep.backends import batch_kernels
from viewer.sweep.cases import batches, run_batch
job = next(batches(build_spec("fairland", {}, "1..3"), 3))
with batch_kernels(job):
    rows = run_batch(job).rows
print(len(rows), "numba" in sys.modules)
"""


def test_a_worker_process_runs_a_sweeps_batches_with_the_compiled_module(tmp_path):
    """What the local pool's and the Dask workers' processes do for a batch."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", BATCH], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3", "False"], "a worker's batch imported numba"
