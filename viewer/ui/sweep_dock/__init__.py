"""The Sweep panel (:mod:`.panel`): the current generator over a range of
seeds and up to two varied parameters, run by a :class:`SweepWorker` on its own QThread (with a
local process pool, or in this process with one job), its rows in a
sortable table, a histogram of any metric and a scatter of any two.
Clicking a row or a point emits ``caseChosen(values, seed)`` so the window
can open that case in the map; "Export table" writes CSV or Parquet.

Generic: everything comes from the generator's declaration (its Params,
metrics and default seed), nothing here names a generator.  The window
composes it (this module does not import the main window) and feeds it the
current values with :meth:`SweepPanel.set_values`; those are the sweep's
fixed parameters.

Its parts: the table model (:mod:`.table`), the worker on its own thread
(:mod:`.worker`), the histogram and scatter (:mod:`.plots`).
"""

from .panel import SweepPanel
from .plots import SweepPlots, histogram
from .table import SweepTableModel
from .worker import SweepWorker

__all__ = ["SweepPanel", "SweepPlots", "SweepTableModel", "SweepWorker", "histogram"]
