"""Port placement on a heightmap, declared whole: the one line the
registry names."""

from __future__ import annotations

from ..declaration import Declaration
from .generator import LAYER_INFO, PHASE_NAMES, PORTS, complete_stored
from .metrics import METRICS

DECLARATION = Declaration(
    name="ports", title="Port placement", engine=PORTS,
    check_seed=PORTS.check_seed, layer_info=LAYER_INFO, phase_names=PHASE_NAMES,
    metrics=METRICS, complete_stored=complete_stored,
    render="viewer.render.ports:RENDERER",
    inspect="viewer.engine.ports.inspect:rows",
    exports="viewer.formats.ports:EXPORTS",
    view="viewer.ui.views.ports:PortsView",
    command_line="viewer.formats.ports:command_line",
    cli_extras="viewer.cli.ports:EXTRAS",
)
