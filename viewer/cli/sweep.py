"""``python -m viewer sweep``: one generator over many seeds and up to two
varied parameters, one row of metrics per case, into a CSV or Parquet table.

::

    sweep GENERATOR --seeds A..B [--set NAME=VALUE ...] [--vary NAME=V1,V2,...]
          [--jobs N | --scheduler ADDRESS] --out FILE [--top K --by METRIC [--ascending]]

Parameter names are the generator's Params' names (``sweep GENERATOR
--help`` lists them with the metrics).  The specification is checked before
anything runs; a bad one is refused with the parameter's own message (exit
status 1).  A progress bar with cases per second goes to standard error.
Ctrl+C stops the sweep: the rows done so far are written, in case order, and
the exit status is 130.  Everything goes through ``sys.stdout``/``sys.stderr``,
so :func:`run_sweep_cli` can be called in-process.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Sequence

from ..engine.names import one_line
from .args import Parser, Usage, default_text, parse, shorten, whole

PROG = "sweep"
MAX_JOBS = 256
"""--jobs at most: each is a process of its own."""


def _parser() -> Parser:
    from .. import registry

    p = Parser(prog=PROG, add_help=False,
               usage="%(prog)s GENERATOR --seeds A..B [--set NAME=VALUE ...] "
                     "[--vary NAME=V1,V2,...] [--jobs N | --scheduler ADDRESS] --out FILE "
                     "[--top K --by METRIC [--ascending]]",
               description="Run a generator over many seeds (and up to two varied "
                           "parameters) and tabulate its metrics, one row per case.")
    p.add_argument("generator", nargs="?", metavar="GENERATOR",
                   help="a registered generator: " + ", ".join(registry.names()))
    p.add_argument("-h", "--help", action="store_true", dest="show_help",
                   help="show this help, the generator's parameters and metrics, and exit")
    p.add_argument("--seeds", metavar="A..B",
                   help="seeds A to B (both included), or a list S1,S2,...")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="a fixed parameter (repeatable); others keep their defaults")
    p.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="a parameter to vary over a list of values (at most two)")
    p.add_argument("--preset", metavar="FILE",
                   help="start from the values of a preset (--set and --vary change them; "
                        "its seed is not used)")
    backend = p.add_mutually_exclusive_group()
    backend.add_argument("--jobs", metavar="N",
                         help="worker processes on this machine (default: the number of cores)")
    backend.add_argument("--scheduler", metavar="ADDRESS",
                         help="run on a Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--out", metavar="FILE", help="the table: FILE.csv or FILE.parquet")
    p.add_argument("--top", metavar="K", help="also print the best K rows")
    p.add_argument("--by", metavar="METRIC", help="the metric --top ranks by (largest first)")
    p.add_argument("--ascending", action="store_true", help="--top: smallest first")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return p


def _help_text(parser: Parser, generator: str | None) -> str:
    from .. import registry

    text = parser.format_help()
    names = [generator] if generator in registry.names() else registry.names()
    gens = [registry.declaration(n) for n in names]
    for gen in gens:
        text += f"\n{gen.name} parameters:\n"
        for prm in (*gen.params, *gen.metrics.options):
            default = default_text(prm)
            text += f"  {prm.name:<22} {prm.help or prm.label} (default {default})\n"
        text += f"{gen.name} metrics: {', '.join(gen.metrics.names())}"
        if gen.metrics.options:
            text += f" (with {', '.join(o.name + '=1' for o in gen.metrics.options)}: " \
                    f"{', '.join(gen.metrics.names({o.name: True for o in gen.metrics.options}))})"
        text += "\n"
    return text


def _pair(text: str, flag: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise Usage(f"{flag}: expected NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


def _check_seeds_text(text: str, generator: str) -> None:
    """Refuse number seeds too long to be 32-bit ones before they are read
    (Python's int() refuses more than 4300 digits with a traceback's words)."""
    from .. import registry

    if generator in registry.names() and registry.declaration(generator).seed_kind == "text":
        return
    import re

    for token in re.split(r"\.\.|,", text):
        t = token.strip().lstrip("+-")
        if t.isascii() and t.isdigit() and len(t.lstrip("0")) > 10:
            raise Usage(f"--seeds: {shorten(token.strip())} is not a seed: seeds are "
                        f"0..4294967295")


def _options(args):
    """(spec, backend, top) from the arguments, or Usage / ParamError."""
    from .. import registry
    from ..sweep import DaskCluster, InProcess, LocalPool, build_spec, default_jobs, table_format

    if not args.generator:
        raise Usage("give a GENERATOR: " + ", ".join(registry.names()))
    if args.seeds is None:
        raise Usage("--seeds A..B is required")
    if args.out is None:
        raise Usage("--out FILE is required (FILE.csv or FILE.parquet)")
    try:
        table_format(args.out)
    except ValueError as exc:
        raise Usage(f"--out {exc}") from None
    _check_seeds_text(args.seeds, args.generator)
    fixed = dict(_pair(s, "--set") for s in args.set)
    vary = []
    for v in args.vary:
        name, values = _pair(v, "--vary")
        vary.append((name, [x.strip() for x in values.split(",") if x.strip()]))
    base = None
    if args.preset is not None:
        from ..engine.names import shown_name
        from ..formats.presets import load_preset

        preset = load_preset(args.preset)
        if preset.generator != args.generator:
            raise Usage(f"--preset {shown_name(args.preset)} is for {preset.generator}, "
                        f"not {args.generator}")
        base = preset.params
    spec = build_spec(args.generator, fixed, args.seeds, vary, base)
    if args.scheduler is not None:
        backend = DaskCluster(args.scheduler)
    else:
        jobs = whole(args.jobs, "--jobs") if args.jobs is not None else default_jobs()
        if jobs < 1:
            raise Usage(f"--jobs must be at least 1, not {jobs}")
        if jobs > MAX_JOBS:
            raise Usage(f"--jobs must be at most {MAX_JOBS}, not {jobs}")
        backend = InProcess() if jobs == 1 else LocalPool(jobs)
    top = None
    if args.top is not None or args.by is not None:
        if args.top is None or args.by is None:
            raise Usage("--top K and --by METRIC go together")
        k = whole(args.top, "--top")
        if k < 1:
            raise Usage(f"--top must be at least 1, not {k}")
        numeric = [c for c, kind in spec.column_kinds().items() if kind != "text"]
        if args.by not in numeric:
            raise Usage(f"--by: {args.by!r} is not a metric of {args.generator}; metrics: "
                        f"{', '.join(spec.metric_names)}")
        top = (k, args.by, args.ascending)
    return spec, backend, top


def run_sweep_cli(argv: Sequence[str]) -> int:
    from ..engine.names import shown_name
    from ..engine.params import ParamError
    from ..formats.atomic import WriteError
    from ..formats.presets import PresetError
    from ..sweep import BackendError, Reorder, TableWriter, TopK, format_rows, run_sweep

    parser = _parser()
    args = parse(parser, argv, PROG)
    if isinstance(args, int):
        return args
    if args.show_help:
        sys.stdout.write(_help_text(parser, args.generator))
        return 0
    try:
        spec, backend, top = _options(args)
    except Usage as exc:
        sys.stderr.write(f"{PROG}: {one_line(exc)}\n")
        return 1
    except (ParamError, PresetError) as exc:
        sys.stderr.write(f"{PROG}: {one_line(exc)}\n")
        return 1

    cancel = threading.Event()
    interrupted = []

    def on_sigint(signum, frame):
        if cancel.is_set():          # a second Ctrl+C: stop at once
            raise KeyboardInterrupt
        interrupted.append(True)
        cancel.set()

    order = Reorder()
    best = TopK(top[0], spec.columns, top[1], top[2]) if top else None
    bar = None
    n_ok = 0
    ok_col = spec.columns.index("ok")

    def emit(table, rows):
        nonlocal n_ok
        table.write(rows)
        n_ok += sum(r[ok_col] for r in rows)
        if best is not None:
            best.add(rows)

    in_main = threading.current_thread() is threading.main_thread()
    old_handler = signal.signal(signal.SIGINT, on_sigint) if in_main else None
    try:
        with TableWriter.for_spec(args.out, spec) as table:
            if not args.quiet:
                from tqdm import tqdm

                bar = tqdm(total=spec.n_cases, unit=" cases", file=sys.stderr, mininterval=0.5,
                           dynamic_ncols=True, desc=f"{spec.generator} sweep")
            try:
                for batch in run_sweep(spec, backend, cancel=cancel):
                    emit(table, order.add(batch))
                    if bar is not None:
                        bar.update(len(batch.rows))
            finally:
                emit(table, order.rest())
                if bar is not None:
                    bar.close()
    except BackendError as exc:
        sys.stderr.write(f"{PROG}: {one_line(exc)}\n")
        return 1
    except WriteError as exc:
        sys.stderr.write(f"{PROG}: {one_line(exc.strerror)}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted; {shown_name(args.out)} left as it was\n")
        return 130
    finally:
        if in_main:
            signal.signal(signal.SIGINT, old_handler)
    done = table.rows_written
    failed = done - n_ok
    summary = f"{done} of {spec.n_cases} cases"
    if failed:
        summary += f" ({failed} failed: see the error column)"
    sys.stderr.write(f"{PROG}: {summary} written to {shown_name(args.out)}\n")
    if best is not None:
        k, by, ascending = top
        varied = [name for name, _ in spec.varied]
        show = ["seed", *varied, by, *(m for m in spec.metric_names if m != by)]
        order_word = "smallest" if ascending else "largest"
        sys.stdout.write(f"best {min(k, len(best.rows()))} by {by} ({order_word} first):\n")
        sys.stdout.write(format_rows(spec.columns, best.rows(), show))
    if interrupted:
        sys.stderr.write(f"{PROG}: interrupted; the rows done so far are kept\n")
        return 130
    return 0
