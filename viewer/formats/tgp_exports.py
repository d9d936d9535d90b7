"""The files a TerraGenesis map exports: the heightmap PNG OpenTTD reads
back to the same tile heights, and the 16-bit fixed-point heightmap.

An OpenTTD 15.2 map goes through the same greys (grey 0 only for the sea,
the bands of the "Highest peak" chosen).  :func:`loaded_tile_heights` is
15.2's loader (GrayscaleToMapHeights then FixSlopes) for checking the round
trip: with freeform edges every tile takes its height from the image, the
void edges included; without them the outer two rings are 0 (as a 15.2 map
made without freeform edges has them).  The message of the export says
what to choose in the game.  "Play this map in OpenTTD 15.2" writes the
game's console script that makes the same map in the game
(:mod:`.tgp_console_script`).  :func:`command_line` is the shared command
that makes the map again."""

from __future__ import annotations

import shlex

from ..engine.names import shown_name
from .exports import Ask, Export
from .tgp_heightmap import (
    DEFAULT_HIGHEST_PEAK,
    HIGHEST_PEAK_RANGE,
    write_fixed_point_png,
    write_openttd_heightmap,
)


def _layer(result, name: str) -> np.ndarray:
    import numpy as np

    if name not in result.layers:
        raise ValueError(f"this map has no {name.replace('_', ' ')} to export")
    return np.asarray(result.layers[name])


def write_openttd(path, result, highest_peak=DEFAULT_HIGHEST_PEAK) -> str:
    """For today's OpenTTD: grey 0 only for sea, the greys chosen by the
    "Highest peak" the player will pick in the game's dialog."""
    peak = int(highest_peak or DEFAULT_HIGHEST_PEAK)
    note = write_openttd_heightmap(path, _layer(result, "tile_height"), highest_peak=peak)
    return note + game_settings_note(result, peak)


def game_settings_note(result, highest_peak: int) -> str:
    """What else to choose in OpenTTD 15.2 to get an exported 15.2 map back
    ("" for an r13671 map)."""
    if result.detail.get("version") != "15.2":
        return ""
    sx, sy = result.grid.width, result.grid.height
    edges = "on" if result.params.get("freeform_edges", True) else "off"
    return (f"; in OpenTTD 15.2 also choose map size {sx} x {sy}, freeform edges {edges}, "
            f"max. map height auto or at least {int(highest_peak)}; the game then adds "
            "rivers, trees, towns and industries as it does to any heightmap")


def loaded_tile_heights(grey: np.ndarray, size_x: int, size_y: int, *, highest_peak: int,
                        freeform_edges: bool = True) -> np.ndarray:
    """The tile heights ``[y, x]`` OpenTTD 15.2 makes from a grey image on a
    ``size_x`` x ``size_y`` map with the default rotation (counter-clockwise):
    GrayscaleToMapHeights (nearest-neighbour scaling keeping the aspect,
    padding at 0; grey 0 sea, else ``1 + (g - 1) * H // 255``), then
    FixSlopes."""
    import numpy as np

    from ..engine.tgp.openttd15.kernel import fix_slopes
    from .tgp_heightmap import NUM_DIV, check_highest_peak, loader_scale

    big_h = check_highest_peak(highest_peak)
    g = np.asarray(grey).astype(np.int64)
    img_h, img_w = g.shape
    width, height = size_x, size_y
    img_scale, row_pad, col_pad = loader_scale(img_w, img_h, width, height)
    rows = np.arange(height)[:, None]
    cols = np.arange(width)[None, :]
    edge = 0 if freeform_edges else 1
    inside = ((rows >= row_pad) & (rows < height - row_pad - edge)
              & (cols >= col_pad) & (cols < width - col_pad - edge))
    if not freeform_edges:
        dist = np.minimum(np.minimum(cols, width - 1 - cols), np.minimum(rows, height - 1 - rows))
        inside &= dist > 1
    img_row = np.broadcast_to(((rows - row_pad) * NUM_DIV) // img_scale, inside.shape)
    img_col = np.broadcast_to(((width - 1 - cols - col_pad) * NUM_DIV) // img_scale,
                              inside.shape)
    out = np.zeros((height, width), np.uint8)
    v = g[img_row[inside], img_col[inside]]
    out[inside] = np.where(v == 0, 0, 1 + (v - 1) * big_h // 255)
    fix_slopes(out, np.zeros_like(out), size_x, size_y, freeform_edges, 255,
               np.zeros(3, np.int64))
    return out


def console_refusal(result) -> str | None:
    """Why this map cannot be played in OpenTTD 15.2 from a script, or None."""
    from .tgp_console_script import refusal

    return refusal(result.params, result.seed)


def console_script_text(result) -> str:
    """The OpenTTD 15.2 console script of this map (NotPlayable, a
    ValueError, when it cannot be made in the game)."""
    from .tgp_console_script import console_script

    return console_script(result.params, result.seed,
                          made_by=command_line(result.params, result.seed))


def stopped_early_note(result) -> str:
    """What the game makes beyond a map that stops before its first frame
    (nothing said for the default, the first frame itself)."""
    from ..engine.tgp.options import STOP_AFTER

    stop = result.params.get("stop_after", "rivers")
    if stop == "world":
        return ""
    if stop in ("water", "climate"):
        step = "the water pass" if stop == "water" else "the climate passes"
        return (f"this map stops after {step}; the game goes on through the rest of "
                "GenerateLandscape (its rivers and tile loops) before the towns")
    later = STOP_AFTER[STOP_AFTER.index(stop) + 1:]
    return (f"this map stops after {stop}; the game goes on with "
            f"{', '.join(later)} before its first frame")


def write_console_script(path, result, _value=None) -> str:
    """The console script, written atomically; what to do with it."""
    from .atomic import write_atomic
    from .tgp_console_script import how_to_run

    write_atomic(path, console_script_text(result))
    note = stopped_early_note(result)
    return how_to_run(path, result.params) + (f" Note: {note}." if note else "")


def scripts_folder() -> str:
    """OpenTTD 15.2's personal scripts folder on this system."""
    from .tgp_console_script import personal_scripts_folder

    return personal_scripts_folder()


def write_r13671(path, result, _value=None) -> str:
    return write_openttd_heightmap(path, _layer(result, "tile_height"), fmt="r13671")


def write_fixed(path, result, _value=None) -> str:
    write_fixed_point_png(path, _layer(result, "heightmap"))
    return f"16-bit heightmap written to {shown_name(path)} (16 units = one level)"


EXPORTS = (
    Export("openttd-heightmap", "Export OpenTTD &heightmap PNG...", "heightmap.png",
           "PNG images (*.png)", write_openttd,
           "tile heights as the greyscale PNG today's OpenTTD \"Play heightmap\" reads back "
           "(choose the same Highest peak in the game)",
           Ask("Highest peak you will choose in OpenTTD:", DEFAULT_HIGHEST_PEAK,
               *HIGHEST_PEAK_RANGE), shortcut="Ctrl+Shift+H"),
    Export("openttd-heightmap-r13671", "Export heightmap PNG for OpenTTD &r13671...",
           "heightmap-r13671.png", "PNG images (*.png)", write_r13671,
           "grey = 16 x height + 8, as OpenTTD of 2008 (svn r13671) reads it"),
    Export("fixed-point-heightmap", "Export fixed-point heightmap PNG (&16-bit)...",
           "heightmap16.png", "PNG images (*.png)", write_fixed,
           "the normalised heightmap as a 16-bit greyscale PNG, 16 units to a height level",
           shortcut="Ctrl+Shift+F"),
    Export("openttd-console-script", "&Play this map in OpenTTD 15.2...", "tgp-map.scr",
           "OpenTTD console scripts (*.scr *.txt);;All files (*)", write_console_script,
           "a console script for OpenTTD 15.2 (exec FILE in the game's console) that sets "
           "this map's settings and starts a new game with its seed",
           refuse=console_refusal, explain=True, start_folder=scripts_folder),
)


def command_line(values: dict, seed: int) -> str:
    """The command line that makes this map again (the line printed first):
    the version, the size, seed and the settings of the version, each written
    by its Param's codec (r13671's: those it has, ``--rng-skip`` when not
    the game's 1; 15.2's settings of the stages after GenerateLandscape where
    they are not the game's defaults).  The version is always named: the
    command line's default is 15.2."""
    from ..engine.tgp.generator import PARAMS  # (the kernels load on their first call)

    by_name = {p.name: p for p in PARAMS}
    version = values["openttd"]

    def opt(name: str) -> str:
        prm = by_name[name]
        if prm.kind == "bool":
            return prm.flag if values[name] else "--no-" + prm.flag[2:]
        return f"{prm.flag} {shlex.quote(prm.text(values[name]))}"

    if version == "r13671":
        names = ["size", "seed", "smoothness", "terrain", "sea_level", "landscape"]
        if values["rng_skip"] != by_name["rng_skip"].default:
            names.append("rng_skip")
    else:
        names = ["size", "seed", "smoothness", "terrain", "sea_level", "landscape",
                 "custom_terrain", "variety", "custom_sea_level", "water_borders",
                 "freeform_edges", "height_limit", "rivers", "min_river_length",
                 "river_route_random", "tree_placer", "snow_coverage", "desert_coverage",
                 "stop_after"]
        # the settings of the later stages, where they are not the game's defaults
        later = PARAMS[[p.name for p in PARAMS].index("tree_placer") + 1:]   # (by name: a
        names += [p.name for p in later                # Param's equality compares every field)
                  if p.name not in names and p.name != "rng_skip" and p.name in values
                  and values[p.name] != p.default]
    head = f"tgp {by_name['openttd'].flag} {version}"
    return " ".join([head] + [f"--seed {seed}" if n == "seed" else opt(n) for n in names])
