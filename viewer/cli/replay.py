"""``python -m viewer replay BUNDLE.npz``: is this map made again, the same?

Reads the bundle (its NPZ and JSON sidecar, checked as
:func:`viewer.formats.bundle.open_bundle` does), runs the generator the
sidecar names with its parameters and seed, and compares every stored
layer (see :mod:`viewer.formats.replay`).  Prints ``reproduced: N layers
identical`` and exits 0, or one line per layer that differs (with the
cells) and exits 1.  A bundle that cannot be read or replayed (damaged,
another format version, an unknown generator, parameters refused) is one
line ``replay: FILE: what is wrong`` on standard error, exit status 1.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..engine.names import one_line
from .args import Parser, ProgressLine, isatty, parse

PROG = "replay"


def _parser() -> Parser:
    p = Parser(prog=PROG, add_help=False,
               description="Make a bundle's map again from its sidecar (generator, parameters, "
                           "seed) and compare every stored layer.")
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    p.add_argument("bundle", metavar="BUNDLE.npz", help="the bundle (its .npz or its .json)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="print nothing; the exit status says it (0 reproduced, 1 not)")
    p.add_argument("--progress", action="store_true",
                   help="report the generator's phases on standard error (on by itself when "
                        "standard error is a terminal)")
    return p


def run_replay(argv: Sequence[str]) -> int:
    args = parse(_parser(), argv, PROG)
    if isinstance(args, int):
        return args
    from ..formats.bundle import BundleError
    from ..formats.replay import replay_file

    progress = ProgressLine(sys.stderr, args.progress or isatty(sys.stderr))
    try:
        done = replay_file(args.bundle, progress=lambda phase, f: progress(
            f"{PROG}: {phase} ({f:.0%})", f))
    except BundleError as exc:
        sys.stderr.write(f"{PROG}: {one_line(exc)}\n")
        return 1
    finally:
        progress.clear()
    if not args.quiet:
        sys.stdout.write("".join(line + "\n" for line in done.lines()))
    return 0 if done.reproduced else 1
