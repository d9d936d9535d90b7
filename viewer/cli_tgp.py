"""``python -m viewer tgp``: OpenTTD's TerraGenesis Perlin from the command line.

::

    tgp --size WxH --seed N --smoothness K --terrain K --sea-level K
        --landscape NAME [--rng-skip N] [--npz FILE]
        [--png FILE [--layer NAME] [--scale N]]
        [--heightmap-png FILE [--highest-peak H] [--heightmap-format modern|r13671]] [-q]

Prints one line about the map (water level, sea and shore share, highest
tile) and writes the files asked for:

``--npz``            arrays ``noise`` and ``heightmap`` (int16, fixed point,
                     ``(size_y+1, size_x+1)``: stages A and B of the
                     reference), ``tile_height`` and ``tile_class`` (uint8,
                     ``(size_y, size_x)``: stages C and D), all ``[y, x]``
``--png``            one layer drawn as a picture
``--heightmap-png``  an 8-bit greyscale heightmap OpenTTD's "Play heightmap"
                     reads back to the same tile heights: for today's game
                     (grey 0 only for the sea, the greys chosen for the
                     dialog's "Highest peak" ``--highest-peak``, default 30),
                     or with ``--heightmap-format r13671`` for the game of
                     2008 (see :mod:`viewer.formats.heightmap`); the line
                     printed says which "Highest peak" to choose

Errors are reported as ``tgp: message`` on standard error with exit status 1.
Everything goes through ``sys.stdout``/``sys.stderr``, so :func:`run_tgp`
can be called in-process.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence

from .cli_args import (
    METAVAR,
    Parser,
    ProgressLine,
    Usage,
    add_bundle,
    add_bundle_option,
    bundle_targets,
    check_outputs,
    default_text,
    isatty,
    param_flag,
    parse,
    picture_scale,
    seed_or_random,
    whole,
)

PROG = "tgp"


def _parser() -> Parser:
    from .engine.tgp.generator import LAYER_NAMES, PARAMS
    from .formats.heightmap import DEFAULT_HIGHEST_PEAK, HIGHEST_PEAK_RANGE

    lo, hi = HIGHEST_PEAK_RANGE

    p = Parser(prog=PROG, add_help=False,
                description="OpenTTD's TerraGenesis Perlin map generator (tgp.cpp r13671).")
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    p.add_argument("--seed", default=None, metavar="N",
                   help="generation seed 0..4294967295 (default: a random one, printed)")
    for prm in PARAMS:  # the generator's parameters: flags, help and defaults from its Params
        choices = f"; one of {', '.join(prm.choices)}" if prm.choices else ""
        p.add_argument(param_flag(prm), dest=prm.name, default=None, metavar=METAVAR[prm.kind],
                       help=f"{prm.help}{choices} (default {default_text(prm)})")
    p.add_argument("--npz", metavar="FILE", help="write noise, heightmap, tile_height, "
                   "tile_class arrays")
    p.add_argument("--png", metavar="FILE", help="render a layer to a PNG image")
    p.add_argument("--layer", metavar="NAME",
                   help=f"layer for --png (default heightmap): {', '.join(LAYER_NAMES)}")
    p.add_argument("--scale", metavar="N", help="pixels per tile for --png "
                   "(default: enough for about 512 pixels, at least 1)")
    p.add_argument("--heightmap-png", metavar="FILE",
                   help="write an 8-bit greyscale heightmap for OpenTTD's Play heightmap")
    p.add_argument("--highest-peak", metavar="H",
                   help="the \"Highest peak\" you will choose in today's game's heightmap "
                        f"dialog, {lo}..{hi} (default {DEFAULT_HIGHEST_PEAK}, the game's default)")
    p.add_argument("--heightmap-format", metavar="FORMAT",
                   help="modern (today's OpenTTD, default) or r13671 (OpenTTD of 2008: "
                        "grey = 16 x height + 8)")
    add_bundle_option(p)
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    p.add_argument("--progress", action="store_true",
                   help="report the phases on standard error (on by itself when standard "
                        "error is a terminal)")
    return p


def npz_bytes(result) -> bytes:
    """The four stage arrays of a TGP result as an .npz file."""
    import numpy as np

    buf = io.BytesIO()
    np.savez_compressed(
        buf,
        noise=np.ascontiguousarray(result.extra["noise_corners"], dtype=np.int16),
        heightmap=np.ascontiguousarray(result.extra["heightmap_corners"], dtype=np.int16),
        tile_height=np.ascontiguousarray(result.layers["tile_height"], dtype=np.uint8),
        tile_class=np.ascontiguousarray(result.layers["tile_class"], dtype=np.uint8),
    )
    return buf.getvalue()


def run_tgp(argv: Sequence[str]) -> int:
    out, err = sys.stdout, sys.stderr
    args = parse(_parser(), argv, PROG)
    if isinstance(args, int):
        return args
    from .engine.params import ParamError
    from .engine.tgp.generator import LAYER_NAMES, PARAMS, TGP
    from .formats.atomic import WriteError
    from .formats.png import PictureTooLarge, check_picture

    try:
        values = TGP.validate({prm.name: getattr(args, prm.name) for prm in PARAMS
                               if getattr(args, prm.name) is not None})
        seed = seed_or_random(args.seed)
        if args.layer is not None and args.png is None:
            raise Usage("--layer needs --png")
        layer = args.layer or "heightmap"
        if layer not in LAYER_NAMES:
            raise Usage(f"unknown layer {layer!r}; layers: {', '.join(LAYER_NAMES)}")
        scale = picture_scale(args.scale)
        heightmap = _heightmap_options(args)
        outputs = check_outputs(args.heightmap_png, args.npz, args.png,
                                *bundle_targets(args.bundle))
        if args.png is not None:
            sx, sy = values["size"]
            scale = scale if scale is not None else default_scale(sx, sy)
            try:
                check_picture(sx * scale, sy * scale)
            except PictureTooLarge as exc:
                raise Usage(f"--png: {exc} (a {sx}x{sy} map at --scale {scale})") from None
    except Usage as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    except ParamError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    progress = ProgressLine(err, args.progress or isatty(err))
    try:
        result = TGP.generate(values, seed=seed,
                              progress=lambda phase, done: progress(
                                  f"{PROG}: {phase} ({done:.0%})", done))
    finally:
        progress.clear()
    try:
        with outputs:
            note = _write_outputs(outputs, result, args, layer, scale, heightmap)
    except WriteError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1
    except ValueError as exc:
        err.write(f"{PROG}: --heightmap-png: {exc}\n")
        return 1
    if not args.quiet:
        sx, sy = values["size"]
        out.write(f"tgp --size {sx}x{sy} --seed {seed} --smoothness {values['smoothness']} "
                  f"--terrain {values['terrain']} --sea-level {values['sea_level']} "
                  f"--landscape {values['landscape']}"
                  + (f" --rng-skip {values['rng_skip']}" if values["rng_skip"] else "") + "\n")
        out.write(result.messages)
        if note:
            out.write(note + "\n")
    return 0


def _heightmap_options(args) -> tuple[str, int]:
    """(format, highest peak) for --heightmap-png, checked."""
    from .formats.heightmap import DEFAULT_HIGHEST_PEAK, FORMATS, check_highest_peak

    fmt = args.heightmap_format if args.heightmap_format is not None else "modern"
    if fmt not in FORMATS:
        raise Usage(f"--heightmap-format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    peak = DEFAULT_HIGHEST_PEAK
    if args.highest_peak is not None:
        if fmt != "modern":
            raise Usage("--highest-peak is for the modern heightmap format only")
        try:
            peak = check_highest_peak(whole(args.highest_peak, "--highest-peak"))
        except ValueError as exc:
            raise Usage(f"--highest-peak: {exc}") from None
    if args.heightmap_png is None and (args.highest_peak is not None
                                       or args.heightmap_format is not None):
        raise Usage("--highest-peak and --heightmap-format need --heightmap-png")
    return fmt, peak


def default_scale(sx: int, sy: int) -> int:
    """--png's pixels per tile when --scale is not given: about 512 pixels."""
    return max(1, 512 // max(sx, sy))


def _write_outputs(outputs, result, args, layer: str, scale: int,
                   heightmap: tuple[str, int]) -> str | None:
    """Write the files asked for into ``outputs`` (an OutputSet: all or none);
    the heightmap's message, if one was written."""
    note = None
    if args.heightmap_png is not None:  # first: a peak too low for the map writes nothing
        from .formats.heightmap import heightmap_png_bytes, openttd_heightmap_note

        fmt, peak = heightmap
        th = result.layers["tile_height"]
        outputs.add(args.heightmap_png, heightmap_png_bytes(th, fmt=fmt, highest_peak=peak))
        note = openttd_heightmap_note(args.heightmap_png, th, highest_peak=peak, fmt=fmt)
    if args.npz is not None:
        outputs.add(args.npz, npz_bytes(result))
    if args.png is not None:
        from .formats.png import png_bytes
        from .render import layer_image

        outputs.add(args.png, png_bytes(layer_image(result, result.grid, layer, scale=scale)))
    add_bundle(outputs, args.bundle, result)
    return note
