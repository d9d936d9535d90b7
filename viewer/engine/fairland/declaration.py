"""Empire fairland, declared whole: the one line the registry names."""

from __future__ import annotations

from ..declaration import Declaration
from .generator import FAIRLAND, compiled_kernels
from .layers import LAYER_INFO, PHASE_NAMES
from .metrics import METRICS

DECLARATION = Declaration(
    name="fairland", title="Empire fairland", engine=FAIRLAND,
    check_seed=FAIRLAND.check_seed, layer_info=LAYER_INFO, phase_names=PHASE_NAMES,
    metrics=METRICS, batch_kernels=compiled_kernels, warm_up=FAIRLAND.warm_up,
    render="viewer.render.fairland:RENDERER",
    inspect="viewer.engine.fairland.inspect:rows",
    exports="viewer.formats.fairland_exports:EXPORTS",
    view="viewer.ui.views.fairland:FairlandView",
    command_line="viewer.formats.fairland_exports:command_line",
    cli_extras="viewer.cli.fairland:EXTRAS",
)
