"""The Industries tab when narrow: the type and location columns show
whole, the town takes what is left (shortened, its tooltip whole), and no
column runs past the table's right edge."""

from __future__ import annotations

from PySide6.QtCore import Qt

from viewer.ui.views.tgp_industries import IndustriesTable

ROWS = [("oil refinery", "Aberdinghattan Ridge", 208 * 1024 + 140, 0),
        ("power station", "Fort Flontburg Springs", 1023 * 1024 + 1023, 1),
        ("coal mine", "Ludhall", 5, 2)]


def fully_shown(table: IndustriesTable, col: int) -> bool:
    left = table.columnViewportPosition(col)
    return left >= 0 and left + table.columnWidth(col) <= table.viewport().width()


def columns_read(table: IndustriesTable) -> bool:
    """Type and location whole, the town within the table, no scrolling."""
    return (all(table.columnWidth(c) >= table.sizeHintForColumn(c) and fully_shown(table, c)
                for c in (0, 2))
            and fully_shown(table, IndustriesTable.TOWN)
            and table.horizontalScrollBar().maximum() == 0)


def test_every_column_reads_when_narrow(qtbot):
    table = IndustriesTable()
    qtbot.addWidget(table)
    table.show_industries(ROWS, 1024)
    table.show()
    for width in (420, 300, 250):
        table.resize(width, 300)
        qtbot.waitUntil(lambda: columns_read(table), timeout=2000)
    tips = {table.cell(r, IndustriesTable.TOWN):
            table.cell(r, IndustriesTable.TOWN, Qt.ItemDataRole.ToolTipRole)
            for r in range(table.rowCount())}
    assert tips["Fort Flontburg Springs"] == "Fort Flontburg Springs"
    assert table.columnWidth(IndustriesTable.TOWN) < table.sizeHintForColumn(
        IndustriesTable.TOWN)                                  # (shortened at 250 px)
    assert "1023,1023" in {table.cell(r, 2) for r in range(table.rowCount())}
