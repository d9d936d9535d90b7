"""Placing one industry as the game does at world generation
(``industry_cmd.cpp``): CreateNewIndustry, CreateNewIndustryHelper and its
checks in the game's order (conflicting industries, the industry's town,
the town checks, the tiles, the type's location check, the slopes, the
platform), then DoCreateNewIndustry (the industry's fields and tiles, farm
fields).  No check draws a random number; only a built industry does."""

from __future__ import annotations

from ...game.industry_map import (
    make_industry,
    set_industry_construction_counter,
    set_industry_construction_stage,
)
from ...game.tiles import TROPICZONE_DESERT, TROPICZONE_RAINFOREST, TileType
from ...game.water_map import WATER_CLASS_INVALID
from ...game.world import World
from . import landscape as ls
from .fields import plant_random_farm_field
from .industry import ICT_MAP_GENERATION, OWNER_NONE, PRODLEVEL_DEFAULT, Industry, IndustryPool
from .specs import (
    CHECK_BUBBLEGEN,
    CHECK_FARM,
    CHECK_FOREST,
    CHECK_LUMBERMILL,
    CHECK_OIL_RIG,
    CHECK_PLANTATION,
    CHECK_REFINERY,
    CHECK_WATER,
    GFX_WATERTILE_SPECIALCHECK,
    INDUSTRY_SPECS,
    INDUSTRY_TILE_SLOPES_REFUSED,
    IT_INVALID,
    IndustrySpec,
)
from .towns import TownIndex

LG_TERRAGENESIS = 1
SLOPE_STEEP = 0x10


def is_slope_refused(current: int, refused: int) -> bool:
    """``IsSlopeRefused``."""
    if current & SLOPE_STEEP:
        return True
    if current != 0:
        if refused & SLOPE_STEEP:
            return True
        t = current ^ 0xF                   # ComplementSlope
        if (refused & 1) and (t & 9):       # W and NW (N|W)
            return True
        if (refused & 2) and (t & 12):      # S and NE (N|E)
            return True
        if (refused & 4) and (t & 3):       # E and SW (S|W)
            return True
        if (refused & 8) and (t & 6):       # N and SE (S|E)
            return True
    return False


class Placer:
    """What placing industries reads and changes: the map, the settings,
    the towns, the industry pool and the Randomizer."""

    def __init__(self, world: World, pool: IndustryPool, towns: TownIndex,
                 snow_line: int, height_limit: int) -> None:
        self.world = world
        self.map = world.map
        self.rng = world.rng
        self.pool = pool
        self.towns = towns
        self.snow_line = snow_line
        self.height_limit = height_limit
        s = world.setting
        self.landscape = world.landscape
        self.freeform_edges = world.freeform_edges
        self.land_generator = int(s("game_creation.land_generator", 1))
        self.industry_platform = int(s("construction.industry_platform", 1))
        self.multiple_industry_per_town = bool(s("economy.multiple_industry_per_town", False))
        self.oil_refinery_limit = int(s("game_creation.oil_refinery_limit", 32))
        self.max_bridge_height = int(s("construction.max_bridge_height", 12))
        self.smooth_economy = int(s("economy.type", 1)) != 0
        m = world.map
        tunnels = ((m.type >> 4) == TileType.TUNNELBRIDGE) & ((m.m5 & 0x80) == 0)
        self.has_tunnels = bool(tunnels.any())

    def clear_town_house(self, t: int) -> None:
        self.towns.clear_town_house(self.map, t)

    # --- the checks ---------------------------------------------------------
    def far_enough_from_conflicting(self, tile: int, spec: IndustrySpec) -> bool:
        m = self.map
        for ct in spec.conflicting:
            if ct == IT_INVALID:
                continue
            for ind in self.pool.of_type(ct):
                if m.distance_max(tile, ind.tile) <= 14:
                    return False
        return True

    def find_town(self, tile: int, spec: IndustrySpec):
        """``FindTownForIndustry``: (ok, town)."""
        town = self.towns.closest_town_from_tile(self.map, tile)
        if self.multiple_industry_per_town:
            return True, town
        for ind in self.pool.of_type(spec.type):
            if ind.town == town.index:
                return False, None
        return True, town

    def industry_allowed(self, tile: int, spec: IndustrySpec, town) -> bool:
        if spec.has("Town1200More") and town.population < 1200:
            return False
        if spec.has("OnlyNearTown") and self.map.distance_max(town.xy, tile) > 9:
            return False
        return True

    def tiles_free(self, tile: int, layout, spec: IndustrySpec) -> bool:
        """``CheckIfIndustryTilesAreFree`` (in test mode: no tile changes,
        so only whether one refuses matters)."""
        m = self.map
        on_water = spec.has("BuiltOnWater")
        house_only = spec.has("OnlyInTown") or spec.has("Town1200More")
        near_town = spec.has("OnlyNearTown")
        sx, sy = m.size_x, m.size_y
        x0, y0 = tile % sx, tile // sx
        typ, m1 = m.type, m.m1
        ff = self.freeform_edges
        for dx, dy, gfx in layout:
            x, y = x0 + dx, y0 + dy                              # TileAddWrap, IsValidTile
            if (ff and (x == 0 or y == 0)) or not (0 <= x < sx - 1 and 0 <= y < sy - 1):
                return False
            cur = y * sx + x
            ty = int(typ[cur])
            tt = ty >> 4
            if tt == TileType.VOID:
                return False
            if gfx == GFX_WATERTILE_SPECIALCHECK:
                if not ls.is_water_tile(m, cur) or not m.is_tile_flat(cur):
                    return False
                continue
            if ty & 0x0C:                                        # a bridge above
                return False
            if not (INDUSTRY_TILE_SLOPES_REFUSED[gfx] & 0x20):
                wet = (tt in ls.WATER_CLASS_TYPES
                       and ((int(m1[cur]) >> 5) & 3) != WATER_CLASS_INVALID)
                if wet != on_water:
                    return False
            is_house = tt == TileType.HOUSE
            if house_only or (near_town and is_house):
                if not is_house or not ls.clear_tile(self, cur, 0):
                    return False
            elif tt not in (TileType.CLEAR, TileType.TREES) and \
                    not ls.clear_tile(self, cur, ls.AUTO):
                return False
        return True

    def scaled_distance_from_edge(self, tile: int, maxdist: int) -> bool:
        m = self.map
        mx, my = maxdist, maxdist
        if m.size_x > 256:
            mx *= m.size_x // 256
        if m.size_y > 256:
            my *= m.size_y // 256
        x, y = m.tile_x(tile), m.tile_y(tile)
        ff = 1 if self.freeform_edges else 0
        return (x - ff < mx or y - ff < my or m.max_x - x - 1 < mx or m.max_y - y - 1 < my)

    def location_check(self, tile: int, spec: IndustrySpec) -> bool:
        """The type's ``CheckNewIndustryProc``."""
        m = self.map
        proc = spec.check_proc
        if proc == CHECK_FOREST:
            return not (self.landscape == 1 and m.get_tile_z(tile) < self.snow_line + 2)
        if proc == CHECK_REFINERY:
            return self.scaled_distance_from_edge(tile + m.size_x + 1, self.oil_refinery_limit)
        if proc == CHECK_FARM:
            return not (self.landscape == 1 and m.get_tile_z(tile) + 2 >= self.snow_line)
        if proc == CHECK_PLANTATION:
            return m.get_tropic_zone(tile) != TROPICZONE_DESERT
        if proc == CHECK_WATER:
            return m.get_tropic_zone(tile) == TROPICZONE_DESERT
        if proc == CHECK_LUMBERMILL:
            return m.get_tropic_zone(tile) == TROPICZONE_RAINFOREST
        if proc == CHECK_BUBBLEGEN:
            return m.get_tile_z(tile) <= 4
        if proc == CHECK_OIL_RIG:
            return m.tile_height(tile) == 0 and \
                self.scaled_distance_from_edge(tile + m.size_x + 1, self.oil_refinery_limit)
        return True

    def tile_slopes_ok(self, tile: int, layout) -> bool:
        """``CheckIfIndustryTileSlopes`` (no tile has a shape callback)."""
        m = self.map
        refused = False
        for dx, dy, gfx in layout:
            if gfx == GFX_WATERTILE_SPECIALCHECK:
                continue
            cur = m.tile_add_wrap(tile, dx, dy, self.freeform_edges)
            refused |= is_slope_refused(m.get_tile_slope(cur), INDUSTRY_TILE_SLOPES_REFUSED[gfx])
        return not refused or self.land_generator == LG_TERRAGENESIS

    def _can_terraform_surrounding(self, tile: int, height: int, internal: int) -> bool:
        m = self.map
        x, y = m.tile_x(tile), m.tile_y(tile)
        if x == 0 or y == 0 or m.is_tile_type(tile, TileType.VOID):
            return False
        sx = m.size_x
        for tw in (tile - sx - 1, tile - sx, tile - 1, tile):
            curh = int(m.height[tw])
            if (int(m.type[tw]) >> 4) not in (TileType.CLEAR, TileType.TREES):
                return False
            if internal != 0 and abs(curh - height) > 1:
                return False
            if internal == 0 and curh != height:
                if m.tile_x(tw) == 0 or m.tile_y(tw) == 0 or \
                        not self._can_terraform_surrounding(tw - sx - 1, height, internal + 1):
                    return False
        return True

    def level_platform(self, tile: int, layout, execute: bool) -> bool:
        """``CheckIfCanLevelIndustryPlatform`` (flags NoWater; with
        ``execute``, the land under and around the industry is levelled)."""
        m = self.map
        max_x = max_y = 0
        for dx, dy, gfx in layout:
            if gfx == GFX_WATERTILE_SPECIALCHECK:
                continue
            max_x, max_y = max(max_x, dx), max(max_y, dy)
        h = int(m.height[tile])
        p = self.industry_platform
        if m.tile_x(tile) <= p + 1 or m.tile_y(tile) <= p + 1:
            return False
        x0, y0 = m.tile_x(tile) - p, m.tile_y(tile) - p
        w, hh = max_x + 2 + 2 * p, max_y + 2 + 2 * p
        if x0 + w >= m.max_x or y0 + hh >= m.max_y:
            return False
        area = [m.tile_xy(x0 + i, y0 + j) for j in range(hh) for i in range(w)]
        for tw in area:
            curh = int(m.height[tw])
            if curh != h:
                if not self._can_terraform_surrounding(tw, h, 0):
                    return False
                if not ls.terraform_land(self, tw, curh <= h, ls.NO_WATER):
                    return False
        if execute:
            for tw in area:
                curh = int(m.height[tw])
                while curh != h:
                    ls.terraform_land(self, tw, curh <= h, ls.NO_WATER | ls.EXECUTE)
                    curh += -1 if curh > h else 1
        return True

    # --- building -----------------------------------------------------------
    def create_new_industry_helper(self, tile: int, spec: IndustrySpec, layout_index: int,
                                   random_initial_bits: int) -> Industry | None:
        """``CreateNewIndustryHelper`` with DC_EXEC: the industry, or None
        where a check refuses the site."""
        self.rng.mark("CreateNewIndustryHelper")
        layout = spec.layouts[layout_index]
        # The game's order is: conflicts, town, town rules, tiles, location,
        # slopes, platform.  None of them changes anything or draws, so only
        # whether all pass matters: the location check (one tile's height or
        # zone) goes before the tiles (an arctic map's forests and farms
        # fail it thousands of times).
        if not self.far_enough_from_conflicting(tile, spec):
            return None
        if not self.location_check(tile, spec):
            return None
        ok, town = self.find_town(tile, spec)
        if not ok:
            return None
        if not self.industry_allowed(tile, spec, town):
            return None
        if not self.tiles_free(tile, layout, spec):
            return None
        if not self.tile_slopes_ok(tile, layout):
            return None
        if self.land_generator == LG_TERRAGENESIS and not self.level_platform(tile, layout, False):
            return None
        if not self.pool.can_allocate():
            return None
        ind = self.pool.new(tile)
        self.level_platform(tile, layout, True)
        self.do_create_new_industry(ind, tile, spec, layout, layout_index, town, OWNER_NONE,
                                    random_initial_bits)
        return ind

    def do_create_new_industry(self, ind: Industry, tile: int, spec: IndustrySpec, layout,
                               layout_index: int, town, founder: int, random_bits: int) -> None:
        """``DoCreateNewIndustry`` at world generation."""
        m, rng = self.map, self.rng
        ind.tile, ind.w, ind.h = tile, 1, 1
        ind.type = spec.type
        self.pool.register_type(ind)
        rates = [rate for _, rate in spec.produced[:spec.produced_count]]
        if self.smooth_economy:
            rates = [min(255, ((rng.next_range(256) + 128) * r) >> 8) for r in rates]
        ind.production_rate = rates
        ind.town = town.index
        r = rng.next() & 0xFFFF
        ind.random_colour = r & 0xF
        ind.counter = r >> 4
        ind.random = random_bits
        ind.founder = founder
        ind.construction_type = ICT_MAP_GENERATION
        ind.selected_layout = layout_index + 1
        ind.prod_level = PRODLEVEL_DEFAULT
        for dx, dy, gfx in layout:
            if gfx == GFX_WATERTILE_SPECIALCHECK:
                continue
            cur = tile + m.tile_diff_xy(dx, dy)
            ind.add_to_area(m.size_x, cur)
            wc = ((int(m.m1[cur]) >> 5) & 3) if ls.is_water_tile(m, cur) else WATER_CLASS_INVALID
            # CMD_LANDSCAPE_CLEAR (test, then execute)
            if ls.clear_tile(self, cur, 0):
                ls.clear_tile(self, cur, ls.EXECUTE)
            make_industry(m, cur, ind.index, gfx, rng.next(), wc)
            set_industry_construction_counter(m, cur, 3)
            set_industry_construction_stage(m, cur, 2)
        # TriggerIndustryTileAnimation_ConstructionStageChanged: one draw per
        # tile of the area that belongs to the industry
        x0, y0 = m.tile_x(ind.tile), m.tile_y(ind.tile)
        for j in range(ind.h):
            for i in range(ind.w):
                t = m.tile_xy(x0 + i, y0 + j)
                if m.is_tile_type(t, TileType.INDUSTRY) and int(m.m2[t]) == ind.index:
                    rng.next()
        if spec.has("PlantOnBuild"):
            for _ in range(50):
                plant_random_farm_field(self, ind)

    def create_new_industry(self, tile: int, industry_type: int) -> Industry | None:
        """``CreateNewIndustry``: two seeds and a layout drawn, then the helper."""
        spec = INDUSTRY_SPECS[industry_type]
        self.rng.next()                         # seed (random_var8f, for NewGRF callbacks)
        seed2 = self.rng.next()
        layout_index = self.rng.next_range(len(spec.layouts))
        return self.create_new_industry_helper(tile, spec, layout_index, seed2 & 0xFFFF)
