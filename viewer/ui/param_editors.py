"""One editor per kind of :class:`~viewer.engine.params.Param`, registered
by kind in one table (as pyqtgraph's parametertree registers one item class
per parameter type).

Every editor has the one interface of :class:`Editor`: it makes its widget
(``widget``), shows a value without announcing it (``set_value``), reads
the value shown (``value``), greys itself out saying why
(``set_greyed``), shows instead of its value none or the one a setting
amounts to where it does not exist (``show_instead``), follows the bounds
the other values give it (``follow``), and says ``changed`` when the user edits it (and
``message`` with a refusal for the error line, None to clear it).  Its
``placement`` tells the panel where the widget goes: beside the label,
below it (wide editors), or alone (a check box carries its own label).

A new kind is one :class:`Editor` subclass and one :func:`register_editor`
line.  :func:`editor_for` makes the editor of a Param.

Numbers are a slider with a field for a typed number
(:class:`NumberSlider`, a plain Qt widget owned here: the Param, not the
slider, decides what a typed number may be, and the field's width is the
panel's to set); the slider moves in steps of ``Param.step``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QWidget,
)

from ..engine.params import ABSENT, KEPT, CurveAxes, Param, ParamError, parse_size
from . import folders
from .curve_editor import CurveEditor
from .text_width import widest
from .wheel_focus import wheel_needs_focus

__all__ = ["Editor", "EDITORS", "NumberSlider", "RefusedKeys", "editor_for", "register_editor",
           "tip_of"]

SLIDER_MIN_WIDTH = 100
INT_KEYS = "0123456789+- "
FLOAT_KEYS = INT_KEYS + ".eE"
MAX_POSITIONS = 1_000_000
"""Most positions a slider gets; a finer step is coarsened to fit."""
FIELD_PADDING = 14
"""Room in a number field beyond its text's width (frame and margins)."""
ABSENT_TEXT = "n/a"
"""What an editor shows for a setting that does not exist there."""


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


# == the number slider ==========================================================
def _decimals(step: float) -> int:
    """Decimals that show every multiple of ``step`` (0.05 -> 2)."""
    for d in range(12):
        if abs(round(step, d) - step) <= 1e-12 * max(1.0, abs(step)):
            return d
    return 12


def default_step(lo: float, hi: float, whole: bool) -> float | int:
    """A slider step for a Param without one: 1 for whole numbers, else the
    power of ten that gives about a hundred steps over the range."""
    if whole:
        return 1
    span = hi - lo
    return 10.0 ** math.floor(math.log10(span / 100)) if span > 0 else 1.0


class NumberSlider(QWidget):
    """A slider with the number it holds in a field beside it (or, with
    ``names``, the name of the number: "very smooth" for 0).

    The value is held exactly (a typed 0.37 stays 0.37 on a slider of step
    0.5); the slider shows the nearest step and moving it sets the value to
    a multiple of ``step`` from the minimum.  ``setValue`` keeps within the
    range, as a QSlider does.  ``edited(text)`` says a number was typed into
    the field (Return, or leaving it); what to make of it is the owner's.
    """

    valueChanged = Signal(object)       # noqa: N815 - Qt's spelling on the Qt surface
    rangeChanged = Signal(object, object)  # noqa: N815
    edited = Signal(str)

    def __init__(self, whole: bool, step: float | int | None = None,
                 names: tuple[str, ...] = (), parent: QWidget | None = None):
        super().__init__(parent)
        self.whole = whole
        self.names = tuple(names)
        self._step_asked = step
        self._lo: float | int = 0
        self._hi: float | int = 100
        self._step: float | int = 1
        self._value: float | int = 0
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.slider = wheel_needs_focus(QSlider(Qt.Orientation.Horizontal))
        self.slider.setMinimumWidth(SLIDER_MIN_WIDTH)
        self.slider.valueChanged.connect(self._slid)
        self.field = QLineEdit()
        self.field.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.field.editingFinished.connect(lambda: self.edited.emit(self.field.text()))
        self.name_label = QLabel()
        self.absent_label = QLabel(ABSENT_TEXT)     # in the slider's place: no value here
        self.absent_label.hide()
        lay.addWidget(self.absent_label, 1)
        lay.addWidget(self.slider, 1)
        lay.addWidget(self.field)
        lay.addWidget(self.name_label)
        self.field.setVisible(not self.names)
        self.name_label.setVisible(bool(self.names))
        self.setRange(0, 100)

    # -- QSlider's surface -------------------------------------------------------
    def value(self) -> float | int:
        return self._value

    def minimum(self) -> float | int:
        return self._lo

    def maximum(self) -> float | int:
        return self._hi

    def singleStep(self) -> float | int:  # noqa: N802 - Qt's name
        return self._step

    def setRange(self, lo: float, hi: float) -> None:  # noqa: N802 - Qt's name
        num = int if self.whole else float
        lo, hi = num(lo), num(max(lo, hi))
        step = self._step_asked or default_step(lo, hi, self.whole)
        if (hi - lo) / step > MAX_POSITIONS:
            step = (hi - lo) / MAX_POSITIONS
            step = max(1, math.ceil(step)) if self.whole else step
        self._lo, self._hi, self._step = lo, hi, num(step)
        self.slider.blockSignals(True)
        self.slider.setRange(0, math.ceil((hi - lo) / self._step - 1e-9))
        self.slider.setPageStep(max(1, self.slider.maximum() // 10))
        self.slider.blockSignals(False)
        value = min(max(self._value, lo), hi)
        changed = value != self._value
        self._value = num(value)
        self._show()
        self.rangeChanged.emit(lo, hi)
        if changed:
            self.valueChanged.emit(self._value)

    def setValue(self, value: float) -> None:  # noqa: N802 - Qt's name
        num = int if self.whole else float
        if not math.isfinite(value):
            return
        value = num(min(max(value, self._lo), self._hi))
        if value != self._value:
            self._value = value
            self._show()
            self.valueChanged.emit(value)

    # -- the field ---------------------------------------------------------------
    def text(self) -> str:
        """The value as the field shows it."""
        return self._format(self._value)

    def _format(self, v: float | int) -> str:
        """``v`` with the decimals of the step (more if it has more)."""
        if self.whole:
            return str(int(v))
        text = f"{v:.{max(1, _decimals(float(self._step)))}f}"
        return text if float(text) == v else f"{v:.12g}"

    def shown_name(self) -> str:
        """The name of the value shown, or "" (no names, or none for it)."""
        i = int(self._value)
        return self.names[i] if self.names and 0 <= i < len(self.names) else ""

    def value_box(self) -> QWidget:
        """The widget beside the slider: the number field or the name."""
        return self.name_label if self.names else self.field

    def value_width(self) -> int:
        """The width the value box needs for every value it may show."""
        if self.names:
            return widest(self.name_label.font(), (f"{n}  " for n in self.names))
        texts = map(self._format, (self._value, self._lo, self._hi))
        return widest(self.field.font(), texts) + FIELD_PADDING

    def set_value_width(self, width: int) -> None:
        box = self.value_box()
        if box.minimumWidth() != width or box.maximumWidth() != width:
            box.setFixedWidth(width)

    def show_value(self) -> None:
        """Show the value again (after a refused typed one)."""
        self._show()

    def _show(self) -> None:
        self.field.setText(self.text())
        self.name_label.setText(self.shown_name())
        pos = round((self._value - self._lo) / self._step) if self._step else 0
        self.slider.blockSignals(True)
        self.slider.setValue(int(min(max(pos, 0), self.slider.maximum())))
        self.slider.blockSignals(False)

    def _slid(self, pos: int) -> None:
        value = min(self._lo + pos * self._step, self._hi)
        if not self.whole:
            value = round(value, _decimals(float(self._step)))
        self.setValue(value)


def tip_of(p: Param, why: str | None = None) -> str:
    """A Param's tooltip: ``why`` it is greyed out (if it is), and its help."""
    return " ".join(t for t in (why, p.help) if t)


def _slider_range(p: Param) -> tuple[float, float]:
    if p.slider is not None:
        lo, hi = p.slider
        return lo, hi
    lo = p.minimum if p.minimum is not None else 0
    hi = p.maximum if p.maximum is not None else max(100, 2 * (p.default or 1))
    return lo, hi


# == the interface ==============================================================
class Editor(QObject):
    """The editor of one Param; see the module docstring.  Subclasses make
    the widget and read and show values; the rest has a default."""

    changed = Signal()
    message = Signal(object)    # a refusal to show below the editor, or None
    widthChanged = Signal()      # noqa: N815 - the value box wants another width

    placement = "beside"
    """Where the panel puts the widget: "beside" its label, "below" it, or
    "alone" (the widget carries its own label)."""

    def __init__(self, param: Param, parent: QObject | None = None):
        super().__init__(parent)
        self.param = param
        self.widget = self.make_widget()
        self.widget.setToolTip(tip_of(param))

    @classmethod
    def for_param(cls, param: Param) -> Editor:
        """The editor for ``param`` (a kind's class may pick a variant)."""
        return cls(param)

    def make_widget(self) -> QWidget:
        raise NotImplementedError

    def pieces(self) -> Iterator[None]:
        """The widget's parts still to make, one a step (a widget too slow
        to make in one turn of the event loop makes the rest here)."""
        return iter(())

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        """Show ``value`` without announcing a change."""
        raise NotImplementedError

    @contextmanager
    def silent(self) -> Iterator[None]:
        """Within: the widget announces nothing (a value set, not edited)."""
        blocked = self.widget.blockSignals(True)
        try:
            yield
        finally:
            self.widget.blockSignals(blocked)

    def set_greyed(self, why: str | None) -> None:
        """Grey the editor out, its tooltip saying ``why`` (None: usable)."""
        self.widget.setEnabled(why is None)
        self.widget.setToolTip(tip_of(self.param, why))

    def shown_name(self) -> str:
        """The name of the value shown (e.g. "very smooth"), or ""."""
        return ""

    def show_instead(self, shows: Any) -> None:
        """While greyed out: show ``shows`` instead of the value (a value
        the setting amounts to there, or :data:`ABSENT`: none);
        :data:`KEPT` ends it (the owner shows the value again)."""
        if shows is ABSENT:
            self.show_absent(True)
        elif shows is KEPT:
            self.show_absent(False)
        else:
            self.show_absent(False)
            self.set_value(shows)

    def show_absent(self, on: bool) -> None:
        """Show no value (``on``), or the value again; by default the editor
        keeps showing it, greyed."""

    def follow(self, values: dict[str, Any], params: dict[str, Param] | None = None) -> None:
        """The other parameters' ``values`` changed: keep to the bounds they
        give (:meth:`Param.bounds`); nothing by default."""

    def value_width(self) -> int:
        """The width its value box needs (0: no value box to align)."""
        return 0

    def set_value_width(self, width: int) -> None:
        """Give the value box ``width`` (the panel aligns them)."""


EDITORS: dict[str, type[Editor]] = {}
"""The editor class of each Param kind."""


def register_editor(kind: str, cls: type[Editor], *, replace: bool = False) -> None:
    """The editor class of Param kind ``kind``.  A kind that has one already
    is refused (ValueError) unless ``replace`` is asked for, as the
    generator registry refuses a second generator of one name."""
    if kind in EDITORS and not replace:
        raise ValueError(f"the Param kind {kind!r} has an editor already "
                         f"({EDITORS[kind].__name__}; register_editor(..., replace=True) "
                         f"replaces it)")
    EDITORS[kind] = cls


def editor_for(param: Param) -> Editor:
    """A new editor for ``param``, of the class registered for its kind."""
    try:
        cls = EDITORS[param.kind]
    except KeyError:
        raise ValueError(f"no editor for the Param kind {param.kind!r}") from None
    return cls.for_param(param)


# == the kinds ==================================================================
class NumberEditor(Editor):
    """A whole number or a number: a :class:`NumberSlider`.  A typed number
    is taken when the Param takes it (the slider widens beyond its usual
    range if need be), else refused, the field showing the value kept."""

    whole = True

    def make_widget(self) -> NumberSlider:
        p = self.param
        names = tuple(p.labels) if self.whole else ()
        w = NumberSlider(self.whole, p.step, names)
        lo, hi = _slider_range(p)
        w.setRange(min(lo, p.default), max(hi, p.default))
        w.setValue(p.default)
        w.valueChanged.connect(self.changed)
        w.valueChanged.connect(self.widthChanged)
        w.rangeChanged.connect(self.widthChanged)
        w.edited.connect(self._typed)
        self._said = False          # whether the message below is this field's own
        self._range = (min(lo, p.default), max(hi, p.default))  # the slider's usual range
        self._context: tuple[dict[str, Any] | None, dict[str, Param] | None] = (None, None)
        what = "a whole number" if self.whole else "a number"
        RefusedKeys(w.field, INT_KEYS if self.whole else FLOAT_KEYS,
                    lambda t: self._say(f"{p.label}: {what} is expected here, not {t!r}"))
        return w

    def _say(self, text: str | None) -> None:
        self._said = text is not None
        self.message.emit(text)

    def value(self) -> float | int:
        return self.widget.value()

    def set_value(self, value: Any) -> None:
        value = int(value) if self.whole else float(value)
        with self.silent():
            self._widen_to(value)
            self.widget.setValue(value)
        self.widthChanged.emit()

    def _widen_to(self, v: float | int) -> None:
        """Widen the slider to hold ``v`` rather than clip it."""
        w = self.widget
        if v < w.minimum() or v > w.maximum():
            lo, hi = self._range
            w.setRange(min(lo, v), max(hi, v))

    def follow(self, values: dict[str, Any], params: dict[str, Param] | None = None) -> None:
        p = self.param
        self._context = (dict(values), params)
        lo, hi = _slider_range(p)
        low, high = p.bounds(values)
        lo = lo if low is None else max(lo, low)
        hi = hi if high is None else min(hi, high)
        if (lo, hi) == self._range:
            return
        self._range = (lo, hi)
        v = self.widget.value()
        with self.silent():
            self.widget.setRange(min(lo, v), max(hi, v))    # a value held beyond stays
        self.widthChanged.emit()

    def show_absent(self, on: bool) -> None:
        w = self.widget
        w.slider.setVisible(not on)
        w.absent_label.setVisible(on)
        w.value_box().setVisible(not on)

    def _typed(self, text: str) -> None:
        w, p = self.widget, self.param
        try:
            v = p.coerce(text.strip(), *self._context)
        except ParamError as exc:
            w.show_value()
            self._say(f"{exc}; kept {w.text()}")
            return
        if self._said:
            # clear only what this field said: leaving the field must not
            # wipe the panel's refusal shown beside it
            self._say(None)
        self._widen_to(v)
        w.setValue(v)
        w.show_value()

    def shown_name(self) -> str:
        return self.widget.shown_name()

    def value_width(self) -> int:
        return self.widget.value_width()

    def set_value_width(self, width: int) -> None:
        self.widget.set_value_width(width)


class FloatEditor(NumberEditor):
    whole = False


class IntEditor(NumberEditor):
    """A whole number; one with a short list of ``suggestions`` gets a
    :class:`NumberChoiceEditor` instead."""

    whole = True

    @classmethod
    def for_param(cls, param: Param) -> Editor:
        if param.suggestions:
            return NumberChoiceEditor(param)
        return cls(param)


class BoolEditor(Editor):
    """A check box, with the Param's label on it."""

    placement = "alone"

    def make_widget(self) -> QCheckBox:
        w = QCheckBox(self.param.label)
        w.setChecked(bool(self.param.default))
        w.toggled.connect(self.changed)
        return w

    def value(self) -> bool:
        return self.widget.isChecked()

    def set_value(self, value: Any) -> None:
        with self.silent():
            self.widget.setChecked(bool(value))

    def show_absent(self, on: bool) -> None:
        w = self.widget
        with self.silent():
            w.setTristate(on)       # neither on nor off
            if on:
                w.setCheckState(Qt.CheckState.PartiallyChecked)
        w.setText(f"{self.param.label}: {ABSENT_TEXT}" if on else self.param.label)


class ChoiceEditor(Editor):
    """One of the Param's ``choices``: a combo box, showing the choices'
    ``labels`` where the Param has them (its value stays the choice)."""

    def options(self) -> list[str]:
        return [self.param.said(c) for c in self.param.choices]

    def text_of(self, value: Any) -> str:
        return self.param.said(value) if value in self.param.choices else str(value)

    def make_widget(self) -> QComboBox:
        w = wheel_needs_focus(QComboBox())
        w.addItems(self.options())
        for i, choice in enumerate(self.options()):
            if choice in self.param.not_yet:      # offered, greyed: not made yet
                item = w.model().item(i)
                item.setEnabled(False)
                item.setToolTip("not yet")
        w.setCurrentText(self.text_of(self.param.default))
        w.currentTextChanged.connect(self.changed)
        return w

    def value(self) -> Any:
        i, choices = self.widget.currentIndex(), self.param.choices
        if self.param.labels and 0 <= i < len(choices):
            return choices[i]
        return self.widget.currentText()

    def set_value(self, value: Any) -> None:
        with self.silent():
            self.widget.setCurrentText(self.text_of(value))

    def show_absent(self, on: bool) -> None:
        w = self.widget
        with self.silent():   # (Qt picks the first choice when the placeholder goes: no change)
            w.setPlaceholderText(ABSENT_TEXT if on else "")
            if on:
                w.setCurrentIndex(-1)       # no choice shown: the placeholder


class NumberChoiceEditor(ChoiceEditor):
    """A whole number out of a few (its ``suggestions``): a combo box."""

    def options(self) -> list[str]:
        return [str(c) for c in self.param.suggestions]

    def text_of(self, value: Any) -> str:
        return str(int(value))

    def value(self) -> int:
        return int(self.widget.currentText())


class SizeEditor(Editor):
    """A map size ``WxH``: an editable combo box offering
    ``suggestions``; the text is the value (the generator's validation
    judges it)."""

    def make_widget(self) -> QComboBox:
        w = wheel_needs_focus(QComboBox())
        w.setEditable(True)
        w.addItems([str(c) for c in self.param.suggestions])
        w.setCurrentText(self._text(self.param.default))
        w.lineEdit().editingFinished.connect(self.changed)
        w.activated.connect(self.changed)
        return w

    @staticmethod
    def _text(v: Any) -> str:
        try:
            a, b = parse_size(v)
        except ValueError:
            return str(v)
        return f"{a}x{b}"

    def value(self) -> str:
        return self.widget.currentText()

    def set_value(self, value: Any) -> None:
        w, text = self.widget, self._text(value)
        with self.silent():
            i = w.findText(text)
            if i >= 0:
                w.setCurrentIndex(i)        # the list highlights what is shown
            w.setCurrentText(text)


class TextEditor(Editor):
    """A line of text."""

    def make_widget(self) -> QLineEdit:
        w = QLineEdit(str(self.param.default))
        w.editingFinished.connect(self.changed)
        return w

    def value(self) -> str:
        return self.widget.text()

    def set_value(self, value: Any) -> None:
        with self.silent():
            self.widget.setText(str(value))


class PathField(QWidget):
    """A file's path: a field and a Browse button."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.field = QLineEdit()
        self.field.setPlaceholderText("no file chosen")
        self.browse_button = QPushButton("Browse...")
        row.addWidget(self.field, 1)
        row.addWidget(self.browse_button)


class PathEditor(Editor):
    """A file to read: typed, or chosen with Browse (the Param's
    ``file_filter`` names the kinds of file); ``changed`` only when the
    path differs from the one before."""

    placement = "below"

    def make_widget(self) -> PathField:
        p = self.param
        w = PathField()
        w.field.setText(str(p.default))
        w.field.editingFinished.connect(self._edited)
        w.browse_button.setToolTip(f"choose the {p.label.lower()}")
        w.browse_button.clicked.connect(self.browse)
        self._last = str(p.default)
        return w

    def _edited(self) -> None:
        if self.widget.field.text() != self._last:
            self._last = self.widget.field.text()
            self.changed.emit()

    def browse(self) -> None:
        start = self.widget.field.text().strip()
        path = folders.open_path(self.widget, self.param.label,
                                 self.param.file_filter or "All files (*)", start)
        if path:
            self.set_value(path)
            self.changed.emit()

    def value(self) -> str:
        return self.widget.field.text()

    def set_value(self, value: Any) -> None:
        self.widget.field.setText(str(value))
        self._last = str(value)


class CurvePointsEditor(Editor):
    """Control points: the :class:`~viewer.ui.curve_editor.CurveEditor`
    (``extra`` x_range, y_range, mirror, x_label, y_label)."""

    placement = "below"

    def make_widget(self) -> CurveEditor:
        p = self.param
        axes = p.curve_axes or CurveAxes()
        w = CurveEditor(p.default, x_range=axes.x_range, y_range=axes.y_range,
                        mirror=axes.x_range[0] == 0.0 if axes.mirror is None else axes.mirror,
                        x_label=axes.x_label, y_label=axes.y_label, whole=False)
        w.changed.connect(self.changed)
        return w

    def pieces(self) -> Iterator[None]:
        return self.widget.pieces()

    def value(self) -> tuple[tuple[float, float], ...]:
        return self.widget.value()

    def set_value(self, value: Any) -> None:
        self.widget.set_points(value)


register_editor("int", IntEditor)
register_editor("float", FloatEditor)
register_editor("bool", BoolEditor)
register_editor("choice", ChoiceEditor)
register_editor("size", SizeEditor)
register_editor("text", TextEditor)
register_editor("path", PathEditor)
register_editor("curve", CurvePointsEditor)
