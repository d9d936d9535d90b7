"""The workbench window, the same for every generator: parameters on the
left, the map in the middle, layers and inspector on the right, the
timeline below.

The window is a view of one :class:`~viewer.workbench.Workbench`: the
Workbench holds the generator, every generator's values and seed, the map
shown and its step, the layer, the picture options and the pinned A, and
runs the generators (on a :class:`~.qt_runner.QtRunner`); the window
shows it, following its events, and edits it (the panel's changes go to
:meth:`Workbench.set_values`, the seed row's to :meth:`Workbench.set_seed`).
It is also the shell (:mod:`.shell`) that the parts composed into it are
given: docks, compare, run status, sweep link, file actions and the
generator's view (:mod:`.views`), built when the generator is chosen and
closed when another one is.  The GUI thread never computes a map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QMenu

from .. import runtime
from ..engine import paced_loads
from ..engine.protocol import GenerationError, HexTorus, MapState, Result
from ..render.picture import renderer_for
from ..runtime import background_thread
from ..workbench import Workbench
from ..workbench.errors import in_panel_words
from . import docks, file_actions, turns
from . import settings as remembered
from .compact import CompactLayout
from .compare import CompareView
from .gallery import GalleryDock
from .history_menu import HistoryMenu
from .kept_panels import KeptPanels
from .layer_list import fill_layer_list, select_layer
from .map_id_actions import MapIdActions
from .map_view import screen_marks
from .menus import Menus
from .param_panel import ParamPanel
from .qt_runner import QtRunner
from .run_status import RunStatus
from .screen_image import shrink, to_qimage
from .settings import make_settings
from .settings_file_actions import SettingsFileActions
from .shell import RIGHT
from .sweep_link import SweepLink
from .timeline import TimelineKeys
from .views import view_for
from .zoom import DetailKeeper

SLOW_START_S = 5.0
"""A last session's map that took longer is not made again at start-up
unasked (the window offers it)."""
STEP_NOTICE_MS = 120
"""A step's picture not there after this long is said over the map."""
NOT_SAID = object()
"""The status line has not described the map shown yet (a new result):
:meth:`MainWindow._say_step` does, whichever step it shows."""


class MainWindow(QMainWindow):
    """The window (and the shell of its parts); ``workbench`` is what it shows."""

    def __init__(self, settings: QSettings | None = None, generate: bool = True):
        super().__init__()
        self.setWindowTitle("Map generator workbench")
        self.settings = settings if settings is not None else make_settings()
        self.workbench = wb = Workbench(runner=QtRunner("generate", self, finish_running=True),
                                        state_runner=QtRunner("trace state", self))
        remembered.restore_workbench(wb, self.settings)
        wb.prepare_picture = self._screen_finisher
        self._hover: tuple[int, int] | None = None
        self._step_waited: int | None = None     # a step whose picture a job draws
        self._status_step: object = None         # the step the status line names
        self._picture_due: Result | None = None  # a slow map whose picture is kept once shown
        self._picture_keeper = None              # (writes it on a thread: last_picture)
        self._shut_down = False
        self._finished: tuple[Result, float] | None = None     # a run's aftermath, due
        self._export_actions: list[QAction] = []
        self._build()
        self.sweep = SweepLink(wb, self)
        self.sweep.open_gallery = self.gallery.show_cases      # a sweep's "Open as gallery"
        self.gen_view = view_for(wb.generator, wb, self)
        wb.prepare_result = self.gen_view.prepare
        self._panels = KeptPanels(self.param_area, self._new_panel, self.history.follow_panel,
                                  lambda panel: docks.fit_param_dock(self, self.docks,
                                                                     panel.needed_width()))
        self._panel = self._show_panel(at_once=True)
        self._generator_declarations()
        self._listen()
        self.resize(1280, 820)
        self._panel.seed_row.lock.setChecked(remembered.restore_window(self, self.settings))
        self.compact = CompactLayout(self, self.param_dock, self.layer_dock,
                                     self._inspector_dock, lambda: self.gen_view.docks,
                                     remembered.restored_layout(self.settings))
        self._keys = TimelineKeys(self, self.menus.shortcuts)
        if str(self.settings.value("view/period_outline", "false")) == "true":
            self.set_period_outline(True)           # remembered like the View toggles
        wb.history.clear()                  # what was remembered is where undo starts
        self.history.update()
        if generate:
            slow = remembered.last_run_seconds(self.settings)
            if slow > SLOW_START_S:
                self._offer_last_map(slow)      # never a minute's work unasked
            else:
                self.request_generation()

    # == building ===============================================================
    def _build(self) -> None:
        wb = self.workbench
        self.compare = CompareView(wb, self)
        centre = docks.build_centre(self, self.compare)
        self.banner, self._map_view, self.legend = centre.banner, centre.map_view, centre.legend
        self.compare.map_view.link_view(self._map_view)
        self._map_view.hovered.connect(self._hovered)
        self.zoom = DetailKeeper(self._map_view, self._shown_source, self)
        self.docks = d = docks.build_docks(self, wb.generators())
        self.generator_box, self.param_area, self.param_dock = \
            d.generator_box, d.param_area, d.param_dock
        self.layer_list, self.layer_dock = d.layer_list, d.layer_dock
        self.inspector, self._inspector_dock, self._timeline = \
            d.inspector, d.inspector_dock, d.timeline
        i = self.generator_box.findData(wb.generator.name)
        self.generator_box.setCurrentIndex(i)
        self.generator_box.currentIndexChanged.connect(self._generator_chosen)
        self.layer_list.currentItemChanged.connect(self._layer_chosen)
        self._timeline.stepChanged.connect(self._step_chosen)
        self.run_status = rs = RunStatus(wb, self)
        self.message, self.progress = rs.message, rs.progress
        self.cancel_button, self.time_label = rs.cancel_button, rs.time_label
        self.menus = Menus(self)
        self.menu_actions = self.menus.all
        self.file_actions = file_actions.FileActions(wb, self)
        self.menus.keep_last("File", self.file_actions.quit_separator)
        self.map_ids = MapIdActions(wb, self, self.settings, self.open_recent)
        self.file_actions.opened = self.map_ids.remember
        self.settings_files = SettingsFileActions(wb, self)
        self.file_actions.warn_export = lambda name: self.gen_view.export_warning(name)
        self.history = HistoryMenu(wb, self.menus["Edit"], self)
        # (the seed row asks, unless its seed is locked; the Workbench draws it)
        self.action("Edit", "&New seed", lambda: self._panel.seed_row.new_seed(), "Ctrl+N")
        self.action("Edit", "&Regenerate", lambda: self.request_generation(force=True), "F5")
        self.action("Edit", "Cancel &generation", self.cancel_generation, "Esc")
        self.menus["Edit"].addSeparator()
        self.action("Edit", "&Pin as A", self.compare.pin, "Ctrl+Shift+A",
                    "keep this map as A and compare the next ones (B) with it")
        self.action("Edit", "&Unpin A", wb.unpin)
        self.action("View", "&Fit map", self.fit_map, "Ctrl+0",
                    "show the whole map (and A's beside it)")
        self.period_action = self.action(
            "View", "Outline one &period", self.set_period_outline, None,
            "on a torus, outline one period of the world that repeats around it")
        self.period_action.setCheckable(True)
        self.docks_menu = self.menus.add_docks_menu()
        self.gallery = GalleryDock(wb, self)      # placed when first shown
        self.action("Edit", "&Gallery: next 24 seeds", lambda: self.gallery.next_seeds(),
                    "Ctrl+G", "thumbnails of the next 24 seeds' maps: click one to open it")
        for dock in (self.param_dock, self.layer_dock, self._inspector_dock, self._timeline,
                     self.gallery):
            self.docks_menu.addAction(dock.toggleViewAction())

    def _listen(self) -> None:
        """What the window itself shows of the Workbench's events (the panel,
        the sweep link, the run status, the views and the compare pane
        follow the ones they need themselves)."""
        from ..workbench import events as ev

        self.workbench.events.connect_all({
            ev.GeneratorChanged: lambda e: self._generator_changed(e.name),
            ev.ResultChanged: lambda e: self._result_changed(e.result),
            ev.StateChanged: lambda e: self._state_changed(e.state),
            ev.LayerChanged: lambda _e: self.render_view(),
            ev.OptionsChanged: lambda e: self._options_changed(e.options),
            ev.RunFinished: lambda e: self._run_finished(e.run_id, e.result, e.seconds),
            ev.RunFailed: lambda e: self._run_failed(e.run_id, e.error),
            ev.RunCancelled: lambda _e: self._map_view.set_waiting(None),
            ev.Status: lambda e: self.status(e.text, e.error),
        })

    def resize(self, *size) -> None:
        """Resize (as QWidget.resize), with the docks arranged for the new
        size first (:meth:`CompactLayout.prepare`)."""
        wanted = QSize(*size) if len(size) == 2 else QSize(size[0])
        compact = getattr(self, "compact", None)
        if compact is not None:
            compact.prepare(wanted.width(), wanted.height())
        super().resize(wanted)

    # == the shell (see .shell) ===================================================
    @property
    def widget(self) -> QMainWindow:
        return self

    @property
    def map_view(self):
        return self._map_view

    @property
    def timeline(self):
        return self._timeline

    @property
    def inspector_dock(self) -> QDockWidget:
        return self._inspector_dock

    @property
    def param_panel(self) -> ParamPanel:
        return self._panel

    def status(self, text: str, error: bool = False, step: int | None = None) -> None:
        if step is not None:
            self._status_step = step
        self.run_status.show(text, error)

    def menu(self, name: str) -> QMenu:
        return self.menus[name]

    def action(self, menu: str, text: str, slot, shortcut: str | None = None,
               tip: str = "") -> QAction:
        return self.menus.action(menu, text, slot, shortcut, tip)

    def remove_action(self, act: QAction) -> None:
        self.menus.remove(act)

    def add_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None, area=RIGHT,
                 below: QDockWidget | None = None) -> None:
        docks.add_view_dock(self, self.docks_menu, dock, tab_with, area, below)

    def remove_dock(self, dock: QDockWidget) -> None:
        docks.remove_view_dock(self, self.docks_menu, dock)

    def own_work(self, running: bool) -> None:
        self.run_status.own_work(running)

    def show_run_time(self, seconds: float | None) -> None:
        self.run_status.show_time(seconds)

    # == what the window shows of the Workbench (read-only views of it) ===========
    @property
    def generator(self):
        """The declaration of the generator chosen."""
        return self.workbench.generator

    @property
    def result(self) -> Result | None:
        return self.workbench.result

    @property
    def state(self) -> MapState | None:
        return self.workbench.state

    @property
    def layer_name(self) -> str:
        return self.workbench.layer

    @property
    def options(self) -> dict[str, Any]:
        """The picture options set (the map on screen adds the colour scale
        it shares with a pinned map: ``Workbench.screen_options``)."""
        return self.workbench.picture_options()

    @property
    def last_seconds(self) -> float | None:
        return self.workbench.last_seconds

    @property
    def runs_done(self) -> int:
        """Generations ended so far (finished, failed or cancelled)."""
        return self.run_status.runs_done

    # == the View menu ==============================================================
    def fit_map(self) -> None:
        """Fit: the whole map in the view, and in A's pane when comparing."""
        self._map_view.fit()
        self.compare.fit()

    def set_period_outline(self, on: bool) -> None:
        self.period_action.setChecked(bool(on))
        self.settings.setValue("view/period_outline", "true" if on else "false")
        self._map_view.set_outline(on)
        self.compare.map_view.set_outline(on)

    def toggle_action(self, key: str) -> QAction:
        return self.menus.toggle(key)

    def set_option(self, key: str, on: bool) -> None:
        """Switch a picture option (a View toggle) and redraw."""
        self.workbench.set_option(key, bool(on))

    def _options_changed(self, options: dict[str, Any]) -> None:
        for key, on in options.items():
            if isinstance(on, bool):
                self.menus.check_toggle(key, on)
        self.render_view()

    def _shown_source(self):
        wb = self.workbench
        if wb.state is None or wb.drawing():
            return None
        return wb.state, wb.layer, wb.screen_options()

    def current_picture(self):
        """The picture of the state shown (for tests and checks)."""
        return self.workbench.picture()

    def shown_image(self):
        """One period of the picture on screen (for tests and exports)."""
        return self._map_view.rgba

    # == the generator and its parts ===============================================
    def _show_panel(self, at_once: bool = False) -> ParamPanel:
        """The chosen generator's panel in the Parameters dock (built once,
        kept for the next time, in its place a turn later unless
        ``at_once``, the dock as wide as it needs then: :mod:`.kept_panels`),
        set up by its view."""
        panel = self._panels.show(self.workbench, at_once)
        self.gen_view.setup_panel(panel)
        return panel

    def _new_panel(self, decl) -> ParamPanel:
        """Generator ``decl``'s panel, its rows built later (:mod:`.kept_panels`)."""
        panel = ParamPanel(decl.params, seed=self.workbench.seed,
                           text_seed=decl.seed_kind == "text", whole=False)
        name = decl.name
        panel.paramChanged.connect(lambda param, value: self._param_edited(param, value, name))
        panel.seedChanged.connect(lambda seed: self._chosen(name) and self._seed_edited(seed))
        panel.newSeedAsked.connect(lambda: self._chosen(name) and self._new_seed_asked())
        return panel

    def _chosen(self, name: str) -> bool:
        return name == self.workbench.generator.name

    def _generator_declarations(self) -> None:
        """The View toggles and File exports the generator declares, and its view."""
        wb = self.workbench
        for act in self._export_actions:
            self.remove_action(act)
        self.menus.set_toggles(renderer_for(wb.generator.name).toggles, wb.picture_options(),
                               self.set_option)
        self._export_actions = self.file_actions.declared_exports(wb.generator)
        self.gen_view.build()
        self.sweep.rebuild()
        fill_layer_list(self.layer_list, wb.generator.layers_before_map(wb.values), wb.layer)

    def _generator_chosen(self, index: int) -> None:
        name = self.generator_box.itemData(index)
        if name and name != self.workbench.generator.name:
            self.set_generator(name)

    def set_generator(self, name: str, generate: bool = True) -> None:
        """Choose generator ``name`` (and make a map of it)."""
        self.workbench.set_generator(name)
        if generate:
            self.request_generation()

    def _generator_changed(self, name: str) -> None:
        """Its panel, layers, toggles, exports and view replace the old one's."""
        wb = self.workbench
        locked = self._panel.seed_row.is_locked()
        self.gen_view.close()
        self.gen_view = view_for(wb.generator, wb, self)
        wb.prepare_result = self.gen_view.prepare
        self._panel = self._show_panel()
        self._panel.seed_row.lock.setChecked(locked)
        i = self.generator_box.findData(name)
        if i >= 0 and i != self.generator_box.currentIndex():
            self.generator_box.blockSignals(True)
            self.generator_box.setCurrentIndex(i)
            self.generator_box.blockSignals(False)
        self._generator_declarations()
        self.gallery.generator_changed()
        self._map_view.set_waiting_later(f"generating {wb.generator.title}...")

    # == values and seed =============================================================
    def _param_edited(self, name: str, value: Any, of: str) -> None:
        """An edit in generator ``of``'s panel: the Workbench applies it and,
        unless the view handles it, a run is asked for (:meth:`_edited`,
        the one place that decides when an edit runs).  An edit a kept
        panel finishes once its generator is no longer chosen (a field
        that loses the focus when it is hidden) is kept for that generator."""
        if not self._chosen(of):
            self.workbench.set_values({name: value}, of=of)
            return
        self.workbench.set_value(name, value)
        self._edited()

    def _seed_edited(self, seed: int | str) -> None:
        self.workbench.set_seed(seed)
        self._edited()

    def _new_seed_asked(self) -> None:
        self.workbench.new_seed()
        self._edited()

    def _edited(self) -> None:
        if not self.gen_view.panel_changed():
            self.request_generation()

    def request_generation(self, force: bool = False) -> int | None:
        """Ask the Workbench for a map of its values and seed; returns the
        run's id (None when a value was refused, or when nothing changed
        since the last request and ``force`` is off)."""
        wb = self.workbench
        run = wb.request(force)
        if run is None and wb.runner.idle():
            self._map_view.set_waiting(None)    # no run coming: not "generating..."
        if run is None and wb.error is None and wb.result is not None and wb.runner.idle():
            # the map shown is what these values make: say so again (not
            # the refusal of the values between), or why a change made no map
            self.status(wb.note or f"{wb.result.generator}: {self._describe(wb.result)}")
        return run

    def cancel_generation(self) -> None:
        """Stop the running generation (and the view's and the files' own work)."""
        self.workbench.cancel()
        self.gallery.stop()
        self.gen_view.cancel()
        self.file_actions.bundles.cancel()

    def busy(self) -> bool:
        return (self.workbench.busy() or self._finished is not None
                or self._panels.swapping() or self.gallery.busy() or self.gen_view.busy()
                or self.file_actions.busy()
                or self.sweep.busy() or self.compare.busy() or self.zoom.busy())

    # == runs =====================================================================
    def _screen_finisher(self):
        """What a run's or step's job does to its picture for the screen (in
        the job's thread): ``(qimage, shrunk, marks)``, the QImage, the
        picture shrunk to the view when it is shown smaller (the size read
        here, on the GUI thread) and its markers sorted out (names placed)."""
        size = self._map_view.image.screen_size()

        def finish(pic):
            qimage = to_qimage(pic.rgba)
            w = pic.rgba.shape[1]
            marks = screen_marks(pic.letters, pic.scale, pic.hexes)
            if size is not None and 0 < size[0] < w:     # shown shrunk: averaged there
                return qimage, (size, shrink(qimage, size)), marks
            return qimage, None, marks
        return finish

    def _run_finished(self, _run_id: int, result: Result, seconds: float) -> None:
        # what the change did beyond itself (a version switch moved a value) first
        note = self.workbench.note
        self.status((f"{note}. " if note else "") + f"{result.generator}: {self._describe(result)}")
        self._finished = (result, seconds)
        turns.later(self._after_run)

    def _after_run(self) -> None:
        """What a finished run leaves for later (its values for the next
        session, a slow map's picture, the generator's warm-up), a turn
        after the run's map arrived: the arrival of a 4096² first frame and
        its first paint are the window's longest piece of work."""
        finished, self._finished = self._finished, None
        if finished is None:
            return
        result, seconds = finished
        remembered.remember_run(self.settings, result, seconds)
        self._picture_due = result if seconds > SLOW_START_S else None
        shown = self.workbench.state            # drawn already: its picture kept now
        if self._picture_due is not None and shown is not None and shown.result is result \
                and shown.final and not self.workbench.drawing():
            self._keep_picture(self.workbench.picture())
        # after the first map of each generator: its kernels, loaded by now,
        # and what they made out of the collector (before its bigger maps)
        runtime.first_map_shown(result.generator)
        warm_up_later(self.workbench.generator, self._under_way)
        self.map_ids.remember_inputs(result)

    def _under_way(self) -> bool:
        """A map is being made or drawn (asked by the warm-up's thread, which
        loads no kernel then: :func:`warm_up_later`); False once the window
        is shut down."""
        wb = self.workbench
        return not self._shut_down and (wb.busy() or wb.drawing())

    def open_recent(self, kind: str, path: str) -> None:
        """Open a file of File > Open recent again, as it was opened."""
        fa = self.file_actions
        if kind == "preset":
            fa.guarded("Load preset", lambda: fa.load_preset_file(path))
        elif kind == "bundle":
            fa.bundles.open_bundle(path, ask=True)
        elif kind == "puzzle":
            from .. import registry
            fa.open_file(next(n for n in registry.names() if registry.declaration(n).opener),
                         path)
        else:
            self.map_ids.reopen_input(path)

    def _describe(self, result: Result) -> str:
        text = f"{result.grid.width}x{result.grid.height}, seed {result.seed}"
        return text + self.gen_view.describe(result)

    def _run_failed(self, _run_id: int, exc: BaseException) -> None:
        self._map_view.set_waiting(None)
        if isinstance(exc, GenerationError):
            param = self.gen_view.refused_param(exc)
            self._panel.set_error(param, in_panel_words(str(exc), self.workbench.generator.params))
            self.gen_view.generation_failed(exc)

    def show_result(self, result: Result) -> None:
        """Show a map made elsewhere (its values and seed become the
        Workbench's): :meth:`Workbench.show`."""
        self.workbench.show(result)

    # == what is shown =============================================================
    def _result_changed(self, result: Result | None) -> None:
        """Everything that belongs to one result, rebuilt from it."""
        wb = self.workbench
        self._hover = None
        self._status_step = NOT_SAID            # a new map: its words are due (_say_step)
        self.inspector.clear()
        self.banner.clear()
        if result is None:
            self._timeline.set_trace(None)
            self.legend.set_legend(None)
            fill_layer_list(self.layer_list, wb.generator.layers_before_map(wb.values), wb.layer)
            self.gen_view.result_changed(None)
            return
        self._map_view.set_waiting(None)
        torus = isinstance(result.grid, HexTorus)     # one period: only a torus has one
        self.period_action.setVisible(torus)
        self.period_action.setEnabled(torus)
        self._timeline.set_trace(result.trace)
        if result.trace is None:
            self._timeline.caption.setText(self.gen_view.no_timeline(result))
        layer = fill_layer_list(self.layer_list, result.layer_info, wb.layer,
                                renderer_for(result.generator).default_layer)
        self.gen_view.result_changed(result, wb.prepared)
        if layer != wb.layer:
            wb.set_layer(layer)
        # once a map is shown, what a switch of generator needs, ahead: the
        # generators' panels (a piece a turn) and window parts (on a thread)
        self._panels.build_later(wb.generators())
        load_parts_later(wb.generators())

    def _offer_last_map(self, seconds: float) -> None:
        """At start-up: the last session's map took ``seconds`` to make; it is
        made again only when the user asks (the banner's button, or F5).  Its
        picture, kept from the last session, is shown meanwhile."""
        from .last_picture import load_last_picture

        wb = self.workbench
        try:
            last = load_last_picture(self.settings, wb.generator.name,
                                     wb.generator.validate(dict(wb.values)), wb.seed)
        except (ValueError, TypeError):
            last = None
        self._map_view.set_waiting(None)
        if last is not None:
            self._map_view.show_map(last.rgba, last.world, last.scale, last.labels,
                                    hexes=last.hexes)
            self.legend.set_legend(last.legend)
            self._timeline.caption.setText("no timeline: this is the last session's picture "
                                           "(Make it again to step through the map)")
            text = (f"This is the last session's picture of the map ({last.text}); it took "
                    f"{seconds:.0f} s to make. Make it again to explore it (or change a "
                    "setting).")
        else:
            text = (f"The last map ({wb.generator.title}) took {seconds:.0f} s to make: it is "
                    "made again when you ask (or change a setting).")
        self.banner.show_message(text, "Make it again",
                                 lambda: self.request_generation(force=True))
        self.status(text)

    def _step_chosen(self, step: int) -> None:
        """A step chosen on the timeline: when its picture is drawn by a job,
        the caption says it is on its way at once, and the map says so too
        when it takes more than a moment."""
        wb = self.workbench
        shown = wb.state
        wb.set_step(step)
        if not wb.drawing():
            return
        tl = self._timeline
        what = ("nothing yet" if shown is None else "the finished map" if shown.final
                else f"step {shown.step}")
        tl.show_pending(step, what)
        self._step_waited = step
        QTimer.singleShot(STEP_NOTICE_MS, lambda: self._say_drawing(step))

    def _say_drawing(self, step: int) -> None:
        wb = self.workbench
        if self._step_waited == step and wb.drawing() and wb.runner.idle():
            self._map_view.set_waiting(
                f"drawing step {step} of {self._timeline.n_steps} "
                f"({self._timeline.trace.phase_at(step)})...")

    def _state_changed(self, state: MapState | None) -> None:
        tl = self._timeline
        if self._step_waited is not None and not self.workbench.drawing():
            self._step_waited = None
            if self.workbench.runner.idle():
                self._map_view.set_waiting(None)
        if state is not None and state.result.trace is tl.trace and tl.trace is not None:
            step = tl.n_steps if state.final else state.step
            if step is not None and (step != tl.step or tl.pending):
                tl.show_step(step)              # chosen elsewhere, or its picture came
        if state is not None and state.result is self.workbench.result:
            self._say_step(state)
        self.render_view()

    def _say_step(self, state: MapState) -> None:
        """The status line says which step of the timeline the map shows (a
        stage of the map, not the finished map), and the finished map's
        words again when it is back."""
        step = None if state.final or state.step is None else state.step
        if step == self._status_step:
            return
        self._status_step = step
        r = state.result
        text = f"{r.generator}: {self._describe(r)}"
        if step is not None and r.trace is not None:
            text = (f"{r.generator}: the map shows step {step} of {r.trace.n_steps} "
                    f"({r.trace.phase_at(step)}), not the finished map; finished: "
                    f"{self._describe(r)}")
        self.status(text)

    def _layer_chosen(self, item, _prev=None) -> None:
        if item is not None:
            self.workbench.set_layer(item.data(Qt.ItemDataRole.UserRole))

    def select_layer(self, name: str) -> None:
        if not select_layer(self.layer_list, name):     # announces when listed
            self.workbench.set_layer(name)

    def render_view(self) -> None:
        """Draw the Workbench's state (the picture its job drew, when it has
        one; while a job draws it, the last picture stays until it comes)."""
        wb = self.workbench
        state = wb.state
        if state is None or wb.drawing():
            return
        pic = wb.picture()
        qimage, shrunk, marks = wb.prepared_picture(pic) or (None, None, None)
        self._map_view.set_notice(pic.notice)
        self.legend.set_legend(pic.legend)
        g = state.result.grid
        self._map_view.show_map(pic.rgba, (g.width, g.height), pic.scale, pic.letters,
                                hexes=pic.hexes, qimage=qimage, shrunk=shrunk, marks=marks)
        if self._picture_due is state.result and state.final:
            self._keep_picture(pic)
        self._update_inspector()
        self.compare.refresh()

    def _keep_picture(self, pic) -> None:
        """The slow map just shown finished: its picture for the next session
        (written on a thread)."""
        from .last_picture import PictureKeeper

        r, self._picture_due = self._picture_due, None
        text = f"{self.workbench.generator.title} {self._describe(r)}"
        if self._picture_keeper is None:
            self._picture_keeper = PictureKeeper(self.settings, lambda exc: self.status(
                f"the map's picture was not kept for the next session: {exc}", error=True))
        self._picture_keeper.keep(r, pic.rgba, pic.scale, pic.hexes, text, pic.legend,
                                  pic.letters)

    def _hovered(self, cell: tuple[int, int] | None) -> None:
        self._hover = cell
        self._update_inspector()

    def inspect(self, x: int, y: int) -> dict[str, str]:
        """Point the inspector at cell ``(x, y)``; returns what it shows."""
        self._hovered((x, y))
        return self.inspector.as_dict()

    def _update_inspector(self) -> None:
        wb, cell = self.workbench, self._hover
        state = wb.state
        rows = wb.inspect(*cell) if cell is not None else None
        bundle = self.file_actions.bundles.rows(state)      # an opened bundle: replayed?
        if rows is None:
            self.inspector.show_rows(bundle) if bundle else self.inspector.clear()
        else:
            self.inspector.show_rows(self.gen_view.shown_rows(
                state, rows + self.gen_view.extra_rows(state, *cell)) + bundle)

    # == closing =====================================================================
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self._after_run()
        remembered.save(self.workbench, self, self.settings, self._panel.seed_row.is_locked(),
                        self.compact.current)
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        self._shut_down = True
        self._after_run()                       # (a run that just finished is still remembered)
        if self._picture_keeper is not None:
            self._picture_keeper.finish()
        self._keys.stop()
        self.compact.stop()
        self._timeline.pause()
        self.run_status.stop()
        self.workbench.shutdown()
        self.zoom.shutdown()
        self.gallery.shutdown()
        self.file_actions.shutdown()
        self.gen_view.shutdown()
        self.sweep.close()
        self.compare.shutdown()
        self._panels.close()


def warm_up_later(decl, under_way: Callable[[], bool] = lambda: False) -> None:
    """Once its first map is shown, load what a generator's other settings
    need (its declared ``warm_up``: e.g. kernels its defaults do not use),
    on a background thread, once per process: so the first map comes
    without waiting for them, and the first map of other settings without
    a stall.  It begins, and loads each kernel (:mod:`.paced_loads`), only
    once ``under_way()`` (a map being made or drawn) has been False for
    :data:`WARM_UP_AFTER_S`: a large map started right after the switch
    is not slowed by it, nor the GUI thread, which met its pieces waiting
    for Python's lock."""
    if decl.name in _WARMED_UP:
        return
    _WARMED_UP.add(decl.name)

    def run() -> None:
        try:
            quiet = paced_loads.UntilQuiet(under_way, WARM_UP_AFTER_S)
            quiet()
            with paced_loads.paced(quiet):
                decl.warm_up()
        except Exception:  # noqa: BLE001 - the run that needs it will say what is wrong
            pass
        runtime.freeze_heap()

    background_thread(run, f"warm up {decl.name}")


_WARMED_UP: set[str] = set()
WARM_UP_AFTER_S = 1.0
"""How long the window is idle before a warm-up begins or loads a kernel (a
user who makes a larger map as soon as the first is shown has started it by
then, and a map's arrival is done)."""


WINDOW_PARTS = ("view", "render", "exports", "inspect")
"""The parts of a generator's declaration the window loads when it is chosen."""


def load_parts_later(names) -> None:
    """Import the window's parts of generators ``names`` (their views,
    renderers, exports, metrics: 10-20 ms of imports on the GUI thread at
    the first switch to each) on a background thread, once per process;
    first the picture keeper's module and thread (imported and started on
    the GUI thread when the first slow map arrived: 2-3 ms in that pass)."""
    from .. import registry

    due = [n for n in names if n not in _PARTS_LOADED]
    if not due:
        return
    _PARTS_LOADED.update(due)

    def run() -> None:
        from . import last_picture  # (a slow map's picture, kept: its thread
        last_picture.start_writer()         # started here, not on the GUI thread)
        for name in due:
            decl = registry.declaration(name)
            try:
                for part in WINDOW_PARTS:
                    decl.load(part)
                if decl.metrics is not None:
                    decl.metrics.names()        # (the gallery's metric box: their modules)
            except Exception:  # noqa: BLE001 - the switch that needs it says what is wrong
                pass

    background_thread(run, "warm up the window's parts")


_PARTS_LOADED: set[str] = set()
