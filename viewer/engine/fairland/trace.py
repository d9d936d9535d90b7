"""The timeline of one fairland run.

A step is one event of the kernel's log (a capital moves, a sector joins an
island, a hill is raised, the exclusive zones are rebuilt, ...).  The state
at step k is the state after the first k events.  It is rebuilt by replaying
the log from the nearest checkpoint; checkpoints are taken on the first
request by one replay of the whole log, at intervals chosen to keep their
memory near ``CHECKPOINT_BUDGET`` bytes, so no step stores a full copy.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..protocol import Marker
from . import kernel as K
from .layers import LAYER_NAMES, PHASE_NAMES, capital_markers, layers_from_state

CHECKPOINT_BUDGET = 48 * 2**20
MIN_INTERVAL = 256


class FairlandTrace:
    def __init__(self, conf: np.ndarray, events: np.ndarray, values: Mapping[str, Any],
                 assertion: Any = None):
        self.conf = conf
        # the first failed assertion (assertions.FairlandAssertion) or None:
        # describe() says so at its step
        self.assertion = assertion
        self.events = events
        self.values = dict(values)
        self.wx, self.wy = int(conf[K.C_WX]), int(conf[K.C_WY])
        self._lock = threading.Lock()
        self._checkpoints: list[tuple[int, tuple]] | None = None
        kinds = events[:, 0]
        self._phase_steps = np.flatnonzero(kinds == K.EV_PHASE)
        # Where each kind of event happens, for meaningful_at()
        self._at = {k: np.flatnonzero(kinds == k) for k in range(13)}

    # -- structure -----------------------------------------------------------
    @property
    def n_steps(self) -> int:
        return int(self.events.shape[0])

    def phases(self) -> list[tuple[str, int]]:
        out = []
        tries = int(self.events[self._phase_steps, 2].max()) + 1 if self._phase_steps.size else 1
        for idx in self._phase_steps:
            phase, attempt = int(self.events[idx, 1]), int(self.events[idx, 2])
            name = PHASE_NAMES[phase]
            if tries > 1 and phase <= K.PH_ISLANDS:
                name += f" (try {attempt + 1})"
            out.append((name, int(idx) + 1))
        return out

    def phase_at(self, step: int) -> str:
        i = np.searchsorted(self._phase_steps, step, side="left") - 1
        if i < 0:
            return "start"
        return self.phases()[i][0]

    def describe(self, step: int) -> str:
        text = self._describe(step)
        a = self.assertion
        if a is not None and step == a.step:
            where = f" at {a.x},{a.y}" if a.x >= 0 else ""
            text += (f"; empserver's default fairland aborts here: assertion "
                     f"`{a.expression}' fails{where}")
        return text

    def _describe(self, step: int) -> str:
        if step <= 0:
            return "start: nothing computed yet"
        kind, a, b, c = (int(v) for v in self.events[step - 1])
        wx = self.wx
        nc = int(self.conf[K.C_NC])

        def xy(off: int) -> str:
            y = 2 * off // wx
            return f"{2 * off % wx + y % 2},{y}"

        def island(i: int) -> str:
            return f"continent {i}" if i < nc else f"island {i} (#{i - nc + 1})"

        if kind == K.EV_PHASE:
            return f"phase: {PHASE_NAMES[a]}" + (f", try {b + 1}" if a <= K.PH_ISLANDS else "")
        return {
            K.EV_INIT: lambda: "new try: the world is all sea",
            K.EV_CAPS_INIT: lambda: "capitals start side by side",
            K.EV_CAP_MOVE: lambda: f"capital {a} drifts to {b},{c}",
            K.EV_XZONE_INIT: lambda: f"exclusive zones rebuilt around the first {a} islands",
            K.EV_ISL_RESET: lambda: f"{island(a)} starts empty",
            K.EV_ADD: lambda: f"sector {b},{c} joins {island(a)}",
            K.EV_REMOVE: lambda: f"{island(a)} gives back its last sector",
            K.EV_SPHERES: lambda: "spheres of influence computed",
            K.EV_DIST_COAST: lambda: "distance to coast computed",
            K.EV_HILL: lambda: f"{'hill' if b > 0 else 'depression'} of radius {c} at {xy(a)}",
            K.EV_ELEV_ISLAND: lambda: f"{island(a)} elevated",
            K.EV_ELEV_SEA: lambda: "sea depths normalised",
        }[kind]()

    def _last(self, kinds: tuple[int, ...], step: int) -> int:
        """Index of the last event of one of ``kinds`` before ``step``, or -1."""
        best = -1
        for k in kinds:
            idx = self._at[k]
            i = np.searchsorted(idx, step, side="left") - 1
            if i >= 0:
                best = max(best, int(idx[i]))
        return best

    def _phase_started(self, phase: int, step: int) -> bool:
        idx = self._phase_steps[self.events[self._phase_steps, 1] == phase]
        return bool(idx.size and idx[0] < step)

    def meaningful_at(self, step: int) -> frozenset[str]:
        """Layers that hold what the algorithm computed in the current try.

        Before the first try nothing is; ``xzone``, ``closest`` and
        ``distance`` start meaning something when they are computed and stop
        when a new try starts; elevation once elevating starts; sector type
        and resources once elevation is final.
        """
        out = set()
        last_init = self._last((K.EV_INIT,), step)
        if last_init >= 0:
            out.update(("own", "coastal"))
        if self._last((K.EV_CAPS_INIT,), step) >= 0:
            out.add("capitals")
        if self._last((K.EV_XZONE_INIT,), step) > last_init:
            out.add("xzone")
        if self._last((K.EV_SPHERES, K.EV_DIST_COAST), step) > last_init:
            out.update(("closest", "distance"))
        if self._phase_started(K.PH_ELEVATE, step):
            out.add("elevation")
        if self._phase_started(K.PH_RESOURCES, step):
            out.update(("sector_type", "iron", "gold", "fertility", "oil", "uranium"))
        return frozenset(n for n in LAYER_NAMES if n in out)

    # -- state ---------------------------------------------------------------
    def _build_checkpoints(self) -> list[tuple[int, tuple]]:
        st = K.new_state(self.wx, self.wy, int(self.conf[K.C_NC]), int(self.conf[K.C_NI]))
        self._scratch = st[K.N_MUTABLE:]
        mutable = st[:K.N_MUTABLE]
        state_bytes = sum(a.nbytes for a in mutable)
        count = max(4, CHECKPOINT_BUDGET // max(state_bytes, 1))
        interval = max(MIN_INTERVAL, -(-self.n_steps // count))
        checkpoints = [(0, K.copy_state(mutable))]
        for start in range(0, self.n_steps, interval):
            stop = min(start + interval, self.n_steps)
            K.replay(self.conf, st, self.events, start, stop)
            checkpoints.append((stop, K.copy_state(mutable)))
        return checkpoints

    def raw_state_at(self, step: int) -> tuple:
        """The kernel's state arrays after ``step`` events."""
        step = int(min(max(step, 0), self.n_steps))
        with self._lock:
            if self._checkpoints is None:
                self._checkpoints = self._build_checkpoints()
            ckpts = self._checkpoints
        i = max(j for j, (s, _) in enumerate(ckpts) if s <= step)
        at, saved = ckpts[i]
        bfsq, nbr = self._scratch
        st = K.copy_state(saved) + (np.empty_like(bfsq), nbr)
        if step > at:
            K.replay(self.conf, st, self.events, at, step)
        return st

    def state_at(self, step: int) -> dict[str, np.ndarray]:
        return layers_from_state(self.raw_state_at(step), self.wx, self.wy)

    def markers_at(self, step: int) -> list[Marker]:
        if self._last((K.EV_CAPS_INIT,), step) < 0:
            return []
        st = self.raw_state_at(step)
        return capital_markers(st[K.CAPX], st[K.CAPY])
