"""Empire's files of a fairland world: a newcap line per continent (and
the visitor country), an
xdump row per sector, a text map of the world's size."""

from __future__ import annotations

from viewer import registry
from viewer.formats.fairland_empire import newcap_script, text_map, xdump_sect


def _world():
    decl = registry.declaration("fairland")
    return decl.generate({"world": (32, 16), "nc": 3, "sc": 10, "ni": 0}, seed=5)


def test_newcap_adds_a_country_per_continent_and_the_visitor():
    lines = [ln for ln in newcap_script(_world()).splitlines() if ln.startswith("add ")]
    assert [ln.split()[1] for ln in lines] == ["1", "2", "3", "4"]
    assert "visitor" in lines[-1] and not any("visitor" in ln for ln in lines[:-1])


def test_xdump_has_a_row_per_sector_and_the_map_its_size():
    r = _world()
    rows = [ln for ln in xdump_sect(r).splitlines() if ln[:1].isdigit() or ln[:1] == "-"]
    assert len(rows) == 32 * 16 // 2
    grid = text_map(r).splitlines()
    assert sum(1 for ln in grid if len(ln.rstrip()) >= 30) >= 16
