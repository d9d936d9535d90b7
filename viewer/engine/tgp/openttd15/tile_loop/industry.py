"""The tile loop of industry tiles (``industry_cmd.cpp``), for the
original industries: a tile under construction counts to 4 and moves a
stage (drawing a Random() for the stage's animation trigger); once
finished it draws one Random() a visit (its tile-loop animation trigger)
and some start an animation (mine towers, oil wells, power station sparks,
the sugar sieve) by a chance, or puff smoke or bubbles."""

from __future__ import annotations

from .land import tile_loop_water

GFX_COAL_MINE_TOWER_NOT_ANIMATED, GFX_COAL_MINE_TOWER_ANIMATED = 0, 1
GFX_POWERPLANT_CHIMNEY, GFX_POWERPLANT_SPARKS = 8, 10
GFX_OILWELL_NOT_ANIMATED, GFX_OILWELL_ANIMATED_1 = 29, 30
GFX_COPPER_MINE_TOWER_NOT_ANIMATED, GFX_COPPER_MINE_TOWER_ANIMATED = 47, 48
GFX_GOLD_MINE_TOWER_NOT_ANIMATED, GFX_GOLD_MINE_TOWER_ANIMATED = 79, 88
GFX_TOY_FACTORY, GFX_BUBBLE_GENERATOR, GFX_BUBBLE_CATCHER = 143, 161, 162
GFX_TOFFEE_QUARRY, GFX_SUGAR_MINE_SIEVE = 165, 174
GFX_PLASTIC_FOUNTAIN_ANIMATED_1, GFX_PLASTIC_FOUNTAIN_ANIMATED_8 = 148, 155
ANIM_NEXT = {17: 16, 130: 129, 136: 135}
"""The original tiles with a next animation graphics (``anim_next``)."""
_TOWER_ANIMATED = {GFX_COAL_MINE_TOWER_NOT_ANIMATED: GFX_COAL_MINE_TOWER_ANIMATED,
                   GFX_COPPER_MINE_TOWER_NOT_ANIMATED: GFX_COPPER_MINE_TOWER_ANIMATED,
                   GFX_GOLD_MINE_TOWER_NOT_ANIMATED: GFX_GOLD_MINE_TOWER_ANIMATED}
_TOWER_STILL = {v: k for k, v in _TOWER_ANIMATED.items()}


def add_animated_tile(m, t: int) -> None:
    """``AddAnimatedTile``: the tile's animated state (m6 bits 0..1) 3."""
    m.m6[t] = int(m.m6[t]) | 3


def delete_animated_tile(m, t: int) -> None:
    """``DeleteAnimatedTile`` (not immediate): an animated tile is marked
    deleted (1) until the animation loop, which world generation does not
    run, drops it."""
    if int(m.m6[t]) & 3 == 3:
        m.m6[t] = (int(m.m6[t]) & ~3) | 1


def _gfx(m, t: int) -> int:
    return int(m.m5[t]) | (((int(m.m6[t]) >> 2) & 1) << 8)


def _set_gfx(m, t: int, gfx: int) -> None:
    m.m5[t] = gfx & 0xFF
    m.m6[t] = (int(m.m6[t]) & ~0x04) | (((gfx >> 8) & 1) << 2)


def _make_bigger(ctx, m, t: int) -> None:
    """``MakeIndustryTileBigger``."""
    m1 = int(m.m1[t])
    cnt = ((m1 >> 2) & 3) + 1
    if cnt != 4:
        m.m1[t] = (m1 & ~0x0C) | (cnt << 2)
        return
    stage = (m1 & 3) + 1
    m1 = (m1 & ~0x0F) | (stage & 3)
    ctx.rng.next()                      # TriggerIndustryTileAnimation_ConstructionStageChanged
    if stage == 3:
        m1 |= 0x80
    m.m1[t] = m1
    if stage != 3:
        return
    gfx = _gfx(m, t)
    if gfx == GFX_POWERPLANT_CHIMNEY:
        ctx.rng.next()                  # the chimney's smoke (ChimneySmokeInit)
    elif gfx in (GFX_TOY_FACTORY, GFX_BUBBLE_CATCHER, GFX_TOFFEE_QUARRY):
        m.m7[t] = 0                     # animation frame
        m.m4[t] = 0                     # animation loop
    elif GFX_PLASTIC_FOUNTAIN_ANIMATED_1 <= gfx <= GFX_PLASTIC_FOUNTAIN_ANIMATED_8:
        add_animated_tile(m, t)


def tile_loop_industry(ctx, t: int) -> None:
    """``TileLoop_Industry``."""
    m = ctx.map
    if ((int(m.m1[t]) >> 5) & 3) != 3:
        tile_loop_water(ctx, t)
        if (int(m.type[t]) >> 4) != 8:
            return
    if not int(m.m1[t]) & 0x80:
        _make_bigger(ctx, m, t)
        return
    ctx.rng.next()                      # TriggerIndustryTileAnimation(TileLoop)
    gfx = _gfx(m, t)
    nxt = ANIM_NEXT.get(gfx)
    if nxt is not None:
        m.m1[t] = int(m.m1[t]) & ~0x8F  # ResetIndustryConstructionStage
        _set_gfx(m, t, nxt)
        return
    rng = ctx.rng
    quiet = not (ctx.counter & 0x400)
    if gfx in _TOWER_ANIMATED:
        if quiet and rng.chance16(1, 2):
            _set_gfx(m, t, _TOWER_ANIMATED[gfx])
            m.m7[t] = 0x80
            add_animated_tile(m, t)
    elif gfx == GFX_OILWELL_NOT_ANIMATED:
        if rng.chance16(1, 6):
            _set_gfx(m, t, GFX_OILWELL_ANIMATED_1)
            m.m7[t] = 0
            add_animated_tile(m, t)
    elif gfx in _TOWER_STILL:
        if quiet:
            _set_gfx(m, t, _TOWER_STILL[gfx])
            m.m1[t] = (int(m.m1[t]) | 0x80 | 3)
            delete_animated_tile(m, t)
    elif gfx == GFX_POWERPLANT_SPARKS or gfx == GFX_SUGAR_MINE_SIEVE:
        if rng.chance16(1, 3):
            add_animated_tile(m, t)
    elif gfx == GFX_TOFFEE_QUARRY:
        add_animated_tile(m, t)
    elif gfx == GFX_BUBBLE_GENERATOR:
        rng.next()                      # the bubble's direction

