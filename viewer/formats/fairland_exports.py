"""The files a fairland world exports: Empire's newcap script, the sector
table as ``empdump -x`` prints it, and fairland's text map."""

from __future__ import annotations

from ..engine.names import shown_name
from . import fairland_empire as empire
from .atomic import write_atomic
from .exports import Export


def _text(kind: str, fn):
    def write(path, result, _value=None) -> str:
        write_atomic(path, fn(result))
        return f"{kind} written to {shown_name(path)}"
    return write


EXPORTS = (
    Export("newcap", "Export &newcap script...", "newcap_script", "Scripts (*)",
           _text("newcap script", empire.newcap_script),
           "the script that adds one country per continent (run it in the server)",
           shortcut="Ctrl+Shift+N"),
    Export("xdump", "Export sector &xdump...", "sect.xdump", "xdump (*)",
           _text("sector xdump", empire.xdump_sect),
           "the sector table as empdump -x prints it", shortcut="Ctrl+Shift+X"),
    Export("text", "Export &text map...", "map.txt", "Text (*.txt)",
           _text("text map", empire.text_map), "fairland's own map of the world",
           shortcut="Ctrl+Shift+T"),
)


def command_line(values, seed: int) -> str:
    """The fairland command that makes this world on a deity's own server
    (whose econfig must set the same WORLD_X and WORLD_Y)."""
    from ..engine.fairland.generator import ARG_ORDER

    parts = ["fairland", "-R", str(int(seed) & 0xFFFFFFFF)]
    if values.get("merge"):
        parts.append("-i")
    parts += [str(values[k]) for k in ARG_ORDER]
    return " ".join(parts)
