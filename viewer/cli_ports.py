"""``python -m viewer ports``: port placement on a heightmap from the command line.

::

    ports [--seed N] [--source tgp|png] [--tgp-size WxH ...]
          [--png-heightmap FILE --png-sea-level GREY]
          [--ports N] [--grid CELLS] [--radius CELLS] [--min-distance CELLS]
          [--latitude-north DEG] [--latitude-south DEG] [--latitude-curve D:W,...]
          [--population log-normal|log-uniform|constant] [--pop-median N] ...
          [--json FILE] [--csv FILE] [--png FILE [--scale N]] [-q]

Every option but the outputs is a parameter of the Ports generator (``ports
--help`` lists them with their defaults); ``--png-heightmap FILE`` alone
selects the PNG source.  Prints a summary and one line per port, and writes:

``--json``  ``{"generator", "seed", "params", "source", "map", "ports",
            "short", "candidates"}``; each port has its id, cell ``[x, y]``,
            position (the cell's centre), latitude, population, class,
            desirability, weight, ship corner and route length
``--csv``   one row per port (same fields), after a ``#`` comment line
            holding the command that reproduces it
``--png``   a picture of the map with the coast, routes and ports

Errors are reported as ``ports: message`` on standard error with exit
status 1.  Everything goes through ``sys.stdout``/``sys.stderr``, so
:func:`run_ports` can be called in-process.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .cli_args import (
    Parser,
    ProgressLine,
    Usage,
    add_bundle,
    add_bundle_option,
    bundle_targets,
    check_outputs,
    default_text,
    isatty,
    parse,
    picture_scale,
    seed_or_random,
)
from .formats.ports import CSV_FIELDS, PROG, command_line, csv_text, json_text  # noqa: F401
from .formats.ports import flag as _flag


def _parser() -> Parser:
    from .engine.ports.generator import PARAMS

    p = Parser(prog=PROG, add_help=False,
                description="Port placement on a heightmap, with a guaranteed route to open "
                            "sea (\"Around The World, Part 25: Placing ports\").")
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    p.add_argument("--seed", default=None, metavar="N",
                   help="seed 0..4294967295 of the map and the ports (default: a random one, "
                        "printed)")
    for prm in PARAMS:
        extra = f" (default {default_text(prm)})"
        if prm.choices:
            extra = f": {', '.join(prm.choices)}" + extra
        p.add_argument(_flag(prm), dest=prm.name, default=None, metavar=prm.kind.upper(),
                       help=(prm.help or prm.label) + extra)
    p.add_argument("--json", metavar="FILE", help="write the ports and parameters as JSON")
    p.add_argument("--csv", metavar="FILE", help="write the ports as CSV")
    p.add_argument("--png", metavar="FILE", help="write a picture of the map and its ports")
    p.add_argument("--scale", metavar="N", help="pixels per cell for --png "
                   "(default: enough for about 1024 pixels, at least 1)")
    add_bundle_option(p)
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    p.add_argument("--progress", action="store_true",
                   help="report the phases on standard error (on by itself when standard "
                        "error is a terminal)")
    return p


def run_ports(argv: Sequence[str]) -> int:
    out, err = sys.stdout, sys.stderr
    args = parse(_parser(), argv, PROG)
    if isinstance(args, int):
        return args
    from .engine.params import ParamError
    from .engine.ports.generator import PARAMS, PORTS
    from .formats.atomic import WriteError
    from .formats.png import PictureTooLarge, check_picture

    try:
        given = {prm.name: getattr(args, prm.name) for prm in PARAMS
                 if getattr(args, prm.name) is not None}
        if "png_path" in given and "source" not in given:
            given["source"] = "png"
        values = PORTS.validate(given)
        seed = seed_or_random(args.seed)
        scale = picture_scale(args.scale)
        if args.scale is not None and args.png is None:
            raise Usage("--scale needs --png")
        outputs = check_outputs(args.json, args.csv, args.png, *bundle_targets(args.bundle))
        if args.png is not None:
            w, h = _cells(values)
            scale = scale if scale is not None else default_scale(w, h)
            try:
                check_picture(w * scale, h * scale)
            except PictureTooLarge as exc:
                raise Usage(f"--png: {exc} ({w}x{h} cells at --scale {scale})") from None
    except (Usage, ParamError) as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    progress = ProgressLine(err, args.progress or isatty(err))
    try:
        result = PORTS.generate(values, seed=seed,
                                progress=lambda phase, done: progress(
                                    f"{PROG}: {phase} ({done:.0%})", done))
    except ParamError as exc:  # the PNG changed between validation and generation
        err.write(f"{PROG}: {exc}\n")
        return 1
    finally:
        progress.clear()
    try:
        with outputs:
            _write_outputs(outputs, result, args, scale)
    except WriteError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    if not args.quiet:
        out.write(command_line(values, seed) + "\n")
        out.write(result.messages)
        for p in result.extra["ports"]:
            out.write(f"{p['id']:4d}  cell {p['cell'][0]},{p['cell'][1]}  lat "
                      f"{p['latitude']:7.2f}  {p['class']:<10} {p['population']:>9}  "
                      f"desirability {p['desirability']}\n")
    return 0


def default_scale(w: int, h: int) -> int:
    """--png's pixels per cell when --scale is not given: about 1024 pixels."""
    return max(1, 1024 // max(w, h))


def _cells(values) -> tuple[int, int]:
    """(width, height) in cells of the map ``values`` make."""
    if values["source"] == "png":
        from .engine.ports.sources import read_png_heightmap

        arr, _ = read_png_heightmap(values["png_path"])
        return arr.shape[1] - 1, arr.shape[0] - 1
    return tuple(values["tgp_size"])


def _write_outputs(outputs, result, args, scale: int | None) -> None:
    """The files asked for, into ``outputs`` (an OutputSet: all or none)."""

    if args.json is not None:
        outputs.add(args.json, json_text(result))
    if args.csv is not None:
        outputs.add(args.csv, csv_text(result))
    if args.png is not None:
        from .formats.png import png_bytes
        from .render.ports import ports_picture

        if scale is None:
            scale = default_scale(result.grid.width, result.grid.height)
        outputs.add(args.png, png_bytes(ports_picture(result, scale)))
    add_bundle(outputs, args.bundle, result)
