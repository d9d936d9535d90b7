"""What a first frame holds, counted for summaries and sweeps: industries by
type, lighthouses and transmitters, tree tiles, and two figures a player
choosing a map asks about (coal mines near water, towns with no industry
near).  Read from the World's records and tile bytes, never changing them."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

import numpy as np

from ..game.object_map import OBJECT_LIGHTHOUSE, OBJECT_TRANSMITTER
from ..game.tiles import TileType
from ..game.world import World

COAL_MINE = 0
NEAR_WATER = 10
"""A coal mine is near water when a water tile (sea, river, canal, lake) is
at most this many tiles (either axis) from a tile of its area."""
NEAR_TOWN = 20
"""A town has an industry near when a tile of one is at most this many
tiles (either axis) from the town's centre."""


@lru_cache(maxsize=1)
def industry_type_names() -> tuple[str, ...]:
    """The industry types by number, as ``table/build_industry.h`` names them."""
    from .industries.specs import INDUSTRY_SPECS

    return tuple(s.name for s in INDUSTRY_SPECS)


_SHOWN_NAMES = {"bank_temp": "bank", "bank_tropic_arctic": "bank", "factory_2": "factory",
                "farm_2": "farm", "food_process": "food processing plant",
                "cotton_candy": "cotton candy forest", "cola_wells": "cola wells",
                "toffee_quarry": "toffee quarry"}
"""The game's English names where the table's differ (two banks, two
factories and farms by climate)."""


@cache
def industry_display_name(industry_type: int) -> str:
    """An industry type as a player reads it ("coal mine", "bank")."""
    name = industry_type_names()[industry_type]
    return _SHOWN_NAMES.get(name, name.replace("_", " "))


def _live(items) -> list[Any]:
    return [i for i in items if i is not None]


def _field(rec: Any, name: str) -> Any:
    return rec[name] if isinstance(rec, dict) else getattr(rec, name)


def industries_per_type(world: World) -> dict[str, int]:
    names = industry_type_names()
    out = dict.fromkeys(names, 0)
    for ind in _live(world.industries):
        out[names[int(_field(ind, "type"))]] += 1
    return out


def first_frame_counts(world: World) -> dict[str, int]:
    """Industries, lighthouses, transmitters and tree tiles on the World."""
    kinds = [int(_field(o, "type")) for o in _live(world.objects)]
    tile_type = np.asarray(world.map.type) >> 4
    return {"industries": len(_live(world.industries)),
            "lighthouses": kinds.count(OBJECT_LIGHTHOUSE),
            "transmitters": kinds.count(OBJECT_TRANSMITTER),
            "tree_tiles": int(np.count_nonzero(tile_type == TileType.TREES))}


def _box_any(mask: np.ndarray, r: int) -> np.ndarray:
    """Where a ``mask`` tile is within ``r`` tiles on either axis (a summed
    area table: one pass at any size)."""
    sy, sx = mask.shape
    s = np.zeros((sy + 1, sx + 1), np.int64)
    s[1:, 1:] = np.cumsum(np.cumsum(mask, axis=0), axis=1)
    y0 = np.clip(np.arange(sy) - r, 0, sy)
    y1 = np.clip(np.arange(sy) + r + 1, 0, sy)
    x0 = np.clip(np.arange(sx) - r, 0, sx)
    x1 = np.clip(np.arange(sx) + r + 1, 0, sx)
    total = (s[y1][:, x1] - s[y0][:, x1] - s[y1][:, x0] + s[y0][:, x0])
    return total > 0


def _near(world: World, tile_type: int, r: int) -> np.ndarray:
    """Where a tile of ``tile_type`` is within ``r`` tiles (either axis)."""
    m = world.map
    return _box_any((np.asarray(m.type).reshape(m.size_y, m.size_x) >> 4) == tile_type, r)


def coal_mines_near_water(world: World) -> int:
    sx = world.map.size_x
    near = _near(world, TileType.WATER, NEAR_WATER)
    n = 0
    for ind in _live(world.industries):
        if int(_field(ind, "type")) != COAL_MINE:
            continue
        t = int(_field(ind, "tile"))
        x, y, w, h = t % sx, t // sx, int(_field(ind, "w")), int(_field(ind, "h"))
        n += bool(near[y:y + h, x:x + w].any())
    return n


def towns_without_industry_near(world: World) -> int:
    sx = world.map.size_x
    near = _near(world, TileType.INDUSTRY, NEAR_TOWN)
    n = 0
    for town in _live(world.towns):
        t = int(_field(town, "xy"))
        n += not near[t // sx, t % sx]
    return n


TREE_KIND_RANGES = (("temperate", 0x00, 0x0C), ("sub-arctic", 0x0C, 0x14),
                    ("rainforest", 0x14, 0x1B), ("cactus", 0x1B, 0x1C),
                    ("sub-tropical", 0x1C, 0x20), ("toyland", 0x20, 0x29))
"""The kinds of ``TreeType`` (its ranges)."""
OBJECT_NAMES = {OBJECT_TRANSMITTER: "transmitter", OBJECT_LIGHTHOUSE: "lighthouse"}


def tree_kind(tree_type: int) -> str:
    return next((name for name, lo, hi in TREE_KIND_RANGES if lo <= tree_type < hi), "?")


def _town_name(towns, index: int) -> str:
    for t in towns or ():
        if t is not None and int(_field(t, "index")) == index:
            return str(_field(t, "name"))
    return f"town {index}"


def industry_rows(industries, towns) -> list[tuple[str, str, int, int]]:
    """(type, town, tile, index) of each industry, for a table."""
    names = {int(_field(t, "index")): str(_field(t, "name")) for t in _live(towns or ())}
    kinds = [industry_display_name(k) for k in range(len(industry_type_names()))]
    out = []
    for i in _live(industries or ()):
        town = int(_field(i, "town"))
        out.append((kinds[int(_field(i, "type"))], names.get(town, f"town {town}"),
                    int(_field(i, "tile")), int(_field(i, "index"))))
    return out


def first_frame_tile_rows(tile_type: int, m2: int, m3: int, m5: int, world: World | None
                          ) -> list[tuple[str, str]]:
    """The inspector's rows of an industry, object or tree tile (its bytes
    ``type``, ``m2``, ``m3``, ``m5``; the World for the records)."""
    kind = tile_type >> 4
    if kind == TileType.TREES:
        count = (m5 >> 6) + 1
        return [("trees", f"{count} {tree_kind(m3)} tree{'s' if count != 1 else ''} "
                          f"(type {m3}, growth {m5 & 7})")]
    if world is None:
        return []
    if kind == TileType.INDUSTRY:
        for ind in _live(world.industries):
            if int(_field(ind, "index")) == m2:
                name = industry_display_name(int(_field(ind, "type")))
                return [("industry", f"{name} (#{m2})"),
                        ("industry's town", _town_name(world.towns, int(_field(ind, "town"))))]
        return [("industry", f"#{m2}")]
    if kind == TileType.OBJECT:
        index = m2 | (m5 << 16)
        for o in _live(world.objects):
            if int(_field(o, "index")) == index:
                return [("object", OBJECT_NAMES.get(int(_field(o, "type")), "object")),
                        ("object's town", _town_name(world.towns, int(_field(o, "town"))))]
        return [("object", f"#{index}")]
    return []
