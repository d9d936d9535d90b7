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

import argparse
import csv
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

PROG = "ports"
CSV_FIELDS = ("id", "cell_x", "cell_y", "x", "y", "latitude", "population", "class",
              "desirability", "weight", "ship_x", "ship_y", "route_length", "buildings")


class _Usage(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit(2)
        raise _Usage(message)


def _flag(p) -> str:
    return p.cli or "--" + p.name.replace("_", "-")


def _default_text(p) -> str:
    from .engine.ports.generator import curve_text

    d = p.default
    if p.kind == "size":
        return f"{d[0]}x{d[1]}"
    if p.kind == "curve":
        return curve_text(d)
    if p.kind == "path":
        return "none"
    return f"{d:g}" if isinstance(d, float) else str(d)


def _parser() -> _Parser:
    from .engine.ports.generator import PARAMS

    p = _Parser(prog=PROG, add_help=False,
                description="Port placement on a heightmap, with a guaranteed route to open "
                            "sea (\"Around The World, Part 25: Placing ports\").")
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    p.add_argument("--seed", default=None, metavar="N",
                   help="seed 0..4294967295 of the map and the ports (default: a random one, "
                        "printed)")
    for prm in PARAMS:
        extra = f" (default {_default_text(prm)})"
        if prm.choices:
            extra = f": {', '.join(prm.choices)}" + extra
        p.add_argument(_flag(prm), dest=prm.name, default=None, metavar=prm.kind.upper(),
                       help=(prm.help or prm.label) + extra)
    p.add_argument("--json", metavar="FILE", help="write the ports and parameters as JSON")
    p.add_argument("--csv", metavar="FILE", help="write the ports as CSV")
    p.add_argument("--png", metavar="FILE", help="write a picture of the map and its ports")
    p.add_argument("--scale", metavar="N", help="pixels per cell for --png "
                   "(default: enough for about 1024 pixels, at least 1)")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    return p


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def command_line(values: dict[str, Any], seed: int) -> str:
    """The ``ports`` command reproducing these values (defaults left out)."""
    from .engine.ports.generator import PARAMS

    parts = [PROG, "--seed", str(seed)]
    for prm in PARAMS:
        v = values[prm.name]
        if v == prm.default or (prm.kind == "path" and not v):
            continue
        if prm.kind == "size":
            text = f"{v[0]}x{v[1]}"
        elif prm.kind == "curve":
            from .engine.ports.generator import curve_text

            text = curve_text(v)
        else:
            text = f"{v:g}" if isinstance(v, float) else str(v)
        parts += [_flag(prm), text]
    return " ".join(parts)


def json_text(result) -> str:
    v = result.params
    doc = {
        "generator": "ports",
        "seed": result.seed,
        "params": {k: _jsonable(x) for k, x in v.items()},
        "command": command_line(v, result.seed),
        "source": result.extra["source"],
        "map": {"cells": [result.grid.width, result.grid.height],
                "sea_level": result.extra["sea_level"]},
        "ports": result.extra["ports"],
        "short": result.extra["short"],
        "candidates": result.extra["candidates"],
    }
    return json.dumps(doc, indent=1) + "\n"


def csv_text(result) -> str:
    buf = io.StringIO()
    buf.write(f"# {command_line(result.params, result.seed)}\n")
    wr = csv.writer(buf, lineterminator="\n")
    wr.writerow(CSV_FIELDS)
    for p in result.extra["ports"]:
        wr.writerow([p["id"], p["cell"][0], p["cell"][1], p["position"][0], p["position"][1],
                     p["latitude"], p["population"], p["class"], p["desirability"],
                     p["weight"], p["ship_corner"][0], p["ship_corner"][1],
                     p["route_length"], p.get("buildings", 0)])
    return buf.getvalue()


def run_ports(argv: Sequence[str]) -> int:
    out, err = sys.stdout, sys.stderr
    parser = _parser()
    try:
        args = parser.parse_args(list(argv))
    except _Usage as exc:
        err.write(f"{PROG}: {exc}\nTry '{PROG} --help' for help.\n")
        return 1
    if args.help:
        out.write(parser.format_help())
        return 0
    from .engine.params import ParamError
    from .engine.ports.generator import PARAMS, PORTS
    from .engine.tgp.generator import check_seed

    try:
        given = {prm.name: getattr(args, prm.name) for prm in PARAMS
                 if getattr(args, prm.name) is not None}
        if "png_path" in given and "source" not in given:
            given["source"] = "png"
        values = PORTS.validate(given)
        seed = (check_seed(args.seed) if args.seed is not None
                else int.from_bytes(os.urandom(4), "little"))
        scale = None
        if args.scale is not None:
            try:
                scale = int(args.scale, 10)
            except ValueError:
                raise _Usage(f"--scale: expected a whole number, not {args.scale!r}") from None
            if not 1 <= scale <= 64:
                raise _Usage(f"--scale must be 1..64, not {scale}")
        if args.scale is not None and args.png is None:
            raise _Usage("--scale needs --png")
    except (_Usage, ParamError) as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    try:
        result = PORTS.generate(values, seed=seed)
    except ParamError as exc:  # the PNG changed between validation and generation
        err.write(f"{PROG}: {exc}\n")
        return 1
    try:
        _write_outputs(result, args, scale)
    except OSError as exc:
        err.write(f"{PROG}: {exc.strerror or exc}\n")
        return 1
    if not args.quiet:
        out.write(command_line(values, seed) + "\n")
        out.write(result.messages)
        for p in result.extra["ports"]:
            out.write(f"{p['id']:4d}  cell {p['cell'][0]},{p['cell'][1]}  lat "
                      f"{p['latitude']:7.2f}  {p['class']:<10} {p['population']:>9}  "
                      f"desirability {p['desirability']}\n")
    return 0


def _write_outputs(result, args, scale: int | None) -> None:
    from .formats.atomic import write_atomic

    if args.json is not None:
        write_atomic(args.json, json_text(result))
    if args.csv is not None:
        write_atomic(args.csv, csv_text(result))
    if args.png is not None:
        from .formats.png import write_png
        from .render.ports import ports_picture

        if scale is None:
            scale = max(1, 1024 // max(result.grid.width, result.grid.height))
        write_png(args.png, ports_picture(result, scale))
