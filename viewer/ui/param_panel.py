"""The parameter panel: one editor per :class:`~viewer.engine.params.Param`,
built from the declarations alone, plus the seed row.

Each Param gets the editor registered for its kind in
:mod:`.param_editors` (a slider with a number field, a check box, a combo
box, a path with Browse, the curve editor, ...), and a line below it for its
error message, so a refusal shows where the user is looking.

The data flows one way: an edit is reported, ``paramChanged(name, value)``
or ``seedChanged(seed)`` (then ``changed()``), and the window gives it to
the Workbench, which applies it; the panel shows values only when it is
told to (:meth:`ParamPanel.show_values`, from the Workbench's
``values_changed`` event), and never announces what it is told.  "New
seed" asks (``newSeedAsked``); the Workbench's rule draws the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import time
import zlib
from typing import Any

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..declaration import Declaration
from ..engine.params import KEPT, BoundsWhen, Param, same_value, why_greyed
from .param_editors import Editor, RefusedKeys, editor_for, tip_of

SEED_MAX = 2**32 - 1
LABEL_MAX_WIDTH = 130
ALIGNED_A_STEP = 8
"""Value boxes given the panel's value width in one step of its build."""
ERROR_STYLE = "color: #d33; font-size: 11px;"


def _bounds_whens(p: Param) -> tuple[BoundsWhen, ...]:
    cond = p.bounds_when
    if cond is None:
        return ()
    return (cond,) if isinstance(cond, BoundsWhen) else tuple(cond)


class ParamWidget(QWidget):
    """One parameter's editor and its error line.  ``editor`` is the
    editor's widget, ``kind_editor`` the :class:`~.param_editors.Editor`."""

    changed = Signal()

    def __init__(self, param: Param, parent: QWidget | None = None):
        super().__init__(parent)
        self.param = param
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        self.kind_editor: Editor = editor_for(param)
        self.kind_editor.setParent(self)
        self.kind_editor.changed.connect(self.changed)
        self.kind_editor.message.connect(self.set_error)
        self.editor = self.kind_editor.widget
        self._held: tuple[Any] | None = None   # (value,) while the editor shows another
        self._greyed_as: tuple[str | None, Any] = (None, KEPT)   # (why, shows) last set
        self.setToolTip(tip_of(param))
        lay.addWidget(self.editor)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        lay.addWidget(self.error)

    # a path's field and button, as the window and its tests reach them
    @property
    def path_field(self) -> QLineEdit:
        return self.editor.field

    @property
    def browse_button(self) -> QPushButton:
        return self.editor.browse_button

    def browse(self) -> None:
        """Ask for a file (a path Param's extra "filter" names the kinds)."""
        self.kind_editor.browse()

    def value_label(self) -> str:
        """The name of the value shown (e.g. "very smooth"), or ""."""
        return self.kind_editor.shown_name()

    def value(self) -> Any:
        """The value held (while greyed out showing another, that one)."""
        return self._held[0] if self._held is not None else self.kind_editor.value()

    def set_value(self, value: Any) -> None:
        """Show ``value`` without announcing a change (held, while the
        editor shows what the setting amounts to)."""
        if self._held is not None:
            self._held = (value,)
        else:
            self.kind_editor.set_value(value)

    def set_greyed(self, why: str | None, shows: Any = KEPT) -> bool:
        """Grey the parameter out, its tooltip saying ``why`` (None: usable);
        ``shows`` what the editor shows meanwhile (:attr:`OnlyWhen.otherwise`:
        the value held, none, or the value the setting amounts to there),
        the value held coming back when it counts again.  Told what it
        shows already, it does nothing (no tooltip or widget touched) and
        returns False; True when something changed."""
        if (why, shows) == self._greyed_as:
            return False
        self._greyed_as = (why, shows)
        self.setEnabled(why is None)
        self.setToolTip(tip_of(self.param, why))
        self.kind_editor.set_greyed(why)
        if why is not None and shows is not KEPT:
            if self._held is None:
                self._held = (self.kind_editor.value(),)
            self.kind_editor.show_instead(shows)
        elif self._held is not None:
            held, self._held = self._held[0], None
            self.kind_editor.show_instead(KEPT)
            self.kind_editor.set_value(held)
        return True

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

    With ``text`` the seed is any text (as in Tatham's collection);
    otherwise a whole number ``0 .. 2**32 - 1``."""

    changed = Signal()
    newSeedAsked = Signal()  # noqa: N815 - Qt's spelling on the Qt surface

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
        """Ask for a new seed (unless the seed is locked): the Workbench draws it."""
        if not self.lock.isChecked():
            self.newSeedAsked.emit()

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
    them, and the seed.

    On an edit by the user: ``paramChanged(name, value)`` (the parameter
    edited and its new value) or ``seedChanged(seed)``, then ``changed()``;
    ``newSeedAsked()`` for "New seed".  Nothing is announced for values
    shown with :meth:`set_values`."""

    changed = Signal()
    paramChanged = Signal(object, object)  # noqa: N815 - Qt's spelling on the Qt surface
    seedChanged = Signal(object)  # noqa: N815
    newSeedAsked = Signal()  # noqa: N815

    def __init__(self, params: tuple[Param, ...], seed: int | str = 1,
                 parent: QWidget | None = None, text_seed: bool = False,
                 whole: bool = True):
        """``whole`` off: only the panel's frame is built, its rows by
        :meth:`build_some` (a few at a time, e.g. one piece a turn of the
        event loop) or :meth:`finish_building`."""
        super().__init__(parent)
        self.params = params
        self.widgets: dict[str, ParamWidget] = {}
        self.after_set_values: list = []   # called after set_values (e.g. to grey out)
        self.last_edited: str | None = None     # the parameter the user changed last
        self._labels: list[QLabel] = []
        self._label_of: dict[str, QLabel] = {}
        self._value_width = 0      # the value column's (see align_values)
        form = QFormLayout(self)
        self._form = form
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a refusal about no one field: at the top, not beside the last one (the seed)
        self.general_error = QLabel()
        self.general_error.setStyleSheet(ERROR_STYLE)
        self.general_error.setWordWrap(True)
        self.general_error.hide()
        form.addRow(self.general_error)
        self.whole = False
        """Every row built (see :meth:`build_some`)."""
        self._steps = self._build(seed, text_seed)
        if whole:
            self.finish_building()

    def _build(self, seed: int | str, text_seed: bool) -> Iterator[None]:
        """The panel's rows, one a step, then its seed row, its label column,
        its value column and its greyed rows, one a step."""
        form, params = self._form, self.params
        groups: dict[str, list[Param]] = {}
        for p in params:                       # groups in order of first appearance
            groups.setdefault(p.group, []).append(p)
        for group, members in groups.items():
            if group:
                form.addRow(QLabel(f"<b>{group.capitalize()}</b>"))
            for p in members:
                self._add_param(form, p)
                yield
                yield from self.widgets[p.name].kind_editor.pieces()
        form.addRow(QLabel("<b>Seed</b>"))
        self.seed_row = SeedRow(seed, text=text_seed)
        self.seed_row.changed.connect(lambda: self.seedChanged.emit(self.seed_row.seed()))
        self.seed_row.changed.connect(self.changed)
        self.seed_row.newSeedAsked.connect(self.newSeedAsked)
        form.addRow(self.seed_row)
        yield
        # one label column: as wide as the longest label, up to LABEL_MAX_WIDTH
        # (longer ones wrap, and a fixed width gives them their full height)
        self._label_width = max((min(lb.fontMetrics().horizontalAdvance(lb.text()) + 4,
                                     LABEL_MAX_WIDTH) for lb in self._labels), default=0)
        for lb in self._labels:
            lb.setFixedWidth(self._label_width)
        # the values that decide whether a parameter counts, or its bounds
        self._condition_owners = frozenset(
            c.param for p in params for c in (*p.conditions(), *_bounds_whens(p)))
        for w in self.widgets.values():
            w.kind_editor.widthChanged.connect(
                lambda e=w.kind_editor: self.align_values(e))
        # the value column (:meth:`align_values`), a few editors a step: each
        # box's new width is a relayout of its row
        editors = [w.kind_editor for w in self.widgets.values()]
        self._value_width = max([0] + [e.value_width() for e in editors])
        for i in range(0, len(editors), ALIGNED_A_STEP):
            yield
            if self._value_width:
                for e in editors[i:i + ALIGNED_A_STEP]:
                    e.set_value_width(self._value_width)
        yield
        self.apply_conditions()
        yield
        self.ensurePolished()       # (the style's look, done here, not when first shown)
        self.whole = True

    def build_some(self, seconds: float) -> bool:
        """Build rows for at most about ``seconds`` (at least one step): it
        stops before a step as long as its longest so far would end past
        them (a row is 0.5-2 ms).  True when the panel is whole."""
        last = time.perf_counter()
        end, longest = last + seconds, 0.0
        for _ in self._steps:
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
            if now + longest >= end:
                break
        return self.whole

    def finish_building(self) -> None:
        """Build the rows not built yet."""
        for _ in self._steps:
            pass

    @classmethod
    def for_declaration(cls, decl: Declaration, parent: QWidget | None = None) -> ParamPanel:
        """The panel of a declared generator: its Params, and its kind of
        seed starting at its default seed."""
        return cls(decl.params, decl.default_seed, parent, text_seed=decl.seed_kind == "text")

    def apply_conditions(self) -> None:
        """Grey out each parameter that does not count under the values shown
        (:meth:`Param.lacking`: a setting one version of a game lacks, or one
        that counts only for another choice); its tooltip says why, in the
        owner's words (e.g. "Rivers none has no such setting (only few and
        moderate and lots)."), and its editor shows what the condition says
        (:attr:`OnlyWhen.otherwise`: r13671's freeform edges are none).
        Each editor also follows the bounds the other values give it
        (:meth:`Param.bounds`: r13671's four terrain types)."""
        values = self.values()
        by_name = {p.name: p for p in self.params}
        for p in self.params:
            if p.name not in self.widgets:
                continue
            if p.bounds_when is not None:
                self.widgets[p.name].kind_editor.follow(values, by_name)
            if p.only_when is None:
                continue
            cond = p.failed_condition(values)
            why = why_greyed(p, values, by_name)
            changed = self.widgets[p.name].set_greyed(
                why, cond.otherwise if cond is not None else KEPT)
            label = self._label_of.get(p.name)
            if label is not None and changed:
                label.setEnabled(why is None)
                label.setToolTip(tip_of(p, why))

    def needed_width(self) -> int:
        """The width at which every label and editor fits (a QFormLayout
        with wrapping labels underestimates it)."""
        labels = self._label_width
        fields = max((w.minimumSizeHint().width() for w in self.widgets.values()), default=0)
        m = self._form.contentsMargins()
        return labels + max(0, self._form.horizontalSpacing()) + fields + m.left() + m.right()

    def align_values(self, editor: Editor | None = None) -> None:
        """One width for every slider's value (number or name), so that the
        sliders end in one column; it grows to fit a longer value, never
        shrinks (the sliders do not jump while one is dragged).  With
        ``editor`` (the one whose value or range changed) only it is
        measured, and the others are touched only when the width grows."""
        editors = [w.kind_editor for w in self.widgets.values()]
        width = max([self._value_width] + [e.value_width()
                                           for e in ([editor] if editor else editors)])
        if editor is not None and width == self._value_width:
            return
        self._value_width = width
        if width:
            for e in editors:
                e.set_value_width(width)

    def _add_param(self, form: QFormLayout, p: Param) -> None:
        w = ParamWidget(p)
        w.changed.connect(lambda name=p.name: setattr(self, "last_edited", name))
        w.changed.connect(lambda w=w: self.paramChanged.emit(w.param.name, w.value()))
        w.changed.connect(self.changed)
        self.widgets[p.name] = w
        placement = w.kind_editor.placement
        if placement == "alone":
            form.addRow(w)
            return
        label = QLabel(p.label)
        label.setToolTip(tip_of(p))
        if placement == "below":                # wide editors: below their label
            form.addRow(label)
            form.addRow(w)
            return
        label.setWordWrap(True)         # a long label must not squeeze the editors
        self._labels.append(label)
        self._label_of[p.name] = label
        form.addRow(label, w)

    def values(self) -> dict[str, Any]:
        return {name: w.value() for name, w in self.widgets.items()}

    def set_values(self, values: dict[str, Any]) -> None:
        """Show ``values`` (announcing nothing); a field that shows its
        value already is left alone (the one being typed in keeps its
        cursor)."""
        for name, v in values.items():
            w = self.widgets.get(name)
            if w is not None and not same_value(w.value(), v):
                w.set_value(v)
        if not self._condition_owners.isdisjoint(values):
            self.apply_conditions()     # (no other value greys or bounds a parameter)
        for fn in self.after_set_values:
            fn()

    def seed(self) -> int | str:
        return self.seed_row.seed()

    def follow(self, workbench) -> Callable[[], None]:
        """Show what ``workbench`` holds as it changes (its values, its seed,
        the refusal of a value); returns what stops that (a panel replaced
        by another generator's)."""
        from ..workbench import events as ev

        return workbench.events.connect_all({
            ev.ValuesChanged: lambda e: self.set_values({n: workbench.values[n]
                                                         for n in e.names}),
            ev.SeedChanged: lambda e: self.seed_row.set_seed(e.seed),
            ev.Invalid: lambda e: self.set_error(e.param, e.message or None),
        })

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
