"""Port placements as files: the JSON and CSV the ``ports`` command line
writes and the workbench exports, and the command that reproduces them.

``json_text``  ``{"generator", "seed", "params", "command", "source", "map",
               "ports", "short", "candidates"}``; each port has its id, cell
               ``[x, y]``, position (the cell's centre), latitude,
               population, class, desirability, weight, ship corner, route
               length and number of buildings
``csv_text``   a header row (:data:`CSV_FIELDS`), then one row per port; its
               last column holds the command that reproduces the placement
               (the header comes first, as CSV readers expect)

``write_ports_json`` / ``write_ports_csv`` write them atomically (a failure
raises :class:`~viewer.formats.atomic.WriteError` and leaves no file).
"""

from __future__ import annotations

import csv
import io
import json
import os
from typing import Any

from ..engine.names import shown_name
from .atomic import write_atomic

PROG = "ports"
CSV_FIELDS = ("id", "cell_x", "cell_y", "x", "y", "latitude", "population", "class",
              "desirability", "weight", "ship_x", "ship_y", "route_length", "buildings",
              "command")


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def command_line(values: dict[str, Any], seed: int) -> str:
    """The ``ports`` command reproducing these values (defaults left out)."""
    from ..engine.ports.generator import PARAMS

    parts = [PROG, "--seed", str(seed)]
    for prm in PARAMS:
        v = values[prm.name]
        if v == prm.default or (prm.kind == "path" and (not v or values["source"] != "png")):
            continue            # (a PNG chosen for the png source makes no TGP map)
        parts += [prm.flag, prm.text(v)]
    return " ".join(parts)


def _need_ports(result) -> None:
    if result.generator != "ports" or "ports" not in result.detail:
        raise ValueError("only a port placement has ports to export")


def json_text(result) -> str:
    _need_ports(result)
    v = result.params
    doc = {
        "generator": "ports",
        "seed": result.seed,
        "params": {k: _jsonable(x) for k, x in v.items()},
        "command": command_line(v, result.seed),
        "source": result.detail.source,
        "map": {"cells": [result.grid.width, result.grid.height],
                "sea_level": result.detail.sea_level},
        "ports": result.detail.ports,
        "short": result.detail.short,
        "candidates": result.detail.candidates,
    }
    return json.dumps(doc, indent=1) + "\n"


def csv_text(result) -> str:
    _need_ports(result)
    buf = io.StringIO()
    command = command_line(result.params, result.seed)
    wr = csv.writer(buf, lineterminator="\n")
    wr.writerow(CSV_FIELDS)
    for p in result.detail.ports:
        wr.writerow([p["id"], p["cell"][0], p["cell"][1], p["position"][0], p["position"][1],
                     p["latitude"], p["population"], p["class"], p["desirability"],
                     p["weight"], p["ship_corner"][0], p["ship_corner"][1],
                     p["route_length"], p.get("buildings", 0), command])
    return buf.getvalue()


def write_ports_json(path: str | os.PathLike, result) -> None:
    write_atomic(path, json_text(result))


def write_ports_csv(path: str | os.PathLike, result) -> None:
    write_atomic(path, csv_text(result))


def _say(kind: str, fn):
    def write(path, result, _value=None) -> str:
        fn(path, result)
        return f"ports written to {shown_name(path)} ({kind})"
    return write


def _exports():
    from .exports import Export

    return (
        Export("ports-json", "Export ports &JSON...", "ports.json", "JSON (*.json)",
               _say("JSON", write_ports_json),
               "the ports (cell, position, latitude, population, class, desirability, ship, "
               "route) and the parameters, as the ports command line writes them"),
        Export("ports-csv", "Export ports CS&V...", "ports.csv", "CSV (*.csv)",
               _say("CSV", write_ports_csv),
               "one row per port, after the command that reproduces them"),
    )


EXPORTS = _exports()
