"""The generators' ahead-of-time compiled modules (fairland's, TGP's) are
built, and they are what the command line and the sweeps' workers run
(numba.pycc is pending deprecation in numba: a numba without it, a failed
build, or a kernel call the module has no function for, must fail here
rather than fall back silently to the slow start)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from viewer import registry

ROOT = Path(__file__).resolve().parents[2]

COMPILED = {name: registry.declaration(name).ahead_of_time for name in registry.names()
            if registry.declaration(name).ahead_of_time is not None}

COMMANDS = {
    "fairland": [["fairland", "-q", "-R", "1", "5", "30"]],
    # the bench's command, the default map, and the other climates
    "tgp": [["tgp", "--size", "64x64", "-q"], ["tgp", "-q"],
            ["tgp", "--size", "64x64", "--landscape", "arctic", "-q"],
            ["tgp", "--size", "64x64", "--landscape", "tropic", "--variety", "2", "-q"],
            ["tgp", "--openttd", "r13671", "--size", "128x64", "-q"]],
}
FIRST_FRAMES = [["tgp", "--size", "64x64", "--landscape", c, "--stop-after", "world", "-q"]
                for c in ("temperate", "arctic", "tropic")]
"""The game's first frame: towns, industries, objects, trees, tile loops."""

PROBE = """
import contextlib, io, json, sys
from viewer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main({argv!r})
compiled = [m.__file__ for n, m in sys.modules.items() if n.startswith({prefix!r})]
print(json.dumps({{"status": status, "compiled": compiled, "numba": "numba" in sys.modules}}))
"""


def _aot(name: str):
    return importlib.import_module(COMPILED[name].module)


def _run(code: str, tmp_path) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_the_generators_with_compiled_modules():
    assert set(COMPILED) == set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMPILED))
def test_the_compiled_module_is_built_for_these_sources(name):
    aot = _aot(name)
    module = aot.load()
    assert module is not None, (
        f"{name}'s compiled module {aot.module_name()} is not built: scripts/setup (or "
        f"python -m {COMPILED[name].module}) builds it with numba.pycc; without it every "
        f"{name} command line imports numba and loads the JIT kernels")
    assert os.path.basename(module.__file__).startswith(aot.module_name())


@pytest.mark.parametrize(("name", "argv"), [(n, a) for n in sorted(COMMANDS) for a in COMMANDS[n]])
def test_the_command_runs_the_compiled_module_and_not_numba(name, argv, tmp_path):
    _runs_the_compiled_module(name, argv, tmp_path)


@pytest.mark.parametrize("argv", FIRST_FRAMES, ids=" ".join)
def test_a_first_frame_runs_the_compiled_module_and_not_numba(argv, tmp_path):
    _runs_the_compiled_module("tgp", argv, tmp_path)


def _runs_the_compiled_module(name, argv, tmp_path):
    aot = _aot(name)
    probe = json.loads(_run(PROBE.format(argv=argv, prefix=aot.PREFIX), tmp_path))
    assert probe["status"] == 0
    assert [os.path.basename(f).split(".")[0] for f in probe["compiled"]] == [aot.module_name()]
    assert not probe["numba"], f"{' '.join(argv)} imported numba"


BATCH = """
import sys
from viewer.sweep import build_spec
from viewer.sweep.backends import batch_kernels
from viewer.sweep.cases import batches, run_batch
job = next(batches(build_spec({name!r}, {values!r}, "1..3"), 3))
with batch_kernels(job):
    rows = run_batch(job).rows
print(len(rows), "numba" in sys.modules)
"""


@pytest.mark.parametrize(("name", "values"), [("fairland", {}), ("tgp", {"size": (64, 64)})])
def test_a_worker_process_runs_a_sweeps_batches_with_the_compiled_module(name, values, tmp_path):
    """What the local pool's and the Dask workers' processes do for a batch."""
    assert _run(BATCH.format(name=name, values=values), tmp_path).split() == ["3", "False"], \
        "a worker's batch imported numba"


MAP = """
import json, zlib
import numpy as np
from viewer.engine.tgp.aot import compiled_kernels
from viewer.engine.tgp.generator import TGP
with compiled_kernels():
    r = TGP.generate({values!r}, seed=1)
print(json.dumps([{{k: zlib.crc32(np.ascontiguousarray(v).tobytes()) for k, v in
                   r.layers.items()}}, r.messages, r.detail.rng_state_after,
                  r.detail.random_calls]))
"""


@pytest.mark.parametrize("landscape", ["temperate", "arctic", "tropic"])
def test_the_compiled_module_makes_numba_s_first_frame(landscape, tmp_path):
    """Every tile byte, the messages (towns, industries) and the Random()
    state of a first frame from the compiled module are numba's."""
    import numpy as np
    import zlib

    from viewer.engine.tgp.generator import TGP

    values = {"openttd": "15.2", "size": (64, 64), "landscape": landscape, "stop_after": "world"}
    layers, messages, rng, calls = json.loads(_run(MAP.format(values=values), tmp_path))
    r = TGP.generate(values, seed=1)
    assert {k: zlib.crc32(np.ascontiguousarray(v).tobytes())
            for k, v in r.layers.items()} == layers
    assert (r.messages, list(r.detail.rng_state_after), r.detail.random_calls) == (
        messages, rng, calls)
