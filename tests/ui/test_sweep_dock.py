"""The Sweep panel: built from any generator's Params and metrics, runs off
the GUI thread with progress and cancel, a sortable table, a histogram and
a scatter, clicking a row or a point chooses that case, export."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import registered
from PySide6.QtCore import Qt

from viewer import registry
from viewer.sweep import InProcess, build_spec, collect
from viewer.ui.sweep_dock import SweepPanel, histogram

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def panel_for(qtbot):
    made = []

    def make(name: str) -> SweepPanel:
        panel = SweepPanel(registry.declaration(name))
        qtbot.addWidget(panel)
        panel.show()
        made.append(panel)
        return panel

    yield make
    for p in made:
        p.shutdown()


def run_to_end(qtbot, panel: SweepPanel) -> None:
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        assert panel.run()


@pytest.mark.parametrize("name", registered.names())
def test_vary_choices_come_from_the_generators_params(panel_for, name):
    panel = panel_for(name)
    box = panel.vary_names[0]
    offered = [box.itemData(i) for i in range(1, box.count())]
    assert offered == [p.name for p in registry.declaration(name).params
                       if p.kind not in ("path", "curve")]
    metrics = registry.declaration(name).metrics
    assert sorted(panel.options) == sorted(o.name for o in (metrics.options if metrics else ()))


def test_a_choice_parameter_varies_over_its_choices(panel_for):
    panel = panel_for("numberlink")
    panel.set_vary("rule")
    assert panel.vary_values[0].text() == "fill-no-touch,fill,free"


def test_a_sweep_fills_the_table_with_the_engines_rows(qtbot, panel_for):
    panel = panel_for("fairland")
    panel.set_values({"sp": 40, "pm": 10})
    panel.set_seeds("1..15")
    panel.set_vary("pm", "0,30")
    panel.jobs.setValue(1)
    run_to_end(qtbot, panel)
    spec = build_spec("fairland", {"sp": 40}, "1..15", [("pm", [0, 30])])
    assert panel.model.columns == spec.columns
    assert panel.model.rows_by_case() == collect(spec, InProcess())
    assert panel.model.rowCount() == 30 and panel.progress.value() == 30
    assert "30 of 30 cases" in panel.status.text()
    assert panel.export_button.isEnabled() and panel.run_button.isEnabled()


def test_the_table_sorts_by_any_column_and_a_click_chooses_that_case(qtbot, panel_for):
    panel = panel_for("fairland")
    panel.set_seeds("20..39")
    panel.jobs.setValue(1)
    run_to_end(qtbot, panel)
    col = panel.model.columns.index("spread_coastal")
    panel.table.sortByColumn(col, Qt.SortOrder.DescendingOrder)
    shown = [panel.model.data(panel.model.index(r, col), Qt.ItemDataRole.UserRole)
             for r in range(panel.model.rowCount())]
    assert shown == sorted(shown, reverse=True)
    seed_at_top = panel.model.data(panel.model.index(0, 0), Qt.ItemDataRole.UserRole)
    with qtbot.waitSignal(panel.caseChosen) as chosen:
        rect = panel.table.visualRect(panel.model.index(0, 1))
        qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                         pos=rect.center())
    values, seed = chosen.args
    assert seed == seed_at_top
    assert values == registry.declaration("fairland").validate({})
    # The sweep's values reproduce the row's metrics in a single run.
    gen = registry.declaration("fairland")
    m = gen.metrics(gen.generate(values, seed=seed))
    assert m["spread_coastal"] == shown[0]


def test_histogram_and_scatter_of_any_metrics_and_clicking_a_point(qtbot, panel_for):
    panel = panel_for("tgp")
    panel.set_values({**registry.declaration("tgp").validate({}), "size": (64, 64)})
    panel.set_seeds("1..6")
    panel.set_vary("sea_level", "0,3")
    panel.jobs.setValue(1)
    run_to_end(qtbot, panel)
    panel.plots.hist_metric.setCurrentText("max_height")
    edges, counts = panel.plots.hist_item.getData()
    assert counts.sum() == 12
    heights = panel.model.column_values("max_height")
    assert edges[0] <= heights.min() and edges[-1] >= heights.max()
    panel.plots.scatter_x.setCurrentText("mean_height")
    panel.plots.scatter_y.setCurrentText("water_share")
    x, y = panel.plots.scatter_item.getData()
    assert sorted(zip(x, y)) == sorted(zip(panel.model.column_values("mean_height"),
                                           panel.model.column_values("water_share")))
    point = panel.plots.scatter_item.points()[5]
    with qtbot.waitSignal(panel.caseChosen) as chosen:
        panel.plots.scatter_item.sigClicked.emit(panel.plots.scatter_item, [point], None)
    values, seed = chosen.args
    spec = build_spec("tgp", {"size": "64x64"}, "1..6", [("sea_level", [0, 3])])
    case = int(point.data())
    assert (seed, values) == spec.case(case)
    row = panel.model.rows_by_case()[case]
    assert (row[spec.columns.index("mean_height")], row[spec.columns.index("water_share")]) \
        == (point.pos().x(), point.pos().y())


def test_cancel_keeps_the_rows_done_and_the_gui_stays_free(qtbot, panel_for):
    panel = panel_for("fairland")
    panel.set_seeds("1..200000")
    panel.jobs.setValue(1)
    assert panel.run()
    assert panel.running and panel.cancel_button.isEnabled()   # returned at once
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=60_000)
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.cancel_button.click()
    n = panel.model.rowCount()
    assert 0 < n < 200000 and not panel.running
    assert "cancelled" in panel.status.text()
    seeds = [r[0] for r in panel.model.rows_by_case()]
    assert seeds == list(range(1, n + 1))


def test_a_bad_spec_is_shown_and_nothing_runs(panel_for):
    panel = panel_for("fairland")
    panel.set_seeds("9..3")
    assert not panel.run()
    assert "seed range 9..3 is empty" in panel.error.text() and not panel.running
    panel.set_seeds("1..3")
    panel.set_vary("sp", "10,300")
    assert not panel.run()
    assert panel.error.text() == "spike percentage must be between 0 and 100"


def test_metric_options_and_the_process_pool(qtbot, panel_for, tmp_path):
    panel = panel_for("numberlink")
    panel.set_values({**registry.declaration("numberlink").validate({}), "rule": "free"})
    panel.options["check_unique"].setChecked(True)
    panel.set_seeds("1..6")
    panel.jobs.setValue(2)
    run_to_end(qtbot, panel)
    assert panel.model.columns[-1] == "unique_solution"
    assert sorted(set(panel.model.column_values("unique_solution"))) == [0.0, 1.0]
    panel.export_table(str(tmp_path / "n.parquet"))
    import pyarrow.parquet as pq

    t = pq.read_table(tmp_path / "n.parquet")
    assert t.column("seed").to_pylist() == [str(s) for s in range(1, 7)]
    assert t.column_names == list(panel.model.columns)


def test_export_writes_the_table_in_case_order(qtbot, panel_for, tmp_path):
    panel = panel_for("fairland")
    panel.set_seeds("5..12")
    panel.jobs.setValue(1)
    run_to_end(qtbot, panel)
    panel.table.sortByColumn(panel.model.columns.index("land_share"),
                             Qt.SortOrder.AscendingOrder)
    panel.export_table(str(tmp_path / "t.csv"))
    lines = (tmp_path / "t.csv").read_text().splitlines()
    assert lines[0].split(",") == list(panel.model.columns)
    assert [int(line.split(",")[0]) for line in lines[1:]] == list(range(5, 13))


def test_histogram_bins():
    edges, counts = histogram(np.array([0.0, 2.0, 2.0, 5.0]))
    assert list(edges) == [-0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5]
    assert list(counts) == [1, 0, 2, 0, 0, 1]
    edges, counts = histogram(np.linspace(0, 1, 400))
    assert len(counts) == 20 and counts.sum() == 400 and math.isclose(edges[-1], 1.0)


def test_the_panel_does_not_import_the_main_window():
    code = ("import sys; import viewer.ui.sweep_dock; "
            "print('viewer.ui.main_window' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
                                         "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False", out.stderr


def test_the_window_has_a_sweep_dock_per_generator_and_a_row_opens_its_map(qtbot, window):
    """The dock sweeps from the panel's values; a clicked row becomes the map
    shown; another generator gets its own dock."""
    w = window
    w.param_panel.widgets["pm"].editor.setValue(15)
    qtbot.waitUntil(lambda: w.result.params["pm"] == 15 and not w.busy(), timeout=60_000)
    toggles = w.menu_actions()
    assert "Sweep: Empire fairland" in toggles
    toggles["Sweep: Empire fairland"].trigger()
    link = w.sweep
    assert link.dock.isVisible()
    panel = link.panel
    assert panel.values["pm"] == 15                       # follows the panel
    panel.set_seeds("30..35")
    panel.jobs.setValue(1)
    run_to_end(qtbot, panel)
    assert panel.model.rowCount() == 6
    rect = panel.table.visualRect(panel.model.index(2, 1))
    seed = panel.model.data(panel.model.index(2, 0), Qt.ItemDataRole.UserRole)
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: w.result.seed == seed and not w.busy(), timeout=60_000)
    assert w.result.params["pm"] == 15 and w.param_panel.seed() == seed
    w.set_generator("tgp")
    qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "tgp"
                    and not w.busy(), timeout=60_000)
    names = set(w.menu_actions())
    assert "Sweep: OpenTTD TerraGenesis Perlin" in names and "Sweep: Empire fairland" not in names
    assert w.sweep.panel.generator.name == "tgp" and w.sweep.dock.isVisible()


def test_the_sweep_runs_on_a_worker_object_on_its_own_thread(qtbot, panel_for):
    from PySide6.QtCore import QThread

    panel = panel_for("fairland")
    panel.set_seeds("1..200000")
    panel.jobs.setValue(1)
    assert panel.worker is None
    assert panel.run()
    worker = panel.worker
    thread = worker.thread()
    assert thread is not QThread.currentThread() and thread.isRunning()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=60_000)
    panel.shutdown()                        # cancels and waits for the thread
    assert thread.isFinished() and worker.cancel.is_set()
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    assert panel.worker is None and "cancelled" in panel.status.text()


def test_a_sweep_worker_gives_the_rows_of_the_spec(qtbot):
    import threading

    from PySide6.QtCore import QThread

    from viewer.ui.sweep_dock import SweepWorker

    spec = build_spec("fairland", {"sp": 40}, "3..8", [])
    worker = SweepWorker(spec, InProcess(), threading.Event())
    thread = QThread()
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    rows, ended = [], []
    worker.batch.connect(lambda b: rows.extend(b.rows))
    worker.ended.connect(ended.append)
    with qtbot.waitSignal(worker.ended, timeout=60_000):
        thread.start()
    qtbot.waitUntil(lambda: bool(ended), timeout=10_000)
    thread.quit()
    thread.wait()
    assert ended == [None]
    assert sorted(rows) == sorted(collect(spec, InProcess()))


def test_a_panel_deleted_mid_sweep_stops_its_sweep(qtbot):
    panel = SweepPanel(registry.declaration("fairland"))
    panel.set_seeds("1..200000")
    panel.jobs.setValue(1)
    assert panel.run()
    worker = panel.worker
    thread = worker.thread()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=60_000)
    panel.deleteLater()
    qtbot.waitUntil(worker.cancel.is_set, timeout=10_000)
    qtbot.waitUntil(thread.isFinished, timeout=60_000)


def test_the_histogram_axis_shows_the_metrics_own_values(qtbot):
    """A metric in the millions was drawn as 0..3 with "(x1e-06)" by the label."""
    from viewer.ui.sweep_dock.plots import SweepPlots

    plots = SweepPlots()
    qtbot.addWidget(plots)

    class Rows:
        rows = [0, 1, 2]
        columns = ("population",)
        cases = [0, 1, 2]

        @staticmethod
        def column_values(_name):
            import numpy as np
            return np.array([1.0e6, 2.5e6, 3.0e6])

    plots.set_metrics(("population",))
    plots.show_rows(Rows())
    plots.show()
    qtbot.wait(50)
    for plot in (plots.hist_plot, plots.scatter_plot):
        axis = plot.getAxis("bottom")
        assert axis.autoSIPrefixScale == 1.0
        assert "x1e" not in axis.labelString()
        assert axis.tickStrings([1.5e6, 2e6], 1.0, 5e5) == ["1,500,000", "2,000,000"]
    assert plots.hist_plot.getAxis("bottom").tickStrings([0.21, 0.22], 1.0, 0.01) == \
        ["0.21", "0.22"]
    assert plots.hist_plot.getAxis("left").tickStrings([0.0, 0.5, 1.0], 1.0, 0.5) == \
        ["0", "", "1"]
