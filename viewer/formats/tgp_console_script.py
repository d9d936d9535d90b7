"""OpenTTD 15.2's console script that makes a TerraGenesis map again in the
game: one ``setting_newgame NAME VALUE`` line for every setting that shapes
the terrain, then ``newgame SEED``.

Besides the terrain's, the script pins the settings of the steps after it
(extra tree placement, the number of towns, their layout, cities, the
initial city size, the starting year, the construction costs, the town
names, the industry density and their custom counts) and, at the game's
defaults, the settings the first map depends on that are no setting here
(bridges, tunnels, slopes, town growth, industries:
``game_settings.SHAPING_DEFAULTS``), so ``newgame SEED`` makes the towns and
industries shown whatever the player's own settings are.

The names are the settings' full names as the console takes them
(``section.name`` of 15.2's ``src/table/settings/*.ini``), the values as
its parser reads them (``IntSettingDesc::ParseValue``: a decimal number;
booleans ``true``/``false``).  Every value is within the setting's bounds:
the game clamps a number outside them (or resets a drop-down to its
default) without saying so, which would make another map; so a map whose
settings the game cannot take is refused with a one-line reason instead:

* seed 4294967295: ``newgame`` reads it as "a random seed"
  (GENERATE_NEW_SEED), so the game cannot make that map on purpose;
* a maximum map height of 1..14: the game offers 0 (auto) or 15..255 and
  would clamp it to 15;
* an r13671 map: the game of today makes another map from the same
  settings.

The script is read by the console's ``exec FILE``, which looks for FILE in
each of the game's search paths (its personal directory first: a script
copied to ``scripts/`` there runs as ``exec scripts/NAME``), and else as the
path given (so ``exec "/full/path/NAME"`` runs it from anywhere).  ``exec``
works at the main menu: ``setting_newgame`` sets the next game's settings
and ``newgame`` starts it (StartNewGameWithoutGUI).  The game then goes on
past GenerateLandscape (towns, industries, trees, objects), as it does for
any new game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

RANDOM_SEED = 0xFFFFFFFF
"""``newgame``'s "make a random seed" (GENERATE_NEW_SEED)."""
LAND_GENERATOR_TGP = 1
"""``game_creation.land_generator``: 0 original, 1 TerraGenesis."""
MIN_HEIGHT_LIMIT = 15
"""The lowest maximum map height the game takes (0 is "auto")."""

# the settings' value names, in the game's order (their index is the value)
CLIMATES = ("temperate", "arctic", "tropic", "toyland")
RIVER_AMOUNTS = ("none", "few", "moderate", "lots")
TREE_PLACERS = ("none", "original", "improved")

# 15.2's defaults of the settings a map made before the climate and rivers
# settings existed does not hold (the game's own defaults, as in its tables)
GAME_DEFAULTS = {"rivers": 2, "min_river_length": 16, "river_route_random": 5,
                 "snow_coverage": 40, "desert_coverage": 50, "tree_placer": 2}


class NotPlayable(ValueError):
    """This map cannot be made in OpenTTD 15.2 from a script (one line why)."""


def _index(value: Any, names: tuple[str, ...], what: str) -> int:
    if isinstance(value, str):
        word = value.strip().lower()
        if word in names:
            return names.index(word)
        if word.isdigit():
            value = int(word)
        else:
            raise NotPlayable(f"{what} {value!r} is not one of {', '.join(names)}")
    v = int(value)
    if not 0 <= v < len(names):
        raise NotPlayable(f"{what} {v} is not 0..{len(names) - 1}")
    return v


def _log2(side: int, what: str) -> int:
    side = int(side)
    if side <= 0 or side & (side - 1):
        raise NotPlayable(f"the map {what} {side} is not a power of two")
    return side.bit_length() - 1


def refusal(values: Mapping[str, Any], seed: int) -> str | None:
    """Why OpenTTD 15.2 cannot make this map from a console script, or None."""
    if values.get("openttd", "15.2") != "15.2":
        return (f"an OpenTTD {values.get('openttd')} map cannot be played in OpenTTD 15.2: "
                "the game of today makes another map from the same settings (choose "
                "OpenTTD version 15.2)")
    if int(seed) == RANDOM_SEED:
        return (f"seed {RANDOM_SEED} cannot be chosen in OpenTTD 15.2: newgame takes it "
                "for \"a random seed\"; choose another seed")
    limit = int(values.get("height_limit", 0))
    if 0 < limit < MIN_HEIGHT_LIMIT:
        return (f"maximum map height {limit} cannot be chosen in OpenTTD 15.2 (it offers "
                f"auto or {MIN_HEIGHT_LIMIT}..255 and would take {MIN_HEIGHT_LIMIT}); choose "
                f"auto or {MIN_HEIGHT_LIMIT} or more")
    return None


def game_settings(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(full setting name, value as the console reads it)`` of every
    setting that shapes a 15.2 TerraGenesis map, in the order the script
    sets them.  ``values``: the TGP generator's validated values (a setting
    they lack takes the game's default)."""

    def get(name: str) -> Any:
        return values[name] if name in values else GAME_DEFAULTS[name]

    sx, sy = values["size"]
    return [
        ("game_creation.map_x", str(_log2(sx, "width"))),
        ("game_creation.map_y", str(_log2(sy, "height"))),
        ("game_creation.landscape", str(_index(values["landscape"], CLIMATES, "climate"))),
        ("game_creation.land_generator", str(LAND_GENERATOR_TGP)),
        ("difficulty.terrain_type", str(int(values["terrain"]))),
        ("game_creation.custom_terrain_type", str(int(values["custom_terrain"]))),
        ("game_creation.tgen_smoothness", str(int(values["smoothness"]))),
        ("game_creation.variety", str(int(values["variety"]))),
        ("difficulty.quantity_sea_lakes", str(int(values["sea_level"]))),
        ("game_creation.custom_sea_level", str(int(values["custom_sea_level"]))),
        ("game_creation.water_borders", str(int(values["water_borders"]))),
        ("construction.freeform_edges", "true" if values["freeform_edges"] else "false"),
        ("construction.map_height_limit", str(int(values["height_limit"]))),
        ("game_creation.amount_of_rivers",
         str(_index(get("rivers"), RIVER_AMOUNTS, "amount of rivers"))),
        ("game_creation.min_river_length", str(int(get("min_river_length")))),
        ("game_creation.river_route_random", str(int(get("river_route_random")))),
        ("game_creation.snow_coverage", str(int(get("snow_coverage")))),
        ("game_creation.desert_coverage", str(int(get("desert_coverage")))),
        ("game_creation.tree_placer", str(_index(get("tree_placer"), TREE_PLACERS,
                                                 "tree placer"))),
    ] + stage_settings(values)


def stage_settings(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The settings of the steps after the terrain (extra tree placement, the
    towns', the industries'), from the game's settings table
    (:data:`viewer.engine.tgp.game_settings.SETTINGS`); a value ``values``
    lack is the game's default."""
    from ..engine.tgp import game_settings as gs
    from ..engine.tgp.generator import PARAMS

    defaults = {p.name: p.default for p in PARAMS}
    terrain = {"game_creation.tree_placer", "game_creation.desert_coverage"}
    later = gs.SETTINGS[[s.game for s in gs.SETTINGS].index("game_creation.tree_placer") + 1:]
    return [(s.game, gs.game_value(s, {s.param: values.get(s.param, defaults[s.param])}))
            for s in later if s.game not in terrain] + gs.pinned_defaults()


MAIN_MENU_ONLY = ("run it from the main menu, not in a game: inside a game OpenTTD refuses "
                  "construction.freeform_edges false unless the loaded map's edges are all "
                  "water, and the map would come out different")
STAYS = ("the setting_newgame lines stay in your new-game settings (Settings, for the next "
         "new games) until you change them")


def main_menu_only(values: Mapping[str, Any]) -> bool:
    """Whether the script must be run from the game's main menu: a map
    without free-form edges (OpenTTD 15.2 refuses to turn them off inside a
    game whose edges are not all water: "One or more tiles at one of the
    edges is not water")."""
    return not values.get("freeform_edges", True)


def console_script(values: Mapping[str, Any], seed: int, made_by: str = "") -> str:
    """The console script (text, ``\\n`` line ends, no blank line: the
    console reads an empty line as a command) that makes this map in
    OpenTTD 15.2; :class:`NotPlayable` when it cannot (see :func:`refusal`).
    ``made_by``: the command that makes the map here, for a comment."""
    why = refusal(values, seed)
    if why:
        raise NotPlayable(why)
    sx, sy = values["size"]
    lines = [f"# OpenTTD 15.2: a new TerraGenesis game of {sx} x {sy} tiles, seed {int(seed)}",
             "# run it in the game's console (the key left of 1) with: exec FILE"]
    if made_by:
        lines.append(f"# made by mapgen-viewer: {made_by}")
    if main_menu_only(values):
        lines.append(f"# {MAIN_MENU_ONLY}")
    lines.append(f"# {STAYS}")
    lines += [f"setting_newgame {name} {value}" for name, value in game_settings(values)]
    lines.append(f"newgame {int(seed)}")
    return "\n".join(lines) + "\n"


def personal_scripts_folder() -> str:
    """Where OpenTTD 15.2 keeps a user's scripts on this system (its
    personal directory's ``scripts/``), whether or not it exists yet."""
    home = os.path.expanduser("~")
    if sys.platform.startswith("win"):
        return os.path.join(home, "Documents", "OpenTTD", "scripts")
    if sys.platform == "darwin":
        return os.path.join(home, "Documents", "OpenTTD", "scripts")
    # both are search paths of the game (the XDG one first); the one in use exists
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    xdg, legacy = os.path.join(data, "openttd"), os.path.join(home, ".openttd")
    if not os.path.isdir(xdg) and os.path.isdir(legacy):
        return os.path.join(legacy, "scripts")
    return os.path.join(xdg, "scripts")


def _quoted(path: str) -> str:
    return f'"{path}"' if " " in path or not path else path


def exec_command(path: str | os.PathLike) -> str:
    """The console command that runs the script at ``path``: ``exec
    scripts/NAME`` when it is in the personal scripts folder, else ``exec``
    with its full path."""
    full = os.path.abspath(os.fspath(path))
    folder = personal_scripts_folder()
    if os.path.dirname(full) == os.path.abspath(folder):
        return "exec " + _quoted("scripts/" + os.path.basename(full))
    return "exec " + _quoted(full)


def how_to_run(path: str | os.PathLike, values: Mapping[str, Any] | None = None) -> str:
    """What to tell the user after writing the script (of the map of
    ``values``) to ``path``."""
    folder = personal_scripts_folder()
    where = ("at the main menu, not in a game: with free-form edges off the game refuses "
             "this map's edges inside a game unless its own edges are all water"
             if values is not None and main_menu_only(values)
             else "at the main menu or in a game")
    return (f"OpenTTD 15.2 console script written to {os.fspath(path)}. In the game, open the "
            f"console (the key left of 1, {where}) and type "
            f"{exec_command(path)} . "
            "The game reads scripts by a name relative to its personal directory (put "
            f"it in {folder} and type exec scripts/{os.path.basename(os.fspath(path))}) "
            "or by its full path. It sets this map's settings for a new game and starts "
            "it with this seed; the game then adds towns, industries and trees as it "
            f"does to any new game. Note: {STAYS}.")
