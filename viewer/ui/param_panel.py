"""The parameter panel: one widget per :class:`~viewer.engine.params.Param`,
built from the declarations alone, plus the seed row.

Numbers get superqt's labelled sliders (the label is an editable field),
booleans a check box, sizes and choices a combo box (so does a whole number
with a short list of ``choices`` in its extra), a file path a field with a
Browse button, a curve the curve editor of :mod:`.curve_editor`.  Each parameter has a
line below it for its error message, so a refusal shows where the user is
looking.
"""

from __future__ import annotations

import math
import random
import zlib
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from superqt import QLabeledDoubleSlider, QLabeledSlider

from ..engine.params import Param, ParamError, parse_size
from . import folders

SEED_MAX = 2**32 - 1
SLIDER_MIN_WIDTH = 100
LABEL_MAX_WIDTH = 130
ERROR_STYLE = "color: #d33; font-size: 11px;"


def _slider_range(p: Param) -> tuple[float, float]:
    if "slider" in p.extra:
        lo, hi = p.extra["slider"]
        return lo, hi
    lo = p.minimum if p.minimum is not None else 0
    hi = p.maximum if p.maximum is not None else max(100, 2 * (p.default or 1))
    return lo, hi


class RefusedKeys(QObject):
    """On a field that only takes some characters: a key it refuses is said
    with ``say(text)`` instead of being silently swallowed."""

    def __init__(self, field: QWidget, allowed: str, say):
        super().__init__(field)
        self.allowed, self.say = allowed, say
        field.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.KeyPress:
            text = event.text()
            mods = event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                        | Qt.KeyboardModifier.AltModifier)
            if text and text.isprintable() and not mods and \
                    any(c not in self.allowed for c in text):
                self.say(text)
        return False


INT_KEYS = "0123456789+- "
FLOAT_KEYS = INT_KEYS + ".eE"


class ParamWidget(QWidget):
    """One parameter's editor and its error line."""

    changed = Signal()

    def __init__(self, param: Param, parent: QWidget | None = None):
        super().__init__(parent)
        self.param = param
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        self.editor = self._make_editor(param)
        self.editor.setToolTip(param.help)
        self.setToolTip(param.help)
        self.names: tuple[str, ...] = tuple(param.extra.get("labels", ()))
        self.value_name: QLabel | None = None
        if self.names and param.kind == "int":     # a named setting: "very smooth" ...
            row = QHBoxLayout()
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(self.editor, 1)
            # the name replaces the number ("very smooth", not 0)
            self.editor.setEdgeLabelMode(QLabeledSlider.EdgeLabelMode.NoLabel)
            self.value_name = QLabel()
            metrics = self.value_name.fontMetrics()
            self.value_name.setFixedWidth(max(metrics.horizontalAdvance(f"{n}  ")
                                              for n in self.names))
            self.value_name.setToolTip(param.help)
            row.addWidget(self.value_name)
            lay.addLayout(row)
            self.editor.valueChanged.connect(self._show_name)
            self._show_name(self.editor.value())
        else:
            lay.addWidget(self.editor)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        lay.addWidget(self.error)

    def _make_editor(self, p: Param) -> QWidget:
        if p.kind == "int" and p.extra.get("choices"):
            w = QComboBox()
            w.addItems([str(c) for c in p.extra["choices"]])
            w.setCurrentText(str(p.default))
            w.currentTextChanged.connect(self.changed)
            return w
        if p.kind == "path":
            return self._make_path_editor(p)
        if p.kind == "curve":
            from .curve_editor import CurveEditor

            x_range = p.extra.get("x_range", (0.0, 1.0))
            w = CurveEditor(p.default, x_range=x_range, y_range=p.extra.get("y_range", (0.0, 1.0)),
                            mirror=p.extra.get("mirror", x_range[0] == 0.0),
                            x_label=p.extra.get("x_label", ""), y_label=p.extra.get("y_label", ""))
            w.changed.connect(self.changed)
            return w
        if p.kind in ("int", "float"):
            slider, num = ((QLabeledSlider, int) if p.kind == "int"
                           else (QLabeledDoubleSlider, float))
            w = slider(Qt.Orientation.Horizontal)
            w._slider.setMinimumWidth(SLIDER_MIN_WIDTH)
            lo, hi = _slider_range(p)
            w.setRange(num(lo), num(hi))
            w.setValue(num(p.default))
            w.valueChanged.connect(self.changed)
            label = getattr(w, "_label", None)      # superqt's number field
            if label is not None:
                kind = "a whole number" if p.kind == "int" else "a number"
                RefusedKeys(label, INT_KEYS if p.kind == "int" else FLOAT_KEYS,
                            lambda t, kind=kind: self.set_error(
                                f"{p.label}: {kind} is expected here, not {t!r}"))
                # the Param, not the slider, says what a typed number may be
                label.editingFinished.disconnect(label._editing_finished)
                label.editingFinished.connect(self._typed)
            return w
        if p.kind == "bool":
            w = QCheckBox(p.label)
            w.setChecked(bool(p.default))
            w.toggled.connect(self.changed)
            return w
        if p.kind in ("size", "choice"):
            w = QComboBox()
            if p.kind == "size":
                w.setEditable(True)
                w.addItems(list(p.extra.get("choices", ())))
                w.setCurrentText(self._size_text(p.default))
                w.lineEdit().editingFinished.connect(self.changed)
                w.activated.connect(self.changed)
            else:
                w.addItems(list(p.choices))
                w.setCurrentText(str(p.default))
                w.currentTextChanged.connect(self.changed)
            return w
        w = QLineEdit(str(p.default))
        w.editingFinished.connect(self.changed)
        return w

    def _typed(self) -> None:
        """A number typed into a slider's field: taken when the Param takes
        it (the slider widens beyond its usual range if need be), else
        refused beside the field, showing the value kept."""
        w, p = self.editor, self.param
        label = w._label
        text = label.text().strip()
        try:
            v = p.coerce(text)
            if p.kind == "float" and not math.isfinite(v):
                raise ParamError(f"{p.label}: expected a finite number, not {text!r}", p.name)
        except ParamError as exc:
            label.setValue(w.value())
            self.set_error(f"{exc}; kept {label.text()}")
            return
        self.set_error(None)
        if v < w.minimum() or v > w.maximum():       # widen rather than clip
            lo, hi = _slider_range(p)
            w.setRange(min(type(v)(lo), v), max(type(v)(hi), v))
        w.setValue(v)
        label.setValue(w.value())
        self._show_name(w.value())

    def _make_path_editor(self, p: Param) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.path_field = QLineEdit(str(p.default))
        self.path_field.setPlaceholderText("no file chosen")
        self.path_field.editingFinished.connect(self._path_edited)
        self.browse_button = QPushButton("Browse...")
        self.browse_button.setToolTip(f"choose the {p.label.lower()}")
        self.browse_button.clicked.connect(self.browse)
        row.addWidget(self.path_field, 1)
        row.addWidget(self.browse_button)
        self._last_path = str(p.default)
        return box

    def _path_edited(self) -> None:
        if self.path_field.text() != self._last_path:
            self._last_path = self.path_field.text()
            self.changed.emit()

    def browse(self) -> None:
        """Ask for a file (the Param's extra "filter" names the kinds)."""
        start = self.path_field.text().strip()
        path = folders.open_path(self, self.param.label,
                                 self.param.extra.get("filter", "All files (*)"), start)
        if path:
            self.path_field.setText(path)
            self._last_path = path
            self.changed.emit()

    def _show_name(self, value: Any) -> None:
        if self.value_name is None:
            return
        i = int(value)
        self.value_name.setText(self.names[i] if 0 <= i < len(self.names) else "")

    def value_label(self) -> str:
        """The name of the value shown (e.g. "very smooth"), or ""."""
        return self.value_name.text() if self.value_name is not None else ""

    @staticmethod
    def _size_text(v: Any) -> str:
        try:
            a, b = parse_size(v)
        except ValueError:
            return str(v)
        return f"{a}x{b}"

    def value(self) -> Any:
        w, kind = self.editor, self.param.kind
        if kind == "int" and isinstance(w, QComboBox):
            return int(w.currentText())
        if kind == "path":
            return self.path_field.text()
        if kind == "curve":
            return w.value()
        if kind in ("int", "float"):
            return w.value()
        if kind == "bool":
            return w.isChecked()
        if kind in ("size", "choice"):
            return w.currentText()
        return w.text()

    def set_value(self, value: Any) -> None:
        """Show ``value`` without announcing a change."""
        w, kind = self.editor, self.param.kind
        if kind == "path":
            self.path_field.setText(str(value))
            self._last_path = str(value)
            return
        w.blockSignals(True)
        try:
            if kind == "int" and isinstance(w, QComboBox):
                w.setCurrentText(str(int(value)))
            elif kind == "curve":
                w.set_points(value)
            elif kind == "int":
                lo, hi = _slider_range(self.param)
                v = int(value)
                if v < w.minimum() or v > w.maximum():   # widen rather than clip
                    w.setRange(min(int(lo), v), max(int(hi), v))
                w.setValue(v)
                self._show_name(v)
            elif kind == "float":
                w.setValue(float(value))
            elif kind == "bool":
                w.setChecked(bool(value))
            elif kind == "size":
                text = self._size_text(value)
                i = w.findText(text)
                if i >= 0:
                    w.setCurrentIndex(i)        # the list highlights what is shown
                w.setCurrentText(text)
            elif kind == "choice":
                w.setCurrentText(str(value))
            else:
                w.setText(str(value))
        finally:
            w.blockSignals(False)

    def set_error(self, message: str | None) -> None:
        self.error.setText(message or "")
        self.error.setVisible(bool(message))
        self._fit_error()

    def _fit_error(self) -> None:
        # a wrapped label in a form inside a scroll area is given its
        # one-line height: ask for the height of its lines at this width
        if self.error.isHidden():
            self.error.setMinimumHeight(0)
            return
        width = self.width() if self.width() > 60 else 220
        self.error.setMinimumHeight(self.error.heightForWidth(width))
        self.updateGeometry()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_error()


SEED_TEXT_MAX = 200
"""Longest text seed the field takes."""


def seed_as_int(seed: int | str) -> int:
    """A seed for a generator with 32-bit seeds: a number is kept (modulo
    2**32); a text that is not a number becomes its CRC-32, so that every text
    seed still names one map."""
    try:
        return int(seed) & SEED_MAX
    except (TypeError, ValueError):
        return zlib.crc32(str(seed).encode("utf-8")) & SEED_MAX


class SeedRow(QWidget):
    """The seed: a field, a "new seed" button and a lock that keeps it.

    With ``text`` the seed is any text (Number Link's seeds, as in Tatham's
    collection); otherwise a whole number ``0 .. 2**32 - 1``."""

    changed = Signal()

    def __init__(self, seed: int | str = 1, parent: QWidget | None = None, text: bool = False):
        super().__init__(parent)
        self.text = text
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(1)
        lay = QHBoxLayout()
        lay.setContentsMargins(0, 0, 0, 0)
        self.field = QLineEdit()
        if text:
            self.field.setMaxLength(SEED_TEXT_MAX)
            self.field.setToolTip("the random seed: any text (as in Simon Tatham's puzzles); "
                                  "the same seed and parameters always give the same grid")
        else:
            self.field.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,10}")))
            self.field.setToolTip(f"the random seed, 0..{SEED_MAX}; the same seed and "
                                  "parameters always give the same map")
        self.field.editingFinished.connect(self._edited)
        self.new_button = QPushButton("New seed")
        self.new_button.setToolTip("pick a random seed (Ctrl+N)")
        self.new_button.clicked.connect(self.new_seed)
        self.lock = QCheckBox("Lock")
        self.lock.setToolTip("keep this seed: no new seeds, presets keep it too")
        self.lock.toggled.connect(self._locked)
        lay.addWidget(self.field, 1)
        lay.addWidget(self.new_button)
        lay.addWidget(self.lock)
        outer.addLayout(lay)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        outer.addWidget(self.error)
        if not text:
            RefusedKeys(self.field, "0123456789", lambda t: self.set_error(
                f"Seed: a whole number 0..{SEED_MAX} is expected, not {t!r}"))
        self._seed: int | str = self.coerce(seed)
        self.field.setText(str(self._seed))

    def coerce(self, seed: int | str) -> int | str:
        """``seed`` as this row holds it (a text, or a 32-bit number)."""
        if self.text:
            text = str(seed).strip()[:SEED_TEXT_MAX]
            return text or "1"
        return seed_as_int(seed)

    def seed(self) -> int | str:
        return self._seed

    def set_seed(self, seed: int | str, announce: bool = False) -> None:
        self._seed = self.coerce(seed)
        self.field.setText(str(self._seed))
        if announce:
            self.changed.emit()

    def new_seed(self) -> None:
        if not self.lock.isChecked():
            # a text seed is drawn as digits, like the collection's random seeds
            v = random.randrange(SEED_MAX + 1)
            self.set_seed(str(v) if self.text else v, announce=True)

    def is_locked(self) -> bool:
        return self.lock.isChecked()

    def set_error(self, message: str | None) -> None:
        self.error.setText(message or "")
        self.error.setVisible(bool(message))

    def _edited(self) -> None:
        text = self.field.text().strip()
        self.set_error(None)
        if not text:
            self.field.setText(str(self._seed))
            self.set_error(f"Seed: empty; kept {self._seed}")
            return
        try:
            v = text if self.text else min(int(text, 10), SEED_MAX)
        except ValueError:              # only digits can be typed; pasted text, say
            self.field.setText(str(self._seed))
            self.set_error(f"Seed: {text!r} is not a whole number; kept {self._seed}")
            return
        if v != self._seed:
            self.set_seed(v, announce=True)
        else:
            self.field.setText(str(v))

    def _locked(self, on: bool) -> None:
        self.field.setReadOnly(on)
        self.new_button.setEnabled(not on)


class ParamPanel(QWidget):
    """Every parameter of one generator, grouped as the generator groups
    them, and the seed.  ``changed`` fires on any edit by the user."""

    changed = Signal()

    def __init__(self, params: tuple[Param, ...], seed: int | str = 1,
                 parent: QWidget | None = None, text_seed: bool = False):
        super().__init__(parent)
        self.params = params
        self.widgets: dict[str, ParamWidget] = {}
        self.after_set_values: list = []   # called after set_values (e.g. to grey out)
        self.last_edited: str | None = None     # the parameter the user changed last
        self._labels: list[QLabel] = []
        self._label_of: dict[str, QLabel] = {}
        form = QFormLayout(self)
        self._form = form
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a refusal about no one field: at the top, not beside the last one (the seed)
        self.general_error = QLabel()
        self.general_error.setStyleSheet(ERROR_STYLE)
        self.general_error.setWordWrap(True)
        self.general_error.hide()
        form.addRow(self.general_error)
        groups: dict[str, list[Param]] = {}
        for p in params:                       # groups in order of first appearance
            groups.setdefault(p.group, []).append(p)
        for group, members in groups.items():
            if group:
                form.addRow(QLabel(f"<b>{group.capitalize()}</b>"))
            for p in members:
                self._add_param(form, p)
        form.addRow(QLabel("<b>Seed</b>"))
        self.seed_row = SeedRow(seed, text=text_seed)
        self.seed_row.changed.connect(self.changed)
        form.addRow(self.seed_row)
        # one label column: as wide as the longest label, up to LABEL_MAX_WIDTH
        # (longer ones wrap, and a fixed width gives them their full height)
        self._label_width = max((min(lb.fontMetrics().horizontalAdvance(lb.text()) + 4,
                                     LABEL_MAX_WIDTH) for lb in self._labels), default=0)
        for lb in self._labels:
            lb.setFixedWidth(self._label_width)
        self._value_width = 0
        for w in self.widgets.values():
            if hasattr(w.editor, "rangeChanged"):
                w.editor.rangeChanged.connect(lambda *_: self.align_values())
                w.editor.valueChanged.connect(lambda *_: self.align_values())
        self.align_values()
        owners = {p.extra["only_when"][0] for p in params if "only_when" in p.extra}
        for name in owners & set(self.widgets):
            self.widgets[name].changed.connect(self.apply_conditions)
        self.apply_conditions()

    def apply_conditions(self) -> None:
        """Disable each parameter whose ``extra["only_when"] = (name,
        values)`` does not hold (another parameter's value is not among
        ``values``, e.g. a setting one version of a game lacks); its tooltip
        says why."""
        for p in self.params:
            cond = p.extra.get("only_when")
            if not cond or cond[0] not in self.widgets or p.name not in self.widgets:
                continue
            owner = self.widgets[cond[0]]
            value = owner.value()
            on = value in cond[1]
            tip = p.help if on else (f"{owner.param.label} {value} has no such setting "
                                     f"(only {' and '.join(map(str, cond[1]))}). {p.help}")
            w = self.widgets[p.name]
            w.setEnabled(on)
            for widget in (w, w.editor, self._label_of.get(p.name)):
                if widget is not None:
                    widget.setToolTip(tip)
            if self._label_of.get(p.name) is not None:
                self._label_of[p.name].setEnabled(on)

    def needed_width(self) -> int:
        """The width at which every label and editor fits (a QFormLayout
        with wrapping labels underestimates it)."""
        labels = self._label_width
        fields = max((w.minimumSizeHint().width() for w in self.widgets.values()), default=0)
        m = self._form.contentsMargins()
        return labels + max(0, self._form.horizontalSpacing()) + fields + m.left() + m.right()

    def align_values(self) -> None:
        """One width for every slider's value (number or name), so that the
        sliders end in one column; it grows to fit a longer value, never
        shrinks (the sliders do not jump while one is dragged)."""
        boxes = []
        for w in self.widgets.values():
            box = w.value_name if w.value_name is not None else getattr(w.editor, "_label", None)
            if box is not None:
                boxes.append(box)
        if not boxes:
            return
        width = self._value_width
        for b in boxes:
            if hasattr(b, "_get_size"):
                width = max(width, b._get_size().width(),
                            b.fontMetrics().horizontalAdvance(b.text()) + 12)
            else:
                width = max(width, b.minimumWidth())
        self._value_width = width
        for b in boxes:
            if hasattr(b, "_get_size"):
                if not getattr(b, "_panel_width", False):
                    # superqt sizes its label to its own range whenever it
                    # likes; make that the panel's width
                    b._panel_width = True
                    b._update_size = lambda *_a, b=b: b.setFixedSize(self._value_width,
                                                                    b._get_size().height())
                b._update_size()
            else:
                b.setFixedWidth(width)

    def _add_param(self, form: QFormLayout, p: Param) -> None:
        w = ParamWidget(p)
        w.changed.connect(lambda name=p.name: setattr(self, "last_edited", name))
        w.changed.connect(self.changed)
        self.widgets[p.name] = w
        if p.kind == "bool":
            form.addRow(w)
        elif p.kind in ("curve", "path"):       # wide editors: below their label
            label = QLabel(p.label)
            label.setToolTip(p.help)
            form.addRow(label)
            form.addRow(w)
        else:
            label = QLabel(p.label)
            label.setWordWrap(True)         # a long label must not squeeze the editors
            label.setToolTip(p.help)
            self._labels.append(label)
            self._label_of[p.name] = label
            form.addRow(label, w)

    def values(self) -> dict[str, Any]:
        return {name: w.value() for name, w in self.widgets.items()}

    def set_values(self, values: dict[str, Any]) -> None:
        for name, v in values.items():
            if name in self.widgets:
                self.widgets[name].set_value(v)
        self.apply_conditions()
        for fn in self.after_set_values:
            fn()

    def seed(self) -> int | str:
        return self.seed_row.seed()

    def set_error(self, param: str | None, message: str | None) -> None:
        """Show ``message`` beside ``param`` (or below all when None); a None
        message clears every error."""
        for w in self.widgets.values():
            w.set_error(None)
        self.general_error.hide()
        if not message:
            return
        if param in self.widgets:
            self.widgets[param].set_error(message)
        else:
            self.general_error.setText(message)
            self.general_error.show()
        edited = self.last_edited
        if edited in self.widgets and edited != param:
            # the field just changed is where the user looks: say it there too
            where = (self.widgets[param].param.label if param in self.widgets
                     else "the top of the panel")
            self.widgets[edited].set_error(f"refused with the other values: {message} "
                                           f"(see {where})")

    def error_text(self) -> str:
        """Every error shown, for tests and the status bar."""
        texts = [w.error.text() for w in self.widgets.values() if w.error.isVisibleTo(self)]
        if self.general_error.isVisibleTo(self):
            texts.append(self.general_error.text())
        return "\n".join(texts)
