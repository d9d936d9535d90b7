"""``python -m viewer tgp``: OpenTTD's TerraGenesis Perlin from the command line.

::

    tgp [--openttd 15.2|r13671] --size WxH --seed N --landscape NAME
        --terrain 0..5 --custom-terrain H --smoothness 0..3 --variety 0..5
        --sea-level 0..4 --custom-sea-level P --water-borders 0..16
        --freeform-edges | --no-freeform-edges --height-limit 0..255
        [--rng-skip N (r13671 only)] [--npz FILE]
        [--png FILE [--layer NAME] [--scale N]]
        [--heightmap-png FILE [--highest-peak H] [--heightmap-format modern|r13671]] [-q]

``--openttd`` picks the game: 15.2 (the default; New Game with TerraGenesis
through FixSlopes and the water pass) or r13671 (tgp.cpp of 2008, whose
defaults are hilly and a low sea level).  Settings only 15.2 has are
refused with r13671 and ``--rng-skip`` with 15.2 (which always draws
exactly one Random() before TGP).  The custom height, the custom sea level
and the water borders may be given whatever the terrain type, sea level and
freeform edges are, as the game keeps them; they count only where the game
uses them.

Prints one line about the map (water level, sea and shore share, highest
tile) and writes the files asked for:

``--npz``            arrays ``noise`` and ``heightmap`` (int16, fixed point,
                     ``(size_y+1, size_x+1)``), ``tile_height`` and
                     ``tile_class`` (uint8, ``(size_y, size_x)``; classes 0
                     clear, 1 water, 2 shore, 3 void), all ``[y, x]``, and
                     for 15.2 ``rocks`` (uint8, 1 where FixSlopes left rocks)
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
    from .engine.tgp.generator import LAYER_NAMES, MODERN_LAYERS, PARAMS
    from .formats.heightmap import DEFAULT_HIGHEST_PEAK, HIGHEST_PEAK_RANGE

    lo, hi = HIGHEST_PEAK_RANGE

    p = Parser(prog=PROG, add_help=False,
               description="OpenTTD's TerraGenesis Perlin map generator, as OpenTTD 15.2 "
                           "makes a New Game (the map after the water pass; rivers, trees, "
                           "towns and industries are not made) or as tgp.cpp r13671 did.")
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    p.add_argument("--seed", default=None, metavar="N",
                   help="generation seed 0..4294967295 (default: a random one, printed)")
    for prm in PARAMS:  # the generator's parameters: flags, help and defaults from its Params
        choices = f"; one of {', '.join(prm.choices)}" if prm.choices else ""
        text = f"{prm.help}{choices} (default {default_text(prm)})".replace("%", "%%")
        if prm.kind == "bool":  # --flag, --flag false, or --no-flag
            flag = param_flag(prm)
            p.add_argument(flag, dest=prm.name, default=None, nargs="?", const=True,
                           metavar=METAVAR["bool"], help=text)
            p.add_argument("--no-" + flag[2:], dest=prm.name, action="store_const",
                           const=False, help=f"the opposite of {flag}")
            continue
        p.add_argument(param_flag(prm), dest=prm.name, default=None, metavar=METAVAR[prm.kind],
                       help=text)
    p.add_argument("--npz", metavar="FILE", help="write the noise, heightmap, tile_height, "
                   "tile_class (and for 15.2 rocks) arrays")
    p.add_argument("--png", metavar="FILE", help="render a layer to a PNG image")
    p.add_argument("--layer", metavar="NAME",
                   help=f"layer for --png (default heightmap): {', '.join(MODERN_LAYERS)} "
                        f"(15.2), {', '.join(LAYER_NAMES)} (r13671)")
    p.add_argument("--scale", metavar="N", help="pixels per tile for --png "
                   "(default: enough for about 512 pixels, at least 1)")
    p.add_argument("--heightmap-png", metavar="FILE",
                   help="write an 8-bit greyscale heightmap for OpenTTD's Play heightmap")
    p.add_argument("--highest-peak", metavar="H",
                   help="the \"Highest peak\" you will choose in today's game's heightmap "
                        f"dialog, {lo}..{hi} (default {DEFAULT_HIGHEST_PEAK}, the game's "
                        "default, or the map's highest tile where that is higher)")
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
    """The stage arrays of a TGP result as an .npz file (with ``rocks`` for
    an OpenTTD 15.2 map)."""
    import numpy as np

    arrays = dict(
        noise=np.ascontiguousarray(result.extra["noise_corners"], dtype=np.int16),
        heightmap=np.ascontiguousarray(result.extra["heightmap_corners"], dtype=np.int16),
        tile_height=np.ascontiguousarray(result.layers["tile_height"], dtype=np.uint8),
        tile_class=np.ascontiguousarray(result.layers["tile_class"], dtype=np.uint8),
    )
    if "rocks" in result.layers:
        arrays["rocks"] = np.ascontiguousarray(result.layers["rocks"], dtype=np.uint8)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    return buf.getvalue()


def _values(args, params) -> dict:
    """The settings given, with the version (15.2 unless --openttd says
    otherwise); a setting the version does not have is refused."""
    given = {prm.name: getattr(args, prm.name) for prm in params
             if getattr(args, prm.name) is not None}
    version = given.setdefault("openttd", "15.2")
    for prm in params:
        only = prm.extra.get("only_when")
        if only and prm.name in given and version not in only[1]:
            flag = param_flag(prm)
            if prm.kind == "bool" and given[prm.name] is False:
                flag = "--no-" + flag[2:]
            raise Usage(f"{flag}: OpenTTD {version} has no such setting (only "
                        f"{' and '.join(only[1])})")
    return given


def command_text(values: dict, seed: int) -> str:
    """The command line that makes this map again (the line printed first)."""
    sx, sy = values["size"]
    if values["openttd"] == "r13671":
        return (f"tgp --size {sx}x{sy} --seed {seed} --smoothness {values['smoothness']} "
                f"--terrain {values['terrain']} --sea-level {values['sea_level']} "
                f"--landscape {values['landscape']}"
                + (f" --rng-skip {values['rng_skip']}" if values["rng_skip"] else ""))
    edges = "--freeform-edges" if values["freeform_edges"] else "--no-freeform-edges"
    return (f"tgp --openttd 15.2 --size {sx}x{sy} --seed {seed} "
            f"--smoothness {values['smoothness']} --terrain {values['terrain']} "
            f"--sea-level {values['sea_level']} --landscape {values['landscape']} "
            f"--custom-terrain {values['custom_terrain']} --variety {values['variety']} "
            f"--custom-sea-level {values['custom_sea_level']} "
            f"--water-borders {values['water_borders']} {edges} "
            f"--height-limit {values['height_limit']}")


def run_tgp(argv: Sequence[str]) -> int:
    out, err = sys.stdout, sys.stderr
    args = parse(_parser(), argv, PROG)
    if isinstance(args, int):
        return args
    from .engine.params import ParamError
    from .engine.tgp.generator import PARAMS, TGP, layer_names
    from .formats.atomic import WriteError
    from .formats.png import PictureTooLarge, check_picture

    try:
        values = TGP.validate(_values(args, PARAMS))
        seed = seed_or_random(args.seed)
        if args.layer is not None and args.png is None:
            raise Usage("--layer needs --png")
        layer = args.layer or "heightmap"
        names = layer_names(values["openttd"])
        if layer not in names:
            raise Usage(f"unknown layer {layer!r}; layers: {', '.join(names)}")
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
        out.write(command_text(values, seed) + "\n")
        out.write(result.messages)
        if note:
            out.write(note + "\n")
    return 0


def _heightmap_options(args) -> tuple[str, int | None]:
    """(format, highest peak or None for the default) for --heightmap-png, checked."""
    from .formats.heightmap import FORMATS, check_highest_peak

    fmt = args.heightmap_format if args.heightmap_format is not None else "modern"
    if fmt not in FORMATS:
        raise Usage(f"--heightmap-format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    peak = None  # the game's default, or the map's highest tile where higher
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
        from .formats.heightmap import (
            DEFAULT_HIGHEST_PEAK,
            heightmap_png_bytes,
            openttd_heightmap_note,
        )
        from .formats.tgp_exports import game_settings_note

        fmt, peak = heightmap
        th = result.layers["tile_height"]
        if peak is None:  # 30, or a 15.2 map's highest tile where higher
            peak = max(DEFAULT_HIGHEST_PEAK, int(th.max()))
        outputs.add(args.heightmap_png, heightmap_png_bytes(th, fmt=fmt, highest_peak=peak))
        note = openttd_heightmap_note(args.heightmap_png, th, highest_peak=peak, fmt=fmt)
        if fmt == "modern":
            note += game_settings_note(result, peak)
    if args.npz is not None:
        outputs.add(args.npz, npz_bytes(result))
    if args.png is not None:
        from .formats.png import png_bytes
        from .render import layer_image

        outputs.add(args.png, png_bytes(layer_image(result, result.grid, layer, scale=scale)))
    add_bundle(outputs, args.bundle, result)
    return note
