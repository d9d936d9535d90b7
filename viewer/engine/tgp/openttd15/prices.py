"""The game's prices at world generation (``economy.cpp`` RecomputePrices,
``table/pricebase.h``), as far as the steps after GenerateLandscape read
them: StartupEconomy sets them before the landscape, from the construction
cost setting (and inflation since 1920 when it is on, which no reference
case sets).  A town pays nothing (OWNER_TOWN is no company, so no command
is refused for money); prices matter where a step compares a cost, as
TerraformTownTile does.
"""

from __future__ import annotations

# start price and category (True: construction) of the prices used here
_BASE = {
    "PR_BUILD_ROAD": 95,
    "PR_BUILD_BRIDGE": 275,
    "PR_BUILD_TUNNEL": 450,
    "PR_TERRAFORM": 250,
    "PR_CLEAR_GRASS": 20,
    "PR_CLEAR_ROUGH": 40,
    "PR_CLEAR_ROCKS": 200,
    "PR_CLEAR_FIELDS": 500,
    "PR_CLEAR_TREES": 20,
    "PR_CLEAR_WATER": 10000,
    "PR_CLEAR_HOUSE": 1600,
    "PR_CLEAR_ROAD": 40,
    "PR_BUILD_FOUNDATION": 250,
}

_DIFFICULTY_FACTOR = (6, 8, 9)   # construction_cost low, medium, high; normalised on 8


def prices(construction_cost: int) -> dict[str, int]:
    """``_price[...]`` by name for ``difficulty.construction_cost`` 0..2
    (no inflation, no NewGRF multipliers): start * factor * 2^16 >> 19."""
    f = _DIFFICULTY_FACTOR[construction_cost]
    out = {}
    for name, start in _BASE.items():
        p = (start * f * (1 << 16)) >> 19
        out[name] = p if p != 0 else max(-1, min(1, start))
    return out


def world_prices(world) -> dict[str, int]:
    """The prices of ``world``'s settings (cached on the world)."""
    cached = getattr(world, "_prices", None)
    if cached is None:
        cached = prices(int(world.setting("difficulty.construction_cost", 0)))
        try:
            world._prices = cached
        except AttributeError:
            pass
    return cached
