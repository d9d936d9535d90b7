"""The original programs, built by ``../shared/baselines`` and timed beside the
project in the same run (the speed targets are ratios against them, never
against a figure recorded on another machine or day).

``../shared/baselines`` (``MAPGEN_BASELINES`` overrides) builds them from git
mirrors of their repositories, looked for in ``MIRRORS`` (default: the
``.mirror`` folder beside the project's folder or beside its parent) into
``$TMPDIR`` or ``/var/tmp``, in the folders ``side-by-side`` uses (a build
by either serves both):

* :func:`fairland_c`: empserver's C fairland (its ``fairland-c/cfairland.py``
  builds and times it: whole process, and a trivial run to subtract);
* :func:`tgp15_harness`: OpenTTD 15.2's world generation (``tgp15-harness``);
* :func:`r13671_harness`: r13671's tgp.cpp compiled unchanged (``tgp-r13671``).

Each returns the built program, or None and why not (no baselines folder,
no mirror, a failed build): a bench then says plainly that it falls back to
a figure recorded elsewhere.  ``build=False`` only uses what is built.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINES = Path(os.environ.get("MAPGEN_BASELINES") or ROOT.parent / "shared" / "baselines")
BUILD_ROOT = Path(os.environ.get("TMPDIR") or "/var/tmp")
RECORDED = "RECORDED figure (not timed now)"
"""How a bench marks a ratio against a figure recorded elsewhere."""


def mirrors() -> Path:
    """Where the git mirrors are: ``MIRRORS``, else the first ``.mirror``
    beside the project's folder or beside its parent (a worktree's)."""
    if os.environ.get("MIRRORS"):
        return Path(os.environ["MIRRORS"])
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / ".mirror").is_dir():
            return base / ".mirror"
    return ROOT.parent / ".mirror"


def _mirror(name: str) -> Path | None:
    base = mirrors() / name
    for m in (base / "repo", base):
        if m.exists():
            return m
    return None


def fairland_c(build: bool = True):
    """(cfairland module, folder of the built programs, None) or (None, None, why not)."""
    folder = BASELINES / "fairland-c"
    if not (folder / "cfairland.py").is_file():
        return None, None, f"no baselines at {BASELINES}"
    os.environ.setdefault("MIRRORS", str(mirrors()))
    sys.path.insert(0, str(folder))
    dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, True   # nothing in shared/
    try:
        import cfairland
    finally:
        sys.dont_write_bytecode = dont_write
        sys.path.remove(str(folder))
    if not build and not cfairland._built(cfairland.build_dir()):
        return None, None, "C fairland not built"
    bin_dir, why = cfairland.ensure_built()
    return (cfairland, bin_dir, None) if bin_dir is not None else (None, None, why)


def _build(script: Path, mirror: Path, out: Path, exe: Path, stamp: str) -> str | None:
    """Run a baselines build script unless ``exe`` is built from the same
    sources (``out/source.sha256``); why it failed, or None."""
    try:
        if (out / "source.sha256").read_text().strip() == stamp and os.access(exe, os.X_OK):
            return None
    except OSError:
        pass
    out.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["bash", str(script), str(mirror), str(out)], capture_output=True,
                       text=True, timeout=1200)
    if r.returncode != 0 or not os.access(exe, os.X_OK):
        tail = (r.stderr or r.stdout).strip().splitlines()
        return f"build failed ({tail[-1] if tail else 'exit %d' % r.returncode})"
    (out / "source.sha256").write_text(stamp + "\n")
    return None


def _stamp(tool: Path) -> str:
    """Digest of a baseline's build sources (build.sh, stub/, harness/), as
    ``side-by-side`` writes it: a build of either is the other's."""
    h = hashlib.sha256()
    for f in sorted([tool / "build.sh", *(tool / "stub").rglob("*"), *(tool / "harness").rglob("*")]):
        if f.is_file():
            h.update(str(f.relative_to(tool)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def _harness(tool: str, mirror: str, out: str, exe: str, build: bool, stamped: bool = True):
    """``stamped``: a build counts only with the stamp of the current sources
    (``side-by-side`` builds the 15.2 harness without one, and takes any)."""
    folder = BASELINES / tool
    if not (folder / "build.sh").is_file():
        return None, f"no baselines at {BASELINES}"
    b = BUILD_ROOT / out
    path = b / exe
    stamp = _stamp(folder)
    try:
        same = (b / "source.sha256").read_text().strip() == stamp or not stamped
    except OSError:
        same = not stamped
    if same and os.access(path, os.X_OK):
        return path, None
    if not build:
        return None, f"{tool} not built"
    m = _mirror(mirror)
    if m is None:
        return None, f"no mirror of github {mirror.replace('+', '/')} in {mirrors()}"
    why = _build(folder / "build.sh", m, b, path, stamp)
    return (path, None) if why is None else (None, why)


def tgp15_harness(build: bool = True):
    """(OpenTTD 15.2's harness, None) or (None, why not)."""
    return _harness("tgp15-harness", "solida1987+openttd-archipelago", "tgp15-harness-build",
                    "tgp15", build, stamped=False)


def r13671_harness(build: bool = True):
    """(r13671's tgp.cpp harness, None) or (None, why not)."""
    return _harness("tgp-r13671", "jnicholl+openttd", "tgp-r13671-build", "tgp-r13671", build)


def tgp15_ms(exe: Path, side: int, settings: dict, stage: str, repeat: int) -> float:
    """The 15.2 harness's median wall ms of ``repeat`` runs (in its process):
    ``stage`` "water" (TGP, FixSlopes, the water pass) or "rivers" (the
    whole GenerateLandscape), seed 42, with the project's ``settings``
    (terrain, smoothness, variety, sea_level, rivers)."""
    lg = side.bit_length() - 1
    with tempfile.TemporaryDirectory() as out:
        args = [str(exe), "--seed", "42", "--log-x", str(lg), "--log-y", str(lg),
                "--climate", "0", "--terrain", str(settings.get("terrain", 1)),
                "--smooth", str(settings.get("smoothness", 1)),
                "--variety", str(settings.get("variety", 0)),
                "--sea", str(settings.get("sea_level", 0)), "--borders", "16", "--freeform", "1",
                "--height-limit", "0", "--rivers", str(settings.get("rivers", 0)),
                "--stop-after", "3" if stage == "rivers" else "1",
                "--repeat", str(repeat), "--no-noise", "--out", out]
        r = subprocess.run(args, capture_output=True, text=True, timeout=1200, check=True)
    return float(json.loads(r.stdout.strip().splitlines()[-1])["wall_ms"]["median"])


def r13671_ms(exe: Path, side: int, repeat: int) -> float:
    """r13671's harness: median ms of TGP and the water pass, in its process
    (seed 42, smoothness 1, terrain 2, sea level 0, temperate)."""
    lg = str(side.bit_length() - 1)
    r = subprocess.run([str(exe), "--log-x", lg, "--log-y", lg, "--seed", "42",
                        "--smoothness", "1", "--terrain", "2", "--sea", "0", "--landscape", "0",
                        "--repeat", str(repeat)], capture_output=True, text=True, timeout=1200,
                       check=True)
    return float(json.loads(r.stdout.strip().splitlines()[-1])["median_total_ms"])


if __name__ == "__main__":      # build them all and say what is there
    for name, get in (("C fairland", lambda: fairland_c()[1:]), ("15.2 harness", tgp15_harness),
                      ("r13671 harness", r13671_harness)):
        path, why = get()
        print(f"{name}: {path if path is not None else why}")
