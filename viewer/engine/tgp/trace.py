"""The timeline of one TGP run: one step per noise round, per normalisation
step, then the tile heights, (OpenTTD 15.2) FixSlopes, the water, and past
it (15.2) the climate passes, one step per river well, the rough-land pass,
GenerateTowns one step per town made, the later stages and the tile loops.

Step k is the state after the first k steps of :class:`~.r13671.pipeline.Pipeline`
(or of OpenTTD 15.2's :class:`~.openttd15.pipeline.ModernPipeline`;
GenerateTowns' steps: the state before it and its first towns made,
:func:`~.openttd15.towns.founding.towns_one_by_one`, exactly the map of
GenerateTowns stopped after that many towns).
The generator keeps checkpoints of the heightmap (all of them on small maps,
every few steps on large ones, within a memory budget), the state after the
water pass, and past it states kept by their differences
(:mod:`.kept_states`); any other step is rebuilt by running the pipeline
forward from the nearest, which is exact because every step depends on the
state and the Randomizer only.  A few recent states are cached so that
scrubbing back and forth is cheap; stepping through the towns goes on from
the last town's state.

The ``change`` layer shows what step k did: for a noise round the noise it
added (the new heights minus the interpolated ones; round 0: the base
heights), for a normalisation step the new height minus the old one, for
FixSlopes the tile heights it lowered (in fixed point, 16 per level).
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict

import numpy as np

from ...runtime import long_lived
from ..protocol import Marker
from . import kernel as K
from .game.map_layers import byte_layers, map_layers
from .kept_states import KeptStates
from .layers import GAME_BYTE_LAYERS, LANDSCAPE_LAYERS, layer_names
from .openttd15.landscape import landscape_layers
from .pipeline import State
from .r13671.pipeline import Pipeline
from .units import INVALID_HEIGHT

CACHE_STATES = 3
KEEP_RATIO = 4
"""States of the towns are kept as often as keeping one costs at most a
quarter of the towns' time (as the generator's recorder keeps them)."""
TOWNS_BUDGET = 128 * 2**20
"""The differences of the states of the towns kept, per GenerateTowns."""


class TgpTrace:
    def __init__(self, pipe: Pipeline, checkpoints: dict[int, State], noise: np.ndarray,
                 final: State, kept: KeptStates | None = None,
                 towns: dict[int, list[dict]] | None = None,
                 notes: dict[int, str] | None = None):
        self.pipe = pipe
        self._checkpoints = checkpoints
        self._kept = kept
        self._towns = towns or {}
        self._notes = notes or {}
        self._noise = noise
        self._final = final
        self._cache: OrderedDict[tuple[int, int], State] = OrderedDict()
        self._lock = threading.RLock()
        self._flag = np.zeros(4, np.int64)
        self._live: list | None = None
        self._towns_kept: dict[int, KeptStates] = {}
        self._towns_runs: dict[tuple[int, int], object] = {}
        self._towns_pace = [0.0, 0.0]
        # The timeline's steps: (pipeline steps done, towns of the next made);
        # the towns step in one step per town, its last the whole step.
        self._pos: list[tuple[int, int]] = []
        for i, step in enumerate(pipe.steps):
            if step.kind == "towns":
                self._pos += [(i, n) for n in range(1, len(self._towns.get(i, ())))]
            self._pos.append((i + 1, 0))
        self._phases: list[tuple[str, int]] = []
        for t in range(1, len(self._pos) + 1):
            phase = self._step_of(t).phase
            if not self._phases or self._phases[-1][0] != phase:
                self._phases.append((phase, t))

    def _index_of(self, t: int) -> int:
        """The pipeline step that step ``t`` (1 ..) of the timeline is (part of)."""
        done, sub = self._pos[t - 1]
        return done if sub else done - 1

    def _step_of(self, t: int):
        return self.pipe.steps[self._index_of(t)]

    # -- structure -----------------------------------------------------------
    @property
    def n_steps(self) -> int:
        return len(self._pos)

    def phases(self) -> list[tuple[str, int]]:
        return list(self._phases)

    def phase_at(self, step: int) -> str:
        step = self._clamp(step)
        if step == 0:
            return "start"
        return self._step_of(step).phase

    @property
    def _water_step(self) -> int:
        """The step of the water pass (15.2 maps go on past it)."""
        return getattr(self.pipe, "water_step", self.n_steps)

    def describe(self, step: int) -> str:
        step = self._clamp(step)
        if step == 0:
            return "start: every corner at -32768 (not generated)"
        st = self._step_of(step)
        label = st.label
        final = self._final
        if st.kind == "towns" and self._towns.get(self._index_of(step)):
            return self._town_text(step)
        if step > self._water_step:
            return label + self._found(st) + self._notes.get(self._index_of(step), "")
        if st.phase == "water level" and final.borders is not None and \
                getattr(self.pipe, "fixed_borders", 0) is None:
            from .openttd15.pipeline import border_names

            label += f": {border_names(final.borders)} ({final.borders})"
        elif st.kind == "fix":
            label += f"; {final.lowered} tiles lowered"
        return label

    def _town_text(self, step: int) -> str:
        """Step ``step`` of the towns: the town it made (and after the last
        town, the whole of GenerateTowns)."""
        done, sub = self._pos[step - 1]
        made = self._towns[self._index_of(step)]
        n = sub or len(made)
        town = made[n - 1]
        sx = self.pipe.size_x
        text = (f"Town {n} of {len(made)}: {town['name']} founded and grown"
                f"{' (a city)' if town['city'] else ''} at ({town['xy'] % sx}, "
                f"{town['xy'] // sx}), {town['houses']} house"
                f"{'s' if town['houses'] != 1 else ''}, population {town['population']:,}")
        if not sub:
            cities = sum(1 for t in made if t["city"])
            text += (f"; GenerateTowns done: {len(made)} town{'s' if len(made) != 1 else ''} "
                     f"({cities} cit{'ies' if cities != 1 else 'y'})")
        return text

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
            kind = self._step_of(step).kind
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

    def _state_at(self, t: int) -> State:
        """The state after step ``t`` of the timeline."""
        done, sub = self._pos[t - 1] if t else (0, 0)
        if sub:
            return self._towns_state(done, sub)
        return self._pipe_state(done)

    def _cached(self, key: tuple[int, int], st: State) -> State:
        self._cache[key] = st
        while len(self._cache) > CACHE_STATES:
            self._cache.popitem(last=False)
        return st

    def _pipe_state(self, k: int) -> State:
        """The state after the first ``k`` steps of the pipeline: from the
        nearest state cached, checkpoint or state kept at or before it, the
        steps between run again."""
        if k >= len(self.pipe.steps) or self.pipe.last_heightmap_step <= k <= self._water_step:
            return self._final
        with self._lock:
            if (k, 0) in self._cache:
                self._cache.move_to_end((k, 0))
                return self._cache[(k, 0)]
            kept = [j for j in self._kept.steps if j <= k] if self._kept is not None else []
            cached = [j for j, sub in self._cache if j <= k and not sub]
            base = max([j for j in self._checkpoints if j <= k] + kept + cached)
            if base in cached:
                st = self._cache[(base, 0)].copy()
            elif base in kept:
                st = self._kept.restore(base)
            else:
                st = self._checkpoints[base].copy()
            for i in range(base, k):
                self.pipe.run(i, st, self._flag)
            return self._cached((k, 0), st)

    def _towns_state(self, done: int, made: int) -> State:
        """The state after ``done`` steps of the pipeline and the first
        ``made`` towns of the next (GenerateTowns): the towns made one by
        one, going on from the last such state asked for when it is not
        past this one, else from the nearest state of the towns kept by
        their differences (every few towns, as the states go by) or the
        state before GenerateTowns."""
        with self._lock:
            if (done, made) in self._cache:
                self._cache.move_to_end((done, made))
                return self._cache[(done, made)]
            live = self._live
            kept = self._towns_kept.get(done)
            nearest = max([j for j in kept.steps if j <= made] if kept is not None else [0])
            if live is None or live[0] != done or not nearest <= live[1] <= made:
                live = self._live = self._towns_from(done, nearest)
            while live[1] < made:
                next(live[3])
                live[1] += 1
                self._keep_town(done, live)
            return self._cached((done, made), live[2].copy())

    def _towns_from(self, done: int, nearest: int) -> list:
        """[done, towns made, state, GenerateTowns going on, its TownsRun]
        from the state of the towns kept after ``nearest`` towns (0: the
        state before GenerateTowns)."""
        from .openttd15.towns.founding import start_towns, towns_one_by_one

        if nearest:
            st = self._towns_kept[done].restore(nearest)
            with long_lived():
                run = copy.deepcopy(self._towns_runs[(done, nearest)])
        else:
            st = self._pipe_state(done).copy()
            run = start_towns(st.world)
        self._towns_pace = [time.perf_counter(), 0.0]
        return [done, nearest, st, towns_one_by_one(st.world, run=run), run]

    def _keep_town(self, done: int, live: list) -> None:
        """Keep the state after this town by its differences when the towns
        made since the last one kept took :data:`KEEP_RATIO` times as long
        as keeping one (and it is past every state of the towns kept)."""
        kept = self._towns_kept.setdefault(done, KeptStates(TOWNS_BUDGET))
        since, cost = self._towns_pace
        now = time.perf_counter()
        if (kept.steps and live[1] <= kept.steps[-1]) or now - since < KEEP_RATIO * cost:
            return
        if kept.keep(live[1], live[2]):
            with long_lived():
                self._towns_runs[(done, live[1])] = copy.deepcopy(live[4])
            after = time.perf_counter()
            self._towns_pace = [after, (after - now) if len(kept.steps) > 1 else 0.0]
        else:
            self._towns_pace = [now, float("inf")]   # (over the budget: no more)

    def _landscape_at(self, k: int) -> dict[str, np.ndarray]:
        """The layers after step ``k``, a step past the water pass."""
        pipe = self.pipe
        sx, sy = pipe.size_x, pipe.size_y
        prev = self._state_at(k - 1)   # (first, so that k is one step on from it)
        st = self._state_at(k)
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
