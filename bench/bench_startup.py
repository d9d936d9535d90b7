"""Whole-process start-up of the command line, against ``python -c "import numpy"``.

    python bench/bench_startup.py [--repeat N] [--python PATH]

Runs each command N times (default 9) as a fresh process, interleaved,
takes the median wall time, subtracts that of ``python -c "import numpy"``
(numpy is the floor of any numpy tool; the commands load it with one
OpenBLAS thread, which is quicker, so the figure over that is printed too)
and prints it beside issue 30's bars: ``fairland -q -R 1 5 30`` at most 60 ms more, ``numberlink solve``
of a 5x5 puzzle and ``tgp --size 64x64 -q`` at most 120 ms more.
``python -m viewer --help`` and every command's ``-h`` must not import
numpy at all (their figure is printed over ``python -c pass``).  It also
lists the heavy packages each command imported (numpy, numba, Qt,
pyqtgraph, PySAT).

By default it measures this checkout (``PYTHONPATH`` set to it).  With
``--python PATH`` (e.g. ``/tmp/venv/bin/python``, a fresh venv where the
wheel is installed) it measures that interpreter's installed copy instead:
run from a scratch folder, without ``PYTHONPATH``.

fairland's and tgp's figures assume their ahead-of-time compiled kernels
are built (a wheel carries them; a checkout builds them with
``scripts/setup``, or ``python -m viewer.engine.fairland.aot`` and
``python -m viewer.engine.tgp.aot``); without them the command line falls
back to numba and says so here.
Wall times depend on the machine's load (run it on a quiet machine); the
median CPU time (user + system) each command takes beyond the same floor
is printed too, as it is less sensitive to other processes.  Bytecode
caching is on for the commands (``PYTHONDONTWRITEBYTECODE`` is dropped), as
for a user; the first, untimed, run of each command writes it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "numba", "PySide6", "pyqtgraph", "pysat", "llvmlite")

NUMPY = 'python -c "import numpy"'
NUMPY1 = "the same, one BLAS thread"  # what the commands set before numpy loads
HELP = "help"  # a bar: imports no numpy

PUZZLE_5X5 = "5 5\n3 . . . .\n2 . . 2 .\n4 . . 4 .\n. . . 1 .\n1 3 . . .\n"


def wall(cmd: list[str], cwd: str, env: dict) -> tuple[float, float]:
    """(wall time, CPU time user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def heavy_imports(cmd: list[str], cwd: str, env: dict) -> list[str]:
    """Top-level packages among HEAVY that the command imported."""
    run = subprocess.run([cmd[0], "-X", "importtime", *cmd[1:]], cwd=cwd, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         check=False)
    found = set()
    for line in run.stderr.splitlines():
        name = line.rpartition("|")[2].strip()
        if name.split(".")[0] in HEAVY:
            found.add(name.split(".")[0])
    return sorted(found)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", "--runs", dest="runs", type=int, default=9,
                    help="runs of each command (default 9)")
    ap.add_argument("--python", metavar="PATH",
                    help="measure the copy installed for this interpreter (default: this "
                         "checkout, with this interpreter)")
    args = ap.parse_args()
    py = args.python or sys.executable
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if args.python:
        env.pop("PYTHONPATH", None)
        where = f"the copy installed for {py}"
    else:
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
        where = f"the checkout {ROOT}"
    # as a user runs it: Python caches the modules' bytecode (the warm-up run writes it)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    compiled = {}
    for name in ("fairland", "tgp"):
        probe = subprocess.run([py, "-c", f"from viewer.engine.{name} import aot; "
                                "m = aot.load(); print(m.__file__ if m else '')"],
                               cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True)
        compiled[name] = probe.stdout.strip()

    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "p5x5.txt").write_text(PUZZLE_5X5)
        # (label, command, bar over "import numpy" in s, or HELP: no numpy)
        commands = [
            ("python -c pass", [py, "-c", "pass"], None),
            (NUMPY, [py, "-c", "import numpy"], None),
            (NUMPY1, ["env", "OPENBLAS_NUM_THREADS=1", py, "-c", "import numpy"], None),
            ("fairland -q -R 1 5 30", [py, "-m", "viewer", "fairland", "-q", "-R", "1", "5",
                                       "30"], 0.060),
            ("numberlink solve (5x5)", [py, "-m", "viewer", "numberlink", "solve",
                                        "p5x5.txt"], 0.120),
            ("tgp --size 64x64 -q", [py, "-m", "viewer", "tgp", "--size", "64x64", "--seed",
                                     "1", "-q"], 0.120),
            ("python -m viewer --help", [py, "-m", "viewer", "--help"], HELP),
            *((f"{c} -h", [py, "-m", "viewer", *c.split(), "-h"], HELP)
              for c in ("fairland", "tgp", "ports", "numberlink generate", "numberlink solve",
                        "sweep", "replay")),
        ]
        for _, cmd, _ in commands:  # warm the file cache and numba's
            wall(cmd, tmp, env)
        times = {label: [] for label, _, _ in commands}
        cpu = {label: [] for label, _, _ in commands}
        for _ in range(args.runs):  # interleaved, so load changes hit all alike
            for label, cmd, _ in commands:
                w, c = wall(cmd, tmp, env)
                times[label].append(w)
                cpu[label].append(c)
        base = statistics.median(times["python -c pass"])
        base_cpu = statistics.median(cpu["python -c pass"])
        floor = statistics.median(times[NUMPY])
        floor_cpu = statistics.median(cpu[NUMPY])
        floor1 = statistics.median(times[NUMPY1])
        floor1_cpu = statistics.median(cpu[NUMPY1])
        print(f"{where}: whole-process wall time, median of {args.runs} runs "
              f"(load average {os.getloadavg()[0]:.2f})")
        for name, path in compiled.items():
            if path:
                print(f"{name}'s compiled kernels: {path}")
            else:
                print(f"note: {name}'s compiled kernels are not built: it runs numba "
                      f"(python -m viewer.engine.{name}.aot)")
        ok = True
        print(f"{'command':28s} {'median':>8s} {'over':>8s} {'[spread]':>17s} {'bar':>8s}  "
              f"verdict {'CPU over':>9s}  heavy imports")
        for label, cmd, bar in commands:
            med = statistics.median(times[label])
            if bar is None:
                print(f"{label:28s} {med:7.3f}s {'':>8s} {'':>17s} {'':>8s}  {'':7s} "
                      f"{statistics.median(cpu[label]):8.3f}s")
                continue
            heavy = heavy_imports(cmd, tmp, env)
            if bar is HELP:
                ref, ref_cpu, over = base, base_cpu, "pass"
                good = "numpy" not in heavy
                bar_text = "no numpy"
            else:
                ref, ref_cpu, over = floor, floor_cpu, "numpy"
                good = med - ref <= bar
                bar_text = f"+{bar * 1000:.0f} ms"
            ok &= good
            extra = [t - ref for t in times[label]]
            spread = f"[{min(extra) * 1000:+.0f}..{max(extra) * 1000:+.0f} ms]"
            extra_cpu = statistics.median(cpu[label]) - ref_cpu
            strict = "" if bar is HELP else (
                f"; over {NUMPY1}: {(med - floor1) * 1000:+.0f} ms, CPU "
                f"{(statistics.median(cpu[label]) - floor1_cpu) * 1000:+.0f} ms")
            print(f"{label:28s} {med:7.3f}s {(med - ref) * 1000:+5.0f} ms {spread:>17s} "
                  f"{bar_text:>8s}  {'ok' if good else 'OVER':7s} {extra_cpu * 1000:+6.0f} ms  "
                  f"{', '.join(heavy) or 'none'}  (over {over}{strict})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
