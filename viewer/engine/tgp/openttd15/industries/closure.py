"""An industry destroyed (``Industry::~Industry``), as the sea does it when
it floods one of its tiles: its tiles become grass (after generation: of
density 0), its farm's fields within 21 tiles belong to no industry, and it
leaves the pool (``world.industries``)."""

from __future__ import annotations

from .fields import is_fields
from .landscape import do_clear_square
from .specs import INDUSTRY_SPECS


def destroy_industry(world, m, index: int) -> None:
    """Destroy industry ``index`` of ``world`` (records or manifest dicts)
    on map ``m``."""
    records = [i for i in world.industries if _field(i, "index") == index]
    if not records:
        return
    ind = records[0]
    x0, y0 = m.tile_x(_field(ind, "tile")), m.tile_y(_field(ind, "tile"))
    for j in range(_field(ind, "h")):
        for i in range(_field(ind, "w")):
            t = m.tile_xy(x0 + i, y0 + j)
            if (int(m.type[t]) >> 4) == 8 and int(m.m2[t]) == index:
                do_clear_square(m, t, 0)        # MakeWaterKeepingClass of a land tile
    if "PlantFields" in INDUSTRY_SPECS[_field(ind, "type")].behaviour:
        for y in range(max(0, y0 - 21), min(m.size_y, y0 + 22)):
            for x in range(max(0, x0 - 21), min(m.size_x, x0 + 22)):
                t = m.tile_xy(x, y)
                if is_fields(m, t) and int(m.m2[t]) == index:
                    m.m2[t] = 0xFFFF
    world.industries = [i for i in world.industries if _field(i, "index") != index]


def _field(ind, name: str):
    return ind[name] if isinstance(ind, dict) else getattr(ind, name)
