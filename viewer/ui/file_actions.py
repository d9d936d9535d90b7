"""The File menu: presets, the pictures (view, whole map), the bundle, the
files the generator declares (:mod:`viewer.formats.exports`), and Quit.

Writing a whole-map picture runs on a worker of its own with a progress
dialog and Cancel; a picture over the pixel limit is refused before
anything is drawn, with the size it would have.  Every file is written
atomically; a failure is said in a dialog and the status line and loses
nothing.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QProgressDialog  # noqa: F401 (dialogs go through .folders)

from .. import registry
from ..declaration import Declaration
from ..engine.names import shown_name
from ..engine.protocol import CancelToken, HexTorus
from ..formats.atomic import WriteError
from ..formats.exports import Export
from ..formats.png import write_png
from ..formats.presets import Preset, PresetError, load_preset, save_preset, shipped_presets
from ..render.picture import (
    PictureTooLarge,
    check_export,
    export_scale,
    export_size,
    picture,
)
from ..workbench import Workbench
from ..workbench.errors import error_text
from . import exports, folders
from .bundle_open import BundleOpener
from .shell import Shell
from .worker import LatestWins


class FileActions:
    """The File menu of ``shell``, for the map of ``workbench``."""

    def __init__(self, workbench: Workbench, shell: Shell):
        self.wb, self.shell = workbench, shell
        window = shell.widget
        self.w = window                     # the parent of dialogs
        self.worker = LatestWins("export", window)
        self.worker.finished.connect(self._export_done)
        self.worker.failed.connect(self._export_failed)
        self.worker.cancelled.connect(self._export_cancelled)
        self.dialog: QProgressDialog | None = None
        self.last_error = ""
        self.explained: QMessageBox | None = None   # the last export explained
        self.opened = lambda kind, path: None      # a file opened (for File > Open recent)
        self.warn_export = lambda name: None       # a warning before an export, or None
        a = shell.action
        a("File", "&Load preset...", self._ask_load_preset, QKeySequence.StandardKey.Open)
        a("File", "&Save preset...", self._ask_save_preset, QKeySequence.StandardKey.Save)
        self.bundles = BundleOpener(workbench, shell, self.load_preset_file)
        self.bundles.opened = lambda path: self.opened("bundle", path)
        a("File", "Open b&undle...", self.bundles.ask_open, "Ctrl+Shift+B",
          "show a bundle's map and make it again from its sidecar: reproduced or not")
        for name in registry.names():
            e = registry.declaration(name)
            if e.opener:
                a("File", e.open_title, lambda _=False, n=name: self._ask_open(n), e.open_shortcut,
                  "show a file of this kind (switching to its generator)")
        shipped = shell.menu("File").addMenu("Shipped &presets")
        for path in shipped_presets():
            act = QAction(path.stem, window)
            act.triggered.connect(lambda _=False, p=path: self.load_preset_file(p))
            shipped.addAction(act)
        shell.menu("File").addSeparator()
        a("File", "Export &view as PNG...", self._ask_export_view, "Ctrl+E")
        a("File", "Export whole &map as PNG...", self._ask_export_map, "Ctrl+Shift+E",
          "the layer shown, the whole map, with its labels and legend")
        a("File", "Export &bundle (NPZ + JSON)...", self._ask_export_bundle, "Ctrl+B")
        self._sep = shell.menu("File").addSeparator()
        self._quit = QAction("&Quit", window)
        self._quit.setShortcut(QKeySequence.StandardKey.Quit)
        self._quit.triggered.connect(window.close)
        shell.menu("File").addAction(self._quit)
        self.quit_separator = self._sep     # (File's later items go above it: Quit last)

    # -- declared exports ----------------------------------------------------------
    def declared_exports(self, decl: Declaration) -> list[QAction]:
        """Menu actions for the files generator ``decl`` declares."""
        acts = []
        menu = self.shell.menu("File")
        for ex in decl.load("exports") or ():
            act = QAction(ex.title, self.w)
            if ex.shortcut:
                act.setShortcut(QKeySequence(ex.shortcut))
            act.setStatusTip(ex.tip)
            act.setToolTip(ex.tip)
            act.triggered.connect(lambda _=False, e=ex: self._ask_export(e))
            menu.insertAction(self._sep, act)
            acts.append(act)
        return acts

    def export(self, name: str, path: str | Path, value=None) -> str:
        """Write the declared export ``name`` of the map shown to ``path``."""
        self._need_result()
        try:
            text = self.wb.export(name, path, value)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        self.shell.status(" ".join(text.split()))    # one line, whatever the writer says
        return text

    def _ask_export(self, ex: Export) -> None:
        title = ex.title.replace("&", "").rstrip(".")
        why = self.refused(ex)
        if why:
            self.last_error = why
            self.shell.status(f"{title}: {why}", error=True)
            QMessageBox.warning(self.w, title, why)
            return
        warning = self.warn_export(ex.name)
        if warning and QMessageBox.question(
                self.w, ex.title.replace("&", "").rstrip("."), warning,
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            self.shell.status(f"not exported: {warning.split('. ')[0]}")
            return
        value = None
        if ex.ask is not None:
            value, ok = QInputDialog.getInt(self.w, ex.title.replace("&", ""), ex.ask.label,
                                            ex.ask.default, ex.ask.minimum, ex.ask.maximum)
            if not ok:
                return
        name = ex.filename
        folder = ex.start_folder() if ex.start_folder is not None else ""
        if folder and Path(folder).is_dir():
            name = str(Path(folder) / ex.filename)
        path = self._ask_path(title, name, ex.filter)
        said: list[str] = []
        if path and self.guarded(title, lambda: said.append(self.export(ex.name, path, value))):
            text = said[0] if said else ""
            if ex.explain or len(text) > self.LONG_MESSAGE or "\n" in text:
                self.explain(title, text)

    LONG_MESSAGE = 110
    """An export's message longer than this (instructions: what to choose in
    the game) is also shown in a dialog whose text can be selected and copied
    (the status bar would cut it)."""

    def refused(self, ex: Export) -> str | None:
        """Why the map shown cannot be exported as ``ex`` (None: it can)."""
        if ex.refuse is None or self.wb.result is None:
            return None
        return ex.refuse(self.wb.result)

    def explain(self, title: str, text: str) -> QMessageBox:
        """A dialog with ``text`` (selectable, so it can be copied)."""
        box = QMessageBox(QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.Ok, self.w)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                    | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        box.setObjectName("export-explained")
        box.setWindowModality(Qt.WindowModality.NonModal)
        if self.explained is not None:
            self.explained.close()
        self.explained = box
        box.show()
        return box
        return box

    # -- opening files ---------------------------------------------------------------
    def open_file(self, name: str, path: str | Path) -> bool:
        """Show file ``path`` with generator ``name`` (which declares an
        opener).  A bad file leaves the map as it was and says why."""
        shown = shown_name(Path(path).name)
        try:
            result = registry.declaration(name).load("opener")(path)
        except (ValueError, OSError, MemoryError, RecursionError) as exc:
            self.last_error = error_text(exc)
            self.shell.status(f"cannot open {shown}: {self.last_error} (showing the last map)",
                              error=True)
            return False
        try:
            g = result.grid
            self.wb.show(result)
        except Exception as exc:  # noqa: BLE001 - a file must never break the window
            self.last_error = error_text(exc)
            self.shell.status(f"cannot show {shown}: {self.last_error}", error=True)
            return False
        self.shell.status(f"opened {shown}: {g.width}x{g.height}")
        self.opened("puzzle", path)
        return True

    def _ask_open(self, name: str) -> None:
        e = registry.declaration(name)
        path = folders.open_path(self.w, e.open_title.replace("&", "").rstrip("."),
                                 "Text (*.txt);;All files (*)")
        if path and not self.open_file(name, path):
            QMessageBox.warning(self.w, "Open", self.last_error)

    # -- presets ------------------------------------------------------------------
    def current_preset(self, title: str = "") -> Preset:
        wb = self.wb
        return Preset(wb.generator.name, wb.validated(), wb.seed, title)

    def save_preset_file(self, path: str | Path) -> None:
        save_preset(path, self.current_preset(Path(path).stem))
        self.shell.status(f"preset saved to {path}")

    def load_preset_file(self, path: str | Path) -> None:
        """Load a preset (raises :class:`PresetError`, said in the status line)."""
        wb, shell = self.wb, self.shell
        try:
            preset = load_preset(path)
        except PresetError as exc:
            shell.status(str(exc), error=True)
            raise
        wb.set_generator(preset.generator)
        if wb.generator.name != preset.generator:      # (switched again meanwhile)
            shell.status(f"preset {Path(path).name} not loaded: {preset.generator} is not "
                         f"the generator shown", error=True)
            return
        with wb.changes(f"Open preset {Path(path).name}"):
            wb.set_values(preset.params)
            if preset.seed is not None and not shell.param_panel.seed_row.is_locked():
                try:
                    wb.set_seed(wb.generator.check_seed(preset.seed))
                except (TypeError, ValueError) as exc:
                    shell.status(f"{path}: the seed {preset.seed!r} is not one: {exc}",
                                 error=True)
        shell.status(f"preset {preset.title or Path(path).stem} loaded")
        self.opened("preset", path)
        wb.request()

    def _ask_load_preset(self) -> None:
        path = folders.open_path(self.w, "Load preset", "Presets (*.toml)")
        if path:
            try:
                self.load_preset_file(path)
            except PresetError as exc:
                QMessageBox.warning(self.w, "Load preset", str(exc))

    def _ask_save_preset(self) -> None:
        path = self._ask_path("Save preset", "preset.toml", "Presets (*.toml)")
        if path:
            self.guarded("Save preset", lambda: self.save_preset_file(path))

    # -- pictures and bundle -----------------------------------------------------------
    def _need_result(self):
        if self.wb.result is None:
            raise RuntimeError("no map yet")
        return self.wb.result

    def export_view_png(self, path: str | Path) -> None:
        exports.export_view_png(path, self.shell.map_view.grab().toImage())
        self.shell.status(f"view written to {path}")

    def export_bundle(self, path: str | Path) -> Path:
        self._need_result()
        side = self.wb.bundle(path)
        self.shell.status(f"bundle written to {path} and {side.name}")
        return side

    def write_map_png(self, path: str | Path, scale: int) -> np.ndarray:
        """What :meth:`export_map_png` writes, here and now; returns the pixels."""
        wb = self.wb
        self._need_result()
        return map_png(wb.state, wb.layer, wb.picture_options(), path, int(scale))

    def max_scale(self) -> int:
        """The most pixels per cell a whole-map picture may have (the picture
        pipeline's one size limit)."""
        grid = self.wb.state.result.grid
        s = 1
        while s < 256:
            try:
                check_export(grid, s + 1)
            except PictureTooLarge:
                break
            s += 1
        return s

    def export_map_png(self, path: str | Path, scale: int) -> int:
        """Draw the layer shown, the whole map at ``scale`` pixels per cell
        with its labels and legend, and write it to ``path``, on the export
        worker; returns the request id.  Too large a picture is refused here."""
        w, wb = self.w, self.wb
        state = self._need_result() and wb.state
        try:
            check_export(state.result.grid, int(scale))
        except PictureTooLarge as exc:
            raise PictureTooLarge(f"{exc}; at most {self.max_scale()} pixels per cell") from None
        width, height = export_size(state, int(scale))
        layer, options = wb.layer, wb.picture_options()

        def job(token: CancelToken, path=path, scale=int(scale)):
            img = map_png(state, layer, options, path, scale, token.check)
            return f"map written to {path} ({img.shape[1]} x {img.shape[0]})"

        self.dialog = QProgressDialog(f"Drawing {width} x {height} pixels...", "Cancel", 0, 0,
                                      w)
        self.dialog.setWindowTitle("Export map")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(300)
        self.dialog.canceled.connect(self.worker.cancel)
        return self.worker.submit(job)

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.worker.cancel)
            self.dialog.reset()
            self.dialog.deleteLater()
            self.dialog = None

    def _export_done(self, _id: int, text: str, _s: float) -> None:
        self._close_dialog()
        self.shell.status(text)

    def _export_failed(self, _id: int, exc: BaseException) -> None:
        self._close_dialog()
        self.last_error = error_text(exc)
        self.shell.status(f"Export map: {self.last_error}", error=True)
        QMessageBox.warning(self.w, "Export map", self.last_error)

    def _export_cancelled(self, _id: int) -> None:
        self._close_dialog()
        self.shell.status("export cancelled: nothing written")

    def busy(self) -> bool:
        return not self.worker.is_idle() or self.bundles.busy()

    def shutdown(self) -> None:
        self.worker.shutdown()
        self.bundles.shutdown()

    def _ask_export_view(self) -> None:
        path = self._ask_path("Export view", "view.png", "PNG images (*.png)")
        if path:
            self.guarded("Export view", lambda: self.export_view_png(path))

    def _ask_export_map(self) -> None:
        w, wb = self.w, self.wb
        if wb.state is None:
            self.shell.status("Export map: no map yet", error=True)
            return
        g = wb.state.result.grid
        top = self.max_scale()
        default = export_scale(wb.state.result.generator, g)
        unit = "hex" if isinstance(g, HexTorus) else "cell"
        scale, ok = QInputDialog.getInt(w, "Export map", f"Pixels per {unit} (at most {top}):",
                                        min(default, top), 1, top)
        if not ok:
            return
        path = self._ask_path("Export map", f"{wb.layer}.png", "PNG images (*.png)")
        if path:
            self.guarded("Export map", lambda: self.export_map_png(path, scale))

    def _ask_export_bundle(self) -> None:
        path = self._ask_path("Export bundle", "map.npz", "NumPy bundles (*.npz)")
        if path:
            self.guarded("Export bundle", lambda: self.export_bundle(path))

    def _ask_path(self, title: str, name: str, filt: str) -> str:
        path = folders.save_path(self.w, title, name, filt)
        return path

    def guarded(self, title: str, fn) -> bool:
        """Run ``fn``; a failure is said in a dialog and the status line."""
        try:
            fn()
            return True
        except (WriteError, OSError, RuntimeError, ValueError) as exc:
            self.last_error = error_text(exc)
            self.shell.status(f"{title}: {self.last_error}", error=True)
            QMessageBox.warning(self.w, title, self.last_error)
            return False


def map_png(state, layer: str, options, path, scale: int, check=lambda: None) -> np.ndarray:
    """Draw the whole map for export (labels and legend in) and write it."""
    img = picture(state, layer, options, scale, export=True).rgba
    check()
    write_png(path, img)
    return img

