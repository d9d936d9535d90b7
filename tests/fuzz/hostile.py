"""Hostile inputs for the fuzz suite: hypothesis strategies built from each
generator's Params, and the checks every run must pass.

A value for a Param is drawn from: its default, a value in range, the edges
of its range, just outside them, the wrong type, non-finite numbers, huge
numbers and hostile text.  ``cheap`` keeps the sizes that make a run slow
(fairland's world, TGP's map, Number Link's grid) small when they are valid,
so a few hundred runs take seconds; the long profile
(``tests/fuzz/long_profile.py``) uses the same strategies.
"""

from __future__ import annotations

import io
import math
import os
import struct
import subprocess
import sys
import threading
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st

from viewer.engine.params import Param

# -- values ---------------------------------------------------------------------

HOSTILE_TEXT = ("", " ", "-", "--", "-1", "+", "0x10", "1e3", "1_000", "²", "٣", "１",
                "nan", "inf", "-inf", "NaN", "Infinity", "1.5", "  7  ", "\t", "\n", "\x00",
                "\x7f", "\udcff", "\u202e", "é", "💥", "x" * 300, "9" * 50, "-" + "9" * 50,
                "9" * 5000, "0" * 5000 + "7", "1e" + "9" * 400,
                "1x1", "0x0", "64x", "x64", "64 x 32", "64×32", "-64x32", "64x-32",
                "4294967296", "-2147483649", "2147483648", "true", "yes", "None", "[]", "{}",
                "0:0.5,30:1,90:0", "0:nan,90:1", "0:1", "a:b,c:d", "../x", "/dev/null", "%s%n",
                "007", "00", "1_0", "٣٣", "１０", "+3", "3 ", "0b1", "1e0")

NON_FINITE = (math.nan, math.inf, -math.inf, -0.0)
HUGE = (2**31 - 1, 2**31, -(2**31) - 1, 2**32, 2**63 - 1, 2**63, -(2**63) - 1, 10**30,
        1e300, -1e300, 1e-300, 5e-324)


class Opaque:
    """An object no conversion knows."""

    def __repr__(self) -> str:
        return "<Opaque>"


WRONG_TYPES = (None, [], {}, (), [1], [1, 2, 3], (1, 2), {"a": 1}, b"", b"12", b"\xff",
               bytearray(b"1"), True, False, Opaque(), 1j, set(), frozenset({1}))


def _numbers(p: Param) -> st.SearchStrategy:
    lo, hi = p.minimum, p.maximum
    edges = [v for v in (lo, hi) if v is not None]
    out = [st.sampled_from(edges)] if edges else []
    if p.kind == "int":
        a = int(lo) if lo is not None else -1000
        b = int(hi) if hi is not None else 1000
        out.append(st.integers(a, b))
        out.append(st.sampled_from([e + d for e in edges for d in (-1, 1)] or [0]))
        out.append(st.sampled_from([str(e) for e in edges] or ["0"]))
    else:
        a = float(lo) if lo is not None else -1e6
        b = float(hi) if hi is not None else 1e6
        out.append(st.floats(a, b, allow_nan=False))
        out.append(st.sampled_from([math.nextafter(float(e), -math.inf) for e in edges]
                                   + [math.nextafter(float(e), math.inf) for e in edges]
                                   or [0.0]))
        out.append(st.floats(a, b, allow_nan=False).map(repr))
    return st.one_of(out)


def param_values(p: Param, cheap: dict[str, Any] | None = None) -> st.SearchStrategy:
    """Values for one Param, friendly and hostile."""
    options: list[st.SearchStrategy] = [st.just(p.default)]
    if p.kind in ("int", "float"):
        options.append(_numbers(p))
    elif p.kind == "choice":
        options.append(st.sampled_from(p.choices))
        options.append(st.sampled_from([c.upper() for c in p.choices]
                                       + [c + " " for c in p.choices]))
    elif p.kind == "bool":
        options.append(st.sampled_from([True, False, "yes", "off", 0, 1, 2, "maybe"]))
    elif p.kind == "size":
        lo = int(p.minimum or 1)
        hi = int(p.maximum or 4096)
        options.append(st.sampled_from([(lo - 1, lo), (lo, lo - 1), (hi + 1, lo), (0, 0),
                                        (-lo, lo), f"{hi + 2}x{hi}", f"{lo}x{lo}",
                                        (float(lo), float(lo)), (math.inf, lo), (math.nan, lo),
                                        (lo, lo, lo), [lo], "x".join([str(lo)] * 3)]))
    elif p.kind == "curve":
        options.append(st.sampled_from([((0.0, 0.5), (90.0, 0.0)), ((0, 1),), (),
                                        ((0.0, math.nan), (90.0, 1.0)),
                                        ((0.0, 1.0), (math.inf, 1.0)),
                                        ((90.0, 1.0), (0.0, 1.0)), "0:1,90:0", "0:1",
                                        [[0, 1], [45, -1], [90, 0]], [[0, 1, 2], [90, 0]]]))
    elif p.kind == "path":
        options.append(st.sampled_from(["", "no/such.png", "/dev/zero", "/", "\x00",
                                        "x" * 5000]))
    if cheap and p.name in cheap:
        options = [cheap[p.name]]  # the slow parameter: only what a quick run allows
    friendly = st.one_of(options)
    hostile = st.one_of(st.sampled_from(HOSTILE_TEXT), st.sampled_from(NON_FINITE),
                        st.sampled_from(HUGE), st.sampled_from(WRONG_TYPES))
    return st.one_of(friendly, friendly, hostile)  # about two friendly in three


def value_dicts(params: tuple[Param, ...], cheap: dict[str, Any] | None = None,
                extra_keys: bool = True) -> st.SearchStrategy:
    """Parameter dicts: a few Params given (friendly or hostile values), the
    rest left to their defaults; sometimes an unknown key."""
    names = [p.name for p in params]
    by_name = {p.name: p for p in params}

    @st.composite
    def build(draw):
        chosen = draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
        out = {n: draw(param_values(by_name[n], cheap)) for n in chosen}
        if cheap:  # keep the slow parameter cheap even when not drawn
            for n, strat in cheap.items():
                if n not in out and n in by_name:
                    out[n] = draw(strat)
        if extra_keys and draw(st.integers(0, 30)) == 0:
            out[draw(st.sampled_from([5, None, "bogus", "", (1, 2), "SIZE"]))] = 1
        return out

    return build()


SEEDS = st.one_of(st.integers(0, 2**32 - 1), st.sampled_from(
    (-1, 2**32, 2**64, 1.5, 2.0, math.nan, math.inf, "0x10", "", " 7 ", "seed", "\udcff",
     None, [1], True, b"\xff", "9" * 200)))


# -- running a command in-process --------------------------------------------------

@dataclass
class Run:
    argv: list[str]
    status: int
    out: str
    err: str
    seconds: float
    files_before: dict[str, bytes] = field(default_factory=dict)
    files_after: dict[str, bytes] = field(default_factory=dict)


@contextmanager
def cwd(path: Path):
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def snapshot(folder: Path) -> dict[str, bytes]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.is_symlink():
            out[str(p.relative_to(folder))] = p.read_bytes()
    return out


def run_main(argv: list[str], folder: Path) -> Run:
    """``python -m viewer ARGV`` in-process, in ``folder``."""
    from viewer.cli import main

    before = snapshot(folder)
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    t0 = time.perf_counter()
    try:
        with cwd(folder):
            status = main(list(argv))
    finally:
        sys.stdout, sys.stderr = old
    return Run(list(argv), status, out.getvalue(), err.getvalue(),
               time.perf_counter() - t0, before, snapshot(folder))


def check_clean(run: Run, prog: str) -> None:
    """What every run promises: an exit status of 0, 1 or 2; on failure a
    first line on standard error ``PROG: ...``; never a traceback or an
    internal error; no temporary file left; no file that was there lost or
    changed by a failed run."""
    where = f"{run.argv!r}: status {run.status}, stderr {run.err[-800:]!r}"
    assert run.status in (0, 1, 2), where
    assert "Traceback" not in run.err and "internal error" not in run.err, where
    assert "[Errno" not in run.err, where
    if run.status not in (0,):
        first = run.err.lstrip("\n").splitlines()[0] if run.err.strip() else ""
        assert first.startswith(f"{prog}: ") or first.startswith("viewer: "), where
        assert len(first) > len(prog) + 3, where
    left = [name for name in run.files_after if name.endswith(".tmp")
            and os.path.basename(name).startswith(".")]
    assert not left, (where, left)
    for name, data in run.files_before.items():
        assert name in run.files_after, (where, f"{name} was lost")
        if run.status != 0:
            assert run.files_after[name] == data, (where, f"{name} changed by a failed run")


# Helpers shared by the hostile-input test files --------------------------------

REPO = Path(__file__).resolve().parents[2]
"""The repository (tests/fuzz/../..)."""


def cli(argv, folder):
    run = run_main(argv, folder)
    check_clean(run, argv[0])
    return run

def one_line(run) -> str:
    lines = run.err.strip().splitlines()
    assert lines, run
    return lines[0]

def fake_png(path: Path, w: int, h: int) -> Path:
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                     + chunk(b"IDAT", zlib.compress(b"\0" * 100)) + chunk(b"IEND", b""))
    return path

STREAM_COMMANDS = [
    ["fairland", "-h"],
    ["fairland", "-R", "1", "--world", "32x16", "2", "20"],
    ["tgp", "--size", "64x64", "--seed", "1"],
    ["ports", "--help"],
    ["numberlink", "generate", "--size", "5x5"],
]

def _viewer(argv, **kw):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "viewer", *argv], env=env, timeout=120, **kw)


def only_line(run) -> str:
    lines = run.err.strip("\n").splitlines()
    assert len(lines) == 1, run.err
    return lines[0]

def child(args: list[str], cwd: Path, env: dict | None = None, timeout: float = 60,
          **kw) -> subprocess.CompletedProcess:
    """``python -m viewer ARGS`` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "viewer", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})}, **kw)

def as_a_user(monkeypatch):
    """os.access as for a user without root (root may write read-only files)."""
    from viewer.formats import atomic

    real = os.access

    def access(path, mode, *a, **kw):
        if mode & os.W_OK and os.path.exists(path) and not os.stat(path).st_mode & 0o222:
            return False
        return real(path, mode, *a, **kw)

    monkeypatch.setattr(atomic.os, "access", access)

SWEEP = ["sweep", "numberlink", "--seeds", "a,b", "--set", "size=5x5", "--jobs", "1", "--quiet"]


def grey_png(path: Path, side: int = 8) -> Path:
    from PIL import Image

    Image.fromarray(np.arange(side * side, dtype=np.uint8).reshape(side, side)).save(path)
    return path

def error_of(read, path) -> str:
    try:
        read(path)
    except ValueError as exc:
        assert "\n" not in str(exc)
        return str(exc)
    raise AssertionError("no error")

def long_label_puzzle(n: int) -> str:
    return f"3 1\n{'x' * n} . {'x' * n}\n"

def cancel_latency(gen, values, when) -> float:
    from viewer.engine.protocol import Cancelled, CancelToken

    token = CancelToken()
    done = {}

    def work():
        try:
            gen.generate(values, seed=1, cancel=token)
            done["how"] = "finished"
        except Cancelled:
            done["how"] = "cancelled"
        done["t"] = time.perf_counter()

    th = threading.Thread(target=work)
    th.start()
    t_start = time.perf_counter()
    while not when(token) and th.is_alive() and time.perf_counter() - t_start < 60:
        time.sleep(0.002)
    time.sleep(0.01)
    t0 = time.perf_counter()
    token.cancel()
    th.join(60)
    assert done.get("how") == "cancelled", done
    return done["t"] - t0
