"""fairland's shareable command line: the seed as -R, -i for merging
islands, then fairland's arguments in fairland.c's order."""

from __future__ import annotations

from viewer import registry
from viewer.engine.fairland.generator import ARG_ORDER
from viewer.formats.fairland_exports import command_line


def test_the_command_line_is_fairlands_own():
    v = registry.declaration("fairland").validate({"nc": 2, "ni": 4, "merge": True})
    words = command_line(v, 2**32 + 7).split()
    assert words[:4] == ["fairland", "-R", "7", "-i"]
    assert words[4:] == [str(v[k]) for k in ARG_ORDER]
    assert "-i" not in command_line({**v, "merge": False}, 7).split()
