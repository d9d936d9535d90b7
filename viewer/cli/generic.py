"""The command line of a registered generator, built from what it declares:
one option per Param (its help and default), the seed, a preset, the
picture of any layer, every declared export, a bundle and the metrics,
plus the flags and outputs of its ``cli_extras`` (:mod:`.extras`).

    python -m viewer NAME [--PARAM VALUE ...] [--seed S] [--preset FILE]
        [--png FILE [--layer L] [--scale N]] [--export NAME=FILE ...]
        [--bundle FILE.npz] [--metrics] [-q] [--progress] [EXTRA FLAGS ...]

Bad input is one line ``NAME: message`` on standard error and exit status
1, with every output file checked before any work and written all or none.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from contextlib import nullcontext

from ..engine.names import one_line, shown_name
from .args import (
    Parser,
    ProgressLine,
    Usage,
    bundle_targets,
    isatty,
    parse,
    picture_scale,
)
from .extras import CliExtras, extras_of
from .parsing import generic_parser
from .parsing import values_and_seed as _values_and_seed


_parsers: dict[str, tuple[object, CliExtras, Parser]] = {}


def parser_for(decl, extras: CliExtras | None = None) -> Parser:
    """The generic command line's parser of ``decl``, made once per
    declaration and extras: argparse checks every flag as it is added (a
    formatter, the terminal's size and regular expressions for each), a
    millisecond and more for fifty flags, on every run of an in-process
    caller such as a sweep or the side-by-side timing (parsing leaves the
    parser as it was)."""
    extras = extras if extras is not None else extras_of(decl)
    kept = _parsers.get(decl.name)
    if kept is None or kept[0] is not decl or kept[1] is not extras:
        kept = _parsers[decl.name] = (decl, extras, generic_parser(decl, extras))
    return kept[2]


def run_generic(name: str, argv: Sequence[str]) -> int:
    from .. import registry
    from ..engine.params import ParamError
    from ..engine.protocol import GenerationError
    from ..formats.atomic import WriteError
    from ..formats.presets import PresetError

    prog = name
    decl = registry.declaration(name)
    extras = extras_of(decl)
    args = parse(parser_for(decl, extras), argv, prog)
    if isinstance(args, int):
        return args
    err = sys.stderr
    try:
        values, seed = _values_and_seed(decl, extras, args)
        wanted = _exports(decl, args)
        scale = picture_scale(args.scale)
        for flag, given in (("--layer", args.layer), ("--scale", args.scale)):
            if given is not None and args.png is None:
                raise Usage(f"{flag} needs --png")
        layer = _layer(decl, extras, args, values)
        checked = extras.check(args, values)
        outputs = _outputs(args, wanted, extras)      # every target checked before any work
        scale = _check_picture(decl, extras, args, values, scale)
    except ParamError as exc:
        err.write(f"{prog}: {one_line(flagged(decl, exc))}\n")
        return 1
    except (Usage, PresetError) as exc:
        err.write(f"{prog}: {one_line(exc)}\n")
        return 1
    progress = ProgressLine(err, args.progress or isatty(err))
    # the kernels of a batch process (e.g. compiled ahead of time: no numba to load)
    kernels = decl.batch_kernels() if decl.batch_kernels is not None else nullcontext()
    try:
        with kernels:
            result = decl.generate(values, seed=seed, progress=(lambda phase, done: progress(
                f"{prog}: {phase} ({done:.0%})", done)) if progress.enabled else None)
    except (GenerationError, ParamError) as exc:  # ParamError: an input file changed since
        err.write(f"{prog}: {one_line(exc)}\n")
        return 1
    finally:
        progress.clear()
    try:
        with outputs, outputs.collecting():    # all written, or none
            notes = extras.write(outputs, result, args, checked)
            notes += _write(decl, result, args, layer, scale, wanted)
    except (OSError, WriteError, ValueError) as exc:
        err.write(f"{prog}: {one_line(getattr(exc, 'strerror', None) or exc)}\n")
        return 1
    if not args.quiet:
        out = sys.stdout
        extras.report(out, decl, result, values, seed, notes)
        if args.metrics:
            metrics = decl.metrics
            figures = metrics(result) if metrics is not None else {}
            out.write(json.dumps({k: None if v != v else v for k, v in figures.items()},
                                 sort_keys=True) + "\n")     # (NaN, not applicable: null)
    return 0


def flagged(decl, exc) -> str:
    """A refused value's message as the command line says it: the flag that
    gave it first, and the Param's bounds where the value broke them
    ("--rivers: Rivers must be at most 3, not 5 (0..3)")."""
    text = str(exc)
    p = next((q for q in decl.params if q.name == getattr(exc, "param", None)), None)
    if p is None or p.positional is not None or text.startswith(p.flag):
        return text
    lo, hi = p.minimum, p.maximum
    if lo is not None and hi is not None and p.kind in ("int", "float") and any(
            f"must be at {side} {p.text(bound)}" in text
            for side, bound in (("least", lo), ("most", hi))):
        text += f" ({p.text(lo)}..{p.text(hi)})"
    return f"{p.flag}: {text}"


def _exports(decl, args) -> list:
    """(Export, path) for every --export NAME=FILE, checked."""
    exports = decl.load("exports")
    wanted = []
    for item in args.export:
        key, sep, path = item.partition("=")
        chosen = next((e for e in exports if e.name == key), None)
        if not sep or not path or chosen is None:
            raise Usage(f"--export {item!r}: expected NAME=FILE with NAME one of "
                        f"{', '.join(e.name for e in exports) or '(none)'}")
        wanted.append((chosen, path))
    return wanted


def _layer(decl, extras: CliExtras, args, values) -> str | None:
    """The layer --png draws (None: the renderer's default), checked."""
    if args.layer is None:
        return None
    names = extras.layers(decl, values)
    if names and args.layer not in names:
        raise Usage(f"unknown layer {args.layer!r}; layers: {', '.join(names)}")
    return args.layer


def _outputs(args, wanted, extras: CliExtras):
    """The command's one OutputSet: every file it may write, checked now
    (an empty name too); a new output joins it here."""
    from ..formats.atomic import OutputSet, WriteError

    try:
        return OutputSet(*extras.targets(args), args.png, *(path for _, path in wanted),
                         *bundle_targets(args.bundle))
    except WriteError as exc:
        raise Usage(str(exc)) from None


def _check_picture(decl, extras: CliExtras, args, values, scale: int | None) -> int | None:
    """--png's scale (None: the export rule, once the map is made); a
    picture over the limit is refused now when the grid is known."""
    if args.png is None:
        return scale
    grid = extras.cells(values)
    if grid is None:
        return scale
    from ..render.picture import PictureTooLarge, check_export, export_scale

    scale = scale if scale is not None else export_scale(decl.name, grid)
    try:
        check_export(grid, scale)
    except PictureTooLarge as exc:
        raise Usage(f"--png: {exc} (a {grid.width}x{grid.height} map at --scale "
                    f"{scale})") from None
    return scale


def _write(decl, result, args, layer, scale, wanted) -> list[str]:
    """The generic outputs, into the OutputSet collecting (see :func:`_outputs`)."""
    notes = []
    if args.png is not None:
        from ..formats.png import write_png      # (here: no renderer for a run without --png)
        from ..render.picture import picture

        if layer is not None and layer not in result.layers:
            raise ValueError(f"--layer: no layer {layer!r}; layers: {', '.join(result.layers)}")
        pic = picture(result, layer or "", None, scale, export=True)   # "": the default layer
        write_png(args.png, pic.rgba)
        notes.append(f"picture of {pic.layer} written to {shown_name(args.png)}")
    for export, path in wanted:
        value = export.ask.default if export.ask is not None else None
        notes.append(export.write(path, result, value)
                     or f"{export.name} written to {shown_name(path)}")
    if args.bundle is not None:
        from ..formats.bundle import write_bundle

        side = write_bundle(args.bundle, result)
        notes.append(f"bundle written to {shown_name(args.bundle)} and {shown_name(side)}")
    return notes
