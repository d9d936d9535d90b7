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

import time
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from .. import registry
from ..engine.params import ParamError
from ..engine.protocol import CancelToken, GenerationError, MapState, Result
from ..render.picture import final_state, picture, renderer_for
from . import file_actions
from .banner import Banner
from .inspector import Inspector
from .layer_list import fill_layer_list
from .legend import LegendWidget
from .map_view import MapView
from .param_panel import ParamPanel
from .settings import make_settings, read_json, write_json
from .sweep_link import SweepLink
from .timeline import SHORTCUTS, TimelineDock
from .views import view_for
from .worker import LatestWins
from .zoom import ZoomKeeper

PROGRESS_AFTER_S = 0.5
PROGRESS_POLL_MS = 100
COMPILING = "preparing engine (compiling)..."
ERROR_STYLE = "color: #e55;"
PANEL_WIDTH = 320
SIDE_WIDTH = 300


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, generate: bool = True):
        super().__init__()
        self.setWindowTitle("Map generator workbench")
        self.settings = settings if settings is not None else make_settings()
        self.gen_worker = LatestWins("generate", self)
        self.state_worker = LatestWins("trace state", self)
        self.generator = registry.load(next(iter(registry.ENTRIES)), "engine")
        self.result: Result | None = None           # the map shown
        self.state: MapState | None = None          # the step of it shown
        self.layer_name = ""
        self.options: dict[str, Any] = {}           # View toggles, by key
        self.runs_done = 0
        self.last_seconds: float | None = None
        self._hover: tuple[int, int] | None = None
        self._run_started = 0.0
        self._requested: tuple[Any, Any] | None = None
        self._ignore_gen_upto = 0
        self._seeds: dict[str, int | str] = {}
        self._menus: dict[str, QMenu] = {}
        self._toggle_actions: list[QAction] = []
        self._export_actions: list[QAction] = []
        self._build()
        self.sweep = SweepLink(self)
        self.gen_view = view_for(self.generator.name, self)
        self.param_panel = self._make_panel()
        self.param_area.setWidget(self.param_panel)
        self._generator_declarations()
        self.resize(1280, 820)
        self._restore_settings()
        QApplication.instance().installEventFilter(self)
        if generate:
            self.request_generation()

    # == building ===============================================================
    def _build(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.banner = Banner()
        lay.addWidget(self.banner)
        self.map_view = MapView()
        self.map_view.hovered.connect(self._hovered)
        self.zoom = ZoomKeeper(self)
        lay.addWidget(self.map_view, 1)
        self.legend = LegendWidget()
        lay.addWidget(self.legend)
        self.setCentralWidget(body)

        self.param_dock = self._dock("Parameters", "parameters",
                                     Qt.DockWidgetArea.LeftDockWidgetArea)
        holder = QWidget()
        hl = QVBoxLayout(holder)
        self.generator_box = QComboBox()
        for name, title in registry.titles().items():
            self.generator_box.addItem(title, name)
        self.generator_box.setToolTip("the map generator")
        self.generator_box.currentIndexChanged.connect(self._generator_chosen)
        hl.addWidget(self.generator_box)
        self.param_area = QScrollArea()
        self.param_area.setWidgetResizable(True)
        self.param_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        hl.addWidget(self.param_area, 1)
        self.param_dock.setWidget(holder)
        holder.setMinimumWidth(PANEL_WIDTH - 20)

        self.layer_dock = self._dock("Layers", "layers", Qt.DockWidgetArea.RightDockWidgetArea)
        self.layer_list = QListWidget()
        self.layer_list.currentItemChanged.connect(self._layer_chosen)
        self.layer_dock.setWidget(self.layer_list)
        self.inspector = Inspector()
        self.inspector.setMinimumWidth(SIDE_WIDTH - 20)
        self.inspector_dock = self._dock("Inspector", "inspector",
                                         Qt.DockWidgetArea.RightDockWidgetArea)
        self.inspector_dock.setWidget(self.inspector)
        self.timeline = TimelineDock(self)
        self.timeline.stepChanged.connect(self._step_changed)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.timeline)
        self.resizeDocks([self.param_dock, self.layer_dock], [PANEL_WIDTH, SIDE_WIDTH],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.layer_dock, self.inspector_dock], [230, 420],
                         Qt.Orientation.Vertical)

        bar = self.statusBar()
        self.message = QLabel()
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.message, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)     # the phase is in the message
        self.progress.setFixedWidth(140)
        self.progress.hide()
        bar.addPermanentWidget(self.progress)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("stop this generation (Esc)")
        self.cancel_button.clicked.connect(self.cancel_generation)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.cancel_button)
        self.time_label = QLabel("")
        self.time_label.setToolTip("time of the last generation")
        bar.addPermanentWidget(self.time_label)

        self.gen_worker.started.connect(self._run_started_at)
        self.gen_worker.finished.connect(self._generated)
        self.gen_worker.failed.connect(self._generation_failed)
        self.gen_worker.cancelled.connect(self._generation_cancelled)
        self.state_worker.finished.connect(self._state_ready)
        self.state_worker.failed.connect(lambda _id, exc: self.status(f"timeline: {exc}", True))
        self.progress_timer = QTimer(self)
        self.progress_timer.setInterval(PROGRESS_POLL_MS)
        self.progress_timer.timeout.connect(self._poll_progress)

        for title in ("&File", "&Edit", "&View"):
            self._menus[title.replace("&", "")] = self.menuBar().addMenu(title)
        self.file_actions = file_actions.FileActions(self)
        e = self._menus["Edit"]
        self.action("Edit", "&New seed", lambda: self.param_panel.seed_row.new_seed(), "Ctrl+N")
        self.action("Edit", "&Regenerate", lambda: self.request_generation(force=True), "F5")
        self.action("Edit", "Cancel &generation", self.cancel_generation, "Esc")
        e.addSeparator()
        self.action("View", "&Fit map", self.map_view.fit, "Ctrl+0")
        self._menus["View"].addSeparator()
        self.docks_menu = self._menus["View"].addMenu("&Panels")
        for dock in (self.param_dock, self.layer_dock, self.inspector_dock, self.timeline):
            self.docks_menu.addAction(dock.toggleViewAction())
        self._menus["View"].addSeparator()

    def _dock(self, title: str, name: str, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        self.addDockWidget(area, dock)
        return dock

    def action(self, menu: str, text: str, slot, shortcut: str | None = None,
               tip: str = "") -> QAction:
        """A menu action (``menu``: File, Edit or View)."""
        act = QAction(text, self)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        act.triggered.connect(slot)
        self._menus[menu].addAction(act)
        return act

    def menu_actions(self) -> dict[str, QAction]:
        """Every action in the menus now, by its text without the ``&``."""
        out: dict[str, QAction] = {}

        def walk(menu: QMenu) -> None:
            for act in menu.actions():
                if act.menu() is not None:
                    walk(act.menu())
                elif act.text():
                    out[act.text().replace("&", "")] = act
        for menu in self._menus.values():
            walk(menu)
        return out

    def toggle_action(self, key: str) -> QAction:
        """The View toggle of picture option ``key``."""
        return next(a for a in self._toggle_actions if a.data() == key)

    def current_picture(self):
        """The picture of the state shown, drawn now (for tests and checks)."""
        return picture(self.state, self.layer_name, self._picture_options(),
                       self.zoom.scale_for(self.state))

    def remove_action(self, act: QAction) -> None:
        for menu in self._menus.values():
            menu.removeAction(act)
        act.deleteLater()

    def add_view_dock(self, dock: QDockWidget, tab_with: QDockWidget | None = None) -> None:
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        if tab_with is not None:
            self.tabifyDockWidget(tab_with, dock)
        self.docks_menu.addAction(dock.toggleViewAction())

    def remove_view_dock(self, dock: QDockWidget) -> None:
        self.docks_menu.removeAction(dock.toggleViewAction())
        self.removeDockWidget(dock)
        dock.deleteLater()

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
        for act in self._toggle_actions + self._export_actions:
            self.remove_action(act)
        self._toggle_actions, self._export_actions = [], []
        for t in renderer_for(self.generator.name).toggles:
            on = self.options.setdefault(t.key, t.default)
            act = self.action("View", t.title, lambda v, k=t.key: self.set_option(k, v),
                              t.shortcut, t.tip)
            act.setCheckable(True)
            act.setChecked(bool(on))
            act.setData(t.key)
            self._toggle_actions.append(act)
        self._export_actions = self.file_actions.declared_exports(self.generator.name)
        self.gen_view.build()
        self.sweep.rebuild()

    def set_option(self, key: str, on: bool) -> None:
        """Switch a picture option (a View toggle) and redraw."""
        self.options[key] = bool(on)
        for act in self._toggle_actions:
            if act.data() == key and act.isChecked() != bool(on):
                act.setChecked(bool(on))
        self.render_view()

    # == settings ===============================================================
    def _restore_settings(self) -> None:
        s = self.settings
        name = s.value("generator")
        if isinstance(name, str) and name in registry.ENTRIES and name != self.generator.name:
            self.set_generator(name, generate=False)
        else:
            self._load_panel_settings(self.generator.name)
        seed = s.value("seed")
        if seed is not None:
            try:
                self.param_panel.seed_row.set_seed(seed)
            except (TypeError, ValueError):
                pass
        self.param_panel.seed_row.lock.setChecked(str(s.value("seed_locked", "false")) == "true")
        layer = s.value("layer")
        if isinstance(layer, str):
            self.layer_name = layer
        for act in self._toggle_actions:
            on = s.value(f"option/{act.data()}")
            if on is not None:
                self.set_option(act.data(), str(on) == "true")
        geo = s.value("geometry")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        state = s.value("window_state")
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def _load_panel_settings(self, name: str) -> None:
        values = read_json(self.settings, f"params/{name}", {})
        if isinstance(values, dict) and values:
            try:
                self.generator.validate(values)
                self.param_panel.set_values(values)
            except (ParamError, TypeError, ValueError, OverflowError):
                pass

    def save_settings(self) -> None:
        from ..formats.bundle import jsonable

        s = self.settings
        s.setValue("generator", self.generator.name)
        write_json(s, f"params/{self.generator.name}", jsonable(self.param_panel.values()))
        s.setValue("seed", self.param_panel.seed())
        s.setValue("seed_locked", "true" if self.param_panel.seed_row.is_locked() else "false")
        s.setValue("layer", self.layer_name)
        for key, on in self.options.items():
            s.setValue(f"option/{key}", "true" if on else "false")
        s.setValue("geometry", self.saveGeometry())
        s.setValue("window_state", self.saveState())
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        QApplication.instance().removeEventFilter(self)
        self.timeline.pause()
        self.progress_timer.stop()
        self.gen_worker.shutdown()
        self.state_worker.shutdown()
        self.file_actions.shutdown()
        self.gen_view.shutdown()
        self.sweep.close()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """The timeline's shortcuts work while a field has focus: a spin box
        or line edit would otherwise take Ctrl+Left/Right/Home/End itself."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(obj, QWidget) \
                and obj.window() is self:
            seq = QKeySequence(event.keyCombination()).toString()
            if seq in SHORTCUTS.values():
                event.ignore()
                return True
        return False

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
        self.gen_view.close()
        self.generator = registry.load(name, "engine")
        self.gen_view = view_for(name, self)
        self.param_panel = self._make_panel()
        if name in self._seeds:
            self.param_panel.seed_row.set_seed(self._seeds[name])
        self.param_panel.seed_row.lock.setChecked(locked)
        self._load_panel_settings(name)
        self.param_area.setWidget(self.param_panel)
        i = self.generator_box.findData(name)
        if i >= 0 and i != self.generator_box.currentIndex():
            self.generator_box.blockSignals(True)
            self.generator_box.setCurrentIndex(i)
            self.generator_box.blockSignals(False)
        self._generator_declarations()
        self.show_result(None)
        self.map_view.set_waiting(f"generating {registry.entry(name).title}...")
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
            return None
        self._requested = request
        gen, view = self.generator, self.gen_view

        def job(token: CancelToken, gen=gen, values=values, seed=seed):
            result = gen.generate(values, seed=seed, trace=True, cancel=token,
                                  progress=token.report)
            prepared = view.prepare(result)
            # draw the first picture here, not on the GUI thread
            pic = picture(final_state(result), self.layer_name, self._picture_options())
            return result, prepared, pic

        return self.gen_worker.submit(job)

    def cancel_generation(self) -> None:
        """Stop the running generation (and the view's own work)."""
        if not self.gen_worker.is_idle():
            self.gen_worker.cancel()
        self.gen_view.cancel()

    def busy(self) -> bool:
        return not (self.gen_worker.is_idle() and self.state_worker.is_idle()
                    and not self.gen_view.busy() and not self.file_actions.busy()
                    and not self.sweep.busy())

    # == worker results ===========================================================
    def _run_started_at(self, _job_id: int, _token: CancelToken) -> None:
        self._run_started = time.perf_counter()
        if not self.progress_timer.isActive():
            self.progress_timer.start()

    def _poll_progress(self) -> None:
        running = self.gen_worker.running
        if running is None:
            self.progress_timer.stop()
            self.progress.hide()
            self.cancel_button.hide()
            return
        if time.perf_counter() - self._run_started < PROGRESS_AFTER_S:
            return
        self.map_view.set_waiting("generating...")
        phase, frac = running.token.progress()
        self.progress.show()
        self.cancel_button.show()
        if self.runs_done == 0:
            self.progress.setRange(0, 0)        # busy indicator: no phases yet
            self.status(COMPILING)
        else:
            self.progress.setRange(0, 100)
            self.progress.setValue(int(frac * 100))
            self.status(f"generating: {phase or 'starting'} ({int(frac * 100)}%)...")

    def _end_run(self) -> None:
        self.runs_done += 1
        if self.gen_worker.running is None:
            self.progress.hide()
            self.cancel_button.hide()

    def _generated(self, job_id: int, value, seconds: float) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return
        result, prepared, pic = value
        self.last_seconds = seconds
        self.time_label.setText(f"generated in {seconds * 1000:.0f} ms")
        self.show_result(result, prepared=prepared, pic=pic)
        self.status(f"{self.generator.name}: {self._describe(result)}")
        self.settings.setValue("seed", result.seed)
        from ..formats.bundle import jsonable

        write_json(self.settings, f"params/{self.generator.name}", jsonable(result.params))

    def _describe(self, result: Result) -> str:
        text = f"{result.grid.width}x{result.grid.height}, seed {result.seed}"
        return text + self.gen_view.describe(result)

    def _generation_failed(self, job_id: int, exc: BaseException) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return
        self.map_view.set_waiting(None)
        if isinstance(exc, ParamError):
            self.param_panel.set_error(exc.param, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
        elif isinstance(exc, GenerationError):
            self.param_panel.set_error(None, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
            self.gen_view.generation_failed(exc)
        else:
            self.status(f"the generator failed: {type(exc).__name__}: {exc} "
                        "(showing the last good map)", error=True)

    def _generation_cancelled(self, job_id: int) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return
        self.map_view.set_waiting(None)
        self.status("generation cancelled (showing the last good map)")

    def status(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setToolTip(text)
        self.message.setStyleSheet(ERROR_STYLE if error else "")

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
        for i in range(self.layer_list.count()):
            item = self.layer_list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                self.layer_list.setCurrentItem(item)   # announces
                return
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

        def job(_token: CancelToken, r=r, trace=trace, step=step):
            return MapState(r, trace.state_at(step), tuple(trace.markers_at(step)), step,
                            trace.meaningful_at(step))

        self.state_worker.submit(job)

    def _state_ready(self, _job_id: int, state: MapState, _seconds: float) -> None:
        if state.result is not self.result or state.step != self.timeline.step:
            return
        self.state = state
        self.render_view()

    def _picture_options(self) -> dict[str, Any]:
        return {**self.options, **self.gen_view.picture_options()}

    def render_view(self, pic=None) -> None:
        """Draw the state shown (``pic``: already drawn on the worker)."""
        state = self.state
        if state is None:
            return
        scale = self.zoom.scale_for(state)
        if pic is None or scale is not None or pic.layer != self.layer_name:
            pic = picture(state, self.layer_name, self._picture_options(), scale)
        self.map_view.set_notice(pic.notice)
        self.legend.set_legend(pic.legend)
        g = state.result.grid
        self.map_view.show_map(pic.rgba, (g.width, g.height), pic.scale, pic.letters,
                               hexes=pic.hexes)
        self._update_inspector()

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
        from ..engine.inspect import inside
        from ..engine.inspect import rows as generic_rows

        state = self.state
        if state is None or self._hover is None or not inside(state, *self._hover):
            self.inspector.clear()
            return
        x, y = self._hover
        fn = registry.load(state.result.generator, "inspect") or generic_rows
        rows = fn(state, x, y) + self.gen_view.extra_rows(state, x, y)
        trace = state.result.trace
        if trace is not None and state.step is not None:
            rows.insert(0, ("step", f"{state.step} ({trace.phase_at(state.step)})"))
        self.inspector.show_rows(rows)
