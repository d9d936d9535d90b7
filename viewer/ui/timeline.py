"""The timeline dock: scrub through every step of a generation's trace.

A slider over steps ``0 .. n_steps``, first / previous / next / last and
play, a phase chooser that jumps to a phase's first step, and a line saying
what the current step did.  ``stepChanged`` tells the window which state to
show; the last step is the finished map.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..engine.protocol import Trace
from .elided import ElidedLabel

SP = QStyle.StandardPixmap
PLAY_INTERVAL_MS = 40
PLAY_TICKS = 300          # a whole run plays in about PLAY_TICKS frames

SHORTCUTS = {
    "first": "Ctrl+Home",
    "prev": "Ctrl+Left",
    "next": "Ctrl+Right",
    "last": "Ctrl+End",
    "prev_phase": "Ctrl+Up",
    "next_phase": "Ctrl+Down",
    "play": "Ctrl+P",
}


class TimelineDock(QDockWidget):
    stepChanged = Signal(int)

    _pending = False

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Timeline", parent)
        self.setObjectName("timeline")
        self.trace: Trace | None = None
        self._phases: list[tuple[str, int]] = []
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 2, 4, 2)
        row = QHBoxLayout()
        self.buttons: dict[str, QToolButton] = {}
        icons = {"first": SP.SP_MediaSkipBackward, "prev": SP.SP_MediaSeekBackward,
                 "play": SP.SP_MediaPlay, "next": SP.SP_MediaSeekForward,
                 "last": SP.SP_MediaSkipForward}
        for key, text, tip, slot in (
            ("first", "first", "first step", self.first),
            ("prev", "prev", "previous step", self.prev),
            ("play", "play", "play / pause", self.toggle_play),
            ("next", "next", "next step", self.next),
            ("last", "last", "last step: the finished map", self.last),
        ):
            b = QToolButton()
            b.setText(text)
            b.setIcon(self.style().standardIcon(icons[key]))
            b.setToolTip(f"{tip} ({SHORTCUTS[key]})")
            b.clicked.connect(slot)
            self.buttons[key] = b
            row.addWidget(b)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(self._slider_moved)
        row.addWidget(self.slider, 1)
        self.spin = QSpinBox()
        self.spin.setRange(0, 0)
        self.spin.setToolTip("step number")
        self.spin.valueChanged.connect(self.set_step)
        row.addWidget(self.spin)
        self.phase_box = QComboBox()
        self.phase_box.setToolTip(f"jump to a phase ({SHORTCUTS['prev_phase']} / "
                                  f"{SHORTCUTS['next_phase']})")
        # as wide as the longest phase shown so far: a new map's phases (and
        # a switch's) lay the window out again only when a longer one comes
        self.phase_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.phase_box.activated.connect(self._phase_chosen)
        row.addWidget(self.phase_box)
        lay.addLayout(row)
        self.caption = ElidedLabel("no trace yet")     # (a new text lays out nothing)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.caption)
        # compact: as tall as its two lines, never a tall empty strip
        body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        body.setMaximumHeight(body.sizeHint().height())
        self.setWidget(body)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.shortcuts: list[QShortcut] = []
        actions = {"first": self.first, "prev": self.prev, "next": self.next, "last": self.last,
                   "prev_phase": self.prev_phase, "next_phase": self.next_phase,
                   "play": self.toggle_play}
        for key, fn in actions.items():
            sc = QShortcut(QKeySequence(SHORTCUTS[key]), parent or self)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(fn)
            self.shortcuts.append(sc)

    # -- content ---------------------------------------------------------------
    def set_trace(self, trace: Trace | None) -> None:
        """Show ``trace``, positioned on its last step, without announcing."""
        self.pause()
        self.trace = trace
        self._pending = False
        n = trace.n_steps if trace is not None else 0
        self._phases = trace.phases() if trace is not None else []
        for w in (self.slider, self.spin, self.phase_box):
            w.blockSignals(True)
        self.slider.setRange(0, n)
        self.slider.setValue(n)
        if trace is not None and self.spin.maximum() != n:
            self.spin.setRange(0, n)        # (its width follows: the window is laid out)
        self.spin.setValue(n)               # (no trace: 0, greyed, its width kept)
        self.phase_box.clear()
        names = ["start"] + [f"{name} @ {first}" for name, first in self._phases]
        self.phase_box.addItems(names)
        self._fit_phases(names)
        for w in (self.slider, self.spin, self.phase_box):
            w.blockSignals(False)
        self._update_caption(n)
        self.setEnabled(trace is not None)

    def _fit_phases(self, names: list[str]) -> None:
        """The phase box as wide as the longest of ``names`` whole, unless
        it is already (it never narrows)."""
        box = self.phase_box
        fm = box.fontMetrics()
        chars = -(-max(fm.horizontalAdvance(t) for t in names) // fm.horizontalAdvance("x"))
        if chars > box.minimumContentsLength():
            box.setMinimumContentsLength(chars)

    @property
    def step(self) -> int:
        return self.slider.value()

    @property
    def n_steps(self) -> int:
        return self.trace.n_steps if self.trace is not None else 0

    def at_end(self) -> bool:
        return self.step >= self.n_steps

    def phases(self) -> list[tuple[str, int]]:
        return list(self._phases)

    # -- navigation ------------------------------------------------------------
    def set_step(self, step: int) -> None:
        step = max(0, min(int(step), self.n_steps))
        if step != self.slider.value():
            self.slider.setValue(step)      # announces through _slider_moved

    @property
    def pending(self) -> bool:
        """The caption says the chosen step's picture is on its way."""
        return self._pending

    def show_step(self, step: int) -> None:
        """Stand at ``step`` without announcing it (the step shown was
        chosen elsewhere, e.g. by a script on the Workbench, or its picture
        came)."""
        self._pending = False
        step = max(0, min(int(step), self.n_steps))
        for w in (self.slider, self.spin):
            w.blockSignals(True)
            w.setValue(step)
            w.blockSignals(False)
        self._update_caption(step)

    def first(self) -> None:
        self.set_step(0)

    def last(self) -> None:
        self.set_step(self.n_steps)

    def prev(self) -> None:
        self.set_step(self.step - 1)

    def next(self) -> None:
        self.set_step(self.step + 1)

    def next_phase(self) -> None:
        later = [s for _, s in self._phases if s > self.step]
        self.set_step(later[0] if later else self.n_steps)

    def prev_phase(self) -> None:
        earlier = [s for _, s in self._phases if s < self.step]
        self.set_step(earlier[-1] if earlier else 0)

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.pause()
        else:
            if self.at_end():
                self.set_step(0)
            self.timer.start()
            self._set_play_icon(True)

    def pause(self) -> None:
        self.timer.stop()
        self._set_play_icon(False)

    def _set_play_icon(self, playing: bool) -> None:
        b = self.buttons["play"]
        if b.text() == ("pause" if playing else "play"):
            return                  # (as it is: every new map pauses the timeline)
        b.setText("pause" if playing else "play")
        b.setIcon(self.style().standardIcon(SP.SP_MediaPause if playing else SP.SP_MediaPlay))

    def _tick(self) -> None:
        if self.at_end():
            self.pause()
            return
        self.set_step(self.step + max(1, self.n_steps // PLAY_TICKS))

    def _phase_chosen(self, index: int) -> None:
        self.set_step(0 if index == 0 else self._phases[index - 1][1])

    def _slider_moved(self, step: int) -> None:
        self.spin.blockSignals(True)
        self.spin.setValue(step)
        self.spin.blockSignals(False)
        self._pending = False
        self.stepChanged.emit(step)
        if not self._pending:       # (else the caption says the picture is on its way)
            self._update_caption(step)

    def show_pending(self, step: int, shown: str) -> None:
        """``step`` is chosen but its picture is not there yet: the caption
        says so (``shown``: what the map still shows) rather than describe
        a picture not shown; :meth:`show_step` describes it when it comes."""
        self._pending = True
        phase = self.trace.phase_at(step) if self.trace is not None else ""
        self.caption.setText(f"step {step} / {self.n_steps} · {phase} · its picture is on "
                             f"its way (the map still shows {shown})")

    def _update_caption(self, step: int) -> None:
        if self.trace is None:
            self.caption.setText("no trace yet")
            return
        phase = self.trace.phase_at(step)
        idx = next((i + 1 for i, (name, _) in enumerate(self._phases) if name == phase), 0)
        self.phase_box.blockSignals(True)
        self.phase_box.setCurrentIndex(idx)
        self.phase_box.blockSignals(False)
        what = "finished map" if step >= self.n_steps else self.trace.describe(step)
        self.caption.setText(f"step {step} / {self.n_steps} · {phase} · {what}")


def _editing_keys() -> frozenset[str]:
    """The keys a text field keeps for itself whatever the menus say."""
    K = QKeySequence.StandardKey
    keys = set()
    for std in (K.Copy, K.Cut, K.Paste, K.Undo, K.Redo, K.SelectAll, K.Delete,
                K.Backspace):
        keys.update(k.toString() for k in QKeySequence.keyBindings(std))
    return frozenset(keys)


class TimelineKeys(QObject):
    """An event filter on the focused widget of ``window``: the window's
    shortcuts (the timeline's, and every menu action's that ``shortcuts()``
    names) work while a field has focus.  Without it a spin box or line
    edit takes Ctrl+Left/Right/Home/End itself, and on X11 a line edit takes
    Ctrl+U (erase to the start) and Ctrl+K (erase to the end) instead of the
    menu items; only copy, cut, paste, undo, redo and select all stay the
    field's.

    It follows the focus (the shortcut's override is asked of the focused
    widget) rather than filtering the application's events: a filter on the
    application is Python called for every event of every widget, and each
    call waits for Python's lock while a worker thread holds it, which
    stalled the window by tens of milliseconds during a long generation."""

    def __init__(self, window: QWidget, shortcuts=lambda: ()):
        super().__init__(window)
        self.window = window
        self.shortcuts = shortcuts
        self._editing = _editing_keys()
        self._watched: QWidget | None = None
        app = QApplication.instance()
        app.focusChanged.connect(self._focus_changed)
        self._following = True
        self._focus_changed(None, app.focusWidget())

    def stop(self) -> None:
        """Follow the focus no more (the window is closing)."""
        if self._following:
            self._following = False
            QApplication.instance().focusChanged.disconnect(self._focus_changed)
        self._focus_changed(None, None)

    def _focus_changed(self, _old, new) -> None:
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:            # (deleted with its panel)
                pass
            self._watched = None
        if isinstance(new, QWidget) and new.window() is self.window:
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(obj, QWidget) \
                and obj.window() is self.window:
            key = QKeySequence(event.keyCombination()).toString()
            if key in SHORTCUTS.values() or (key not in self._editing
                                             and key in self.shortcuts()):
                event.ignore()
                return True
        return False
