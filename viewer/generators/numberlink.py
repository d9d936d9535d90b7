"""Tatham's Number Link paths, declared whole: the one line the registry
names.  Seeds are texts, as in Tatham's collection."""

from __future__ import annotations

from ..declaration import Declaration
from ..engine.numberlink.generator import LAYER_INFO, NUMBERLINK
from ..engine.numberlink.metrics import METRICS

DECLARATION = Declaration(
    name="numberlink", title="Number Link paths (Tatham)", engine=NUMBERLINK, compile_estimate_s=8,
    seed_kind="text", default_seed="12345",
    layer_info=LAYER_INFO, metrics=METRICS, warm_up=NUMBERLINK.warm_up,
    render="viewer.render.numberlink:RENDERER",
    inspect="viewer.engine.numberlink.inspect:rows",
    exports="viewer.formats.numberlink_exports:EXPORTS",
    view="viewer.ui.views.numberlink:NumberLinkView",
    opener="viewer.formats.numberlink_exports:open_puzzle",
    open_title="&Open Number Link puzzle...", open_shortcut="Ctrl+Shift+O",
    link_opener="viewer.formats.numberlink_exports:open_link",
    command_line="viewer.formats.numberlink_exports:command_line",
    cli_extras="viewer.cli.numberlink:EXTRAS",
    solving="viewer.engine.numberlink.solving",
)
