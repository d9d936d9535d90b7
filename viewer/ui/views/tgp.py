"""OpenTTD TerraGenesis in the window: what the map is, said on the status
line (for a 15.2 map by default the game's first frame, with its towns and
industries counted; or by the step it stops after, the engine's
:data:`~viewer.engine.tgp.generator.WHAT_THE_MAP_IS`); the
yellow bar when the version shown misbehaves (r13671's 32-bit water target
on the largest maps); and, during the noise rounds, where the
noise is drawn as blocks of the round's mesh
(:func:`viewer.render.tgp.tgp_display_layers`), an inspector that reads a
tile as it is drawn: the mesh point its block shows, not "not generated yet"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtWidgets import QDockWidget

from ...engine.protocol import MapState, Result
from ...engine.tgp.generator import WHAT_THE_MAP_IS
from ...engine.tgp.openttd15.overview import industry_rows
from ...engine.tgp.openttd15.towns.overview import town_rows
from ...engine.tgp.units import INVALID_HEIGHT
from ...render.tgp import mesh_step
from ..name_labels import centre_on
from .base import GeneratorView, Rows
from .tgp_industries import IndustriesTable, industry_table_rows
from .tgp_towns import TownsTable, town_table_rows

NOISE_ROW = "noise (fixed point)"


def towns_counted(towns) -> str:
    """"N towns (C cities)"."""
    n = len(towns or ())
    cities = sum(1 for t in towns or () if (t["larger_town"] if isinstance(t, dict)
                                             else t.larger_town))
    return f"{n} town{'s' if n != 1 else ''} ({cities} cit{'ies' if cities != 1 else 'y'})"


def towns_stage(towns) -> str:
    return (f"OpenTTD 15.2: the map after GenerateTowns: {towns_counted(towns)} founded "
            "and grown, before industries and trees")


def what_the_15_2_map_is(stop_after: str | None, towns=None, industries=None) -> str:
    """What a 15.2 map that stops after ``stop_after`` is (None: a map made
    before the later passes existed, which stops after the water pass);
    ``towns``: a towns map's towns; ``industries``: the first frame's
    industries (both counted on the first frame's line)."""
    if stop_after == "towns":
        return towns_stage(towns)
    said = f"OpenTTD 15.2: {WHAT_THE_MAP_IS.get(stop_after, WHAT_THE_MAP_IS['water'])}"
    if stop_after == "world" and towns is not None:
        n = sum(1 for i in industries or () if i is not None)
        return f"{said}: {towns_counted(towns)}, {n} industr{'ies' if n != 1 else 'y'}"
    return said


class TableRows(NamedTuple):
    """A map's rows of the Towns and Industries tables (see :class:`TownsTable`)
    with their orders by every column (:class:`.sorted_rows.SortedRows`, made
    on the run's thread), and its words on the status line
    (:meth:`TgpView.describe`)."""

    towns: Sequence
    industries: Sequence
    said: str = ""


def table_rows(result: Result | None) -> TableRows:
    """The Towns and Industries tables' rows of ``result`` (none without towns
    or industries)."""
    if result is None:
        return TableRows([], [])
    towns = getattr(result.detail, "towns", None)
    world = getattr(result.detail, "world", None)
    size_x = result.grid.width
    return TableRows(town_table_rows(town_rows(towns, size_x)) if towns else [],
                     industry_table_rows(industry_rows(world.industries, world.towns), size_x)
                     if world is not None else [])


class TgpView(GeneratorView):
    def build(self) -> None:
        self.add_docks_later(self._make_docks, then=self.shell.inspector_dock.raise_)

    def _make_docks(self) -> list[tuple[QDockWidget, QDockWidget]]:
        """The Towns and Industries docks, tabbed with the Inspector, their
        tables showing the map shown (made a turn after the switch: 1.7 ms)."""
        self.towns_table = TownsTable()
        self.towns_table.townChosen.connect(self.centre_on_town)
        self.towns_dock = QDockWidget("Towns", self.shell.widget)
        self.towns_dock.setObjectName("tgp_towns")
        self.towns_dock.setWidget(self.towns_table)
        self.industries_table = IndustriesTable()
        self.industries_table.townChosen.connect(self.centre_on_town)
        self.industries_dock = QDockWidget("Industries", self.shell.widget)
        self.industries_dock.setObjectName("tgp_industries")
        self.industries_dock.setWidget(self.industries_table)
        result = self.workbench.result
        if result is not None:              # (a map shown before them: its rows)
            rows = self._rows(result, self.workbench.prepared)
            self.towns_table.show_rows(rows.towns)
            self.industries_table.show_rows(rows.industries)
        inspector = self.shell.inspector_dock
        return [(self.towns_dock, inspector), (self.industries_dock, inspector)]

    def centre_on_town(self, x: int, y: int) -> None:
        centre_on(self.shell.map_view, x, y)

    def prepare(self, result: Result) -> TableRows:
        """The Towns and Industries tables' rows and the status line's words
        (thousands of towns counted), made on the run's thread (the GUI
        thread only puts them in)."""
        return table_rows(result)._replace(said=self._describe(result))

    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        warnings = result.detail.warnings if result is not None else None
        if warnings:
            self.shell.banner.show_message(" ".join(warnings) + ".")
        rows = self._rows(result, prepared)
        if rows.said:
            self._said = (result, rows.said)
        table = getattr(self, "towns_table", None)
        if table is None:                   # (made later, with the rows of the map shown)
            return
        table.show_rows(rows.towns)
        self.industries_table.show_rows(rows.industries)

    def _rows(self, result: Result | None, prepared: Any) -> TableRows:
        return prepared if isinstance(prepared, TableRows) else table_rows(result)

    def describe(self, result: Result) -> str:
        said = getattr(self, "_said", None)     # (said twice per map: counting
        if said is not None and said[0] is result:     # thousands of towns each time)
            return said[1]
        text = self._describe(result)
        self._said = (result, text)
        return text

    def _describe(self, result: Result) -> str:
        if result.detail.version == "15.2":
            world = getattr(result.detail, "world", None)
            return "; " + what_the_15_2_map_is(result.params.get("stop_after"),
                                               getattr(result.detail, "towns", None),
                                               getattr(world, "industries", None))
        return "; OpenTTD r13671 (tgp.cpp of 2008)"

    def shown_rows(self, state: MapState, rows: Rows) -> Rows:
        noise = state.layers.get("noise")
        if noise is None or not any(k == NOISE_ROW for k, _ in rows):
            return rows
        cell = dict(rows).get("tile", "")
        try:
            x, y = (int(v) for v in cell.split(","))
        except ValueError:
            return rows
        if int(noise[y, x]) != INVALID_HEIGHT:
            return rows
        step = mesh_step(noise)
        if step <= 1:
            return rows
        mx, my = x - x % step, y - y % step
        v = int(noise[my, mx])
        text = f"{v} (the block of mesh point {mx},{my}; this corner comes in a later round)"
        return [(k, text) if k == NOISE_ROW else (k, t) for k, t in rows]
