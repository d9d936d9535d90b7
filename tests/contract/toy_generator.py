"""A toy fifth generator, whole in this one module: its Params, a layer,
its own colour map, one inspector row, one export, one metric, a trace
(the stripes painted a row a step, in two phases), a view (a dock and an
action of its own), an opener (the text its export writes), and the one
registry line at the end.  ``tests/contract`` checks that the window, the
command line, presets, bundles and sweeps take it with no edit elsewhere.

Use it outside the tests with
``MAPGEN_VIEWER_PLUGINS=toy_generator PYTHONPATH=tests/contract python -m viewer toy -h``.
"""

from __future__ import annotations

import numpy as np

from viewer.cli.extras import CliExtras
from viewer.declaration import Declaration
from viewer.engine.metrics import Metrics
from viewer.engine.params import Param, coerce_values
from viewer.engine.protocol import Engine, LayerInfo, Marker, Result, SquareGrid
from viewer.formats.atomic import write_atomic
from viewer.formats.exports import Export
from viewer.registry import register
from viewer.render.colormaps import Legend
from viewer.render.picture import Renderer

# the toy's own colours: even cells teal, odd cells orange
EVEN = (0, 128, 128, 255)
ODD = (255, 140, 0, 255)


class Toy(Engine):
    """The engine: ``generate``'s prologue (values validated once, the seed
    checked) is :class:`viewer.engine.protocol.Engine`'s."""

    name = "toy"
    params = (Param("side", "Side", "int", 12, "cells on each side", minimum=2, maximum=64),
              Param("period", "Period", "int", 3, "width of a stripe", minimum=1, maximum=10))
    layer_info = {"stripe": LayerInfo("stripe", "stripe number", "categorical")}

    def validate(self, values):
        return coerce_values(self.params, dict(values))

    def make(self, v, seed, *, trace=False, cancel=None, progress=None):
        n, k = v["side"], v["period"]
        shift = int(seed) % k
        stripe = ((np.arange(n)[None, :] + np.arange(n)[:, None] + shift) // k).astype(np.int32)
        stripe = np.ascontiguousarray(np.broadcast_to(stripe, (n, n)))
        return Result("toy", SquareGrid(n, n), {"stripe": stripe}, dict(self.layer_info),
                      markers=[Marker("corner", "T", 0, 0)], params=v, seed=int(seed),
                      trace=ToyTrace(stripe) if trace else None)


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


PHASES = ("top half", "bottom half")


class ToyTrace:
    """The stripes painted one row a step: step ``k`` has rows ``0..k-1``
    (the rows below are 0); the top half first, then the bottom half."""

    def __init__(self, stripe):
        self.stripe = stripe

    @property
    def n_steps(self) -> int:
        return self.stripe.shape[0]

    def phases(self):
        return [(PHASES[0], 0), (PHASES[1], self.n_steps // 2)]

    def phase_at(self, step):
        return PHASES[0] if step < self.n_steps // 2 else PHASES[1]

    def describe(self, step):
        return f"row {step - 1} painted" if step > 0 else "nothing painted yet"

    def state_at(self, step):
        out = np.zeros_like(self.stripe)
        out[:step] = self.stripe[:step]
        return {"stripe": out}

    def markers_at(self, step):
        return [Marker("corner", "T", 0, 0)] if step > 0 else []

    def meaningful_at(self, step):
        return frozenset({"stripe"})


def open_stripes(path):
    """A text the export wrote (``#`` odd, ``.`` even) as a map of parities."""
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    n = len(lines)
    if n < 2 or any(len(line) != n or set(line) - {"#", "."} for line in lines):
        raise ValueError("not a square of # and . (the toy's stripes)")
    stripe = np.array([[1 if c == "#" else 0 for c in line] for line in lines], np.int32)
    params = Toy().validate({"side": n, "period": 1})
    return Result("toy", SquareGrid(n, n), {"stripe": stripe}, dict(Toy.layer_info),
                  params=params, seed=0)


def __getattr__(name):
    """``ToyView`` (the declaration names it by path) is made on first use:
    the command line, which imports this module too, never imports Qt."""
    if name == "ToyView":
        return _view_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _view_class():
    from PySide6.QtWidgets import QDockWidget, QLabel

    from viewer.ui.views.base import GeneratorView

    class View(GeneratorView):
        """A "Toy" dock counting the stripes of the map shown, and an action
        saying the count."""

        def build(self):
            self.label = QLabel("no map")
            self.dock = QDockWidget("Toy", self.shell.widget)
            self.dock.setObjectName("toy")
            self.dock.setWidget(self.label)
            self.add_dock(self.dock)
            self.add_action("Edit", "Count toy stripes", self.count)

        def result_changed(self, result, prepared=None):
            self.label.setText("no map" if result is None else
                               f"{int(result.layers['stripe'].max()) + 1} stripes")

        def count(self):
            self.shell.status(f"the toy counts {self.label.text()}")

    return View


DECLARATION = register(Declaration(
    "toy", "Toy stripes", Toy(), layer_info=Toy.layer_info, metrics=METRICS,
    render=ToyRenderer(), inspect=rows, exports=EXPORTS,
    phase_names=PHASES, view=f"{__name__}:ToyView", opener=open_stripes,
    open_title="Open toy &stripes...",
    cli_extras=CLI_EXTRAS))
