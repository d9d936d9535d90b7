"""The Towns and Industries tables are views over the map's rows: every
column's order both ways is the rows' own (:class:`SortedRows`), and the
GUI thread reads only the cells it draws: a table of 20,000 rows shown,
sorted or given a new map reads the rows on screen, a hidden one none."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from viewer.ui.views.sorted_rows import SortedRows
from viewer.ui.views.sorted_rows_model import SortedRowsModel
from viewer.ui.views.tgp_industries import IndustriesTable, industry_table_rows
from viewer.ui.views.tgp_towns import TownsTable

ASC, DESC = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder


def town_rows(n: int) -> SortedRows:
    names = ("ashby", "Bexley", "carlton", "Dunmore", "eastham", "Fulford")
    return SortedRows([((f"{names[i % 6]} {i:05}", (i * 7919) % 1009, i % 7,
                         "city" if i % 5 == 0 else ""), (i, 2 * i), {0: f"tip {i}"})
                       for i in range(n)])


@pytest.fixture
def rows_read(monkeypatch) -> list:
    """The table rows every ``data()`` call of a :class:`SortedRowsModel` reads."""
    read: list = []
    data = SortedRowsModel.data

    def counted(self, index, role=Qt.ItemDataRole.DisplayRole):
        read.append(index.row())
        return data(self, index, role)
    monkeypatch.setattr(SortedRowsModel, "data", counted)
    return read


def shown_table(qtbot, table: TownsTable) -> TownsTable:
    qtbot.addWidget(table)
    table.resize(420, 400)
    table.show()
    qtbot.waitExposed(table)
    return table


def painted(qtbot, table: TownsTable) -> None:
    """The table drawn now (every pending paint done)."""
    table.viewport().repaint()
    qtbot.wait(1)


def on_screen(table: TownsTable) -> range:
    """The table rows the viewport shows (in part or whole)."""
    top = table.rowAt(0)
    bottom = table.rowAt(table.viewport().height() - 1)
    return range(top, (bottom if bottom >= 0 else table.rowCount() - 1) + 1)


@pytest.mark.parametrize("make", ["towns", "industries"])
def test_every_columns_order_both_ways_is_the_rows_own(qtbot, make):
    if make == "towns":
        rows, table = town_rows(300), TownsTable()
    else:
        kinds = ["Oil refinery", "coal mine", "Farm", "bank"]
        towns = ["Upton", "alford", "Brill", "brill", "Alford"]
        rows = industry_table_rows([(kinds[i % 4], towns[i % 5], (i * 37 % 61) * 64 + i % 64, i)
                                    for i in range(200)], 64)
        table = IndustriesTable()
    shown_table(qtbot, table).show_rows(rows)
    for column in range(table.columnCount()):
        for way in (ASC, DESC):
            table.sort_by(column, way)
            want = [rows[int(i)] for i in rows.order(column, way == DESC)]
            assert [tuple(table.cell(r, c) for c in range(table.columnCount()))
                    for r in range(table.rowCount())] == [cells for cells, _, _ in want]
            assert [table.cell(r, 0, Qt.ItemDataRole.ToolTipRole)
                    for r in range(table.rowCount())] == [tips.get(0) for _, _, tips in want]
    assert not table.isSortingEnabled()


def test_twenty_thousand_rows_read_only_those_on_screen(qtbot, rows_read):
    rows = town_rows(20_000)
    table = shown_table(qtbot, TownsTable())
    table.show_rows(rows)
    painted(qtbot, table)
    assert table.rowCount() == 20_000 and rows_read
    seen = on_screen(table)
    assert 5 < len(seen) < 40 and set(rows_read) <= set(seen)
    rows_read.clear()
    table.sort_by(1, DESC)                         # a sort reads nothing itself...
    assert rows_read == []
    painted(qtbot, table)                          # ...the paint the rows on screen
    assert rows_read and set(rows_read) <= set(on_screen(table))
    assert table.cell(0, 1) == max(r[0][1] for r in rows)
    rows_read.clear()
    table.scrollToBottom()
    painted(qtbot, table)
    seen = on_screen(table)
    assert seen[-1] == 19_999 and rows_read and set(rows_read) <= set(seen)
    rows_read.clear()
    table.show_rows(town_rows(19_000))             # a new map of another length
    painted(qtbot, table)
    assert table.rowCount() == 19_000 and set(rows_read) <= set(on_screen(table))


def test_a_hidden_table_reads_no_row(qtbot, rows_read):
    table = TownsTable()
    qtbot.addWidget(table)
    table.show_rows(town_rows(5000))
    table.sort_by(2)
    table.show_rows(town_rows(5000))
    qtbot.wait(20)
    assert table.rowCount() == 5000 and rows_read == []
