"""GenerateIndustries' placement by :mod:`.kernel`: the World's map, towns
and industry pool handed to the kernel as arrays, and read back as the
Python placement (:mod:`.placement`) leaves them: the industry records,
the towns whose houses an industry replaced."""

from __future__ import annotations

import numpy as np

from ....jit import CallSite
from ...game.tiles import TileType
from ...game.world import World
from ...height_limit import world_height_limit
from ..towns.houses import highest_snow_line
from ..towns.town import update_town_radius
from . import kernel as k
from .industry import Industry, IndustryPool
from .specs import NUM_INDUSTRYTYPES
from .tables import house_tables, industry_tables
from .towns import TownView

DRAWN_PER_CALL = 64
"""Industries drawn per kernel call: the cancel flag is looked at between calls."""
_PLACE_INDUSTRIES = CallSite(k.place_industries)   # (the same argument types at every call)


class CompiledPlacer:
    """The arrays the kernel reads and changes, and reading them back."""

    def __init__(self, world: World) -> None:
        self.world = world
        m = world.map
        s = world.setting
        cfg = np.zeros(k.N_CFG, np.int64)
        cfg[k.C_LANDSCAPE] = world.landscape
        cfg[k.C_FREEFORM] = int(world.freeform_edges)
        cfg[k.C_LAND_GENERATOR] = int(s("game_creation.land_generator", 1))
        cfg[k.C_PLATFORM] = int(s("construction.industry_platform", 1))
        cfg[k.C_MULTIPLE_PER_TOWN] = int(bool(s("economy.multiple_industry_per_town", False)))
        cfg[k.C_REFINERY_LIMIT] = int(s("game_creation.oil_refinery_limit", 32))
        cfg[k.C_MAX_BRIDGE_HEIGHT] = int(s("construction.max_bridge_height", 12))
        cfg[k.C_SMOOTH_ECONOMY] = int(int(s("economy.type", 1)) != 0)
        tunnels = ((m.type >> 4) == TileType.TUNNELBRIDGE) & ((m.m5 & 0x80) == 0)
        cfg[k.C_HAS_TUNNELS] = int(bool(tunnels.any()))
        cfg[k.C_SNOW_LINE] = highest_snow_line(world) if world.landscape == 1 else 0
        cfg[k.C_HEIGHT_LIMIT] = world_height_limit(world)
        self.cfg = cfg
        self.pool = IndustryPool.from_records(world.industries)
        towns = sorted((TownView(t) for t in world.towns), key=lambda t: t.index)
        self.towns = towns
        n_town = max(t.index for t in towns) + 1
        self.town_order = np.array([t.index for t in towns], np.int64)
        self.town_xy = np.array([t.xy for t in towns], np.int64)
        self.town_pop = np.zeros(n_town, np.int64)
        self.town_houses = np.zeros(n_town, np.int64)
        self.town_flags = np.zeros(n_town, np.int64)
        for t in towns:
            self.town_pop[t.index] = t.population
            self.town_houses[t.index] = t.num_houses
            self.town_flags[t.index] = int(t.get("flags", 0))
        self.town_touched = np.zeros(n_town, np.int64)
        # the towns filed by cells of about four towns each (for the closest town)
        cell = 16
        while cell < max(m.size_x, m.size_y) and (m.size_x // cell) * (m.size_y // cell) > \
                max(1, len(towns) // 4):
            cell *= 2
        gx, gy = -(-m.size_x // cell), -(-m.size_y // cell)
        cfg[k.C_TOWN_CELL], cfg[k.C_TOWN_GX], cfg[k.C_TOWN_GY] = cell, gx, gy
        cells = (self.town_xy // m.size_x // cell) * gx + (self.town_xy % m.size_x) // cell
        self.town_cells = np.argsort(cells, kind="stable").astype(np.int64)
        self.town_cell_start = np.searchsorted(cells[self.town_cells],
                                               np.arange(gx * gy + 1)).astype(np.int64)
        self.n_town = n_town
        self.hs_pop, self.hs_flags = house_tables(world.landscape)
        self.work = k.Work(m.size)
        portal = np.flatnonzero(tunnels)
        self.work.portals = np.concatenate([np.bincount(portal // m.size_x, minlength=m.size_y),
                                            np.bincount(portal % m.size_x, minlength=m.size_x)]
                                           ).astype(np.int64)

    def _pool_arrays(self, capacity: int) -> None:
        pool = self.pool
        rows = len(pool.items) + capacity + 1
        inds = np.zeros((rows, k.N_COLS), np.int64)
        gx = -(-self.world.map.size_x // k.NEAR_CELL)
        gy = -(-self.world.map.size_y // k.NEAR_CELL)
        near_head = np.full((NUM_INDUSTRYTYPES, gx * gy), -1, np.int64)
        near_next = np.full(rows, -1, np.int64)
        type_town = np.zeros((NUM_INDUSTRYTYPES, self.n_town), np.int64)
        sx = self.world.map.size_x
        for ind in pool:
            inds[ind.index, k.I_USED] = 1
            inds[ind.index, k.I_TILE] = ind.tile
            inds[ind.index, k.I_TYPE] = ind.type
            cell = (ind.tile // sx // k.NEAR_CELL) * gx + (ind.tile % sx) // k.NEAR_CELL
            near_next[ind.index] = near_head[ind.type, cell]
            near_head[ind.type, cell] = ind.index
            if 0 <= ind.town < self.n_town:
                type_town[ind.type, ind.town] += 1
        free = 0
        while inds[free, k.I_USED]:
            free += 1
        self.cfg[k.C_NEXT_FREE] = free
        self.cfg[k.C_COUNT] = len(pool)
        self.inds, self.type_town = inds, type_town
        self.near_head, self.near_next = near_head, near_next

    def run(self, plan, stop=None) -> None:
        """Place the industries of ``plan`` (as :func:`.generate._plan`
        makes it); ``stop`` as :func:`.generate.generate_industries` takes it."""
        self._pool_arrays(sum(len(forced) + drawn for _, _, forced, drawn in plan))
        rng = self.world.rng
        trail = rng.trail
        for chances, total, forced, drawn in plan:
            c = np.array(chances, np.int64)
            for it in forced:
                self._call(it, 1, c, total, trail)
            left = drawn
            while left > 0 and not (stop is not None and stop()):
                n = 1 if trail is not None else min(DRAWN_PER_CALL, left)
                self._call(-1, n, c, total, trail)
                left -= n
        self._read_back()

    def _call(self, industry_type: int, count: int, chances, total: int, trail) -> None:
        m = self.world.map
        buf = np.zeros((10000 if trail is not None else 0, 2), np.int64)
        n = _PLACE_INDUSTRIES(
            m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5, m.m6, m.m7, m.m8,
            m.size_x, m.size_y, self.cfg, self.world.rng.state, *industry_tables().arrays(),
            self.inds, self.type_town, self.near_head, self.near_next,
            self.town_order, self.town_xy, self.town_cell_start, self.town_cells, self.town_pop,
            self.town_houses, self.town_flags, self.town_touched, self.hs_pop, self.hs_flags,
            *self.work.arrays(), buf, industry_type, count, chances, total)
        if trail is not None:
            trail.extend(("CreateNewIndustryHelper", int(a), int(b)) for a, b in buf[:n])

    def _read_back(self) -> None:
        pool, inds = self.pool, self.inds
        for idx in np.flatnonzero(inds[:, k.I_NEW]):
            row = inds[idx]
            it = int(row[k.I_TYPE])
            n_rates = int(industry_tables().produced_count[it])
            ind = Industry(int(idx), int(row[k.I_TILE]), type=it, w=int(row[k.I_W]),
                           h=int(row[k.I_H]), town=int(row[k.I_TOWN]),
                           random=int(row[k.I_RANDOM]), random_colour=int(row[k.I_COLOUR]),
                           counter=int(row[k.I_COUNTER]), selected_layout=int(row[k.I_LAYOUT]),
                           production_rate=[int(row[k.I_RATE0 + i]) for i in range(n_rates)])
            while len(pool.items) <= idx:
                pool.items.append(None)
            pool.items[idx] = ind
        self.world.industries = list(pool)
        for t in self.towns:
            if self.town_touched[t.index]:
                t.change("population", int(self.town_pop[t.index]) - t.population)
                t.num_houses = int(self.town_houses[t.index])
                t.clear_flag(int(t.get("flags", 0)) & ~int(self.town_flags[t.index]))
                update_town_radius(t)
