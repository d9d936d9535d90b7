"""Port placement on a heightmap, declared whole: named by the
registry's one line for it."""

from __future__ import annotations

from ..declaration import Declaration
from ..engine.ports.generator import LAYER_INFO, PHASE_NAMES, PORTS, complete_stored
from ..engine.ports.metrics import METRICS
from ..engine.tgp import aot as tgp_aot

DECLARATION = Declaration(
    name="ports", title="Port placement", engine=PORTS, compile_estimate_s=5,
    layer_info=LAYER_INFO, phase_names=PHASE_NAMES,
    metrics=METRICS, complete_stored=complete_stored,
    batch_kernels=tgp_aot.compiled_kernels,     # (its heightmap's: TGP's compiled module)
    render="viewer.render.ports:RENDERER",
    inspect="viewer.engine.ports.inspect:rows",
    exports="viewer.formats.ports:EXPORTS",
    view="viewer.ui.views.ports:PortsView",
    command_line="viewer.formats.ports:command_line",
    cli_extras="viewer.cli.ports:EXTRAS",
)
