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
``--png``   a picture of the map with the routes and ports

Ports runs on the generic command line (:mod:`viewer.cli.generic`); this
module is its declared ``cli_extras``: ``--json`` and ``--csv``, the PNG
source chosen by ``--png-heightmap`` alone, and what is printed.  ``--png``
is the window's Export map of the same map (layer ``--layer``, default the
height).  Errors are reported as ``ports: message`` on standard error with exit
status 1.  Everything goes through ``sys.stdout``/``sys.stderr``, so
:func:`run_ports` can be called in-process.
"""

from __future__ import annotations

from collections.abc import Sequence

from .extras import CliExtras

PROG = "ports"


class PortsExtras(CliExtras):
    description = ("Port placement on a heightmap, with a guaranteed route to open sea "
                   "(\"Around The World, Part 25: Placing ports\").")
    random_seed = True

    def add_arguments(self, p) -> None:
        p.add_argument("--json", metavar="FILE", help="write the ports and parameters as JSON")
        p.add_argument("--csv", metavar="FILE", help="write the ports as CSV")

    def values(self, args, given: dict) -> dict:
        if "png_path" in given and "source" not in given:
            given["source"] = "png"
        return given

    def cells(self, values):
        """The grid of the map ``values`` make (a PNG source's read now)."""
        from ..engine.protocol import SquareGrid

        if values["source"] == "png":
            from ..engine.ports.sources import read_png_heightmap

            arr, _ = read_png_heightmap(values["png_path"])
            return SquareGrid(arr.shape[1] - 1, arr.shape[0] - 1)
        return SquareGrid(*values["tgp_size"])

    def targets(self, args) -> tuple[str | None, ...]:
        return args.json, args.csv

    def write(self, outputs, result, args, checked) -> list[str]:
        from ..formats.ports import csv_text, json_text

        if args.json is not None:
            outputs.add(args.json, json_text(result))
        if args.csv is not None:
            outputs.add(args.csv, csv_text(result))
        return []

    def report(self, out, decl, result, values, seed, notes) -> None:
        from ..formats.ports import command_line

        out.write(command_line(values, seed) + "\n")
        out.write(result.messages)
        for p in result.detail.ports:
            out.write(f"{p['id']:4d}  cell {p['cell'][0]},{p['cell'][1]}  lat "
                      f"{p['latitude']:7.2f}  {p['class']:<10} {p['population']:>9}  "
                      f"desirability {p['desirability']}\n")


EXTRAS = PortsExtras()


def run_ports(argv: Sequence[str]) -> int:
    """``python -m viewer ports ARGS``, in-process."""
    from .generic import run_generic

    return run_generic(PROG, list(argv))
