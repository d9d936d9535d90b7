"""The one picture pipeline: (result, layer, step, options) -> RGBA.

The window, every export and the command lines' ``--png`` call
:func:`picture`, so what they show cannot disagree.  A generator's look
(colours, legends, overlays, the options it reads) is a :class:`Renderer`
in its own module (``viewer/render/<generator>.py``), found through
:mod:`viewer.registry`; a generator without one gets the generic renderer,
which colours each layer by its LayerInfo.  No Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.protocol import HexTorus, MapState, Marker, Result
from .colormaps import BACKGROUND, VALUE_RANGE, Legend, colorize, forced_range, generic_legend
from .hexraster import rasterize, rasterize_square

if TYPE_CHECKING:
    from ..declaration import Declaration

__all__ = ["Toggle", "Renderer", "Picture", "picture", "renderer_for", "final_state",
           "display_scale", "square_scale", "square_stride", "MAX_EXPORT_PIXELS",
           "PictureTooLarge", "check_size", "check_export", "export_size", "export_scale",
           "hex_window"]

MAX_SQUARE_CELLS = 1024
"""A square grid wider or taller than this is shown decimated (every k-th
cell) on screen, so that colouring a 4096 x 4096 map stays quick."""

PICTURE_MEMORY_LIMIT = 2 * 2**30
"""The one size limit of a whole-map picture (the window's Export map, every
command line's ``--png``): the working memory drawing and encoding it may
take."""
BYTES_PER_PIXEL = {"square": 12, "hex": 80}
"""Measured peak memory per pixel while drawing: a square grid's layer
(colours, RGBA, the PNG encoder's copy) and a hex map (its pixel-to-sector
map is computed in float64)."""
MAX_EXPORT_PIXELS = PICTURE_MEMORY_LIMIT // BYTES_PER_PIXEL["square"]
"""The most pixels a picture within the limit can have (a square grid's)."""


class PictureTooLarge(ValueError):
    """A picture whose drawing would take more than :data:`PICTURE_MEMORY_LIMIT`."""


def memory_text(n: int) -> str:
    """A byte count for people: 512 MiB, 3.2 GiB, 16 TiB."""
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value >= 10 or value.is_integer() else \
                f"{value:.1f} {unit}"
    return f"{n} bytes"


def check_size(width: int, height: int, hexes: bool = False) -> None:
    """Refuse (PictureTooLarge) a ``width`` x ``height`` pixel picture whose
    drawing would take more than :data:`PICTURE_MEMORY_LIMIT`, saying how
    much it would need."""
    need = int(width) * int(height) * BYTES_PER_PIXEL["hex" if hexes else "square"]
    if need > PICTURE_MEMORY_LIMIT:
        raise PictureTooLarge(
            f"a {width}x{height} pixel picture would need about {memory_text(need)} of "
            f"memory; the limit is {memory_text(PICTURE_MEMORY_LIMIT)}")


def grid_export_size(grid, scale: int) -> tuple[int, int]:
    """(width, height) in pixels of the whole of ``grid`` at ``scale``."""
    from .hexraster import image_size

    if isinstance(grid, HexTorus):
        height, width = image_size(grid.width, grid.height, scale)
        return width, height
    return grid.width * scale, grid.height * scale


def check_export(grid, scale: int) -> None:
    """Refuse (PictureTooLarge) the whole-map picture of ``grid`` at ``scale``
    when it is over the limit (checked before a map is made)."""
    check_size(*grid_export_size(grid, scale), isinstance(grid, HexTorus))


def export_scale(generator: str, grid) -> int:
    """The one default of an exported picture's pixels per cell: what the
    generator's renderer prefers for ``grid``, lowered (to 1 at least) until
    the picture is within the limit."""
    scale = max(1, int(renderer_for(generator).export_scale(grid)))
    while scale > 1:
        try:
            check_export(grid, scale)
            break
        except PictureTooLarge:
            scale -= 1
    return scale


def display_scale(width: int) -> int:
    """Pixels per hex on screen: about 800 pixels per period, 2..16."""
    return max(2, min(16, 800 // max(1, width // 2)))


def square_scale(width: int, height: int) -> int:
    """Pixels per cell of a square grid: about 800 pixels across, 1..16."""
    return max(1, min(16, 800 // max(1, width, height)))


def square_stride(width: int, height: int) -> int:
    """Show every ``k``-th cell of a square grid: ``k`` keeps both sides at
    most :data:`MAX_SQUARE_CELLS` cells."""
    return max(1, -(-max(width, height) // MAX_SQUARE_CELLS))


@dataclass(frozen=True)
class Toggle:
    """A picture option the user switches (View menu): ``key`` in the
    options, its menu title, default, shortcut and tooltip."""

    key: str
    title: str
    default: bool = True
    shortcut: str | None = None
    tip: str = ""


@dataclass
class Picture:
    """What :func:`picture` drew: the pixels, how many image pixels one cell
    takes (``scale``), the legend of what is drawn, a notice to show over it
    (e.g. "not meaningful at this step"), and the markers the window should
    label with letters (an export has them drawn in)."""

    rgba: np.ndarray
    scale: float
    hexes: bool
    layer: str
    legend: Legend | None = None
    notice: str | None = None
    letters: list[Marker] = field(default_factory=list)


OUTLINE: tuple[int, int, int, int] = (15, 15, 18, 255)
OUTLINE_FROM_SCALE = 6      # hex outlines from this many pixels per hex


def draw_cells(grid, cells: np.ndarray, scale: int, stride: int = 1,
               outline: bool = False) -> np.ndarray:
    """Cell colours ``grid.shape + (4,)`` as an image at ``scale`` pixels per
    cell: hexagons on a hex torus (outlined when asked and large enough),
    blocks on a square grid (every ``stride``-th cell)."""
    cells = np.ascontiguousarray(cells, np.uint8)
    if isinstance(grid, HexTorus):
        edge = OUTLINE if outline and scale >= OUTLINE_FROM_SCALE else None
        return rasterize(cells, grid.width, grid.height, scale, outline=edge)
    if stride > 1:
        cells = cells[::stride, ::stride]
    return rasterize_square(cells, scale)


def scale_and_stride(state: MapState, scale: int | None) -> tuple[int, int]:
    """The window's (pixels per shown cell, stride) for ``state``, or the
    ``scale`` asked for at stride 1."""
    if scale is None:
        return renderer_for(state.result.generator).screen_scale(state)
    return int(scale), 1


class Renderer:
    """The generic look; generators subclass it in their render module.

    ``toggles`` are the options this renderer reads (the window makes them
    View menu items); ``fallback_layer`` is drawn, with a notice, when the
    chosen layer means nothing at the step (None: an empty picture);
    ``letters`` says whether markers are labelled with letters over the map.
    """

    toggles: tuple[Toggle, ...] = ()
    default_layer: str | None = None
    fallback_layer: str | None = None
    letters: bool = True

    # -- what subclasses change -----------------------------------------------
    def cells(self, state: MapState, layer: str, options: Mapping[str, Any]) -> np.ndarray:
        """The colour of every cell of ``layer``: ``layer.shape + (4,)`` uint8."""
        info = state.result.layer_info.get(layer)
        return colorize(np.asarray(state.layers[layer]), info, layer)

    def legend(self, state: MapState, layer: str, options: Mapping[str, Any]) -> Legend | None:
        info = state.result.layer_info.get(layer)
        return generic_legend(layer, np.asarray(state.layers[layer]), info)

    def draw(self, state: MapState, layer: str, options: Mapping[str, Any],
             scale: int, stride: int = 1) -> np.ndarray:
        """The picture at ``scale`` image pixels per shown cell, showing
        every ``stride``-th cell of a square grid."""
        return draw_cells(state.result.grid, self.cells(state, layer, options), scale, stride,
                          bool(options.get("outline", False)))

    def markers(self, state: MapState, options: Mapping[str, Any]) -> list[Marker]:
        """The markers labelled over the map (the state's, by default)."""
        return list(state.markers)

    def screen_scale(self, state: MapState) -> tuple[int, int]:
        """(image pixels per shown cell, stride) for the window."""
        grid = state.result.grid
        if isinstance(grid, HexTorus):
            return display_scale(grid.width), 1
        k = square_stride(grid.width, grid.height)
        return square_scale(-(-grid.width // k), -(-grid.height // k)), k

    def export_scale(self, grid) -> int:
        """The pixels per cell this look prefers for an exported picture of
        ``grid`` (see :func:`export_scale`, which keeps it within the limit)."""
        if isinstance(grid, HexTorus):
            return 8
        return max(1, min(32, 2048 // max(grid.width, grid.height)))

    def drawn_layer(self, state: MapState, layer: str) -> str:
        """The layer drawn for a request of ``layer`` (an unknown name falls
        back to the default layer, then the first)."""
        if layer in state.layers:
            return layer
        if self.default_layer in state.layers:
            return self.default_layer
        return next(iter(state.layers))


def renderer_for(generator: str) -> Renderer:
    """The renderer of the generator named ``generator`` (a result's or a
    file's: looked up in the registry; the generic one for an unknown name)."""
    from .. import registry

    try:
        decl = registry.declaration(generator)
    except KeyError:
        return GENERIC
    return renderer_of(decl)


def renderer_of(decl: Declaration) -> Renderer:
    """A declaration's renderer (the generic one where it declares none)."""
    r = decl.load("render")
    return r if r is not None else GENERIC


GENERIC = Renderer()


def final_state(result: Result) -> MapState:
    """The finished map as a state (the last step of its trace)."""
    trace = result.trace
    return MapState(result, result.layers, tuple(result.markers),
                    trace.n_steps if trace is not None else None,
                    trace.meaningful_at(trace.n_steps) if trace is not None else None)


def export_size(state: MapState, scale: int) -> tuple[int, int]:
    """(width, height) in pixels of the whole map at ``scale``."""
    return grid_export_size(state.result.grid, scale)


def hex_window(state: MapState, layer: str, options: Mapping[str, Any] | None,
               scale: int, window: tuple[int, int, int, int]) -> np.ndarray | None:
    """The pixels ``window = (x0, y0, w, h)`` of a hex torus's picture at
    ``scale`` pixels per hex, as :func:`picture` would draw them on the
    endless tiled plane (for a zoomed-in view); None when the layer means
    nothing at the step or the renderer draws more than cells."""
    from .hexraster import rasterize

    grid = state.result.grid
    r = renderer_for(state.result.generator)
    if not isinstance(grid, HexTorus) or type(r).draw is not Renderer.draw:
        return None
    options = dict(options or {})
    for t in r.toggles:
        options.setdefault(t.key, t.default)
    drawn = r.drawn_layer(state, layer)
    if not state.ok(drawn):
        drawn = r.fallback_layer if r.fallback_layer is not None else None
        if drawn is None or not state.ok(drawn):
            return None
    with forced_range(options.get(VALUE_RANGE), drawn):
        cells = np.ascontiguousarray(r.cells(state, drawn, options), np.uint8)
    edge = OUTLINE if options.get("outline") and scale >= OUTLINE_FROM_SCALE else None
    return rasterize(cells, grid.width, grid.height, scale, outline=edge, window=window)


def picture(state: MapState | Result, layer: str, options: Mapping[str, Any] | None = None,
            scale: int | None = None, *, export: bool = False, legend: bool = True
            ) -> Picture:
    """Layer ``layer`` of ``state`` (a Result means its finished map) as
    drawn by its generator's renderer with ``options``.

    ``scale`` is image pixels per cell (default: the window's, with large
    square maps decimated).  With ``export`` the whole map is drawn at full
    resolution, marker letters are drawn into it and the legend is added
    below (unless ``legend`` is False); a picture over
    :data:`PICTURE_MEMORY_LIMIT` is refused (PictureTooLarge); the default
    scale of an export is :func:`export_scale`'s."""
    if isinstance(state, Result):
        state = final_state(state)
    options = dict(options or {})
    r = renderer_for(state.result.generator)
    for t in r.toggles:
        options.setdefault(t.key, t.default)
    grid = state.result.grid
    hexes = isinstance(grid, HexTorus)
    chosen = r.drawn_layer(state, layer)
    if export:
        scale = int(scale or export_scale(state.result.generator, grid))
        check_export(grid, scale)
        stride = 1
    else:
        scale, stride = scale_and_stride(state, scale)
    notice = None
    drawn = chosen
    if not state.ok(chosen):
        if r.fallback_layer is not None and state.ok(r.fallback_layer):
            drawn = r.fallback_layer
            notice = f"{chosen}: not meaningful at this step (showing {drawn})"
        else:
            notice = f"{chosen}: not meaningful at this step"
            drawn = None
    if drawn is None:
        blank = np.empty(state.layers[chosen].shape + (4,), np.uint8)
        blank[...] = BACKGROUND
        rgba = draw_cells(grid, blank, scale, stride)
        key = None
    else:
        shared = options.get(VALUE_RANGE)
        with forced_range(shared, drawn):       # (A and B on one colour scale)
            rgba = r.draw(state, drawn, options, scale, stride)
            key = r.legend(state, drawn, options)
        if shared is not None and shared[0] == drawn and key is not None \
                and key.lut is not None:
            own = r.legend(state, drawn, options)
            if own is not None and own.lut is not None:
                key = replace(key, own=(own.vmin, own.vmax))
    letters = r.markers(state, options) if r.letters else []
    if export:
        from .decorate import with_legend, with_letters

        if letters:
            rgba = with_letters(rgba, letters, scale, square=not hexes)
            letters = []
        if key is not None and legend:
            rgba = with_legend(rgba, key)
    per_cell = scale / stride if stride > 1 else scale
    return Picture(np.ascontiguousarray(rgba), per_cell, hexes, chosen, key, notice, letters)
