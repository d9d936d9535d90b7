"""A seed gallery without Qt: many seeds' maps as thumbnails, made on a
worker thread (never the front end's), each with its metrics, to pick the
map one likes ("generate until I like it").

:func:`next_seeds` gives the seeds after one (``Gallery: next 24 seeds``);
:class:`GalleryRun` makes a thumbnail per case (values and seed) on its own
thread, in order, and hands each to ``post(callback)`` (a front end passes
"call this on my thread"), and :meth:`GalleryRun.cancel` stops it between
cases and inside a case (the engines' cancel token).  A case the generator
refuses or fails on comes back as a thumbnail without a picture, saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..declaration import Declaration
from ..engine.protocol import Cancelled, CancelToken
from ..runtime import background_thread

__all__ = ["Case", "Thumb", "GalleryRun", "make_thumb", "next_seeds", "thumbnail",
           "THUMB_PIXELS"]

THUMB_PIXELS = 112
"""A thumbnail's longer side at most, in pixels."""


@dataclass(frozen=True)
class Case:
    values: dict[str, Any]
    seed: Any
    label: str = ""                  # what the front end writes under it besides the seed


@dataclass
class Thumb:
    """Case ``index``'s thumbnail: ``rgba`` (None when it failed: ``error``),
    its metrics, and what ``finish`` made of the picture in the worker."""

    index: int
    case: Case
    rgba: np.ndarray | None = None
    metrics: dict[str, float] = field(default_factory=dict)
    error: str = ""
    finished: Any = None


def next_seeds(decl: Declaration, seed: Any, n: int) -> list[Any]:
    """The ``n`` seeds after ``seed`` (a number: the next numbers, modulo
    2**32; a text: the next numbers of a text of digits, else ``TEXT-1``,
    ``TEXT-2``, ...)."""
    if decl.seed_kind == "text":
        text = seed.decode("latin-1") if isinstance(seed, bytes) else str(seed)
        if text.isdigit():
            return [str(int(text) + i) for i in range(1, n + 1)]
        return [f"{text}-{i}" for i in range(1, n + 1)]
    return [(int(seed) + i) % 2 ** 32 for i in range(1, n + 1)]


def thumbnail(rgba: np.ndarray, pixels: int = THUMB_PIXELS) -> np.ndarray:
    """``rgba`` shrunk to at most ``pixels`` a side by averaging blocks."""
    h, w = rgba.shape[:2]
    k = max(1, -(-max(h, w) // pixels))
    if k == 1:
        return np.ascontiguousarray(rgba)
    hh, ww = h // k * k, w // k * k
    if hh == 0 or ww == 0:
        return np.ascontiguousarray(rgba[::k, ::k])
    blocks = rgba[:hh, :ww].reshape(hh // k, k, ww // k, k, rgba.shape[2]).astype(np.uint16)
    return np.ascontiguousarray(blocks.mean(axis=(1, 3)).round().astype(np.uint8))


class GalleryRun:
    """One gallery's cases made one after another on a thread of its own."""

    def __init__(self, decl: Declaration, cases: Sequence[Case], layer: str,
                 options: Mapping[str, Any], done: Callable[[Thumb], None],
                 post: Callable[[Callable[[], None]], None] | None = None,
                 finish: Callable[[np.ndarray], Any] | None = None,
                 ended: Callable[[], None] | None = None):
        self.decl, self.cases = decl, list(cases)
        self.layer, self.options = layer, dict(options)
        self._done, self._ended, self._finish = done, ended, finish
        self._post = post or (lambda callback: callback())
        self.token = CancelToken()
        self.made = 0
        self._thread = background_thread(self._loop, "gallery")

    def cancel(self) -> None:
        self.token.cancel()

    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: float = 60.0) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _loop(self) -> None:
        try:
            for i, case in enumerate(self.cases):
                if self.token.cancelled:
                    return
                thumb = self._make(i, case)
                if self.token.cancelled:
                    return
                self.made += 1
                self._post(lambda t=thumb: self._done(t))
        finally:
            if self._ended is not None:
                self._post(self._ended)

    def _make(self, i: int, case: Case) -> Thumb:
        thumb = make_thumb(self.decl, i, case, self.layer, self.options, self.token)
        if self._finish is not None and thumb.rgba is not None:
            thumb.finished = self._finish(thumb.rgba)
        return thumb


def make_thumb(decl: Declaration, i: int, case: Case, layer: str,
               options: Mapping[str, Any], token: CancelToken) -> Thumb:
    """Case ``i``'s thumbnail, made now (in the caller's thread); a
    cancelled ``token`` stops it (its thumbnail then has neither picture nor
    error)."""
    return _make_now(decl, i, case, layer, options, token)


def _make_now(decl, i, case, layer, options, token) -> Thumb:
    from ..render.picture import final_state, picture, renderer_of

    thumb = Thumb(i, case)
    try:
        values = decl.validate(case.values)
        result = decl.engine.generate(values, seed=decl.check_seed(case.seed),
                                      trace=False, cancel=token)
        state = final_state(result)
        drawn = renderer_of(decl).drawn_layer(state, layer)
        pic = picture(state, drawn, options, legend=False)
        thumb.rgba = thumbnail(pic.rgba)
        if decl.metrics is not None:
            thumb.metrics = dict(decl.metrics(result))
    except Cancelled:
        token.cancel()
    except Exception as exc:  # noqa: BLE001 - a case's failure is its thumbnail's text
        thumb.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return thumb
