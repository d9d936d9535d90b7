"""Number Link in the workbench window: the grid picture, the puzzle /
solution toggle, "check uniqueness", opening a puzzle file and the Number
Link exports.

:class:`NumberLinkMixin` is part of :class:`~viewer.ui.main_window.MainWindow`;
it keeps what is Number Link's own out of the generic window.  Solving runs
on its own :class:`~viewer.ui.worker.LatestWins` worker (never on the GUI
thread), cancellable like a generation (Esc).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from ..engine.numberlink.generator import LAYER_INFO, endpoint_markers
from ..engine.numberlink.puzzle import RULES, Puzzle, Solution
from ..engine.numberlink.quality import boring_mask, quality
from ..engine.protocol import CancelToken, Result, SquareGrid
from ..formats.numberlink import (
    NumberLinkFormatError,
    format_puzzle,
    format_solution,
    format_testmain,
    read_puzzle,
    write_puzzle_png,
)
from ..render.colormaps import (
    NL_DIFF,
    NL_END,
    NL_GHOST,
    NL_OVERLAY_KEYS,
    NL_REGION,
    NL_TARGET,
    legend_for,
)
from ..render.numberlink import layer_tint, links_of, picture
from . import exports
from .inspector import NOT_MEANINGFUL
from .worker import LatestWins

NAME = "numberlink"
MAX_OPEN_SIDE = 256
"""Puzzles wider or taller than this are refused when opened."""
STATUS_WORDS = {
    "unique": "unique: exactly one solution",
    "several": "several solutions",
    "none": "no solution",
    "found": "a solution (others not ruled out)",
    "unknown": "undecided (the solver stopped early)",
}


def numberlink_scale(width: int, height: int) -> int:
    """Pixels per square on screen: about 800 pixels across, 8..96."""
    return max(8, min(96, 800 // max(1, width, height)))


def layers_of_solution(puzzle: Puzzle, sol: Solution | None) -> dict[str, np.ndarray]:
    """The engine's layers for a puzzle and (perhaps) its solution."""
    h, w = puzzle.cells.shape
    paths = (np.asarray(sol.paths, np.int32) if sol is not None
             else np.zeros((h, w), np.int32))
    counts = np.bincount(paths.ravel(), minlength=puzzle.npaths + 1)
    length = np.where(paths > 0, counts[paths], 0).astype(np.int32)
    return {
        "paths": paths,
        "puzzle": puzzle.cells.copy(),
        "length": length,
        "boring": boring_mask(paths) if paths.any() else np.zeros((h, w), np.uint8),
    }


def numberlink_rows(x: int, y: int, layers: dict[str, np.ndarray],
                    meaningful: frozenset[str] | None, labels: tuple[str, ...] | None,
                    solved: bool = True) -> list[tuple[str, str]]:
    """``(name, text)`` rows for square ``(x, y)``: its end label, the path
    through it, that path's length, whether it is boring and what the step's
    debug layers say about it."""
    def ok(name: str) -> bool:
        return name in layers and (meaningful is None or name in meaningful)

    def text(k: int) -> str:
        return labels[k - 1] if labels is not None and 0 < k <= len(labels) else str(k)

    rows = [("cell", f"{x},{y}")]
    end = int(layers["puzzle"][y, x]) if ok("puzzle") else 0
    rows.append(("end", text(end) if end else "-"))
    if not ok("paths"):
        rows.append(("path", NOT_MEANINGFUL))
    else:
        k = int(layers["paths"][y, x])
        rows.append(("path", text(k) if k else ("not solved yet" if not solved else "none")))
        if k and ok("length"):
            rows.append(("path length", f"{int(layers['length'][y, x])} squares"))
        if k and ok("boring"):
            rows.append(("boring", "yes: straight along an edge"
                         if int(layers["boring"][y, x]) else "no"))
    if ok("attempt"):
        a = int(layers["attempt"][y, x])
        if a:
            rows.append(("attempt", "the end being extended" if a == 1 else "the square tried"))
    if ok("pushed") and int(layers["pushed"][y, x]):
        rows.append(("pushed", f"old route of path {int(layers['pushed'][y, x])}"))
    if ok("rebuild_region") and int(layers["rebuild_region"][y, x]):
        rows.append(("rebuild region", f"of path {int(layers['rebuild_region'][y, x])}"))
    return rows


class NumberLinkMixin:
    """Number Link's part of the main window (see the module docstring)."""

    # -- set up (called from MainWindow.__init__ and _build_menus) -------------------
    def _init_numberlink(self) -> None:
        self.show_solution = True
        self.nl_check: dict[str, Any] | None = None   # the last uniqueness check
        self._loaded_state: tuple[dict[str, Any], Any] | None = None
        self._ignore_gen_upto = 0
        self.last_open_error = ""
        self.solve_worker = LatestWins("solve", self)
        self.solve_worker.started.connect(lambda *_: self.cancel_button.show())
        self.solve_worker.finished.connect(self._solved)
        self.solve_worker.failed.connect(self._solve_failed)
        self.solve_worker.cancelled.connect(self._solve_cancelled)

    def _build_numberlink_file_actions(self, menu) -> None:
        self.open_puzzle_action = self._action(
            menu, "&Open Number Link puzzle...", self._ask_open_puzzle, "Ctrl+Shift+O",
            "load a puzzle in the text format (W H, then rows; '.' blank), show it and "
            "solve it")
        self.numberlink_actions = [
            self._action(menu, "Export &puzzle text...", self._ask_export_puzzle_text,
                         "Ctrl+Shift+P", "the puzzle in the plain text format"),
            self._action(menu, "Export so&lution text...", self._ask_export_solution_text,
                         "Ctrl+Shift+L", "the solution shown, every square labelled"),
            self._action(menu, "Export test&main grids...", self._ask_export_testmain, None,
                         "solution and puzzle as path.c's test program prints them"),
            self._action(menu, "Export puzzle P&NG...", lambda: self._ask_export_nl_png(False),
                         None, "the puzzle as a picture: the ends with their labels"),
            self._action(menu, "Export solution PN&G...", lambda: self._ask_export_nl_png(True),
                         None, "the solved grid as a picture"),
        ]

    def _build_numberlink_edit_actions(self, menu) -> None:
        self.check_action = self._action(
            menu, "Check &uniqueness", self.check_uniqueness, "Ctrl+U",
            "solve the puzzle under the rule chosen in the panel: unique, several "
            "(the second solution drawn where it differs) or none")
        self.numberlink_actions.append(self.check_action)

    def _build_numberlink_view_actions(self, menu) -> None:
        act = self._action(menu, "Show &solution", self.set_show_solution, "Ctrl+Shift+S",
                           "the puzzle's paths drawn (off: the puzzle alone)")
        act.setCheckable(True)
        act.setChecked(self.show_solution)
        self.solution_action = act
        self.numberlink_actions.append(act)

    # -- state ---------------------------------------------------------------------------
    def nl_rule(self) -> str:
        rule = self.param_panel.values().get("rule", RULES[0])
        return rule if rule in RULES else RULES[0]

    def _is_numberlink(self) -> bool:
        return self.result is not None and self.result.generator == NAME

    def _at_final(self) -> bool:
        r = self.result
        return r is not None and (r.trace is None or self.view_step is None
                                  or self.view_step >= r.trace.n_steps)

    def loaded_source(self) -> str | None:
        """The file the shown puzzle came from (None for a generated one)."""
        return self.result.extra.get("source") if self._is_numberlink() else None

    def set_show_solution(self, on: bool) -> None:
        self.show_solution = bool(on)
        if self.solution_action.isChecked() != self.show_solution:
            self.solution_action.setChecked(self.show_solution)
        self.render_view()

    def _panel_changed(self) -> None:
        """An edit in the panel: regenerate, except that a new rule for an
        opened puzzle just solves it again under that rule."""
        if self.loaded_source() is not None and self._loaded_state is not None:
            values, seed = self._loaded_state
            now = self.param_panel.values()
            changed = {k for k in now if now[k] != values.get(k)}
            if seed == self.param_panel.seed() and changed <= {"rule"}:
                self._loaded_state = (now, seed)
                self.check_uniqueness()
                return
        self.request_generation()

    # -- drawing -----------------------------------------------------------------------------
    def numberlink_image(self, cell: int | None = None) -> np.ndarray:
        """The picture of what is shown: the step's grid (or the final puzzle
        or solution), its overlays, and the second solution where it differs."""
        r = self.result
        layers = self.view_layers or r.layers
        w, h = r.grid.width, r.grid.height
        cell = cell or numberlink_scale(w, h)
        name = self.layer_name if self.layer_name in layers else "paths"

        def ok(n: str) -> bool:
            return n in layers and self.layer_is_meaningful(n)

        final = self._at_final()
        puzzle: Puzzle | None = r.extra.get("puzzle")
        sol: Solution | None = r.extra.get("solution") if final else None
        labels = puzzle.labels if final and puzzle is not None else None
        paths = layers.get("paths")
        links = (sol.right, sol.down) if sol is not None else (
            links_of(paths) if paths is not None else None)
        second = diff = None
        if self._difference_shown():
            s2 = self.nl_check["second"]
            second, diff = (s2.paths, s2.right, s2.down), self.nl_check["diff"]
        return picture(
            paths if ok("paths") else None, layers["puzzle"], cell, labels=labels, links=links,
            show_paths=self.show_solution,
            tint=layer_tint(layers, name, r.layer_info.get(name), self.show_solution)
            if ok(name) else None,
            pushed=layers["pushed"] if ok("pushed") else None,
            region=layers["rebuild_region"] if ok("rebuild_region") else None,
            attempt=layers["attempt"] if ok("attempt") else None,
            second=second, diff=diff)

    def _difference_shown(self) -> bool:
        """Whether the picture draws a second solution over the first."""
        c = self.nl_check
        return (self._at_final() and self.show_solution and c is not None
                and c["result"] is self.result and c.get("second") is not None)

    def _render_numberlink(self) -> None:
        r = self.result
        layers = self.view_layers
        w, h = r.grid.width, r.grid.height
        cell = numberlink_scale(w, h)
        img = self.numberlink_image(cell)
        name = self.layer_name if self.layer_name in layers else "paths"
        if self.layer_is_meaningful(name):
            self.map_view.set_notice(None)
            legend = legend_for(name, layers[name], r.layer_info.get(name), NAME)
            # keys only for the overlays on the picture
            drawn = set()
            for layer, colours in (("attempt", (NL_END, NL_TARGET)), ("pushed", (NL_GHOST,)),
                                   ("rebuild_region", (NL_REGION,))):
                if layer in layers and self.layer_is_meaningful(layer) and layers[layer].any():
                    drawn.update(colours)
            if self._difference_shown():
                drawn.add(NL_DIFF)
            if name == "attempt":
                drawn.update((NL_END, NL_TARGET))
            overlay = {c for _, c in NL_OVERLAY_KEYS}
            legend.entries = [(t, c) for t, c in legend.entries
                              if c not in overlay or c in drawn]
            self.legend.set_legend(legend)
        else:
            self.map_view.set_notice(f"{name}: not meaningful at this step")
            self.legend.set_legend(None)
        # the labels are in the picture: no letters over it
        self.map_view.show_map(img, (w, h), cell, [], hexes=False)
        self._update_inspector()

    def _numberlink_rows(self, x: int, y: int) -> list[tuple[str, str]]:
        r = self.result
        final = self._at_final()
        puzzle = r.extra.get("puzzle")
        c = self.nl_check
        second = None
        if final and c is not None and c["result"] is r and c.get("second") is not None:
            if c["diff"][y, x]:
                second = c["second"].paths
        rows = numberlink_rows(x, y, self.view_layers, self.meaningful,
                               puzzle.labels if final and puzzle is not None else None,
                               solved=r.extra.get("solution") is not None or not final)
        if second is not None:
            k2 = int(second[y, x])
            rows.append(("second solution", (puzzle.labels[k2 - 1] if k2 else "none")
                         + " (differs here)"))
        return rows

    # -- check uniqueness --------------------------------------------------------------------
    def check_uniqueness(self) -> int | None:
        """Solve the shown puzzle under the panel's rule on the solve worker;
        returns the request id (None when there is no puzzle)."""
        r = self.result
        if not self._is_numberlink() or r.extra.get("puzzle") is None:
            self.status("check uniqueness: show a Number Link puzzle first", error=True)
            return None
        from ..engine.numberlink.solver import solve

        rule = self.nl_rule()
        puzzle = r.extra["puzzle"]

        def job(token: CancelToken, r=r, puzzle=puzzle, rule=rule):
            return r, rule, solve(puzzle, rule, 2, check=token.check)

        self.status(f"checking uniqueness under {rule}... (Esc cancels)")
        return self.solve_worker.submit(job)

    def _solved(self, _job_id: int, value, seconds: float) -> None:
        self._solve_ended()
        r, rule, res = value
        if r is not self.result:
            return                       # another map came meanwhile
        first: Solution | None = r.extra.get("solution")
        if first is None and res.solutions:
            first = res.solutions[0]
            r.extra["solution"] = first
            r.layers.update(layers_of_solution(r.extra["puzzle"], first))
            r.extra["quality"] = quality(first.paths).as_dict()
        second = None
        diff = None
        if res.status == "several" and first is not None:
            second = next((s for s in res.solutions if not s.same_routes(first)), None)
            if second is not None:
                diff = first.differences(second)
        self.nl_check = {"result": r, "rule": rule, "status": res.status,
                         "seconds": res.seconds, "second": second, "diff": diff,
                         "count": res.count}
        r.extra.setdefault("checks", {})[rule] = res.status
        if second is not None and not self.show_solution:
            self.set_show_solution(True)
        text = f"uniqueness under {rule}: {STATUS_WORDS.get(res.status, res.status)}"
        if diff is not None:
            text += (f"; the second is drawn over the first where they differ "
                     f"({int(diff.sum())} squares, outlined red)")
        text += f"  [{res.seconds:.2f} s]"
        self.status(text, error=res.status == "none")
        if self._at_final():
            self._show_final()

    def _solve_failed(self, _job_id: int, exc: BaseException) -> None:
        self._solve_ended()
        self.status(f"check uniqueness failed: {type(exc).__name__}: {exc}", error=True)

    def _solve_cancelled(self, _job_id: int) -> None:
        self._solve_ended()
        self.status("check uniqueness cancelled")

    def _solve_ended(self) -> None:
        if self.gen_worker.running is None and self.solve_worker.running is None:
            self.cancel_button.hide()

    # -- open a puzzle ---------------------------------------------------------------------------
    def open_puzzle_file(self, path: str | Path) -> bool:
        """Show the puzzle in ``path`` and solve it on the worker.  A bad file
        leaves the map as it was and says why; returns whether it opened."""
        try:
            puzzle = read_puzzle(path)
        except (NumberLinkFormatError, OSError) as exc:
            self.status(f"cannot open the puzzle: {exc} (showing the last map)", error=True)
            self.last_open_error = str(exc)
            return False
        h, w = puzzle.cells.shape
        if max(w, h) > MAX_OPEN_SIDE:
            msg = f"{path}: {w}x{h} is too large to show (at most {MAX_OPEN_SIDE} a side)"
            self.status(f"cannot open the puzzle: {msg} (showing the last map)", error=True)
            self.last_open_error = msg
            return False
        if self.generator.name != NAME:
            self.set_generator(NAME, generate=False)
        self.gen_worker.cancel()                  # a generation must not replace it
        self._ignore_gen_upto = self.gen_worker.latest_id
        layers = layers_of_solution(puzzle, None)
        result = Result(NAME, SquareGrid(w, h), layers,
                        {k: LAYER_INFO[k] for k in layers},
                        markers=endpoint_markers(puzzle), params={}, seed=None,
                        messages=f"opened from {path}\n",
                        extra={"puzzle": puzzle, "solution": None, "source": str(path)})
        self.result = result
        self.nl_check = None
        self._loaded_state = (self.param_panel.values(), self.param_panel.seed())
        self.timeline.set_trace(None)
        if self.layer_name not in layers:
            self.layer_name = "paths"
        self._fill_layer_list(result.layer_info)
        self._show_final()
        self._update_fairness()
        self.time_label.setText("")
        self.check_uniqueness()
        self.status(f"opened {Path(path).name}: {w}x{h}, {puzzle.npaths} paths; solving "
                    f"under {self.nl_rule()}...")
        return True

    def _ask_open_puzzle(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open Number Link puzzle", "",
                                              "Puzzles (*.txt);;All files (*)")
        if path and not self.open_puzzle_file(path):
            QMessageBox.warning(self, "Open puzzle", self.last_open_error)

    # -- exports ---------------------------------------------------------------------------------
    def nl_puzzle(self) -> Puzzle:
        r = self._need_result()
        if r.generator != NAME or r.extra.get("puzzle") is None:
            raise ValueError("only a Number Link grid has a puzzle to export")
        return r.extra["puzzle"]

    def nl_solution(self) -> Solution:
        puzzle = self.nl_puzzle()
        sol = self.result.extra.get("solution")
        if sol is None:
            raise ValueError(f"the {puzzle.width}x{puzzle.height} puzzle has no solution yet "
                             "(check uniqueness solves it)")
        return sol

    def export_puzzle_text(self, path: str | Path) -> None:
        exports.export_text(path, format_puzzle(self.nl_puzzle()))
        self.status(f"puzzle written to {path}")

    def export_solution_text(self, path: str | Path) -> None:
        exports.export_text(path, format_solution(self.nl_puzzle(), self.nl_solution()))
        self.status(f"solution written to {path}")

    def export_testmain(self, path: str | Path) -> None:
        puzzle = self.nl_puzzle()
        sol = self.result.extra.get("solution")
        exports.export_text(path, format_testmain(puzzle, sol))
        self.status(f"testmain grids written to {path}")

    def export_numberlink_png(self, path: str | Path, solution: bool, cell: int = 32) -> None:
        puzzle = self.nl_puzzle()
        write_puzzle_png(path, puzzle, self.nl_solution() if solution else None, cell)
        self.status(f"{'solution' if solution else 'puzzle'} picture written to {path}")

    def _ask_export_puzzle_text(self) -> None:
        path = self._ask_path("Export puzzle", "puzzle.txt", "Puzzles (*.txt)")
        if path:
            self._guarded("Export puzzle", lambda: self.export_puzzle_text(path))

    def _ask_export_solution_text(self) -> None:
        path = self._ask_path("Export solution", "puzzle.sol.txt", "Solutions (*.txt)")
        if path:
            self._guarded("Export solution", lambda: self.export_solution_text(path))

    def _ask_export_testmain(self) -> None:
        path = self._ask_path("Export testmain grids", "grids.txt", "Text (*.txt)")
        if path:
            self._guarded("Export testmain grids", lambda: self.export_testmain(path))

    def _ask_export_nl_png(self, solution: bool) -> None:
        what = "solution" if solution else "puzzle"
        cell, ok = QInputDialog.getInt(self, f"Export {what} PNG", "Pixels per square:",
                                       32, 8, 128)
        if not ok:
            return
        path = self._ask_path(f"Export {what} PNG", f"{what}.png", "PNG images (*.png)")
        if path:
            self._guarded(f"Export {what} PNG",
                          lambda: self.export_numberlink_png(path, solution, cell))
