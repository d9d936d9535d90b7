"""The timeline of one port placement.

Steps, in order (step 0 shows the heightmap alone):

- lakes: open sea found, then the lakes in batches, largest first (at most
  :data:`LAKE_STEPS` steps);
- coast: the coast cells;
- candidates: one step per row of grid squares, its candidates chosen;
- weighting: every candidate's latitude weight;
- ports: one step per port drawn (what it ruled out as too close), and one
  saying how many were short when some were;
- local terrain: one step per port, its route to open sea and its town.

Every step is a view of the final arrays (the placement keeps them all), so
nothing is replayed: a step masks what was not yet decided.
"""

from __future__ import annotations

import math

import numpy as np

from ..protocol import Marker
from .placement import Placement, route_cells

LAKE_STEPS = 40


class PortsTrace:
    def __init__(self, pl: Placement, layers: dict[str, np.ndarray]):
        self.pl = pl
        self.final = layers
        h, w = pl.shape
        g = pl.grid
        self.n_square_rows = (h + g - 1) // g
        n_lakes = int(pl.lake_ids.size)
        self.lake_batch = max(1, math.ceil(n_lakes / LAKE_STEPS))
        n_lake_steps = math.ceil(n_lakes / self.lake_batch) if n_lakes else 0
        self.events: list[tuple[str, str, int]] = []  # (phase, description, argument)
        n_open = int(pl.is_open.sum())
        on_border = int(pl.sizes[pl.is_open].sum()) if n_open else 0
        self._add("lakes", f"open sea: {n_open} sea(s), {on_border} corners below sea level", 0)
        for b in range(n_lake_steps):
            lo = b * self.lake_batch
            hi = min(n_lakes, lo + self.lake_batch)
            sizes = pl.sizes[pl.lake_ids[lo:hi]]
            what = (f"lake {lo + 1} ({int(sizes[0])} corners)" if hi - lo == 1 else
                    f"lakes {lo + 1}..{hi} ({int(sizes.min())}..{int(sizes.max())} corners)")
            self._add("lakes", what + ": treated as land", hi)
        coast = int((layers["coast"] != 0).sum())
        self._add("coast", f"{coast} coast cells may hold a port "
                  f"({int((pl.cell_class == 4).sum())} more touch a lake)", 0)
        cand_sq_row = pl.cand_square // ((w + g - 1) // g) if pl.cand_square.size else \
            np.empty(0, np.int64)
        for q in range(self.n_square_rows):
            n = int((cand_sq_row == q).sum())
            self._add("candidates", f"grid row {q + 1} (cell rows {q * g}..{min(h, q * g + g) - 1}"
                      f"): {n} candidate(s)", q)
        npos = int((pl.cand_weight > 0).sum())
        self._add("weighting", f"{pl.cand_rows.size} candidates weighted by latitude, "
                  f"{npos} with a positive weight", 0)
        for p in pl.ports:
            self._add("ports", f"port {p.index + 1} at cell ({p.col}, {p.row}), latitude "
                      f"{p.latitude:.1f}, weight {p.weight:.3f}: {p.size_class} of "
                      f"{p.population}; {int(pl.removed[p.index])} candidate(s) too close "
                      "ruled out", p.index)
        if pl.short:
            self._add("ports", f"{pl.short} port(s) short: no candidate left", len(pl.ports) - 1)
        for p in pl.ports:
            self._add("local terrain", f"port {p.index + 1}: ship at corner ({p.ship[1]}, "
                      f"{p.ship[0]}), {len(p.route) - 1} edge(s) of sea to open water", p.index)
        self._phases: list[tuple[str, int]] = []
        for k, (ph, _, _) in enumerate(self.events):
            if not self._phases or self._phases[-1][0] != ph:
                self._phases.append((ph, k + 1))
        self._route_index = np.full(pl.shape, -1, np.int16)
        for p in reversed(pl.ports):
            for r, c in route_cells(p.route, h, w):
                self._route_index[r, c] = p.index

    def _add(self, phase: str, text: str, arg: int) -> None:
        self.events.append((phase, text, arg))

    # -- structure -------------------------------------------------------------
    @property
    def n_steps(self) -> int:
        return len(self.events)

    def _clamp(self, step: int) -> int:
        return int(min(max(int(step), 0), self.n_steps))

    def phases(self) -> list[tuple[str, int]]:
        return list(self._phases)

    def phase_at(self, step: int) -> str:
        k = self._clamp(step)
        return "start" if k == 0 else self.events[k - 1][0]

    def describe(self, step: int) -> str:
        k = self._clamp(step)
        return "start: the heightmap" if k == 0 else self.events[k - 1][1]

    def _done(self, phase: str, step: int) -> int | None:
        """The argument of the last event of ``phase`` up to ``step``; None
        when the phase has not begun, a large number when it is over."""
        k = self._clamp(step)
        last = None
        for i in range(k):
            ph, _, arg = self.events[i]
            if ph == phase:
                last = arg
            elif last is not None:
                return 1 << 40
        return last

    def _ports_drawn(self, step: int) -> int:
        d = self._done("ports", step)
        return 0 if d is None else min(len(self.pl.ports), d + 1)

    def markers_at(self, step: int) -> list[Marker]:
        return [Marker("port", f"{p.index + 1} {p.size_class}", p.col, p.row)
                for p in self.pl.ports[:self._ports_drawn(step)]]

    def meaningful_at(self, step: int) -> frozenset[str]:
        out = {"height"}
        if self._done("lakes", step) is not None:
            out.add("lakes")
        if self._done("coast", step) is not None:
            out.update(("cell_class", "coast"))
        if self._done("candidates", step) is not None:
            out.update(("grid_square", "desirability", "candidates"))
        if self._done("weighting", step) is not None:
            out.update(("latitude", "weight"))
        if self._done("ports", step) is not None:
            out.add("ports")
        if self._done("local terrain", step) is not None:
            out.add("route")
        return frozenset(out)

    # -- state -----------------------------------------------------------------
    def state_at(self, step: int) -> dict[str, np.ndarray]:
        f = self.final
        pl = self.pl
        k = self._clamp(step)
        if k == self.n_steps:
            return dict(f)
        out = dict(f)
        lakes_done = self._done("lakes", k)
        shown = 0 if lakes_done is None else min(pl.lake_ids.size, lakes_done)
        out["lakes"] = np.where(f["lakes"] < shown, f["lakes"], -1).astype(np.int32)
        if self._done("coast", k) is None:
            out["coast"] = np.zeros_like(f["coast"])
        rows_done = self._done("candidates", k)
        g = pl.grid
        if rows_done is None:
            out["desirability"] = np.full_like(f["desirability"], -1)
            out["candidates"] = np.full_like(f["candidates"], -1)
        elif rows_done < self.n_square_rows:
            cut = (rows_done + 1) * g
            for name in ("desirability", "candidates"):
                a = f[name].copy()
                a[cut:] = -1
                out[name] = a
        if self._done("weighting", k) is None:
            out["weight"] = np.full_like(f["weight"], -1.0)
        n_ports = self._ports_drawn(k)
        out["ports"] = np.where(f["ports"] < n_ports, f["ports"], -1).astype(np.int16)
        local = self._done("local terrain", k)
        n_local = 0 if local is None else min(len(pl.ports), local + 1)
        out["route"] = np.where((self._route_index >= 0) & (self._route_index < n_local),
                                self._route_index, -1).astype(np.int16)
        return out
