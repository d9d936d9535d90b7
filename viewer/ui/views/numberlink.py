"""Number Link in the window: "check uniqueness" on a worker of its own
(the second solution drawn where it differs), opening a puzzle file, a rule
change on an opened puzzle solving it again, and the run's quality figures
in the status line.

Solving runs on its own :class:`~viewer.ui.worker.LatestWins` (never on the
GUI thread), cancellable like a generation (Esc).
"""

from __future__ import annotations

from typing import Any

from ...engine.numberlink.opened import with_solution
from ...engine.params import ParamError
from ...engine.protocol import MapState, Result
from ...workbench.errors import error_text
from ..worker import LatestWins
from .base import GeneratorView, Rows

STEPS = object()
"""Marks a step-by-step solve among the solve worker's answers."""
BOOK = object()
"""Marks a puzzle book's puzzles among them."""

STATUS_WORDS = {
    "unique": "unique: exactly one solution",
    "several": "several solutions",
    "none": "no solution",
    "found": "a solution (others not ruled out)",
    "unknown": "undecided (the solver stopped early)",
}


class NumberLinkView(GeneratorView):
    def build(self) -> None:
        self.check: dict[str, Any] | None = None    # the last uniqueness check
        self.check_pending = False      # asked for while a map was being made
        self.last_open_error = ""
        from ...workbench import events as ev

        self._off = [self.workbench.events.connect(ev.RunFailed,
                                                   lambda _e: self._pending_dropped("failed")),
                     self.workbench.events.connect(ev.RunCancelled,
                                                   lambda _e: self._pending_dropped("cancelled"))]
        self._solve_worker: LatestWins | None = None     # (made when first asked)
        self.add_action("Edit", "Check &uniqueness", self.check_uniqueness, "Ctrl+U",
                        "solve the puzzle under the rule chosen in the panel: unique, several "
                        "(the second solution drawn where it differs) or none")
        self.add_action("Edit", "Solve step by step", self.solve_step_by_step, "Ctrl+Shift+U",
                        "solve the puzzle as a person would, one deduction a step on the "
                        "timeline: each names its technique and squares and draws the links "
                        "fixed so far; the inspector shows a square's labels left")
        for solution in (False, True):
            for kind in ("SVG", "PDF"):
                what = "solution" if solution else "puzzle"
                self.add_action("File", f"Export {what} {kind}...",
                                lambda _=False, s=solution, k=kind: self.export_vector(s, k),
                                None, f"the {what} shown as a vector picture ({kind}), for print")
        self.add_action("Edit", "Copy puzz.lin&k URL", self.copy_url, None,
                        "the puzzle's puzz.link URL, to play or check it online (numlin; "
                        "a puzzle opened from an arukone URL stays arukone)")
        self.add_action("File", "Export puzzle &book...", lambda _=False: self.export_book(), None,
                        "a printable book of graded puzzles: the puzzles several to a page "
                        "with number, size, grade and seed, then the solutions (PDF or SVG)")
        self.book_request = None

    @property
    def solve_worker(self) -> LatestWins:
        """The solver's worker and its thread, made when first asked for (a
        switch to Number Link and away started and stopped a thread that
        solved nothing: the wait for it 1-2 ms of the switch)."""
        if self._solve_worker is None:
            worker = self._solve_worker = LatestWins("solve", self)
            worker.started.connect(lambda *_: self.shell.own_work(True))
            worker.finished.connect(self._solved)
            worker.failed.connect(self._solve_failed)
            worker.cancelled.connect(self._solve_cancelled)
        return self._solve_worker

    # -- state -----------------------------------------------------------------------
    def rule(self) -> str:
        return self.workbench.generator.load("solving").rule(self.workbench.values)

    def loaded_source(self) -> str | None:
        """The file the shown puzzle came from (None for a generated one)."""
        r = self.workbench.result
        return r.detail.source if r is not None else None

    def _second(self) -> dict[str, Any] | None:
        c = self.check
        r = self.workbench.result
        if c is None or r is None or c.get("second") is None:
            return None
        if c["puzzle"] is not r.detail.puzzle:
            return None
        return c

    def _show_second(self) -> None:
        """The second solution (where it differs) as the Workbench's picture
        options ``second`` and ``diff`` (None: none)."""
        c = self._second()
        wb = self.workbench
        second = None if c is None else (c["second"].paths, c["second"].right,
                                         c["second"].down)
        if wb.options.get("second") is not None or second is not None:
            wb.set_option("diff", None if c is None else c["diff"])
            wb.set_option("second", second)

    def extra_rows(self, state: MapState, x: int, y: int) -> Rows:
        c = self._second()
        if c is None or not state.final or not c["diff"][y, x]:
            return []
        puzzle = state.result.detail.puzzle
        k2 = int(c["second"].paths[y, x])
        return [("second solution", (puzzle.labels[k2 - 1] if k2 else "none")
                 + " (differs here)")]

    def shown_rows(self, state: MapState, rows: Rows) -> Rows:
        """With the solution hidden, the inspector does not give it away."""
        if not state.final or self.workbench.picture_options().get("show_solution", True):
            return rows
        hidden = {"path length", "boring", "second solution"}
        return [(k, "hidden (View > Show solution)") if k == "path" else (k, v)
                for k, v in rows if k not in hidden]

    def no_timeline(self, result: Result) -> str:
        if result.params.get("mode") == "fast":
            return ("no timeline: the fast generator records no steps (choose the "
                    "faithful one in the panel to step through a grid's making)")
        return super().no_timeline(result)

    def describe(self, result: Result) -> str:
        q = result.detail.quality
        if not q:
            return ""
        text = (f"; {q['paths']} paths, length {q['length_min']}..{q['length_max']}, "
                f"{q['boring']} boring")
        if result.detail.tries is not None:
            text += f"; unique after {result.detail.tries} tries"
        if result.detail.grade is not None:
            text += f"; grade {result.detail.grade}"
        return text

    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        if result is None or self.check is None or \
                self.check["puzzle"] is not result.detail.puzzle:
            self.check = None
        self._show_second()
        if self.check_pending and result is not None and self.workbench.runner.idle():
            self.check_pending = False          # the map asked for is here: check it
            self.check_uniqueness()
            return
        if result is not None and result.detail.source and result.detail.solution is None:
            # an opened puzzle: solve it (again when only the rule changes)
            self.check_uniqueness()
            self.shell.show_run_time(None)

    def panel_changed(self) -> bool:
        """A new rule for an opened puzzle just solves it again under that
        rule: the Workbench's values differ from those the puzzle shown
        stands for in the rule only."""
        wb = self.workbench
        if self.loaded_source() is None:
            return False
        try:
            now = wb.validated()
        except ParamError:
            return False                 # refused: said by the run asked for
        before = wb.shown_values
        changed = {k for k in now if now[k] != before.get(k)}
        if changed <= {"rule"}:
            self.check_uniqueness()
            return True
        return False

    PUZZLE_EXPORTS = ("puzzle", "puzzle-png", "puzzle-print", "testmain")

    def export_warning(self, export: str) -> str | None:
        """Before a puzzle goes out: whether it is known unique under the
        panel's rule (a generated unique one is; else Check uniqueness's
        answer for this puzzle and rule)."""
        r = self.workbench.result
        if export not in self.PUZZLE_EXPORTS or r is None or r.detail.puzzle is None:
            return None
        rule = self.rule()
        if r.detail.tries is not None and r.params.get("rule") == rule:
            return None                          # made unique under this rule
        c = self.check
        if c is not None and c["puzzle"] is r.detail.puzzle and c["rule"] == rule:
            if c["status"] == "unique":
                return None
            return (f"This puzzle is not unique under the rule {rule}: "
                    f"{STATUS_WORDS.get(c['status'], c['status'])}. A solver may find "
                    f"another answer than yours. Export it anyway?")
        return (f"This puzzle's uniqueness under the rule {rule} is not checked yet "
                f"(Edit > Check uniqueness, Ctrl+U). Export it anyway?")

    # -- check uniqueness --------------------------------------------------------------
    def check_uniqueness(self) -> int | None:
        """Solve the shown puzzle under the panel's rule on the solve worker;
        returns the request id (None when there is no puzzle)."""
        r = self.workbench.result
        if not self.workbench.runner.idle():
            # a new map is being made: check that one when it is ready
            self.check_pending = True
            self.shell.status("check uniqueness: the puzzle being made is checked when it is "
                              "ready (Esc cancels both)")
            return None
        job = self.workbench.solve_job("uniqueness")
        if job is None:
            self.shell.status("check uniqueness: show a Number Link puzzle first", error=True)
            return None
        self.shell.status(f"checking uniqueness under {self.rule()}... (Esc cancels)")
        return self.solve_worker.submit(job)

    def solve_step_by_step(self) -> int | None:
        """Grade the shown puzzle under the panel's rule on the solve worker
        and show its deductions as the timeline; returns the request id."""
        job = self.workbench.solve_job("steps")
        if job is None:
            self.shell.status("solve step by step: show a Number Link puzzle first",
                              error=True)
            return None
        self.shell.status(f"solving step by step under {self.rule()}... (Esc cancels)")
        return self.solve_worker.submit(lambda token: (STEPS, *job(token)))

    def copy_url(self) -> str | None:
        """Put the shown puzzle's puzz.link URL on the clipboard; returns it."""
        from .numberlink_links import puzzle_url_of

        r = self.workbench.result
        try:
            url = puzzle_url_of(r, self.rule())
        except ValueError as exc:
            self.shell.status(f"copy puzz.link URL: {exc}", error=True)
            return None
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(url)
        note = ""
        if "?numlin/" in url and self.rule() != "free":
            note = (" (numlin's paths need not fill the grid: before publishing, check "
                    "uniqueness under the rule free)")
        self.shell.status(f"copied puzz.link URL: {url}{note}")
        return url

    # -- print --------------------------------------------------------------------
    def export_vector(self, solution: bool, kind: str, path: str | None = None) -> str | None:
        """The puzzle (solution) shown as SVG or PDF; returns the message."""
        from ..folders import save_path
        from .numberlink_print import write_single

        r = self.workbench.result
        if r is None:
            return None
        what = "solution" if solution else "puzzle"
        if path is None:
            ext = kind.lower()
            path = save_path(self.shell.widget, f"Export {what} {kind}", f"{what}.{ext}",
                             f"{kind} files (*.{ext})")
            if not path:
                return None
        try:
            text = write_single(path, r, solution)
        except (ValueError, OSError) as exc:
            self.shell.status(f"export {what} {kind}: {exc}", error=True)
            return None
        self.shell.status(text)
        return text

    def export_book(self, request=None, path: str | None = None) -> int | None:
        """Ask for the book (the dialog, then where), make its puzzles on the
        solve worker; the pages are written when they are done."""
        from .numberlink_print import BookDialog, BookRequest, ask_book_target, make_book_job

        if request is None:
            size = self.workbench.values.get("size")
            w, h = size if isinstance(size, tuple) and len(size) == 2 else (10, 10)
            grade = self.workbench.values.get("difficulty", "normal")
            dialog = BookDialog(self.shell.widget, self.book_request or BookRequest(
                width=min(max(w, 4), 40), height=min(max(h, 4), 40),
                difficulty=grade if grade != "any" else "normal", rule=self.rule()))
            if not dialog.exec():
                return None
            request = dialog.request()
            path = ask_book_target(self.shell.widget, dialog.wants_pdf())
            if not path:
                return None
        self.book_request = request
        job = make_book_job(request)

        def book_job(token, job=job, request=request, path=path):
            return BOOK, request, path, job(token)

        self.shell.status(f"making a book of {request.count} {request.difficulty} "
                          f"{request.width}x{request.height} puzzles... (Esc cancels)")
        return self.solve_worker.submit(book_job)

    def _book_made(self, request, path: str, entries) -> None:
        from .numberlink_print import write_book

        try:
            text = write_book(path, request, entries)
        except (ValueError, OSError) as exc:
            self.shell.status(f"export puzzle book: {exc}", error=True)
            return
        self.shell.status(text)

    def _stepped(self, r: Result, rule: str, graded) -> None:
        from ...engine.numberlink.solve_trace import with_solve_trace

        if r is not self.workbench.result:
            return
        if graded.board is None or not graded.deductions:
            self.shell.status(f"solve step by step under {rule}: no deduction applies "
                              f"(grade {graded.grade})", error=True)
            return
        shown = with_solve_trace(r, graded)
        self.workbench.show(shown, values=False)
        self.workbench.set_step(1)
        self.shell.status(f"solve step by step under {rule}: grade {graded.grade}, "
                          f"{len(graded.deductions)} deductions on the timeline "
                          f"[{graded.seconds:.2f} s]")

    def _solved(self, _job_id: int, value, _seconds: float) -> None:
        self._solve_ended()
        if value[0] is STEPS:
            self._stepped(*value[1:])
            return
        if value[0] is BOOK:
            self._book_made(*value[1:])
            return
        r, rule, res = value
        if r is not self.workbench.result:
            return                       # another map came meanwhile
        if r.detail.solution is None and res.first is not None:
            r = with_solution(r, res.first)     # an opened puzzle: its solution shown
            self.workbench.show(r, values=False)
        second, diff = res.second, res.diff
        self.check = {"puzzle": r.detail.puzzle, "rule": rule, "status": res.status,
                      "seconds": res.seconds, "second": second, "diff": diff,
                      "count": res.count}
        text = f"uniqueness under {rule}: {STATUS_WORDS.get(res.status, res.status)}"
        if diff is not None:
            over = ("the first" if self.workbench.picture_options().get("show_solution", True)
                    else "the puzzle")
            text += (f"; the second is drawn over {over} where they differ "
                     f"({int(diff.sum())} squares, outlined red)")
        text += f"  [{res.seconds:.2f} s]"
        self._show_second()
        self.shell.render_view()
        self.shell.status(text, error=res.status == "none")

    def _pending_dropped(self, how: str) -> None:
        if self.check_pending:
            self.check_pending = False
            if how == "cancelled":      # (a failure's own message says why)
                self.shell.status("check uniqueness not run: the map being made was "
                                  "cancelled (the map shown is the last one; Ctrl+U checks it)")

    def _solve_failed(self, _job_id: int, exc: BaseException) -> None:
        self._solve_ended()
        from ...engine.protocol import GenerationError

        if isinstance(exc, GenerationError):          # a book's puzzles could not be made
            self.shell.status(f"export puzzle book: {exc}", error=True)
            return
        self.shell.status(f"check uniqueness failed: {error_text(exc)}", error=True)

    def _solve_cancelled(self, _job_id: int) -> None:
        self._solve_ended()
        self.shell.status("check uniqueness cancelled")

    def _solve_ended(self) -> None:
        if self.solve_worker.running is None:
            self.shell.own_work(False)

    def busy(self) -> bool:
        return self._solve_worker is not None and not self._solve_worker.is_idle()

    def cancel(self) -> None:
        self.check_pending = False
        if self.busy():
            self._solve_worker.cancel()

    def shutdown(self) -> None:
        if self._solve_worker is not None:
            self._solve_worker.shutdown()

    def close(self) -> None:
        for off in self._off:
            off()
        self.check = None
        self._show_second()
        super().close()
        self.shutdown()
