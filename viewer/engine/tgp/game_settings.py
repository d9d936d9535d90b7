"""The game's names of TGP's settings: which OpenTTD 15.2 setting each Param
of the generator is (``section.name`` as openttd.cfg, the console's
``setting_newgame`` and ``openttd-15.2-settings.json`` name it), and how the
game writes its value.  One table, read both ways: settings as the game
holds them to the generator's values (openttd.cfg, the reference's cases),
and the generator's values to the game's (the console script).

How the game stores a value (``codec``):

* ``int``: the number as is (a Param of kind int);
* ``bool``: true or false;
* ``choice``: the index of the Param's choice (the game keeps a drop-down's
  choice as its number); ``names``, when given, are openttd.cfg's own words
  for the choices (a one-of-many setting: ``landscape = tropic``);
* ``log2``: a map side as a power of two (``map_x = 8`` is 256 tiles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import options


@dataclass(frozen=True)
class GameSetting:
    game: str
    param: str
    codec: str
    names: tuple[str, ...] = ()
    """openttd.cfg's words for a one-of-many setting's choices (its index also reads)."""


CHOICES = {"landscape": options.LANDSCAPES, "tree_placer": options.TREE_PLACERS,
           "extra_tree_placement": options.EXTRA_TREE_PLACEMENTS,
           "number_towns": options.NUMBER_TOWNS, "town_layout": options.TOWN_LAYOUTS,
           "construction_cost": options.CONSTRUCTION_COSTS, "town_name": options.TOWN_NAMES,
           "industry_density": options.INDUSTRY_DENSITIES}
"""The choices of the Params the game keeps as a number (its index)."""


SETTINGS: tuple[GameSetting, ...] = (
    GameSetting("game_creation.map_x", "size", "log2"),
    GameSetting("game_creation.map_y", "size", "log2"),
    GameSetting("game_creation.landscape", "landscape", "choice", options.LANDSCAPES),
    GameSetting("difficulty.terrain_type", "terrain", "int"),
    GameSetting("game_creation.custom_terrain_type", "custom_terrain", "int"),
    GameSetting("game_creation.tgen_smoothness", "smoothness", "int"),
    GameSetting("game_creation.variety", "variety", "int"),
    GameSetting("difficulty.quantity_sea_lakes", "sea_level", "int"),
    GameSetting("game_creation.custom_sea_level", "custom_sea_level", "int"),
    GameSetting("game_creation.water_borders", "water_borders", "int"),
    GameSetting("construction.freeform_edges", "freeform_edges", "bool"),
    GameSetting("construction.map_height_limit", "height_limit", "int"),
    GameSetting("game_creation.amount_of_rivers", "rivers", "int"),
    GameSetting("game_creation.min_river_length", "min_river_length", "int"),
    GameSetting("game_creation.river_route_random", "river_route_random", "int"),
    GameSetting("game_creation.snow_coverage", "snow_coverage", "int"),
    GameSetting("game_creation.desert_coverage", "desert_coverage", "int"),
    GameSetting("game_creation.tree_placer", "tree_placer", "choice"),
    GameSetting("construction.extra_tree_placement", "extra_tree_placement", "choice"),
    GameSetting("difficulty.number_towns", "number_towns", "choice"),
    GameSetting("game_creation.custom_town_number", "custom_town_number", "int"),
    GameSetting("economy.town_layout", "town_layout", "choice"),
    GameSetting("economy.larger_towns", "larger_towns", "int"),
    GameSetting("economy.initial_city_size", "initial_city_size", "int"),
    GameSetting("game_creation.starting_year", "starting_year", "int"),
    GameSetting("difficulty.construction_cost", "construction_cost", "choice"),
    GameSetting("game_creation.town_name", "town_name", "choice", options.TOWN_NAMES_CFG),
    GameSetting("difficulty.industry_density", "industry_density", "choice"),
    GameSetting("game_creation.custom_industry_number", "custom_industry_number", "int"),
)
"""Every game setting that is a Param of the generator, in the console
script's order."""

BY_GAME = {s.game: s for s in SETTINGS}
LAND_GENERATOR = "game_creation.land_generator"
LAND_GENERATOR_TGP = 1
"""``game_creation.land_generator``: 0 original, 1 TerraGenesis (the only one made here)."""

SHAPING_DEFAULTS: dict[str, Any] = {
    "construction.build_on_slopes": True,
    "construction.max_bridge_height": 12,
    "construction.max_bridge_length": 64,
    "construction.max_tunnel_length": 64,
    "construction.industry_platform": 1,
    "economy.allow_town_level_crossings": True,
    "economy.town_growth_rate": 2,
    "economy.town_cargogen_mode": 1,
    "economy.multiple_industry_per_town": False,
    "economy.type": 1,
    "game_creation.oil_refinery_limit": 32,
}
"""Settings the game's first map depends on (its towns' roads, bridges and
growth, its industries, the tile loops) that are no Param here: the map is
made with the game's defaults of them, and the console script pins them."""


def pinned_defaults() -> list[tuple[str, str]]:
    """``(setting, value as the console reads it)`` of :data:`SHAPING_DEFAULTS`."""
    return [(name, ("true" if v else "false") if isinstance(v, bool) else str(v))
            for name, v in SHAPING_DEFAULTS.items()]


ELSEWHERE = frozenset(("game_creation.snow_line_height", "game_creation.se_flat_world_height",
                       "game_creation.heightmap_height", "game_creation.heightmap_rotation",
                       "game_creation.heightmap_colour"))
"""Settings of the scenario editor and of heightmaps: they shape no New Game
with TerraGenesis."""


def param_names() -> tuple[str, ...]:
    """The Params the game's settings set (once each)."""
    return tuple(dict.fromkeys(s.param for s in SETTINGS))


def to_values(game: Mapping[str, Any]) -> dict[str, Any]:
    """The generator's values of the settings ``game`` holds (the game's
    names, values as the game keeps them: numbers, booleans, a one-of-many
    setting's index or word).  Map sides come as powers of two; a side not
    given is the game's default (8: 256 tiles).  Not validated: pass the
    result to the generator's ``validate``."""
    out: dict[str, Any] = {"openttd": "15.2"}
    sides = {}
    for name, value in game.items():
        s = BY_GAME.get(name)
        if s is None:
            continue
        if s.codec == "log2":
            sides[name[-1]] = 1 << int(value)
        elif s.codec == "bool":
            out[s.param] = bool(value)
        elif s.codec == "choice":
            if isinstance(value, str) and s.names and value.strip().lower() in s.names:
                value = s.names.index(value.strip().lower())
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            out[s.param] = CHOICES[s.param][value] if isinstance(value, int) else value
        else:
            out[s.param] = int(value)
    if sides:
        out["size"] = (sides.get("x", 256), sides.get("y", 256))
    return out


def game_value(s: GameSetting, values: Mapping[str, Any]) -> str:
    """The setting's value as openttd.cfg and the console write it."""
    v = values[s.param]
    if s.codec == "log2":
        side = int(v[0] if s.game.endswith("_x") else v[1])
        return str(side.bit_length() - 1)
    if s.codec == "bool":
        return "true" if v else "false"
    if s.codec == "choice":
        return str(CHOICES[s.param].index(v) if isinstance(v, str) else int(v))
    return str(int(v))


def to_game(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(game setting, value as the console reads it)`` of every setting in
    :data:`SETTINGS` (``values``: the generator's validated values), the
    land generator (TerraGenesis) after the climate."""
    out = []
    for s in SETTINGS:
        out.append((s.game, game_value(s, values)))
        if s.game == "game_creation.landscape":
            out.append((LAND_GENERATOR, str(LAND_GENERATOR_TGP)))
    return out


def world_settings(values: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a :class:`~.game.world.World` carries (the game's names,
    the values as the game holds them: numbers and booleans) of the
    generator's validated ``values``, and the land generator (TerraGenesis)."""
    out: dict[str, Any] = {LAND_GENERATOR: LAND_GENERATOR_TGP}
    for s in SETTINGS:
        text = game_value(s, values)
        out[s.game] = text == "true" if s.codec == "bool" else int(text)
    return out
