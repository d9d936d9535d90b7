"""The workbench window, the same for every generator: parameters on the
left, the map in the middle, layers and inspector on the right, the
timeline below.

Everything particular to a generator comes from what it declares (its
Params, layers, renderer, inspector rows and exports, see
:mod:`viewer.registry`) and from its view (:mod:`viewer.ui.views`), which
is built when the generator is chosen and closed when another one is.
Everything that belongs to one result (the state shown, hover, inspector,
status, timeline) is rebuilt from the result shown: :meth:`show_result` is
the one way a map reaches the screen.  The GUI thread never computes a map.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
)

from .. import registry
from ..engine.inspect import rows_at
from ..engine.params import ParamError
from ..engine.protocol import CancelToken, GenerationError, MapState, Result
from ..render.picture import final_state, picture, renderer_for
from . import docks, file_actions
from . import settings as remembered
from .layer_list import fill_layer_list, select_layer
from .map_view import shrink, to_qimage
from .menus import Menus
from .param_panel import ParamPanel
from .run_status import RunStatus
from .settings import make_settings
from .sweep_link import SweepLink
from .timeline import TimelineKeys
from .views import view_for
from .worker import LatestWins
from .zoom import DetailKeeper


def _same_options(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same picture options (plain values equal, anything else the same object)."""
    def same(x, y) -> bool:
        plain = (bool, int, float, str, type(None))
        return x is y or (type(x) is type(y) and isinstance(x, plain) and x == y)
    return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, generate: bool = True):
        super().__init__()
        self.setWindowTitle("Map generator workbench")
        self.settings = settings if settings is not None else make_settings()
        self.gen_worker = LatestWins("generate", self)
        self.state_worker = LatestWins("trace state", self)
        self.generator = registry.load(registry.names()[0], "engine")
        self.result: Result | None = None           # the map shown
        self.state: MapState | None = None          # the step of it shown
        self.layer_name = ""
        self.options: dict[str, Any] = {}           # View toggles, by key
        self.last_seconds: float | None = None
        self._hover: tuple[int, int] | None = None
        self._requested: tuple[Any, Any] | None = None
        self._ignore_gen_upto = 0
        self._refusal: tuple[str | None, str] | None = None   # why the last request failed
        self._seeds: dict[str, int | str] = {}
        self._export_actions: list[QAction] = []
        self._build()
        self.sweep = SweepLink(self)
        self.gen_view = view_for(self.generator.name, self)
        self.param_panel = self._make_panel()
        self.param_area.setWidget(self.param_panel)
        docks.fit_param_dock(self)
        self._generator_declarations()
        self.resize(1280, 820)
        remembered.restore(self)
        self._keys = TimelineKeys(self, self.menus.shortcuts)
        QApplication.instance().installEventFilter(self._keys)
        if generate:
            self.request_generation()

    # == building ===============================================================
    def _build(self) -> None:
        docks.build_centre(self)
        self.map_view.hovered.connect(self._hovered)
        self.zoom = DetailKeeper(self.map_view, self._shown_source, self)
        docks.build_docks(self)
        self.generator_box.currentIndexChanged.connect(self._generator_chosen)
        self.layer_list.currentItemChanged.connect(self._layer_chosen)
        self.timeline.stepChanged.connect(self._step_changed)
        self.run_status = rs = RunStatus(self)
        self.message, self.progress = rs.message, rs.progress
        self.cancel_button, self.time_label, self.status = rs.cancel_button, rs.time_label, rs.show

        self.gen_worker.started.connect(rs.started)
        self.gen_worker.finished.connect(self._generated)
        self.gen_worker.failed.connect(self._generation_failed)
        self.gen_worker.cancelled.connect(self._generation_cancelled)
        self.state_worker.finished.connect(self._state_ready)
        self.state_worker.failed.connect(lambda _id, exc: self.status(f"timeline: {exc}", True))
        self.menus = Menus(self)
        self.action, self.menu_actions, self.remove_action = \
            self.menus.action, self.menus.all, self.menus.remove
        self.file_actions = file_actions.FileActions(self)
        self.action("Edit", "&New seed", lambda: self.param_panel.seed_row.new_seed(), "Ctrl+N")
        self.action("Edit", "&Regenerate", lambda: self.request_generation(force=True), "F5")
        self.action("Edit", "Cancel &generation", self.cancel_generation, "Esc")
        self.menus["Edit"].addSeparator()
        self.action("Edit", "&Pin as A", self.compare.pin, "Ctrl+Shift+A",
                    "keep this map as A and compare the next ones (B) with it")
        self.action("Edit", "&Unpin A", self.compare.unpin)
        self.action("View", "&Fit map", self.fit_map, "Ctrl+0",
                    "show the whole map (and A's beside it)")
        self.period_action = self.action(
            "View", "Outline one &period", self.set_period_outline, None,
            "on a torus, outline one period of the world that repeats around it")
        self.period_action.setCheckable(True)
        self.docks_menu = self.menus.add_docks_menu()
        for dock in (self.param_dock, self.layer_dock, self.inspector_dock, self.timeline):
            self.docks_menu.addAction(dock.toggleViewAction())

    def fit_map(self) -> None:
        """Fit: the whole map in the view, and in A's pane when comparing."""
        self.map_view.fit()
        self.compare.fit()

    def set_period_outline(self, on: bool) -> None:
        self.period_action.setChecked(bool(on))
        self.map_view.set_outline(on)
        self.compare.map_view.set_outline(on)

    def _shown_source(self):
        return (self.state, self.layer_name, self._picture_options()) \
            if self.state is not None else None

    def toggle_action(self, key: str) -> QAction:
        return self.menus.toggle(key)

    def current_picture(self):
        """The picture of the state shown, drawn now (for tests and checks)."""
        return picture(self.state, self.layer_name, self._picture_options())

    def add_view_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None) -> None:
        docks.add_view_dock(self, dock, tab_with)

    def remove_view_dock(self, dock: QDockWidget) -> None:
        docks.remove_view_dock(self, dock)

    def _make_panel(self) -> ParamPanel:
        text_seed = getattr(self.generator, "seed_kind", "int") == "text"
        panel = ParamPanel(self.generator.params, text_seed=text_seed)
        if text_seed:
            panel.seed_row.set_seed(getattr(self.generator, "default_seed", "1"))
        panel.changed.connect(self._panel_changed)
        self.gen_view.setup_panel(panel)
        return panel

    def _generator_declarations(self) -> None:
        """The View toggles and File exports the generator declares, and its view."""
        for act in self._export_actions:
            self.remove_action(act)
        self.menus.set_toggles(renderer_for(self.generator.name).toggles, self.options,
                               self.set_option)
        self._export_actions = self.file_actions.declared_exports(self.generator.name)
        self.gen_view.build()
        self.sweep.rebuild()

    def set_option(self, key: str, on: bool) -> None:
        """Switch a picture option (a View toggle) and redraw."""
        self.options[key] = bool(on)
        self.menus.check_toggle(key, bool(on))
        self.render_view()

    @property
    def runs_done(self) -> int:
        """Generations ended so far (finished, failed or cancelled)."""
        return self.run_status.runs_done

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        remembered.save(self)
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        QApplication.instance().removeEventFilter(self._keys)
        self.timeline.pause()
        self.run_status.stop()
        self.gen_worker.shutdown()
        self.state_worker.shutdown()
        self.zoom.shutdown()
        self.file_actions.shutdown()
        self.gen_view.shutdown()
        self.sweep.close()
        self.compare.shutdown()

    # == generator and parameters ================================================
    def _generator_chosen(self, index: int) -> None:
        name = self.generator_box.itemData(index)
        if name and name != self.generator.name:
            self.set_generator(name)

    def set_generator(self, name: str, generate: bool = True) -> None:
        """Choose generator ``name``: its panel, layers, toggles, exports and
        view replace the old one's, and the old map is put away."""
        self._seeds[self.generator.name] = self.param_panel.seed()
        locked = self.param_panel.seed_row.is_locked()
        self.gen_worker.cancel()
        self.compare.unpin()                 # A and B are maps of one generator
        self.gen_view.close()
        self.generator = registry.load(name, "engine")
        self.gen_view = view_for(name, self)
        self.param_panel = self._make_panel()
        if name in self._seeds:
            self.param_panel.seed_row.set_seed(self._seeds[name])
        self.param_panel.seed_row.lock.setChecked(locked)
        remembered.load_panel(self, name)
        self.param_area.setWidget(self.param_panel)
        docks.fit_param_dock(self)
        i = self.generator_box.findData(name)
        if i >= 0 and i != self.generator_box.currentIndex():
            self.generator_box.blockSignals(True)
            self.generator_box.setCurrentIndex(i)
            self.generator_box.blockSignals(False)
        self._generator_declarations()
        self.show_result(None)
        self.map_view.set_waiting(f"generating {registry.declaration(name).title}...")
        if generate:
            self.request_generation()

    def _panel_changed(self) -> None:
        self.sweep.follow_panel()
        if not self.gen_view.panel_changed():
            self.request_generation()

    def request_generation(self, force: bool = False) -> int | None:
        """Validate the panel's values and, if they pass, run the generator on
        the worker; returns the request id (None when refused, or when
        nothing changed since the last request and ``force`` is off)."""
        raw = self.param_panel.values()
        seed = self.param_panel.seed()
        try:
            values = self.generator.validate(raw)
        except ParamError as exc:
            self.param_panel.set_error(exc.param, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
            return None
        self.param_panel.set_error(None, None)
        request = (self.generator.name, values, seed)
        if not force and request == self._requested and (self.result is not None
                                                         or not self.gen_worker.is_idle()):
            self._said_again()
            return None
        self._requested = request
        self._refusal = None
        gen, view = self.generator, self.gen_view

        def job(token: CancelToken, gen=gen, values=values, seed=seed):
            result = gen.generate(values, seed=seed, trace=True, cancel=token,
                                  progress=token.report)
            prepared = view.prepare(result)
            # draw the first picture here, not on the GUI thread
            pic = picture(final_state(result), self.layer_name, self._picture_options())
            pic.qimage = to_qimage(pic.rgba)        # and its conversion for the screen
            return result, prepared, pic

        return self.gen_worker.submit(job)

    def cancel_generation(self) -> None:
        """Stop the running generation (and the view's own work)."""
        if not self.gen_worker.is_idle():
            self.gen_worker.cancel()
        self.gen_view.cancel()
        self.file_actions.bundles.cancel()

    def busy(self) -> bool:
        return not (self.gen_worker.is_idle() and self.state_worker.is_idle()
                    and not self.gen_view.busy() and not self.file_actions.busy()
                    and not self.sweep.busy() and not self.compare.busy()
                    and not self.zoom.busy())

    # == worker results ===========================================================
    def _generated(self, job_id: int, value, seconds: float) -> None:
        if job_id <= self._ignore_gen_upto:
            self.run_status.ended()
            return
        self.run_status.ended(seconds)
        result, prepared, pic = value
        self.last_seconds = seconds
        self.show_result(result, prepared=prepared, pic=pic)
        self.status(f"{self.generator.name}: {self._describe(result)}")
        self.settings.setValue("seed", result.seed)
        remembered.remember_params(self, result.params)

    def _describe(self, result: Result) -> str:
        text = f"{result.grid.width}x{result.grid.height}, seed {result.seed}"
        return text + self.gen_view.describe(result)

    def _generation_failed(self, job_id: int, exc: BaseException) -> None:
        self.run_status.ended()
        if job_id <= self._ignore_gen_upto:
            return
        self.map_view.set_waiting(None)
        if isinstance(exc, ParamError):
            self._refuse(exc.param, str(exc))
        elif isinstance(exc, GenerationError):
            self._refuse(getattr(exc, "param", None) or self.gen_view.refused_param(exc),
                         str(exc))
            self.gen_view.generation_failed(exc)
        else:
            self.status(f"the generator failed: {type(exc).__name__}: {exc} "
                        "(showing the last good map)", error=True)

    def _refuse(self, param: str | None, text: str) -> None:
        """Say why the request was refused, beside its field and in the status."""
        self._refusal = (param, text)
        self.param_panel.set_error(param, text)
        self.status(f"{text} (showing the last good map)", error=True)

    def _said_again(self) -> None:
        """The values asked for again are the last request's: say again what
        came of it (its refusal, or the map shown), not what came between."""
        if self._refusal is not None:
            self._refuse(*self._refusal)
        elif self.result is not None and self.gen_worker.is_idle():
            self.status(f"{self.generator.name}: {self._describe(self.result)}")

    def _generation_cancelled(self, job_id: int) -> None:
        self.run_status.ended()
        if job_id <= self._ignore_gen_upto:
            return
        self.map_view.set_waiting(None)
        self.status("generation cancelled (showing the last good map)")

    # == what is shown =============================================================
    def show_result(self, result: Result | None, prepared: Any = None, pic=None,
                    keep_view: bool = False, adopt: bool = False) -> None:
        """Show ``result`` (None: nothing) and rebuild everything that belongs
        to one result from it.  ``keep_view`` keeps the timeline step (the
        same map, completed); ``adopt`` drops generations still running (the
        result did not come from them)."""
        if adopt:
            self.gen_worker.cancel()
            self._ignore_gen_upto = self.gen_worker.latest_id
            self._requested = None
        self.state_worker.cancel()
        self.result = result
        self._hover = None
        self.inspector.clear()
        self.banner.clear()
        if result is None:
            self.state = None
            self.timeline.set_trace(None)
            self.legend.set_legend(None)
            fill_layer_list(self.layer_list, getattr(self.generator, "layer_info", {}),
                            self.layer_name)
            self.gen_view.result_changed(None)
            return
        self.map_view.set_waiting(None)
        if not keep_view:
            self.timeline.set_trace(result.trace)
            if result.trace is None:
                self.timeline.caption.setText(self.gen_view.no_timeline(result))
        self.layer_name = fill_layer_list(self.layer_list, result.layer_info, self.layer_name,
                                          renderer_for(result.generator).default_layer)
        self.gen_view.result_changed(result, prepared)
        self.state = final_state(result)
        self.render_view(pic)

    def _layer_chosen(self, item, _prev=None) -> None:
        if item is not None:
            self.layer_name = item.data(Qt.ItemDataRole.UserRole)
            self.render_view()

    def select_layer(self, name: str) -> None:
        if not select_layer(self.layer_list, name):     # announces when listed
            self.layer_name = name

    def _step_changed(self, step: int) -> None:
        r = self.result
        if r is None or r.trace is None:
            return
        if step >= r.trace.n_steps:
            self.state_worker.cancel()
            self.state = final_state(r)
            self.render_view()
            return
        trace = r.trace
        layer, options = self.layer_name, self._picture_options()
        size = self.map_view.image.screen_size()

        def job(_token: CancelToken, r=r, trace=trace, step=step):
            state = MapState(r, trace.state_at(step), tuple(trace.markers_at(step)), step,
                             trace.meaningful_at(step))
            # its picture here too: scrubbing never draws on the GUI thread
            pic = picture(state, layer, options)
            pic.qimage = to_qimage(pic.rgba)
            h, w = pic.rgba.shape[:2]
            if size is not None and 0 < size[0] < w:        # shown shrunk: averaged here
                pic.shrunk = (size, shrink(pic.qimage, size))
            return state, pic, (layer, options)

        self.state_worker.submit(job)

    def _state_ready(self, _job_id: int, value, _seconds: float) -> None:
        state, pic, asked = value
        if state.result is not self.result or state.step != self.timeline.step:
            return
        self.state = state
        same = asked[0] == self.layer_name and _same_options(asked[1], self._picture_options())
        self.render_view(pic if same else None)

    def _picture_options(self) -> dict[str, Any]:
        return {**self.options, **self.gen_view.picture_options()}

    def render_view(self, pic=None) -> None:
        """Draw the state shown (``pic``: already drawn on the worker)."""
        state = self.state
        if state is None:
            return
        if pic is None or pic.layer != self.layer_name:
            pic = picture(state, self.layer_name, self._picture_options())
        qimage, shrunk = getattr(pic, "qimage", None), getattr(pic, "shrunk", None)
        self.map_view.set_notice(pic.notice)
        self.legend.set_legend(pic.legend)
        g = state.result.grid
        self.map_view.show_map(pic.rgba, (g.width, g.height), pic.scale, pic.letters,
                               hexes=pic.hexes, qimage=qimage, shrunk=shrunk)
        pic.qimage = pic.shrunk = None              # shown once: the next draw is new
        self._update_inspector()
        self.compare.refresh()

    def shown_image(self):
        """One period of the picture on screen (for tests and exports)."""
        return self.map_view.rgba

    def _hovered(self, cell: tuple[int, int] | None) -> None:
        self._hover = cell
        self._update_inspector()

    def inspect(self, x: int, y: int) -> dict[str, str]:
        """Point the inspector at cell ``(x, y)``; returns what it shows."""
        self._hovered((x, y))
        return self.inspector.as_dict()

    def _update_inspector(self) -> None:
        state, cell = self.state, self._hover
        rows = rows_at(state, *cell) if state is not None and cell is not None else None
        bundle = self.file_actions.bundles.rows(state)      # an opened bundle: replayed?
        if rows is None:
            self.inspector.show_rows(bundle) if bundle else self.inspector.clear()
        else:
            self.inspector.show_rows(self.gen_view.shown_rows(
                state, rows + self.gen_view.extra_rows(state, *cell)) + bundle)
