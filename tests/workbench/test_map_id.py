"""Map IDs without Qt: every generator's ID makes the same map (read back
by its command line's own parser), fairland's says the world size, and a
bad ID is refused in one line."""

from __future__ import annotations

import pytest

from viewer import registry
from viewer.workbench import Workbench
from viewer.workbench.map_id import MapIdError, map_id, parse_map_id


@pytest.mark.parametrize("name", registry.names())
def test_every_generators_map_id_reads_back_to_its_values_and_seed(name):
    decl = registry.declaration(name)
    values = decl.validate({})
    seed = decl.check_seed(decl.default_seed)
    text = map_id(decl, values, seed)
    assert text.startswith(f"python -m viewer {name} ")
    back = parse_map_id(text)
    assert (back.generator, back.values, back.seed) == (name, values, seed)


def test_fairlands_map_id_names_the_world_and_makes_the_same_map():
    wb = Workbench("fairland")
    wb.set_values({"world": (96, 48), "nc": 3, "sc": 20, "ni": 3, "is": 8})
    wb.set_seed(12)
    wb.request()
    text = wb.map_id()
    assert "--world 96x48" in text and "-R 12" in text
    other = Workbench("tgp")
    other.open_map_id(text)
    assert other.generator.name == "fairland"
    assert other.result.params == wb.result.params and other.result.seed == 12
    assert (other.result.layers["own"] == wb.result.layers["own"]).all()
    text64 = Workbench("fairland").map_id()          # the default world is said too
    assert "--world 64x32" in text64


@pytest.mark.parametrize("text, says", [
    ("", "nothing to read"),
    ("tgp --size 3x3 --seed 1", "tgp: map size 3x3"),
    ("nope 1 2", "nope is not a generator"),
    ("fairland 5", "fairland: missing arguments"),
    ("python -m viewer tgp --bogus 1", "unrecognized arguments: --bogus"),
    ("numberlink solve p.txt", "'numberlink generate'"),
    ("tgp --seed 'x", "No closing quotation"),
    ("x" * 200_001, "characters"),
])
def test_a_bad_map_id_is_refused_in_one_line(text, says):
    wb = Workbench("fairland")
    with pytest.raises(MapIdError) as exc:
        wb.open_map_id(text)
    assert says in str(exc.value) and "\n" not in str(exc.value)
    assert wb.generator.name == "fairland"               # nothing changed


def test_a_tgp_map_id_names_its_stage_so_old_ones_keep_their_map():
    """A 15.2 map is the game's first frame by default; its map ID names the
    stage, as tgp's line always has, so an ID copied while the default was
    the terrain (``--stop-after rivers``) still opens the terrain, and a
    preset of that time that names no stage does too."""
    from viewer.formats.presets import parse_preset

    decl = registry.declaration("tgp")
    first = decl.validate({"size": (64, 64)})
    assert first["stop_after"] == "world"
    text = map_id(decl, first, 5)
    assert "--stop-after world" in text
    assert parse_map_id(text).values["stop_after"] == "world"
    old = ("python -m viewer tgp --openttd 15.2 --size 64x64 --seed 5 --smoothness smooth "
           "--terrain flat --sea-level 'very low' --landscape temperate --stop-after rivers")
    assert parse_map_id(old).values == {**first, "stop_after": "rivers"}
    preset = parse_preset('generator = "tgp"\nseed = 5\n[params]\nopenttd = "15.2"\n'
                          'size = "64x64"\n')
    assert decl.validate(preset.params)["stop_after"] == "rivers"
    saved = parse_preset('generator = "tgp"\n[params]\nopenttd = "15.2"\nstop_after = "world"\n')
    assert saved.params["stop_after"] == "world"
