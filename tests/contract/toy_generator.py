"""A toy fifth generator, whole in this one module: its Params, a layer,
its own colour map, one inspector row, one export, one metric, and the one
registry line at the end.  ``tests/contract`` checks that the window, the
command line, presets, bundles and sweeps take it with no edit elsewhere.

Use it outside the tests with
``MAPGEN_VIEWER_PLUGINS=toy_generator PYTHONPATH=tests/contract python -m viewer toy -h``.
"""

from __future__ import annotations

import numpy as np

from viewer.cli.extras import CliExtras
from viewer.engine.declaration import Declaration
from viewer.engine.metrics import Metrics
from viewer.engine.params import Param, coerce_values
from viewer.engine.protocol import LayerInfo, Marker, Result, SquareGrid
from viewer.formats.atomic import write_atomic
from viewer.formats.exports import Export
from viewer.registry import register
from viewer.render.colormaps import Legend
from viewer.render.picture import Renderer

# the toy's own colours: even cells teal, odd cells orange
EVEN = (0, 128, 128, 255)
ODD = (255, 140, 0, 255)


class Toy:
    name = "toy"
    params = (Param("side", "Side", "int", 12, "cells on each side", minimum=2, maximum=64),
              Param("period", "Period", "int", 3, "width of a stripe", minimum=1, maximum=10))
    layer_info = {"stripe": LayerInfo("stripe", "stripe number", "categorical")}

    def validate(self, values):
        return coerce_values(self.params, dict(values))

    def generate(self, values, *, seed=0, trace=False, cancel=None, progress=None):
        v = self.validate(values)
        n, k = v["side"], v["period"]
        shift = int(seed) % k
        stripe = ((np.arange(n)[None, :] + np.arange(n)[:, None] + shift) // k).astype(np.int32)
        stripe = np.ascontiguousarray(np.broadcast_to(stripe, (n, n)))
        return Result("toy", SquareGrid(n, n), {"stripe": stripe}, dict(self.layer_info),
                      markers=[Marker("corner", "T", 0, 0)], params=v, seed=int(seed))


METRICS = Metrics(lambda r: {"stripes": int(r.layers["stripe"].max()) + 1},
                  lambda _opts: ("stripes",))


class ToyRenderer(Renderer):
    default_layer = "stripe"

    def cells(self, state, layer, options):
        odd = (np.asarray(state.layers[layer]) % 2).astype(bool)
        out = np.empty(odd.shape + (4,), np.uint8)
        out[...] = EVEN
        out[odd] = ODD
        return out

    def legend(self, state, layer, options):
        return Legend("toy stripes", [("even stripe", EVEN), ("odd stripe", ODD)])


def rows(state, x, y):
    return [("stripe", f"number {int(state.layers['stripe'][y, x])}")]


def write_text(path, result, _value=None):
    lines = ["".join("#" if v % 2 else "." for v in row) for row in result.layers["stripe"]]
    write_atomic(path, "\n".join(lines) + "\n")
    return f"stripes written to {path}"


EXPORTS = (Export("toy-text", "Export &stripes as text...", "stripes.txt",
                  "Text files (*.txt)", write_text, "the stripes as # and ."),)


class ToyCommandLine(CliExtras):
    """The toy's command-line extra: ``--count-file FILE`` writes the number
    of stripes (checked with the other outputs before the run, written with
    them, all or none)."""

    def add_arguments(self, parser):
        parser.add_argument("--count-file", metavar="FILE",
                            help="write the number of stripes to FILE")

    def targets(self, args):
        return (args.count_file,)

    def write(self, outputs, result, args, checked):
        if args.count_file is None:
            return []
        n = int(result.layers["stripe"].max()) + 1
        outputs.add(args.count_file, f"{n}\n")
        return [f"{n} stripes counted in {args.count_file}"]


CLI_EXTRAS = ToyCommandLine()

DECLARATION = register(Declaration(
    "toy", "Toy stripes", Toy(), layer_info=Toy.layer_info, metrics=METRICS,
    cli_extras=CLI_EXTRAS,
    render=ToyRenderer(), inspect=rows, exports=EXPORTS))
