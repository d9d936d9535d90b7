"""Text that never runs out of its space unseen: a one-line label that
ends in "…" where its width ends (the whole text in its tooltip), and the
tooltip of a table's header or cell whose text is cut (the whole text).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QToolTip,
)


class ElidedLabel(QLabel):
    """A one-line QLabel that elides what does not fit (``text()`` is the
    whole text, the tooltip too when it is cut); it takes any width, and
    its height is one line's whatever the text: a new text repaints it and
    lays out nothing (QLabel's own text asks its window for a new layout:
    a status line or the timeline's caption relaid the whole window out at
    each change)."""

    def __init__(self, text: str = "", parent=None):
        super().__init__("", parent)
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        text = str(text)
        if text != self._text:
            self._text = text
            self.update()
        self._tip()

    def text(self) -> str:
        return self._text

    def clear(self) -> None:
        self.setText("")

    def shown_text(self) -> str:
        """The text as drawn (elided to the width)."""
        return self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight,
                                             max(0, self.contentsRect().width()))

    def is_elided(self) -> bool:
        return self.shown_text() != self._text

    def _tip(self) -> None:
        self.setToolTip(self._text if self.is_elided() else "")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.minimumSizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        m = self.contentsMargins()
        return QSize(0, self.fontMetrics().height() + m.top() + m.bottom())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._tip()

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        self.style().drawItemText(p, self.contentsRect(),
                                  int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                                  self.palette(), self.isEnabled(), self.shown_text(),
                                  self.foregroundRole())
        p.end()


def header_text_cut(header: QHeaderView, section: int) -> bool:
    """Whether ``header``'s ``section`` is narrower than its text."""
    model = header.model()
    if model is None:
        return False
    text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
    if text is None:
        return False
    need = header.sectionSizeFromContents(section)
    have = header.sectionSize(section)
    if header.orientation() == Qt.Orientation.Horizontal:
        return need.width() > have
    return need.width() > header.width()


def cell_text_cut(view: QAbstractItemView, index) -> bool:
    """Whether the text of the cell at ``index`` is wider than its cell."""
    text = index.data(Qt.ItemDataRole.DisplayRole)
    if text is None:
        return False
    rect = view.visualRect(index)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return view.fontMetrics().horizontalAdvance(str(text)) + 2 * margin > rect.width()


TITLE_MAX_WIDTH = 180
"""The widest a column is made for its title (a longer one is elided, its
tooltip has it whole)."""


def fit_titles(view, most: int = TITLE_MAX_WIDTH) -> None:
    """Each column of ``view`` at least as wide as its title (up to ``most``)."""
    header = view.horizontalHeader()
    for section in range(header.count()):
        need = min(most, header.sectionSizeFromContents(section).width())
        if header.sectionSize(section) < need:
            header.resizeSection(section, need)


class FullTextTips(QObject):
    """Tooltips with the whole text on ``view``'s header sections and cells
    whose text is cut (where a model gives its own tooltip, that one)."""

    def __init__(self, view: QAbstractItemView):
        super().__init__(view)
        self.view = view
        headers = [getattr(view, n)() for n in ("horizontalHeader", "verticalHeader")
                   if hasattr(view, n)]
        self.headers = {h.viewport(): h for h in headers}     # (a hover's events go there)
        for w in [*self.headers, view.viewport()]:
            w.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ToolTip:
            return False
        text = self.tip_at(obj, event.pos())
        if text:
            QToolTip.showText(event.globalPos(), text, obj)
        else:
            QToolTip.hideText()
        event.accept()
        return True

    def tip_at(self, obj, pos) -> str | None:
        """The tooltip at ``pos`` of ``obj`` (a header's viewport or the view's)."""
        model = self.view.model()
        if model is None:
            return None
        if obj in self.headers:
            header: QHeaderView = self.headers[obj]
            coord = pos.x() if header.orientation() == Qt.Orientation.Horizontal else pos.y()
            section = header.logicalIndexAt(coord)
            if section < 0:
                return None
            own = model.headerData(section, header.orientation(), Qt.ItemDataRole.ToolTipRole)
            if own:
                return str(own)
            if header_text_cut(header, section):
                return str(model.headerData(section, header.orientation(),
                                            Qt.ItemDataRole.DisplayRole))
            return None
        index = self.view.indexAt(pos)
        if not index.isValid():
            return None
        own = index.data(Qt.ItemDataRole.ToolTipRole)
        if own:
            return str(own)
        return str(index.data(Qt.ItemDataRole.DisplayRole)) \
            if cell_text_cut(self.view, index) else None
