"""The timeline of one TGP run: one step per noise round, per normalisation
step, then the tile heights, (OpenTTD 15.2) FixSlopes, and the water.

Step k is the state after the first k steps of :class:`~.r13671.pipeline.Pipeline`
(or of OpenTTD 15.2's :class:`~.openttd15.pipeline.ModernPipeline`).
The generator keeps checkpoints of the heightmap (all of them on small maps,
every few steps on large ones, within a memory budget); any other step is
rebuilt by running the pipeline forward from the nearest checkpoint, which
is exact because every step depends on the heightmap and the Randomizer
only.  A few recent states are cached so that scrubbing back and forth is
cheap.

The ``change`` layer shows what step k did: for a noise round the noise it
added (the new heights minus the interpolated ones; round 0: the base
heights), for a normalisation step the new height minus the old one, for
FixSlopes the tile heights it lowered (in fixed point, 16 per level).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from ..protocol import Marker
from . import kernel as K
from .game.map_layers import byte_layers, map_layers
from .layers import GAME_BYTE_LAYERS, LANDSCAPE_LAYERS, layer_names
from .openttd15.landscape import landscape_layers
from .pipeline import State
from .r13671.pipeline import Pipeline
from .units import INVALID_HEIGHT

CACHE_STATES = 3


class TgpTrace:
    def __init__(self, pipe: Pipeline, checkpoints: dict[int, State], noise: np.ndarray,
                 final: State):
        self.pipe = pipe
        self._checkpoints = checkpoints
        self._noise = noise
        self._final = final
        self._cache: OrderedDict[int, State] = OrderedDict()
        self._lock = threading.Lock()
        self._flag = np.zeros(4, np.int64)
        self._phases: list[tuple[str, int]] = []
        for i, step in enumerate(pipe.steps):
            if not self._phases or self._phases[-1][0] != step.phase:
                self._phases.append((step.phase, i + 1))

    # -- structure -----------------------------------------------------------
    @property
    def n_steps(self) -> int:
        return len(self.pipe.steps)

    def phases(self) -> list[tuple[str, int]]:
        return list(self._phases)

    def phase_at(self, step: int) -> str:
        step = self._clamp(step)
        if step == 0:
            return "start"
        return self.pipe.steps[step - 1].phase

    @property
    def _water_step(self) -> int:
        """The step of the water pass (15.2 maps go on past it)."""
        return getattr(self.pipe, "water_step", self.n_steps)

    def describe(self, step: int) -> str:
        step = self._clamp(step)
        if step == 0:
            return "start: every corner at -32768 (not generated)"
        st = self.pipe.steps[step - 1]
        label = st.label
        final = self._final
        if step > self._water_step:
            return label + self._found(st)
        if st.phase == "water level" and final.borders is not None and \
                getattr(self.pipe, "fixed_borders", 0) is None:
            from .openttd15.pipeline import border_names

            label += f": {border_names(final.borders)} ({final.borders})"
        elif st.kind == "fix":
            label += f"; {final.lowered} tiles lowered"
        return label

    def _found(self, st) -> str:
        """What a step after the water pass found, from the final state."""
        final = self._final
        found = final.found
        if st.kind == "river":
            if st.arg < len(final.attempts):
                return ": " + final.attempts[st.arg].text
            return ""
        if st.kind in final.made and isinstance(final.made[st.kind], dict):
            return "; " + ", ".join(f"{v} {k}" for k, v in final.made[st.kind].items())
        if st.kind == "climate":
            key = {0: "snow_line_height", 1: "desert_line", 2: "desert_tiles",
                   4: "rainforest_tiles"}.get(st.arg)
            if key in found:
                value = found[key]
                unit = " tiles" if key.endswith("tiles") else ""
                return f"; {'height ' if not unit else ''}{value}{unit}"
        return ""

    def markers_at(self, step: int) -> list[Marker]:
        return []

    def meaningful_at(self, step: int) -> frozenset[str]:
        step = self._clamp(step)
        out: set[str] = set()
        if step >= 1:
            out.update(("noise", "change"))
        if step > self.pipe.n_rounds:
            out.add("heightmap")
        last = self.pipe.last_heightmap_step
        if step > last:
            out.discard("change")
            out.add("tile_height")
            kind = self.pipe.steps[step - 1].kind
            if kind == "fix":
                out.update(("change", "rocks"))
            if kind == "water":
                out.update(("tile_class", "water"))   # (15.2 maps have no water layer)
                if self._final.rocks is not None:
                    out.add("rocks")
        if step > self._water_step:
            out.update(("tile_class", "rocks", "change") + LANDSCAPE_LAYERS)
        return frozenset(out)

    # -- state ---------------------------------------------------------------
    def _clamp(self, step: int) -> int:
        return int(min(max(int(step), 0), self.n_steps))

    def heightmap_at(self, step: int) -> np.ndarray:
        """The full heightmap (corners, ``(size_y+1, size_x+1)``) after ``step``."""
        return self._state_at(min(self._clamp(step), self.pipe.last_heightmap_step)).hm

    def _state_at(self, k: int) -> State:
        if k >= self.n_steps or self.pipe.last_heightmap_step <= k <= self._water_step:
            return self._final
        with self._lock:
            if k in self._cache:
                self._cache.move_to_end(k)
                return self._cache[k]
            base = max([j for j in self._checkpoints if j <= k] +
                       [j for j in self._cache if j <= k])
            src = self._cache[base] if base in self._cache else self._checkpoints[base]
            st = src.copy()
            for i in range(base, k):
                self.pipe.run(i, st, self._flag)
            self._cache[k] = st
            while len(self._cache) > CACHE_STATES:
                self._cache.popitem(last=False)
            return st

    def _landscape_at(self, k: int) -> dict[str, np.ndarray]:
        """The layers after step ``k``, a step past the water pass."""
        pipe = self.pipe
        sx, sy = pipe.size_x, pipe.size_y
        st = self._state_at(k)
        prev = self._state_at(k - 1)
        land = pipe.after.land(st) if st is not self._final else st.land
        if st.world is not None:   # a stage after GenerateLandscape: the World's bytes
            layers = map_layers(st.world.map, pipe.landscape)
            layers["river_id"] = land.grid("river_id")
            layers.update(byte_layers(st.world.map))
            height = st.world.map.height
        else:
            layers = landscape_layers(land, pipe.landscape)
            height = land.height
            if getattr(pipe, "stages", None):   # (a map that has the bytes has them throughout)
                from .openttd15.landscape import game_map

                layers.update(byte_layers(game_map(land)))
        if prev.world is not None:
            before = prev.world.map.height
        elif k - 1 > self._water_step and prev.land is not None:
            before = prev.land.height
        else:
            before = prev.tile_height.reshape(-1)
        change = (height.astype(np.int32) - before).reshape(sy, sx) * 16
        final = self._final
        layers.update(noise=self._noise[:sy, :sx], heightmap=final.hm[:sy, :sx],
                      change=change)
        return layers

    def state_at(self, step: int) -> dict[str, np.ndarray]:
        k = self._clamp(step)
        pipe = self.pipe
        if k > self._water_step:
            return self._landscape_at(k)
        sx, sy = pipe.size_x, pipe.size_y
        last_hm = pipe.last_heightmap_step
        # k-1 first, so that k is one step from the cache
        prev = self._state_at(k - 1).hm if 1 <= k <= last_hm else None
        hm = self._state_at(min(k, last_hm)).hm
        noise = hm if k <= pipe.n_rounds else self._noise
        if prev is not None:
            if pipe.steps[k - 1].kind == "round":
                prev = pipe.interpolated(prev, k - 1)
            cur = hm[:sy, :sx]
            change = cur.astype(np.int32) - prev[:sy, :sx]
            change[cur == INVALID_HEIGHT] = 0
        else:
            change = np.zeros((sy, sx), np.int32)
        final = self._final
        kinds = [st.kind for st in pipe.steps[last_hm:k]]
        th = np.zeros((sy, sx), np.uint8)
        if "tiles" in kinds:
            th = final.tile_height if final.tile_height_copied is None else \
                final.tile_height_copied
        if "fix" in kinds:
            th = final.tile_height
            if kinds[-1] == "fix":
                change = (th.astype(np.int32) - final.tile_height_copied) * 16
        tc = final.tile_class if "water" in kinds else pipe.initial_classes()
        layers = {
            "noise": noise[:sy, :sx],
            "heightmap": hm[:sy, :sx],
            "tile_height": th,
            "tile_class": tc,
            "change": change,
        }
        if final.rocks is None:  # r13671
            layers["water"] = (tc == K.WATER).view(np.uint8)
        if final.rocks is not None:
            rocks = np.zeros((sy, sx), np.uint8)
            if "fix" in kinds:
                rocks = final.rocks if "water" in kinds else final.rocks_fixed
            layers["rocks"] = rocks
        assert set(layer_names(pipe.version, "water")) <= set(layers)
        if pipe.version != "r13671" and pipe.after.finishes_map:
            # before the steps past the water pass: the water pass's map
            layers.update({n: np.zeros((sy, sx), np.uint8) for n in LANDSCAPE_LAYERS})
            layers["river_id"] = np.zeros((sy, sx), np.int32)
            layers["ground"] = np.full((sy, sx), 0xFF, np.uint8)
        if getattr(pipe, "stages", None):
            from .game.tiles import DTYPES

            layers.update({n: np.zeros((sy, sx), DTYPES["type" if n == "tile_type" else n])
                           for n in GAME_BYTE_LAYERS})
        return layers
