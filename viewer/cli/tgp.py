"""``python -m viewer tgp``: OpenTTD's TerraGenesis Perlin from the command line.

::

    tgp [--openttd 15.2|r13671] --size WxH --seed N --landscape NAME
        --terrain 0..5 --custom-terrain H --smoothness 0..3 --variety 0..5
        --sea-level 0..4 --custom-sea-level P --water-borders 0..16
        --freeform-edges | --no-freeform-edges --height-limit 0..255
        --rivers 0..3 --min-river-length N --river-route-random N
        --tree-placer none|original|improved --snow-coverage P --desert-coverage P
        --extra-tree-placement NAME --number-towns NAME --custom-town-number N
        --town-layout NAME --larger-towns N --initial-city-size N --starting-year Y
        --construction-cost NAME --town-name NAME --industry-density NAME
        --custom-industry-number N
        --stop-after water|climate|rivers|clear|towns|industries|objects|trees|startup|world
        [--openttd-cfg FILE]
        [--rng-skip N (r13671 only)] [--npz FILE]
        [--png FILE [--layer NAME] [--scale N]]
        [--heightmap-png FILE [--highest-peak H] [--heightmap-format modern|r13671]]
        [--console-script FILE] [-q]

``--openttd`` picks the game: 15.2 (the default; New Game with TerraGenesis
through the whole of the game's world generation to the map of its first
frame, or up to the step ``--stop-after`` names: ``rivers`` for the
terrain as GenerateLandscape leaves it) or r13671 (tgp.cpp of 2008, whose
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
                     clear, 1 water, 2 shore, 3 void, and on a finished
                     15.2 map 4 river, 5 trees), all ``[y, x]``, and for
                     15.2 ``rocks`` (uint8, 1 where the tile is clear land
                     with rock ground); a 15.2 map past the water pass
                     (``--stop-after climate`` or ``rivers``) also
                     ``tropic`` (0 normal, 1 desert, 2 rainforest),
                     ``ground`` and ``density`` (uint8, the encoding of
                     ``tgp-rivers``: ground type + 128 with snow on clear
                     land, 64 + tree ground on trees, 255 elsewhere) and
                     ``rng_state`` (uint32, the Randomizer's two words after);
                     a map past GenerateLandscape (the default ``world``,
                     or ``--stop-after clear`` ... ``startup``) also the
                     game's tile bytes as the ``openttd-firstframe``
                     reference keeps them:
                     ``tile_type`` (uint8: type in bits 4..7, bridge bits
                     2..3, tropic zone 0..1), ``tile_height`` (the same
                     array), ``m1``, ``m3`` ... ``m7`` (uint8), ``m2``,
                     ``m8`` (uint16), and with the towns ``towns``, with
                     the industries ``industries`` (JSON texts: as the
                     reference's manifest holds them)
``--png``            one layer as the window's Export map draws it (legend below)
``--heightmap-png``  an 8-bit greyscale heightmap OpenTTD's "Play heightmap"
                     reads back to the same tile heights: for today's game
                     (grey 0 only for the sea, the greys chosen for the
                     dialog's "Highest peak" ``--highest-peak``, default 30),
                     or with ``--heightmap-format r13671`` for the game of
                     2008 (see :mod:`viewer.formats.tgp_heightmap`); the line
                     printed says which "Highest peak" to choose
``--openttd-cfg``    the settings that shape the map from a player's
                     openttd.cfg, read as the game reads it (see
                     :mod:`viewer.formats.tgp_openttd_cfg`); flags given too win;
                     ``--seed`` is the game's ``-G``; a value the game would
                     not take as written is refused in one line naming the
                     file, the line and the setting
``--console-script`` OpenTTD 15.2's console script (``setting_newgame`` lines
                     and ``newgame SEED``) that makes this map in the game:
                     ``exec FILE`` in its console (see
                     :mod:`viewer.formats.tgp_console_script`); refused for
                     r13671 maps, seed 4294967295 (the game's "random") and
                     a maximum map height of 1..14

TGP runs on the generic command line (:mod:`viewer.cli.generic`: its
Params, ``--seed``, ``--png``, ``--bundle``, ``-q``, ``--progress``...);
this module is its declared ``cli_extras``: ``--npz`` and the heightmap
flags, the version's settings and layers, and the line printed first.
Errors are reported as ``tgp: message`` on standard error with exit status 1.
Everything goes through ``sys.stdout``/``sys.stderr``, so
``viewer.cli.main(["tgp", ...])`` can be called in-process.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from ..engine.names import one_line, shown_name
from .args import Usage, whole
from .extras import CliExtras


def npz_bytes(result) -> bytes:
    """The stage arrays of a TGP result as an .npz file (with ``rocks`` for
    an OpenTTD 15.2 map)."""
    import numpy as np

    arrays = dict(
        noise=np.ascontiguousarray(result.detail.noise_corners, dtype=np.int16),
        heightmap=np.ascontiguousarray(result.detail.heightmap_corners, dtype=np.int16),
        tile_height=np.ascontiguousarray(result.layers["tile_height"], dtype=np.uint8),
        tile_class=np.ascontiguousarray(result.layers["tile_class"], dtype=np.uint8),
    )
    if "rocks" in result.layers:
        arrays["rocks"] = np.ascontiguousarray(result.layers["rocks"], dtype=np.uint8)
    if "tropic" in result.layers:  # a 15.2 map past the water pass
        for name in ("tropic", "ground", "density"):
            arrays[name] = np.ascontiguousarray(result.layers[name], dtype=np.uint8)
        arrays["rng_state"] = np.array(result.detail.rng_state_after, dtype=np.uint32)
    world = getattr(result.detail, "world", None)
    if world is not None:  # past GenerateLandscape: the game's tile bytes, the towns
        import json

        from ..engine.tgp.openttd15.stages import industry_records, town_records

        grids = world.map.grids()
        arrays["tile_type"] = np.ascontiguousarray(grids["type"])
        for name in ("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"):
            arrays[name] = np.ascontiguousarray(grids[name])
        made = result.detail.stages or {}
        if "towns" in made:
            arrays["towns"] = np.array(json.dumps(town_records(world)))
        if "industries" in made:
            arrays["industries"] = np.array(json.dumps(industry_records(world)))
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    return buf.getvalue()


class TgpExtras(CliExtras):
    description = ("OpenTTD's TerraGenesis Perlin map generator, as OpenTTD 15.2 makes a New "
                   "Game (by default the map of the game's first frame: its terrain, rivers, "
                   "rough land, towns, industries, lighthouses and transmitters, trees and "
                   "first tile loops; --stop-after rivers for the terrain as GenerateLandscape "
                   "leaves it, or another earlier step) or as tgp.cpp r13671 did.")
    random_seed = True

    def add_arguments(self, p) -> None:
        from ..formats.tgp_heightmap import DEFAULT_HIGHEST_PEAK, HIGHEST_PEAK_RANGE

        lo, hi = HIGHEST_PEAK_RANGE
        p.add_argument("--npz", metavar="FILE", help="write the noise, heightmap, tile_height, "
                       "tile_class (and for 15.2 rocks) arrays")
        p.add_argument("--heightmap-png", metavar="FILE",
                       help="write an 8-bit greyscale heightmap for OpenTTD's Play heightmap")
        p.add_argument("--highest-peak", metavar="H",
                       help="the \"Highest peak\" you will choose in today's game's heightmap "
                            f"dialog, {lo}..{hi} (default {DEFAULT_HIGHEST_PEAK}, the game's "
                            "default, or the map's highest tile where that is higher)")
        p.add_argument("--heightmap-format", metavar="FORMAT",
                       help="modern (today's OpenTTD, default) or r13671 (OpenTTD of 2008: "
                            "grey = 16 x height + 8)")
        p.add_argument("--console-script", metavar="FILE",
                       help="write OpenTTD 15.2's console script that makes this map in the "
                            "game (run it there with: exec FILE)")
        p.add_argument("--openttd-cfg", metavar="FILE",
                       help="take every setting that shapes the map from an openttd.cfg, as "
                            "the game reads it (flags given as well win); with --seed as "
                            "the game's -G")

    def values(self, args, given: dict) -> dict:
        """The settings given, with the version (15.2 unless --openttd says
        otherwise); a setting the version does not have is refused when its
        flag gives it, and skipped when a preset holds it (as the window
        skips it: a preset holds every setting of both versions)."""
        from ..engine.params import fit_bounds
        from ..engine.tgp.generator import PARAMS, VERSION_PARAM
        from .args import given_values

        flags = given_values(args, PARAMS)
        args.cfg_notes = []
        if getattr(args, "openttd_cfg", None) is not None:
            from ..formats.tgp_openttd_cfg import OpenttdCfgError, read_openttd_cfg

            try:
                cfg = read_openttd_cfg(args.openttd_cfg)
                from_cfg = cfg.values()
            except OpenttdCfgError as exc:
                raise Usage(f"--openttd-cfg: {exc}") from None
            if given.get("openttd", "15.2") != "15.2":
                raise Usage("--openttd-cfg: an openttd.cfg is OpenTTD 15.2's; not with "
                            f"--openttd {given['openttd']}")
            args.cfg_notes = [f"openttd.cfg: {note}" for note in cfg.notes]
            from ..engine.tgp.game_settings import param_names

            given = {**{k: from_cfg[k] for k in param_names()}, **given}
        given.setdefault("openttd", VERSION_PARAM.default)
        if args.preset:     # a preset's values within the bounds of the version the flags chose
            given.update(fit_bounds(PARAMS, given, tuple(flags))[0])
        for prm in PARAMS:
            lacking = prm.lacking(given, among=("openttd",)) if prm.name in given else None
            if lacking and prm.name not in flags:
                del given[prm.name]     # a preset's value the version lacks
            elif lacking:
                flag = prm.flag
                if prm.kind == "bool" and given[prm.name] is False:
                    flag = "--no-" + flag[2:]
                raise Usage(f"{flag}: OpenTTD {lacking}")
        return given

    def layers(self, decl, values) -> Sequence[str]:
        from ..engine.tgp.layers import layer_names

        return layer_names(values["openttd"], values.get("stop_after", "rivers"))

    def cells(self, values):
        from ..engine.protocol import SquareGrid

        return SquareGrid(*values["size"])

    def check(self, args, values) -> tuple[str, int | None]:
        """(format, highest peak or None for the default) for --heightmap-png, checked."""
        from ..formats.tgp_heightmap import FORMATS, check_highest_peak

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
        if args.console_script is not None:
            from ..engine.params import parse_whole
            from ..formats.tgp_console_script import RANDOM_SEED, refusal

            seed = RANDOM_SEED - 1   # the seed is checked again once known
            if args.seed is not None:
                try:
                    seed = parse_whole(str(args.seed))
                except ValueError:
                    pass
            why = refusal(values, seed)
            if why:
                raise Usage(f"--console-script: {why}")
        return fmt, peak

    def input_files(self, args) -> tuple[tuple[str, str], ...]:
        cfg = getattr(args, "openttd_cfg", None)
        return (("--openttd-cfg", cfg),) if cfg is not None else ()

    def targets(self, args) -> tuple[str | None, ...]:
        return args.heightmap_png, args.npz, args.console_script

    def write(self, outputs, result, args, checked) -> list[str]:
        """--heightmap-png first (a peak too low for the map writes nothing),
        then --npz; the heightmap's message, if one was written (after what
        --openttd-cfg noted)."""
        notes = list(getattr(args, "cfg_notes", ()))
        if args.heightmap_png is not None:
            from ..formats.tgp_exports import game_settings_note
            from ..formats.tgp_heightmap import (
                DEFAULT_HIGHEST_PEAK,
                heightmap_png_bytes,
                openttd_heightmap_note,
            )

            fmt, peak = checked
            th = result.layers["tile_height"]
            if peak is None:  # 30, or a 15.2 map's highest tile where higher
                peak = max(DEFAULT_HIGHEST_PEAK, int(th.max()))
            try:
                data = heightmap_png_bytes(th, fmt=fmt, highest_peak=peak)
            except ValueError as exc:
                raise ValueError(f"--heightmap-png: {exc}") from None
            outputs.add(args.heightmap_png, data)
            note = openttd_heightmap_note(args.heightmap_png, th, highest_peak=peak, fmt=fmt)
            if fmt == "modern":
                note += game_settings_note(result, peak)
            notes.append(note)
        if args.npz is not None:
            outputs.add(args.npz, npz_bytes(result))
        if args.console_script is not None:
            from ..formats.tgp_console_script import NotPlayable, exec_command
            from ..formats.tgp_exports import console_script_text, stopped_early_note

            try:
                text = console_script_text(result)
            except NotPlayable as exc:
                raise ValueError(f"--console-script: {exc}") from None
            outputs.add(args.console_script, text)
            notes.append(f"OpenTTD 15.2 console script written to "
                         f"{shown_name(args.console_script)}; "
                         f"in the game's console: {one_line(exec_command(args.console_script))}"
                         + (f"; {note}" if (note := stopped_early_note(result)) else ""))
        return notes

    def report(self, out, decl, result, values, seed, notes) -> None:
        from ..formats.tgp_exports import command_line

        out.write(command_line(values, seed) + "\n")
        out.write(result.messages)
        for note in notes:
            out.write(note + "\n")


EXTRAS = TgpExtras()

