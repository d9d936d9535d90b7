"""File > Open bundle, and bundles dropped on the window: the map a bundle
holds, shown as it was saved, and whether this program makes it again.

The bundle is read (checked, see :func:`viewer.formats.bundle.open_bundle`)
and replayed (:mod:`viewer.formats.replay`: its generator run again from
the sidecar, every stored layer compared) on a worker of its own; then the
window switches to the bundle's generator, its panel takes the stored
parameters and seed, the stored layers are shown (at the stored timeline
step), and the status bar and the inspector say whether the map was
reproduced, naming the first layer that differs and its cells.  When it is
reproduced the map is the generator's own, with its timeline; when it is
not, the stored layers are drawn over what the generator knows of the map
(its markers, its detail), without a timeline, unless one of them cannot be
drawn (a layer that disagrees with the generator's detail): then the map
made again is shown, and the status says why.  A bundle that cannot be
read or replayed is refused with its one-line message; the map stays.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMessageBox

from ..engine.protocol import CancelToken, Marker, Result
from ..formats.bundle import BundleError
from ..formats.presets import PresetError
from ..formats.replay import Replay, replay_file
from ..render.picture import final_state, picture, renderer_for
from ..workbench import Workbench
from ..workbench.errors import error_text
from . import folders
from .shell import Shell
from .worker import LatestWins

BUNDLE_SUFFIXES = (".npz", ".json")
DROPPED_SUFFIXES = BUNDLE_SUFFIXES + (".toml",)


class BundleOpener(QObject):
    """Opens bundles into ``workbench``, dropped on or asked for in
    ``shell`` (see the module docstring)."""

    def __init__(self, workbench: Workbench, shell: Shell, load_preset):
        window = shell.widget
        super().__init__(window)
        self.wb, self.shell, self.w = workbench, shell, window
        self._load_preset = load_preset
        self.worker = LatestWins("bundle", window)
        self.worker.finished.connect(self._replayed)
        self.worker.failed.connect(self._failed)
        self.worker.cancelled.connect(
            lambda _id: self.shell.status("opening the bundle cancelled"))
        self.last_error = ""
        self.replay: Replay | None = None          # of the map shown, when it is a bundle's
        self.shown: Result | None = None
        self._path: Path | None = None
        self._ask = False
        self.opened = lambda path: None             # a bundle opened (File > Open recent)
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # -- opening ----------------------------------------------------------------------
    def open_bundle(self, path: str | Path, ask: bool = False) -> int:
        """Read and replay the bundle at ``path`` on the worker; returns the
        request id.  ``ask``: a refusal is also said in a dialog."""
        self._path, self._ask = Path(path), ask
        self.shell.status(f"opening {self._path.name}: making the map again...")

        def job(token: CancelToken, path=self._path):
            replay = replay_file(path, trace=True, cancel=token, progress=token.report)
            if replay.reproduced:
                return replay, replay.result, ""
            shown = stored_map(replay)
            problem = undrawable(shown, token)
            return replay, (replay.result if problem else shown), problem

        return self.worker.submit(job)

    def ask_open(self) -> None:
        path = folders.open_path(self.w, "Open bundle", "Bundles (*.npz *.json);;All files (*)")
        if path:
            self.open_bundle(path, ask=True)

    def _failed(self, _id: int, exc: BaseException) -> None:
        if isinstance(exc, BundleError):
            self.last_error = str(exc)
        else:
            self.last_error = f"{self._path}: {error_text(exc)}"
        self.shell.status(f"cannot open the bundle: {self.last_error} (showing the last map)",
                          error=True)
        if self._ask:
            QMessageBox.warning(self.w, "Open bundle", self.last_error)

    def _replayed(self, _id: int, value, _seconds: float) -> None:
        replay, shown, problem = value
        self.replay, self.shown = replay, shown
        self.wb.show(shown)         # its generator, parameters and seed with it
        self.opened(replay.bundle.path)
        step = replay.bundle.step
        if step is None or shown.trace is None:
            step = None
        else:
            self.shell.timeline.set_step(step)
        self.shell.status(f"{replay.bundle.path.name}: {replay.summary()}"
                          + (f" at step {step}" if step is not None else "")
                          + (f" ({problem}; showing the map made again)" if problem else ""),
                          error=not replay.reproduced, step=step)

    # -- what the inspector adds ------------------------------------------------------------
    def rows(self, state) -> list[tuple[str, str]]:
        """The inspector's rows about the bundle shown (none for another map)."""
        rep = self.replay
        if rep is None or state is None or state.result is not self.shown:
            return []
        rows = [("bundle", rep.bundle.path.name),
                ("replay", "reproduced" if rep.reproduced else "not reproduced"),
                ("layers identical", str(len(rep.identical)))]
        rows += [(f"differs: {d.name}", d.why or f"{d.cells} of {d.total} cells")
                 for d in rep.differences]
        if rep.markers_differ:
            rows.append(("differs: markers", str(rep.markers_differ)))
        return rows

    # -- dropped files ----------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if obj is self.w and kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if dropped_file(event) is not None:
                event.acceptProposedAction()
                return True
        elif obj is self.w and kind == QEvent.Type.Drop:
            path = dropped_file(event)
            if path is not None:
                event.acceptProposedAction()
                self.open_dropped(path)
                return True
        return False

    def open_dropped(self, path: Path) -> None:
        """A file dropped on the window: a bundle is opened, a preset loaded."""
        if path.suffix.lower() in BUNDLE_SUFFIXES:
            self.open_bundle(path)
            return
        try:
            self._load_preset(path)
        except PresetError:
            pass                                  # said in the status line

    def busy(self) -> bool:
        return not self.worker.is_idle()

    def cancel(self) -> None:
        """Stop a replay under way (Esc): the map shown stays."""
        if not self.worker.is_idle():
            self.worker.cancel()

    def shutdown(self) -> None:
        self.worker.shutdown()


def dropped_file(event) -> Path | None:
    """The local file of a drag that this window takes (a bundle or a preset)."""
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if path.suffix.lower() in DROPPED_SUFFIXES:
                return path
    return None


def undrawable(result: Result, token: CancelToken) -> str:
    """Why a layer of ``result`` cannot be drawn ("" when all can): stored
    layers that differ may not agree with what the generator's pictures
    expect of its own maps (an id, a path's number)."""
    renderer = renderer_for(result.generator)
    options = {t.key: t.default for t in renderer.toggles}
    state = final_state(result)
    for name in result.layer_info:
        token.check()
        if name not in result.layers:
            continue
        try:
            picture(state, name, options)
        except Exception as exc:  # noqa: BLE001 - any failure: that layer is not drawn
            return f"the stored {name} cannot be drawn: {error_text(exc)}"
    return ""


def stored_map(replay: Replay) -> Result:
    """The replayed result holding the bundle's own layers and markers (where
    their shapes fit the map), without a timeline: the map as it was saved."""
    now = replay.state.layers
    layers = dict(replay.result.layers)
    layers.update({name: a for name, a in replay.bundle.layers.items()
                   if name in now and a.shape == now[name].shape})
    markers = [Marker(str(m.get("kind", "")), str(m.get("label", "")), m["x"], m["y"])
               for m in replay.bundle.meta.get("markers", [])]
    return dataclasses.replace(replay.result, layers=layers, markers=markers, trace=None)
