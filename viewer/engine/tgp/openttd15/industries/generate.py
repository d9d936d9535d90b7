"""``GenerateIndustries`` (``industry_cmd.cpp``): how many industries of
which types, first one of each type the climate has (tried hard: 10,000
random tiles), then the rest drawn by their appearance chances (2,000 tiles
each); land industries first, then those on water."""

from __future__ import annotations

from ...game.world import World
from ...height_limit import world_height_limit
from ..towns.houses import highest_snow_line
from .industry import IndustryPool
from .placement import Placer
from .specs import CHECK_OIL_RIG, CHECK_REFINERY, INDUSTRY_SPECS, NUM_INDUSTRYTYPES
from .towns import TownIndex

ID_FUND_ONLY, ID_CUSTOM = 0, 6
NUMOF_INDUSTRY_TABLE = (0, 0, 10, 25, 55, 80, 0)   # per density, on a 256x256 map
INDUSTRY_POOL_MAX = 64000


def _log2(n: int) -> int:
    return n.bit_length() - 1


def scale_by_size(m, n: int) -> int:
    """``Map::ScaleBySize``."""
    shift = _log2(m.size_x) + _log2(m.size_y) - 12
    v = n << shift if shift >= 0 else n >> -shift
    return -(-v // 16)


def scale_by_size_1d(m, n: int) -> int:
    """``Map::ScaleBySize1D``."""
    return -(-((n << _log2(m.size_x)) + (n << _log2(m.size_y))) // 512)


def initial_land_count(m) -> int:
    """``Map::CountLandTiles``: the tiles not plain water, plus a twelfth."""
    water = ((m.type >> 4) == 6) & ((m.m5 >> 4) == 0)
    n = int(m.size - int(water.sum()))
    return min(n + n // 12, m.size)


def generation_probability(world: World, industry_type: int, water: bool):
    """``GetScaledIndustryGenerationProbability``: (chance, force one)."""
    spec = INDUSTRY_SPECS[industry_type]
    if spec.has("BuiltOnWater") != water:
        return 0, False
    chance = spec.appear_creation[world.landscape]
    enabled = world.landscape in spec.climates
    density = int(world.setting("difficulty.industry_density", 4))
    if not enabled or not spec.layouts or density == ID_FUND_ONLY or chance == 0:
        return 0, False
    chance *= 16
    m = world.map
    if spec.check_proc in (CHECK_REFINERY, CHECK_OIL_RIG):
        chance = scale_by_size_1d(m, chance)
    else:
        chance = scale_by_size(m, chance)
    return chance, chance > 0 and not spec.has("NoBuildMapCreation")


def number_of_industries(world: World) -> int:
    """``GetNumberOfIndustries``."""
    density = int(world.setting("difficulty.industry_density", 4))
    if density == ID_CUSTOM:
        return min(INDUSTRY_POOL_MAX, int(world.setting("game_creation.custom_industry_number", 0)))
    return min(INDUSTRY_POOL_MAX, scale_by_size(world.map, NUMOF_INDUSTRY_TABLE[density]))


def place_industry(placer: Placer, industry_type: int, try_hard: bool):
    """``PlaceIndustry``: up to 10,000 (try hard) or 2,000 random tiles."""
    mask = placer.map.size - 1
    for _ in range(10000 if try_hard else 2000):
        tile = placer.rng.next() & mask                      # RandomTile()
        ind = placer.create_new_industry(tile, industry_type)
        if ind is not None:
            return ind
    return None


def _plan(world: World):
    """What GenerateIndustries places, per land and water: (chances, their
    total, the types forced, how many drawn)."""
    density = int(world.setting("difficulty.industry_density", 4))
    m = world.map
    probs = {}
    for water in (False, True):
        p = [generation_probability(world, it, water) for it in range(NUM_INDUSTRYTYPES)]
        probs[water] = ([c for c, _ in p], [f for _, f in p])
    ltotal, wtotal = sum(probs[False][0]), sum(probs[True][0])
    wanted = number_of_industries(world)
    land_count = initial_land_count(m)
    plan = []
    for water in (False, True):
        chances, force = probs[water]
        total = sum(chances)
        num_forced = sum(force)
        amount = 0
        if ltotal + wtotal > 0:
            amount = total * wanted // (ltotal + wtotal)
        if not water and density != ID_CUSTOM:
            amount = amount * land_count // m.size
        if total == 0 or amount < num_forced:
            amount = num_forced
        forced = [it for it in range(NUM_INDUSTRYTYPES) if force[it]]
        plan.append((chances, total, forced, amount - len(forced)))
    return plan


def generate_industries(world: World, stop=None, compiled: bool = True) -> None:
    """GenerateIndustries on ``world`` (in place): ``world.industries``
    becomes the industry records (:class:`~.industry.Industry`).  ``stop``
    (a function, optional) is asked before each industry drawn (the
    compiled placement: before each few); when it says True the step ends
    there (a cancelled map, thrown away).  ``compiled``: placed by
    :mod:`.kernel` (else by the Python of :mod:`.placement`, which it
    follows draw for draw)."""
    density = int(world.setting("difficulty.industry_density", 4))
    if density == ID_FUND_ONLY:
        world.industries = list(IndustryPool.from_records(world.industries))
        return
    if compiled and world.towns:
        from .compiled import CompiledPlacer

        CompiledPlacer(world).run(_plan(world), stop)
        return
    pool = IndustryPool.from_records(world.industries)
    snow = highest_snow_line(world) if world.landscape == 1 else 0
    placer = Placer(world, pool, TownIndex(world), snow, world_height_limit(world))
    for chances, total, forced, drawn in _plan(world):
        for it in forced:
            place_industry(placer, it, True)
        for _ in range(drawn):
            if stop is not None and stop():
                break
            r = placer.rng.next_range(total)
            it = 0
            while r >= chances[it]:
                r -= chances[it]
                it += 1
            place_industry(placer, it, False)
    world.industries = list(pool)
