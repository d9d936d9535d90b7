"""Empire fairland, declared whole: named by the registry's one line for it."""

from __future__ import annotations

from ..declaration import AheadOfTime, Declaration
from ..engine.fairland import aot
from ..engine.fairland.generator import FAIRLAND, compiled_kernels
from ..engine.fairland.layers import LAYER_INFO, PHASE_NAMES
from ..engine.fairland.metrics import METRICS

DECLARATION = Declaration(
    name="fairland", title="Empire fairland", engine=FAIRLAND, compile_estimate_s=45,
    layer_info=LAYER_INFO, phase_names=PHASE_NAMES,
    metrics=METRICS, batch_kernels=compiled_kernels, warm_up=FAIRLAND.warm_up,
    ahead_of_time=AheadOfTime("fairland command line", "viewer.engine.fairland.aot",
                              lambda: aot.load() is not None),
    render="viewer.render.fairland:RENDERER",
    inspect="viewer.engine.fairland.inspect:rows",
    exports="viewer.formats.fairland_exports:EXPORTS",
    view="viewer.ui.views.fairland:FairlandView",
    command_line="viewer.formats.fairland_exports:command_line",
    cli_extras="viewer.cli.fairland:EXTRAS",
)
