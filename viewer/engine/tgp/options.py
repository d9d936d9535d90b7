"""The values TGP's settings take, for the Params (a module without
numpy: the declaration, and so every ``tgp -h``, needs them, not the maps)."""

LANDSCAPES = ("temperate", "arctic", "tropic", "toyland")
LANDSCAPE_NAMES = ("Temperate", "Sub-arctic", "Sub-tropical", "Toyland")
"""The climates as the game names them (the command line takes LANDSCAPES)."""
SMOOTHNESS = ("very smooth", "smooth", "rough", "very rough")
TERRAIN = ("very flat", "flat", "hilly", "mountainous", "alpinist", "custom")
"""OpenTTD 15.2's terrain types (r13671 has the first four)."""
SEA_LEVEL = ("very low", "low", "medium", "high", "custom")
"""OpenTTD 15.2's sea levels (r13671 has the first four)."""

STOP_AFTER = ("water", "climate", "rivers", "clear", "towns", "industries", "objects", "trees",
              "startup", "world")
"""The steps a 15.2 map may stop after, in the game's order: the water pass,
the climate, the rest of GenerateLandscape (rivers and tile loops), then the
stages of ``_GenerateWorld`` that follow it (GenerateClearTile, GenerateTowns,
GenerateIndustries, GenerateObjects, GenerateTrees, the start-up draws, the
tile loops of the first frame)."""
LATER_STAGES: tuple[str, ...] = ()
"""Stages of ``_GenerateWorld`` not made yet (settings that shape only them
are greyed)."""


def stops_from(step: str) -> tuple[str, ...]:
    """The ``stop_after`` values that make ``step`` (it and the later ones)."""
    order = STOP_AFTER + LATER_STAGES
    return order[order.index(step):]


TREE_PLACERS = ("none", "original", "improved")
"""``game_creation.tree_placer``."""
EXTRA_TREE_PLACEMENTS = ("no spread", "rainforest", "spread", "no growth")
"""``construction.extra_tree_placement`` (ExtraTreePlacement): grow but do not
spread, spread only in rainforests, grow and spread everywhere, neither."""
NUMBER_TOWNS = ("very low", "low", "normal", "high", "custom")
"""``difficulty.number_towns``."""
TOWN_LAYOUTS = ("original", "better roads", "2x2 grid", "3x3 grid", "random")
"""``economy.town_layout`` (TownLayout)."""
LARGER_TOWNS_NAMES = ("none",) + tuple(f"1 in {n}" for n in range(1, 256))
"""``economy.larger_towns``: 0 none, else one town in N is a city."""
CONSTRUCTION_COSTS = ("low", "medium", "high")
"""``difficulty.construction_cost``."""
TOWN_NAMES = ("English (Original)", "French", "German", "English (Additional)",
              "Latin-American", "Silly", "Swedish", "Dutch", "Finnish", "Polish", "Slovak",
              "Norwegian", "Hungarian", "Austrian", "Romanian", "Czech", "Swiss", "Danish",
              "Turkish", "Italian", "Catalan")
"""``game_creation.town_name``: the game's built-in name styles, in its order."""
TOWN_NAMES_CFG = ("english", "french", "german", "american", "latin", "silly", "swedish",
                  "dutch", "finnish", "polish", "slovak", "norwegian", "hungarian", "austrian",
                  "romanian", "czech", "swiss", "danish", "turkish", "italian", "catalan")
"""How openttd.cfg names them (``_town_names``)."""
TOWN_NAMES_MADE = TOWN_NAMES[:1]
"""The name styles this program makes (the others: not yet)."""
INDUSTRY_DENSITIES = ("funding only", "minimal", "very low", "low", "normal", "high", "custom")
"""``difficulty.industry_density`` (IndustryDensity)."""
MIN_YEAR, MAX_YEAR = 0, 5_000_000
"""``CalendarTime::MIN_YEAR`` and ``MAX_YEAR``, the starting year's bounds."""
