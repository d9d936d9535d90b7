"""The workbench window: parameters on the left, the map in the middle,
layers, inspector and fairness on the right, the timeline below.

Every parameter change is validated here (cheap, so errors appear at once
beside the parameter) and then run on the generation worker; scrubbing the
timeline asks a second worker for the state at that step.  The GUI thread
only colours and rasterises what the workers return.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..engine import GENERATORS
from ..engine.fairland.fairness import fairness
from ..engine.params import ParamError
from ..engine.protocol import CancelToken, GenerationError, HexTorus, LayerInfo, Marker, Result
from ..formats.atomic import WriteError
from ..formats.bundle import jsonable
from ..formats.presets import Preset, PresetError, load_preset, save_preset, shipped_presets
from ..render import render_layer
from ..render.colormaps import BACKGROUND, legend_for
from ..render.hexraster import edge_mask, index_map, rasterize, rasterize_square
from ..render.relief import square_picture
from . import exports
from .fairness_panel import FairnessPanel
from .inspector import CELL_ROWS, Inspector, sector_rows
from .legend import LegendWidget
from .map_view import MapView
from .numberlink_window import NumberLinkMixin
from .param_panel import ParamPanel
from .ports_window import PortsMixin
from .settings import make_settings, read_json, write_json
from .timeline import TimelineDock
from .worker import LatestWins

PROGRESS_AFTER_S = 0.5
PROGRESS_POLL_MS = 100
COMPILING = "preparing engine (compiling)..."
ERROR_STYLE = "color: #e55;"


def display_scale(width: int) -> int:
    """Pixels per hex on screen: about 800 pixels per period, 2..16."""
    return max(2, min(16, 800 // max(1, width // 2)))


MAX_HEX_IMAGE = 1600
"""Widest picture of one torus period when a hex map is redrawn for zoom
(the view holds 2 x 2 periods, so about 40 MB of RGBA at most)."""
MAX_HEX_SCALE = 48


def zoomed_scale(width: int, current: int, screen_zoom: float) -> int | None:
    """Pixels per hex to redraw a hex map with, now that each image pixel
    covers ``screen_zoom`` screen pixels; None when ``current`` will do."""
    base = display_scale(width)
    cap = max(base, min(MAX_HEX_SCALE, MAX_HEX_IMAGE // (width // 2 + 1)))
    wanted = int(round(min(max(current * screen_zoom, base), cap)))
    if wanted == current or 1 / 1.4 < wanted / current < 1.4:
        return None
    return wanted


def square_scale(width: int, height: int) -> int:
    """Pixels per cell of a square grid: about 800 pixels across, 1..16."""
    return max(1, min(16, 800 // max(1, width, height)))


MAX_SQUARE_CELLS = 1024
"""A square grid wider or taller than this is shown decimated (every k-th
cell), so that colouring and drawing a 4096 x 4096 map stays quick."""


def square_stride(width: int, height: int) -> int:
    """Show every ``k``-th cell of a square grid: ``k`` keeps both sides at
    most :data:`MAX_SQUARE_CELLS` cells."""
    return max(1, -(-max(width, height) // MAX_SQUARE_CELLS))


DEFAULT_LAYERS = {"fairland": "own", "tgp": "heightmap", "numberlink": "paths",
                  "ports": "height"}
"""The layer shown first when a generator is chosen."""


class MainWindow(NumberLinkMixin, PortsMixin, QMainWindow):
    def __init__(self, settings: QSettings | None = None, generate: bool = True):
        super().__init__()
        self.setWindowTitle("Map generator workbench")
        self.settings = settings if settings is not None else make_settings()
        self.gen_worker = LatestWins("generate", self)
        self.state_worker = LatestWins("trace state", self)
        self.generator = next(iter(GENERATORS.values()))
        self.result: Result | None = None          # the last good map
        self.view_layers: dict[str, np.ndarray] = {}
        self.view_markers: list[Marker] = []
        self.meaningful: frozenset[str] | None = None
        self.view_step: int | None = None           # trace step shown (None: final map)
        self.layer_name = "own"
        self.outline = True
        self.hill_shading = True
        self.contours = False
        self.runs_done = 0
        self.last_seconds: float | None = None
        self._hover: tuple[int, int] | None = None
        self._token: CancelToken | None = None
        self._run_started = 0.0
        self._requested: tuple[dict[str, Any], int | str] | None = None
        self._seeds: dict[str, int | str] = {}      # each generator's last seed
        self._init_numberlink()
        self._init_ports()

        self._build_central()
        self._build_docks()
        self._build_status()
        self._build_menus()
        self.gen_worker.started.connect(self._run_started_at)
        self.gen_worker.finished.connect(self._generated)
        self.gen_worker.failed.connect(self._generation_failed)
        self.gen_worker.cancelled.connect(self._generation_cancelled)
        self.state_worker.finished.connect(self._state_ready)
        self.state_worker.failed.connect(lambda _id, exc: self.status(f"timeline: {exc}", True))
        self.progress_timer = QTimer(self)
        self.progress_timer.setInterval(PROGRESS_POLL_MS)
        self.progress_timer.timeout.connect(self._poll_progress)

        self.resize(1280, 820)
        self._restore_settings()
        if generate:
            self.request_generation()

    # == building =================================================================
    def _build_central(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.map_view = MapView()
        self.map_view.hovered.connect(self._hovered)
        # a zoomed hex map is redrawn at a finer scale, once the zoom settles
        self.hex_zoom: int | None = None
        self._zoom_timer = QTimer(self)
        self._zoom_timer.setSingleShot(True)
        self._zoom_timer.setInterval(150)
        self._zoom_timer.timeout.connect(self._redraw_for_zoom)
        self.map_view.vb.sigRangeChanged.connect(lambda *_: self._zoom_timer.start())
        lay.addWidget(self.map_view, 1)
        self.legend = LegendWidget()
        lay.addWidget(self.legend)
        self.setCentralWidget(body)

    def _build_docks(self) -> None:
        # parameters
        self.param_dock = QDockWidget("Parameters", self)
        self.param_dock.setObjectName("parameters")
        holder = QWidget()
        lay = QVBoxLayout(holder)
        self.generator_box = QComboBox()
        for name, gen in GENERATORS.items():
            self.generator_box.addItem(getattr(gen, "title", name), name)
        self.generator_box.setToolTip("the map generator")
        self.generator_box.currentIndexChanged.connect(self._generator_chosen)
        lay.addWidget(self.generator_box)
        self.param_panel = self._make_panel()
        self.param_area = QScrollArea()
        self.param_area.setWidgetResizable(True)
        self.param_area.setWidget(self.param_panel)
        lay.addWidget(self.param_area, 1)
        self.param_dock.setWidget(holder)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.param_dock)
        # layers
        self.layer_dock = QDockWidget("Layers", self)
        self.layer_dock.setObjectName("layers")
        self.layer_list = QListWidget()
        self.layer_list.currentItemChanged.connect(self._layer_chosen)
        self.layer_dock.setWidget(self.layer_list)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.layer_dock)
        self._fill_layer_list()
        # inspector and fairness
        self.inspector = Inspector()
        self.inspector_dock = QDockWidget("Inspector", self)
        self.inspector_dock.setObjectName("inspector")
        self.inspector_dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.fairness_panel = FairnessPanel()
        self.fairness_dock = QDockWidget("Fairness", self)
        self.fairness_dock.setObjectName("fairness")
        self.fairness_dock.setWidget(self.fairness_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.fairness_dock)
        self.tabifyDockWidget(self.inspector_dock, self.fairness_dock)
        self.inspector_dock.raise_()
        # timeline
        self.timeline = TimelineDock(self)
        self.timeline.stepChanged.connect(self._step_changed)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.timeline)
        self.resizeDocks([self.param_dock, self.layer_dock], [290, 250],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.layer_dock, self.inspector_dock], [230, 420],
                         Qt.Orientation.Vertical)

    def _make_panel(self) -> ParamPanel:
        text_seed = getattr(self.generator, "seed_kind", "int") == "text"
        panel = ParamPanel(self.generator.params, text_seed=text_seed)
        if text_seed:
            panel.seed_row.set_seed(getattr(self.generator, "default_seed", "1"))
        panel.changed.connect(self._panel_changed)
        if self.generator.name == "ports":
            self._setup_ports_panel(panel)
        return panel

    def _build_status(self) -> None:
        bar = self.statusBar()
        self.message = QLabel()
        # a long message is cut, rather than pushing the time label away
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.message, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(180)
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

    def _action(self, menu, text: str, slot, shortcut: str | QKeySequence | None = None,
                tip: str = "") -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        if tip:
            act.setStatusTip(tip)
            act.setToolTip(tip)
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self._action(f, "&Load preset...", self._ask_load_preset, QKeySequence.StandardKey.Open)
        self._action(f, "&Save preset...", self._ask_save_preset, QKeySequence.StandardKey.Save)
        shipped = f.addMenu("Shipped &presets")
        for path in shipped_presets():
            self._action(shipped, path.stem, lambda _=False, p=path: self.load_preset_file(p))
        f.addSeparator()
        self._action(f, "Export &view as PNG...", self._ask_export_view, "Ctrl+E")
        self._action(f, "Export whole &map as PNG...", self._ask_export_map, "Ctrl+Shift+E")
        self._action(f, "Export &bundle (NPZ + JSON)...", self._ask_export_bundle, "Ctrl+B")
        self.tgp_actions = [
            self._action(f, "Export OpenTTD &heightmap PNG (8-bit)...",
                         self._ask_export_openttd_heightmap, "Ctrl+Shift+H",
                         "tile heights as the greyscale PNG OpenTTD's \"Play heightmap\" "
                         "reads back (grey = 16 x height + 8)"),
            self._action(f, "Export fixed-point heightmap PNG (&16-bit)...",
                         self._ask_export_fixed_point, "Ctrl+Shift+F",
                         "the normalised heightmap as a 16-bit greyscale PNG, "
                         "16 units to a height level"),
        ]
        f.addSeparator()
        self.empire_actions = [
            self._action(f, "Export &newcap script...", lambda: self._ask_export_empire("newcap"),
                         "Ctrl+Shift+N"),
            self._action(f, "Export sector &xdump...", lambda: self._ask_export_empire("xdump"),
                         "Ctrl+Shift+X"),
            self._action(f, "Export &text map...", lambda: self._ask_export_empire("text"),
                         "Ctrl+Shift+T"),
        ]
        f.addSeparator()
        self._build_numberlink_file_actions(f)
        f.addSeparator()
        self._build_ports_file_actions(f)
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        e = mb.addMenu("&Edit")
        self.command_line_action = self._action(
            e, "&Copy fairland command line", self.copy_command_line, "Ctrl+Shift+C",
            "the fairland command that makes this map on your own server")
        self._action(e, "&New seed", lambda: self.param_panel.seed_row.new_seed(), "Ctrl+N")
        self._action(e, "&Regenerate", self.request_generation, "F5")
        self._action(e, "Cancel &generation", self.cancel_generation, "Esc")
        e.addSeparator()
        self._build_numberlink_edit_actions(e)
        v = self.menuBar().addMenu("&View")
        self._action(v, "&Fit map", self.map_view.fit, "Ctrl+0")
        out = self._action(v, "Hex &outlines", self._toggle_outline, "Ctrl+L")
        out.setCheckable(True)
        out.setChecked(self.outline)
        self.outline_action = out
        self.shading_action = self._action(v, "&Hill shading", self._toggle_shading, "Ctrl+H",
                                           "light the heights from the north-west")
        self.shading_action.setCheckable(True)
        self.shading_action.setChecked(self.hill_shading)
        self.contour_action = self._action(v, "&Contour lines", self._toggle_contours,
                                           "Ctrl+K", "a line at every whole height level "
                                           "(every fifth darker)")
        self.contour_action.setCheckable(True)
        self.contour_action.setChecked(self.contours)
        self.relief_actions = [self.shading_action, self.contour_action]
        self._build_numberlink_view_actions(v)
        self._build_ports_view_actions(v)
        v.addSeparator()
        for dock in (self.param_dock, self.layer_dock, self.inspector_dock, self.fairness_dock,
                     self.timeline):
            v.addAction(dock.toggleViewAction())
        self._update_actions()

    def _update_actions(self) -> None:
        """Enable the actions that make sense for the current generator."""
        name = self.generator.name
        for act in self.empire_actions + [self.command_line_action]:
            act.setEnabled(name == "fairland")     # Empire's files only for fairland
        for act in self.tgp_actions + self.relief_actions:
            act.setEnabled(name == "tgp")
        self.shading_action.setEnabled(name in ("tgp", "ports"))
        for act in self.ports_actions:
            act.setEnabled(name == "ports")
        self.outline_action.setEnabled(name == "fairland")
        for act in self.numberlink_actions:
            act.setEnabled(name == "numberlink")

    # == settings ==================================================================
    def _restore_settings(self) -> None:
        s = self.settings
        name = s.value("generator")
        if isinstance(name, str) and name in GENERATORS and name != self.generator.name:
            self.set_generator(name, generate=False)
        values = read_json(s, f"params/{self.generator.name}", {})
        if isinstance(values, dict):
            try:
                self.generator.validate(values)
                self.param_panel.set_values(values)
            except (ParamError, TypeError, ValueError):
                pass
        seed = s.value("seed")
        if seed is not None:
            try:
                self.param_panel.seed_row.set_seed(seed)
            except (TypeError, ValueError):
                pass
        self.param_panel.seed_row.lock.setChecked(str(s.value("seed_locked", "false")) == "true")
        layer = s.value("layer")
        if isinstance(layer, str):
            self.select_layer(layer)
        for key, act in (("hill_shading", self.shading_action),
                         ("contours", self.contour_action)):
            on = s.value(key)
            if on is not None:
                setattr(self, key, str(on) == "true")
                act.setChecked(getattr(self, key))
        geo = s.value("geometry")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        state = s.value("window_state")
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def save_settings(self) -> None:
        s = self.settings
        s.setValue("generator", self.generator.name)
        write_json(s, f"params/{self.generator.name}", jsonable(self.param_panel.values()))
        s.setValue("seed", self.param_panel.seed())
        s.setValue("seed_locked", "true" if self.param_panel.seed_row.is_locked() else "false")
        s.setValue("layer", self.layer_name)
        s.setValue("hill_shading", "true" if self.hill_shading else "false")
        s.setValue("contours", "true" if self.contours else "false")
        s.setValue("geometry", self.saveGeometry())
        s.setValue("window_state", self.saveState())
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        self.timeline.pause()
        self.progress_timer.stop()
        self.gen_worker.shutdown()
        self.state_worker.shutdown()
        self.solve_worker.shutdown()

    # == generator and parameters ===================================================
    def _generator_chosen(self, index: int) -> None:
        name = self.generator_box.itemData(index)
        if name and name != self.generator.name:
            self.set_generator(name)

    def set_generator(self, name: str, generate: bool = True) -> None:
        seed = self.param_panel.seed()
        self._seeds[self.generator.name] = seed
        self.generator = GENERATORS[name]
        locked = self.param_panel.seed_row.is_locked()
        self.param_panel = self._make_panel()
        self.param_panel.seed_row.set_seed(self._seeds.get(name, seed))
        self.param_panel.seed_row.lock.setChecked(locked)
        values = read_json(self.settings, f"params/{name}", {})   # as last used
        if isinstance(values, dict) and values:
            try:
                self.generator.validate(values)
                self.param_panel.set_values(values)
            except (ParamError, TypeError, ValueError):
                pass
        self.param_area.setWidget(self.param_panel)
        i = self.generator_box.findData(name)
        if i >= 0 and i != self.generator_box.currentIndex():
            self.generator_box.blockSignals(True)
            self.generator_box.setCurrentIndex(i)
            self.generator_box.blockSignals(False)
        infos = getattr(self.generator, "layer_info", {}) or {}
        if self.layer_name not in infos:
            self.layer_name = DEFAULT_LAYERS.get(name, next(iter(infos), self.layer_name))
        self._fill_layer_list()
        self._update_actions()
        if generate:
            self.request_generation()

    def request_generation(self) -> int | None:
        """Validate the panel's values and, if they pass, run the generator on
        the worker; returns the request id (None when refused)."""
        raw = self.param_panel.values()
        seed = self.param_panel.seed()
        try:
            values = self.generator.validate(raw)
        except ParamError as exc:
            self.param_panel.set_error(exc.param, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
            return None
        self.param_panel.set_error(None, None)
        gen = self.generator
        self._requested = (values, seed)

        def job(token: CancelToken, gen=gen, values=values, seed=seed) -> Result:
            result = gen.generate(values, seed=seed, trace=True, cancel=token)
            caps = result.extra.get("capitals")
            if caps and "own" in result.layers:     # fairland: the fairness table, here
                result.extra["fairness"] = fairness(result.layers, caps,
                                                    (result.grid.width, result.grid.height))
            if isinstance(result.grid, HexTorus):     # warm the rasteriser's cache here,
                w, h = result.grid.width, result.grid.height     # not on the GUI thread
                index_map(w, h, display_scale(w))
                edge_mask(w, h, display_scale(w))
            return result

        return self.gen_worker.submit(job)

    def cancel_generation(self) -> None:
        """Stop the running generation (and any uniqueness check)."""
        if not self.gen_worker.is_idle():
            self.gen_worker.cancel()
        if not self.solve_worker.is_idle():
            self.solve_worker.cancel()

    def busy(self) -> bool:
        return not (self.gen_worker.is_idle() and self.state_worker.is_idle()
                    and self.solve_worker.is_idle())

    # == worker results ================================================================
    def _run_started_at(self, _job_id: int, token: CancelToken) -> None:
        self._token = token
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
        phase, frac = running.token.progress()
        self.progress.show()
        self.cancel_button.show()
        if self.runs_done == 0:
            self.progress.setRange(0, 0)        # busy indicator: no phases yet
            self.progress.setFormat(COMPILING)
            self.status(COMPILING)
        else:
            self.progress.setRange(0, 100)
            self.progress.setValue(int(frac * 100))
            self.progress.setFormat(f"{phase} %p%")
            self.status(f"generating: {phase or 'starting'}...")

    def _end_run(self) -> None:
        self.runs_done += 1
        if self.gen_worker.running is None:
            self.progress.hide()
            self.cancel_button.hide()

    def _generated(self, job_id: int, result: Result, seconds: float) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return          # started before a puzzle was opened: keep the puzzle
        self.result = result
        self.nl_check = None
        self._loaded_state = None
        self.last_seconds = seconds
        self.time_label.setText(f"generated in {seconds * 1000:.0f} ms")
        self.param_panel.set_error(None, None)
        self._ports_generated(result)
        self.timeline.set_trace(result.trace)
        self._fill_layer_list(result.layer_info)
        self._show_final()
        self._update_fairness()
        self.status(f"{self.generator.name}: {self._describe_run(result)}")
        self.settings.setValue("seed", result.seed)
        write_json(self.settings, f"params/{self.generator.name}", jsonable(result.params))

    def _describe_run(self, result: Result) -> str:
        w, h = result.grid.width, result.grid.height
        text = f"{w}x{h}, seed {result.seed}"
        q = result.extra.get("quality") if result.generator == "numberlink" else None
        if q:
            text += (f"; {q['paths']} paths, length {q['length_min']}..{q['length_max']}, "
                     f"{q['boring']} boring")
            if "tries" in result.extra:
                text += f"; unique after {result.extra['tries']} tries"
        return text

    def _generation_failed(self, job_id: int, exc: BaseException) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return
        if isinstance(exc, ParamError):
            self.param_panel.set_error(exc.param, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
        elif isinstance(exc, GenerationError):
            self.param_panel.set_error(None, str(exc))
            self.status(f"{exc} (showing the last good map)", error=True)
        else:
            self.status(f"the generator failed: {type(exc).__name__}: {exc} "
                        "(showing the last good map)", error=True)

    def _generation_cancelled(self, job_id: int) -> None:
        self._end_run()
        if job_id <= self._ignore_gen_upto:
            return
        self.status("generation cancelled (showing the last good map)")

    def status(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(ERROR_STYLE if error else "")

    # == what is shown =================================================================
    def _fill_layer_list(self, infos: Mapping[str, LayerInfo] | None = None) -> None:
        infos = infos or getattr(self.generator, "layer_info", {}) or {}
        names = [self.layer_list.item(i).data(Qt.ItemDataRole.UserRole)
                 for i in range(self.layer_list.count())]
        if names == list(infos):
            return
        self.layer_list.blockSignals(True)
        self.layer_list.clear()
        for name, info in infos.items():
            item = QListWidgetItem(name + ("  (debug)" if info.debug else ""))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(info.description)
            self.layer_list.addItem(item)
            if name == self.layer_name:
                self.layer_list.setCurrentItem(item)
        self.layer_list.blockSignals(False)

    def select_layer(self, name: str) -> None:
        for i in range(self.layer_list.count()):
            item = self.layer_list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                self.layer_list.setCurrentItem(item)   # announces
                return
        self.layer_name = name

    def _layer_chosen(self, item: QListWidgetItem | None, _prev=None) -> None:
        if item is None:
            return
        self.layer_name = item.data(Qt.ItemDataRole.UserRole)
        self.render_view()

    def _toggle_outline(self, on: bool) -> None:
        self.outline = on
        self.render_view()

    def _toggle_shading(self, on: bool) -> None:
        self.hill_shading = on
        self.render_view()

    def _toggle_contours(self, on: bool) -> None:
        self.contours = on
        self.render_view()

    def _show_final(self) -> None:
        r = self.result
        if r is None:
            return
        self.view_layers = r.layers
        self.view_markers = list(r.markers)
        self.view_step = r.trace.n_steps if r.trace is not None else None
        self.meaningful = (r.trace.meaningful_at(r.trace.n_steps)
                           if r.trace is not None else None)
        self.render_view()

    def _step_changed(self, step: int) -> None:
        r = self.result
        if r is None or r.trace is None:
            return
        if step >= r.trace.n_steps:
            self.state_worker.cancel()
            self._show_final()
            return
        trace = r.trace

        def job(_token: CancelToken, trace=trace, step=step):
            return (trace, step, trace.state_at(step), trace.markers_at(step),
                    trace.meaningful_at(step))

        self.state_worker.submit(job)

    def _state_ready(self, _job_id: int, value, _seconds: float) -> None:
        trace, step, layers, markers, meaningful = value
        if self.result is None or trace is not self.result.trace or step != self.timeline.step:
            return
        self.view_layers = layers
        self.view_markers = list(markers)
        self.view_step = step
        self.meaningful = meaningful
        self.render_view()

    def layer_is_meaningful(self, name: str) -> bool:
        return self.meaningful is None or name in self.meaningful

    def render_view(self) -> None:
        r = self.result
        if r is None or not self.view_layers:
            return
        if r.generator == "numberlink":
            self._render_numberlink()
            return
        if r.generator == "ports":
            self._render_ports()
            return
        layers = self.view_layers
        name = self.layer_name if self.layer_name in layers else next(iter(layers))
        w, h = r.grid.width, r.grid.height
        hexes = isinstance(r.grid, HexTorus)
        info = r.layer_info.get(name)
        meaningful = self.layer_is_meaningful(name)
        if hexes:
            if self.map_view.world != (w, h):
                self.hex_zoom = None            # a new world starts fitted
            scale: float = self.hex_zoom or display_scale(w)
            if meaningful:
                cells = render_layer(layers, info, name, r.generator)
            else:
                cells = np.empty(layers[name].shape + (4,), np.uint8)
                cells[...] = BACKGROUND
            edge = (15, 15, 18, 255) if self.outline and scale >= 10 else None
            img = rasterize(cells, w, h, scale, outline=edge)
            shown = layers
        else:
            # a large square map is shown decimated: colouring 4096 x 4096
            # cells would stall the GUI thread
            k = square_stride(w, h)
            shown = {n: a[::k, ::k] for n, a in layers.items()} if k > 1 else layers
            sh, sw = shown[name].shape
            pix = square_scale(sw, sh)
            scale = pix / k
            if meaningful:
                img = square_picture(shown, info, name, pix, r.generator,
                                     hill_shading=self.hill_shading, contours=self.contours,
                                     meaningful=self.meaningful, cell=k)
            else:
                cells = np.empty((sh, sw, 4), np.uint8)
                cells[...] = BACKGROUND
                img = rasterize_square(cells, pix)
        if meaningful:
            self.map_view.set_notice(None)
            self.legend.set_legend(legend_for(name, shown[name], info, r.generator))
        else:
            self.map_view.set_notice(f"{name}: not meaningful at this step")
            self.legend.set_legend(None)
        self.map_view.show_map(img, (w, h), scale, self.view_markers, hexes=hexes)
        self._update_inspector()

    def _redraw_for_zoom(self) -> None:
        r = self.result
        mv = self.map_view
        if (r is None or not mv.user_moved or not isinstance(r.grid, HexTorus)
                or mv.world != (r.grid.width, r.grid.height)):
            return
        wanted = zoomed_scale(r.grid.width, int(mv.scale), mv.screen_zoom())
        if wanted is not None:
            self.hex_zoom = wanted
            self.render_view()

    def shown_image(self) -> np.ndarray | None:
        """One period of the picture on screen (for tests and exports)."""
        return self.map_view.rgba

    def _hovered(self, sector: tuple[int, int] | None) -> None:
        self._hover = sector
        self._update_inspector()

    def inspect(self, x: int, y: int) -> dict[str, str]:
        """Point the inspector at sector ``(x, y)``; returns what it shows."""
        self._hovered((x, y))
        return self.inspector.as_dict()

    def _update_inspector(self) -> None:
        r = self.result
        if r is None or self._hover is None or not self.view_layers:
            self.inspector.clear()
            return
        x, y = self._hover
        if r.generator == "numberlink":
            rows = self._numberlink_rows(x, y)
        elif r.generator == "ports":
            rows = self._ports_rows(x, y)
        elif r.generator in CELL_ROWS:
            rows = CELL_ROWS[r.generator](x, y, self.view_layers, self.meaningful)
        else:
            rows = sector_rows(x, y, (r.grid.width, r.grid.height), self.view_layers,
                               r.layer_info, self.meaningful,
                               hexes=isinstance(r.grid, HexTorus))
        if r.trace is not None and self.view_step is not None:
            step = self.view_step
            rows.insert(0, ("step", f"{step} ({r.trace.phase_at(step)})"))
        self.inspector.show_rows(rows)

    def _update_fairness(self) -> None:
        r = self.result
        caps = r.extra.get("capitals") if r is not None else None
        if not caps or "own" not in r.layers:
            self.fairness_panel.show_table(None)
            return
        table = r.extra.get("fairness")
        if table is None:
            table = fairness(r.layers, caps, (r.grid.width, r.grid.height))
        self.fairness_panel.show_table(table)

    # == presets ============================================================================
    def current_preset(self, title: str = "") -> Preset:
        values = self.generator.validate(self.param_panel.values())
        return Preset(self.generator.name, values, self.param_panel.seed(), title)

    def save_preset_file(self, path: str | Path) -> None:
        save_preset(path, self.current_preset(Path(path).stem))
        self.status(f"preset saved to {path}")

    def load_preset_file(self, path: str | Path) -> None:
        try:
            preset = load_preset(path)
        except PresetError as exc:
            self.status(str(exc), error=True)
            raise
        if preset.generator != self.generator.name:
            self.set_generator(preset.generator, generate=False)
        self.param_panel.set_values(preset.params)
        if preset.seed is not None and not self.param_panel.seed_row.is_locked():
            self.param_panel.seed_row.set_seed(preset.seed)
        self.status(f"preset {preset.title or Path(path).stem} loaded")
        self.request_generation()

    def _ask_load_preset(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load preset", "", "Presets (*.toml)")
        if path:
            try:
                self.load_preset_file(path)
            except PresetError as exc:
                QMessageBox.warning(self, "Load preset", str(exc))

    def _ask_save_preset(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save preset", "preset.toml",
                                              "Presets (*.toml)")
        if path:
            self._guarded("Save preset", lambda: self.save_preset_file(path))

    # == exports ============================================================================
    def _need_result(self) -> Result:
        if self.result is None:
            raise RuntimeError("no map yet")
        return self.result

    def export_view_png(self, path: str | Path) -> None:
        exports.export_view_png(path, self.map_view.grab().toImage())
        self.status(f"view written to {path}")

    def export_map_png(self, path: str | Path, scale: int = 8) -> np.ndarray:
        r = self._need_result()
        layers = self.view_layers or r.layers
        name = self.layer_name if self.layer_name in layers else next(iter(layers))
        if r.generator == "numberlink":
            from ..formats.png import write_png

            img = self.numberlink_image(scale)
            write_png(path, img)
            self.status(f"map written to {path}")
            return img
        if r.generator == "ports":
            from ..formats.png import write_png

            img = self.ports_export_image(scale)
            write_png(path, img)
            self.status(f"map written to {path}")
            return img
        relief = self.generator.name == "tgp" and r.generator == "tgp"
        img = exports.export_map_png(path, r, layers, name, scale, self.view_markers,
                                     hill_shading=relief and self.hill_shading,
                                     contours=relief and self.contours)
        self.status(f"map written to {path}")
        return img

    def export_bundle(self, path: str | Path) -> Path:
        side = exports.export_bundle(path, self._need_result())
        self.status(f"bundle written to {path} and {side.name}")
        return side

    def export_openttd_heightmap(self, path: str | Path) -> None:
        """The finished map's tile heights as OpenTTD's 8-bit heightmap PNG."""
        exports.export_openttd_heightmap(path, self._need_result())
        r = self.result
        self.status(f"OpenTTD heightmap written to {path} ({r.grid.width}x{r.grid.height}; "
                    "play it with the counter-clockwise rotation)")

    def export_fixed_point_heightmap(self, path: str | Path) -> None:
        """The finished map's normalised heightmap as a 16-bit PNG."""
        exports.export_fixed_point_heightmap(path, self._need_result())
        self.status(f"16-bit heightmap written to {path} (16 units = one level)")

    def _ask_export_openttd_heightmap(self) -> None:
        path = self._ask_path("Export OpenTTD heightmap", "heightmap.png", "PNG images (*.png)")
        if path:
            self._guarded("Export OpenTTD heightmap",
                          lambda: self.export_openttd_heightmap(path))

    def _ask_export_fixed_point(self) -> None:
        path = self._ask_path("Export 16-bit heightmap", "heightmap16.png",
                              "PNG images (*.png)")
        if path:
            self._guarded("Export 16-bit heightmap",
                          lambda: self.export_fixed_point_heightmap(path))

    def empire_text(self, kind: str) -> str:
        from ..formats import empire

        r = self._need_result()
        fn = {"newcap": empire.newcap_script, "xdump": empire.xdump_sect,
              "text": empire.text_map}[kind]
        return fn(r)

    def export_empire(self, kind: str, path: str | Path) -> None:
        exports.export_text(path, self.empire_text(kind))
        self.status(f"{kind} written to {path}")

    def command_line(self) -> str:
        from ..cli import fairland_command_line

        r = self._need_result()
        return fairland_command_line(r.params, int(r.seed))

    def copy_command_line(self) -> None:
        try:
            line = self.command_line()
        except (RuntimeError, ImportError, KeyError) as exc:
            self.status(f"cannot make a command line: {exc}", error=True)
            return
        QGuiApplication.clipboard().setText(line)
        w, h = self.result.grid.width, self.result.grid.height
        self.status(f"copied: {line}   (econfig: WORLD_X {w}, WORLD_Y {h})")

    def _guarded(self, title: str, fn) -> None:
        try:
            fn()
        except (WriteError, OSError, RuntimeError, ValueError) as exc:
            self.status(f"{title}: {exc}", error=True)
            QMessageBox.warning(self, title, str(exc))

    def _ask_path(self, title: str, name: str, filt: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self, title, name, filt)
        return path

    def _ask_export_view(self) -> None:
        path = self._ask_path("Export view", "view.png", "PNG images (*.png)")
        if path:
            self._guarded("Export view", lambda: self.export_view_png(path))

    def _ask_export_map(self) -> None:
        r = self.result
        if r is not None and not isinstance(r.grid, HexTorus):   # a square map may be huge
            side = max(r.grid.width, r.grid.height)
            top = max(1, min(64, 16384 // side))
            scale, ok = QInputDialog.getInt(self, "Export map", "Pixels per tile:",
                                            min(top, max(1, 2048 // side)), 1, top)
        else:
            scale, ok = QInputDialog.getInt(self, "Export map", "Pixels per hex:", 8, 1, 64)
        if not ok:
            return
        path = self._ask_path("Export map", f"{self.layer_name}.png", "PNG images (*.png)")
        if path:
            self._guarded("Export map", lambda: self.export_map_png(path, scale))

    def _ask_export_bundle(self) -> None:
        path = self._ask_path("Export bundle", "map.npz", "NumPy bundles (*.npz)")
        if path:
            self._guarded("Export bundle", lambda: self.export_bundle(path))

    def _ask_export_empire(self, kind: str) -> None:
        names = {"newcap": ("newcap_script", "Scripts (*)"), "xdump": ("sect.xdump", "xdump (*)"),
                 "text": ("map.txt", "Text (*.txt)")}
        name, filt = names[kind]
        path = self._ask_path(f"Export {kind}", name, filt)
        if path:
            self._guarded(f"Export {kind}", lambda: self.export_empire(kind, path))
