"""Where numba's caches go (a checkout's __pycache__; the user's cache
folder for an installed copy, nothing in site-packages) and the one line
said when numba must compile a generator's kernels."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# as every entry point does first (viewer.runtime)
WHERE = ("import os; from viewer import runtime; runtime.configure_command(); import numba; "
         "print(os.environ.get('NUMBA_CACHE_DIR', '-'))")

KERNELS = """import numba


@numba.njit(cache=True)
def inc(x):
    return x + 1


@numba.njit(cache=True)
def twice(x):
    return 2 * x
"""
COMPILE = """
import sys, viewer.jit_cache as jc
from viewer import runtime
runtime.configure_command()
sys.path.insert(0, ".")
import toy
print(toy.inc(1) + toy.twice(2), jc.active())
"""


def _python(code: str, pythonpath: Path, tmp_path: Path, **env) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environ.update(PYTHONPATH=str(pythonpath), XDG_CACHE_HOME=str(tmp_path / "cache"), **env)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=environ,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out


def test_importing_the_package_changes_nothing(tmp_path):
    site = tmp_path / "site-packages"
    shutil.copytree(ROOT / "viewer", site / "viewer",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = "import os, viewer, viewer.engine; print(os.environ.get('NUMBA_CACHE_DIR', '-'))"
    assert _python(code, site, tmp_path).stdout.split() == ["-"]


def test_a_checkout_keeps_numbas_caches_beside_the_sources(tmp_path):
    assert _python(WHERE, ROOT, tmp_path).stdout.split() == ["-"]


def test_an_installed_copy_caches_in_the_users_cache_folder(tmp_path):
    site = tmp_path / "site-packages"
    shutil.copytree(ROOT / "viewer", site / "viewer",
                    ignore=shutil.ignore_patterns("__pycache__"))
    out = _python(WHERE, site, tmp_path).stdout.split()
    assert out == [str(tmp_path / "cache" / "mapgen-viewer" / "numba")]
    # the user's own setting wins
    mine = str(tmp_path / "mine")
    assert _python(WHERE, site, tmp_path, NUMBA_CACHE_DIR=mine).stdout.split() == [mine]


def test_a_cold_compile_says_so_once_per_generator_and_a_warm_one_is_quiet(tmp_path):
    (tmp_path / "toy.py").write_text(KERNELS)   # a plugin generator's kernels
    cache = str(tmp_path / "numba")
    cold = _python(COMPILE, ROOT, tmp_path, NUMBA_CACHE_DIR=cache)
    lines = [line for line in cold.stderr.splitlines() if "compiling" in line]
    assert lines == [f"mapgen-viewer: compiling the toy kernels for this machine, once "
                     f"(about 30 s; cached in {cache})"]
    assert cold.stdout.split() == ["6", "None"]          # and no longer once compiled
    warm = _python(COMPILE, ROOT, tmp_path, NUMBA_CACHE_DIR=cache)
    assert "compiling" not in warm.stderr and warm.stdout.split() == ["6", "None"]
