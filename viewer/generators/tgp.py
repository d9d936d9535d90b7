"""OpenTTD's TerraGenesis Perlin, declared whole: named by the
registry's one line for it."""

from __future__ import annotations

from ..declaration import AheadOfTime, Declaration
from ..engine.tgp import aot
from ..engine.tgp.generator import TGP
from ..engine.tgp.layers import LAYER_INFO, layer_info_for
from ..engine.tgp.metrics import METRICS

DECLARATION = Declaration(
    name="tgp", title="OpenTTD TerraGenesis Perlin", engine=TGP, compile_estimate_s=45,
    layer_info=LAYER_INFO, layers_for=layer_info_for, metrics=METRICS,
    warm_up=TGP.warm_up, complete_stored=TGP.complete_stored, version_param="openttd",
    batch_kernels=aot.compiled_kernels,
    ahead_of_time=AheadOfTime("tgp command line", "viewer.engine.tgp.aot",
                              lambda: aot.load() is not None),
    render="viewer.render.tgp:RENDERER",
    inspect="viewer.engine.tgp.inspect:rows",
    exports="viewer.formats.tgp_exports:EXPORTS",
    view="viewer.ui.views.tgp:TgpView",
    command_line="viewer.formats.tgp_exports:command_line",
    cli_extras="viewer.cli.tgp:EXTRAS",
    settings_file="viewer.formats.tgp_openttd_cfg:SETTINGS_FILE",
)
