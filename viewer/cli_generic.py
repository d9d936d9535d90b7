"""The command line of any registered generator, built from what it
declares: one option per Param (its help and default), the seed, a preset,
the picture of any layer, every declared export, a bundle and the metrics.

    python -m viewer NAME [--PARAM VALUE ...] [--seed S] [--preset FILE]
        [--png FILE [--layer L] [--scale N]] [--export NAME=FILE ...]
        [--bundle FILE.npz] [--metrics]

The four built-in generators have their own command lines (fairland's is a
drop-in for the C tool); this one serves every other generator, e.g. a
plugin named in ``MAPGEN_VIEWER_PLUGINS``."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from .cli_args import METAVAR, Parser, Usage, default_text, param_flag, parse, picture_scale


def _curve(text: str):
    try:
        return tuple(tuple(float(v) for v in pt.split(":")) for pt in text.split(","))
    except ValueError:
        raise Usage(f"a curve is X:Y,X:Y,..., not {text!r}") from None


def parser_for(decl) -> Parser:
    gen, exports = decl.engine, decl.load("exports")
    prog = f"python -m viewer {decl.name}"
    p = Parser(prog=prog, add_help=False, description=decl.title)
    p.add_argument("-h", "--help", action="store_true", help="show this help")
    for prm in gen.params:
        bounds = ""
        if prm.minimum is not None or prm.maximum is not None:
            bounds = f", {prm.minimum if prm.minimum is not None else ''}.." \
                     f"{prm.maximum if prm.maximum is not None else ''}"
        if prm.choices:
            bounds = f", one of {', '.join(prm.choices)}"
        p.add_argument(param_flag(prm), dest="p_" + prm.name, metavar=METAVAR.get(prm.kind, "V"),
                       help=f"{prm.help or prm.label} (default {default_text(prm)}{bounds})")
    kind = decl.seed_kind
    p.add_argument("--seed", help="the seed (" + ("any text" if kind == "text" else
                                                  "a number 0..4294967295") + ")")
    p.add_argument("--preset", metavar="FILE", help="start from the values of a preset")
    p.add_argument("--png", metavar="FILE", help="write a picture of the map")
    p.add_argument("--layer", help=f"the layer in --png (one of "
                                   f"{', '.join(decl.layer_info)})")
    p.add_argument("--scale", help="pixels per cell in --png, 1..64")
    names = ", ".join(e.name for e in exports) or "none"
    p.add_argument("--export", action="append", default=[], metavar="NAME=FILE",
                   help=f"write a declared export ({names}); may be repeated")
    p.add_argument("--bundle", metavar="FILE.npz", help="write every layer (NPZ + JSON)")
    p.add_argument("--metrics", action="store_true", help="print the metrics as JSON")
    return p


def run_generic(name: str, argv: Sequence[str]) -> int:
    from . import registry
    from .engine.names import shown_name
    from .engine.params import ParamError
    from .engine.protocol import GenerationError
    from .formats.atomic import WriteError
    from .formats.presets import PresetError, load_preset
    from .sweep.spec import parse_seeds

    prog = name
    decl = registry.declaration(name)
    gen, exports = decl.engine, decl.load("exports")
    args = parse(parser_for(decl), argv, prog)
    if isinstance(args, int):
        return args
    err = sys.stderr
    try:
        values: dict = {}
        seed = decl.default_seed
        if args.preset:
            preset = load_preset(args.preset)
            if preset.generator != name:
                raise Usage(f"--preset {shown_name(args.preset)} is for {preset.generator}, "
                            f"not {name}")
            values.update(preset.params)
            if preset.seed is not None:
                seed = preset.seed
        for prm in gen.params:
            v = getattr(args, "p_" + prm.name)
            if v is not None:
                values[prm.name] = _curve(v) if prm.kind == "curve" else v
        values = gen.validate(values)
        if args.seed is not None:
            seeds = parse_seeds(args.seed, decl.seed_kind)
            if len(seeds) != 1:
                raise Usage(f"--seed takes one seed, not {args.seed!r}")
            seed = seeds[0]
        wanted = []
        for item in args.export:
            key, sep, path = item.partition("=")
            chosen = next((e for e in exports if e.name == key), None)
            if not sep or not path or chosen is None:
                raise Usage(f"--export {item!r}: expected NAME=FILE with NAME one of "
                            f"{', '.join(e.name for e in exports) or '(none)'}")
            wanted.append((chosen, path))
        scale = picture_scale(args.scale)
        if (args.layer or scale) and args.png is None:
            raise Usage("--layer and --scale need --png")
        outputs = _outputs(args, wanted)       # every target checked before any work
    except (Usage, ParamError, PresetError) as exc:
        err.write(f"{prog}: {exc}\n")
        return 1
    except WriteError as exc:
        err.write(f"{prog}: {exc.strerror}\n")
        return 1
    try:
        result = gen.generate(values, seed=seed)
    except GenerationError as exc:
        err.write(f"{prog}: {exc}\n")
        return 1
    try:
        with outputs, outputs.collecting():    # all written, or none
            notes = _write(result, args, wanted, scale)
    except (OSError, WriteError, ValueError) as exc:
        err.write(f"{prog}: {getattr(exc, 'strerror', None) or exc}\n")
        return 1
    out = sys.stdout
    out.write(f"{name}: {result.grid.width}x{result.grid.height}, seed {result.seed}\n")
    for note in notes:
        out.write(note + "\n")
    if args.metrics:
        metrics = decl.metrics
        out.write(json.dumps(metrics(result) if metrics is not None else {}, sort_keys=True)
                  + "\n")
    return 0


def _outputs(args, wanted):
    """The command's one OutputSet: every file it may write, checked now
    (an empty name too); a new output joins it here."""
    from .formats.atomic import OutputSet
    from .formats.bundle import sidecar_path

    outputs = OutputSet(args.png, *(path for _, path in wanted), args.bundle)
    if args.bundle is not None:
        outputs.expect(sidecar_path(args.bundle))
    return outputs


def _write(result, args, wanted, scale) -> list[str]:
    """Every output, into the OutputSet collecting (see :func:`_outputs`)."""
    from .formats.bundle import write_bundle
    from .formats.png import write_png
    from .render.picture import picture, renderer_for

    notes = []
    if args.png is not None:
        layer = args.layer or renderer_for(result.generator).default_layer or \
            next(iter(result.layers))
        if layer not in result.layers:
            raise ValueError(f"--layer: no layer {layer!r}; layers: {', '.join(result.layers)}")
        options = {t.key: t.default for t in renderer_for(result.generator).toggles}
        write_png(args.png, picture(result, layer, options, scale, export=True).rgba)
        notes.append(f"picture of {layer} written to {args.png}")
    for export, path in wanted:
        value = export.ask.default if export.ask is not None else None
        notes.append(export.write(path, result, value) or f"{export.name} written to {path}")
    if args.bundle is not None:
        side = write_bundle(args.bundle, result)
        notes.append(f"bundle written to {args.bundle} and {side}")
    return notes
