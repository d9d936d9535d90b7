"""Acted out without Qt: a TGP
setting's range follows the version (the model, the command line and the
presets alike), switching version keeps what the other version can take and
says in one line what it moved, a setting that does not count under the
other values makes no new map (and every such dependency declared in the
four generators is true of its engine), and r13671's Random() skip is the
game's."""

from __future__ import annotations

import json
from io import StringIO

import numpy as np
import pytest
from refdata import reference_dir

from viewer import registry
from viewer.cli import main as cli_main
from viewer.engine.params import ParamError, counts
from viewer.engine.tgp.generator import TGP
from viewer.formats.presets import parse_preset
from viewer.workbench import Workbench
from viewer.workbench.events import RunStarted, Status, ValuesChanged


def tgp_bench(**values) -> Workbench:
    wb = Workbench("tgp")
    wb.set_values({"size": (64, 64), **values})
    return wb


# == 7.2: r13671's terrain types and sea levels ==================================
def test_r13671_stops_at_its_own_levels():
    terrain = TGP.params[[p.name for p in TGP.params].index("terrain")]
    sea = TGP.params[[p.name for p in TGP.params].index("sea_level")]
    assert terrain.bounds({"openttd": "r13671"}) == (0, 3)
    assert terrain.bounds({"openttd": "15.2"}) == (0, 5)
    assert sea.bounds({"openttd": "r13671"}) == (0, 3) and sea.bounds({"openttd": "15.2"}) == (0, 4)
    for name, value in (("terrain", "alpinist"), ("terrain", 5), ("sea_level", "custom")):
        with pytest.raises(ParamError) as exc:
            TGP.validate({"openttd": "r13671", name: value})
        assert exc.value.param == name and "0..3" in str(exc.value)
        assert "is 15.2 only" in str(exc.value)
    assert TGP.validate({"openttd": "15.2", "terrain": "alpinist"})["terrain"] == 4


def test_the_command_line_refuses_alpinist_under_r13671_in_one_line(monkeypatch):
    out, err = StringIO(), StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    rc = cli_main(["tgp", "--openttd", "r13671", "--terrain", "alpinist", "--size", "64x64"])
    assert rc != 0 and out.getvalue() == ""
    assert err.getvalue() == ("tgp: --terrain: Terrain type must be 0..3 (very flat..mountainous)"
                              " with OpenTTD version r13671, not 4 (alpinist is 15.2 only)\n")


def test_a_preset_with_a_level_its_version_lacks_is_refused():
    text = ('generator = "tgp"\nseed = 1\n[params]\nopenttd = "r13671"\nsize = "64x64"\n'
            'sea_level = 4\n')
    with pytest.raises(ValueError, match=r"Sea level must be 0\.\.3 .*custom is 15\.2 only"):
        parse_preset(text)


# == 7.3: switching version =======================================================
def test_switching_to_r13671_moves_what_it_lacks_and_says_so():
    wb = tgp_bench(terrain=4, sea_level=4, variety=3, custom_sea_level=40)
    said = []
    wb.events.connect(Status, lambda e: said.append(e.text))
    wb.set_value("openttd", "r13671")
    assert (wb.values["terrain"], wb.values["sea_level"]) == (3, 3)
    assert wb.note == ("alpinist is 15.2 only: terrain type set to mountainous; "
                       "custom is 15.2 only: sea level set to high")
    assert said == [wb.note]
    # what r13671 lacks is kept for when 15.2 comes back
    assert (wb.values["variety"], wb.values["custom_sea_level"]) == (3, 40)
    assert wb.validated()["openttd"] == "r13671"
    assert wb.request() is not None and wb.result.params["terrain"] == 3
    assert wb.note == ""                    # said with the map it came with
    # one change: one undo brings alpinist and 15.2 back
    assert wb.undo_text() == "3 settings (OpenTTD version 15.2 -> r13671, ...)"
    wb.undo(generate=False)
    assert (wb.values["openttd"], wb.values["terrain"], wb.values["sea_level"]) == \
        ("15.2", 4, 4)


def test_a_switch_that_fits_says_nothing_and_a_value_given_with_it_is_judged():
    wb = tgp_bench(terrain=2)
    wb.set_value("openttd", "r13671")
    assert wb.note == "" and wb.values["terrain"] == 2
    wb.set_value("openttd", "15.2")
    assert wb.note == "" and wb.values["terrain"] == 2
    # both at once (a preset, a pasted map ID): nothing is moved, the bounds refuse
    wb.set_values({"openttd": "r13671", "terrain": 4})
    assert wb.values["terrain"] == 4 and wb.request() is None
    assert "alpinist is 15.2 only" in wb.error[1]


# == 7.17: a setting that only counts for another choice ==========================
def test_the_custom_height_makes_no_new_map_unless_the_terrain_is_custom():
    wb = tgp_bench(terrain=1)
    started = []
    wb.events.connect(RunStarted, lambda e: started.append(e.run_id))
    assert wb.request() is not None
    shown = wb.result
    wb.set_value("custom_terrain", 77)
    assert wb.request() is None and wb.result is shown and len(started) == 1
    assert wb.note == ("Custom height is not used with Terrain type flat (only with custom): "
                       "the map stays as it is")
    wb.set_value("terrain", 5)              # now it counts: a map of height 77
    assert wb.request() is not None and len(started) == 2
    assert wb.result.detail.tgp_max_height == 77
    wb.set_value("custom_terrain", 40)
    assert wb.request() is not None and len(started) == 3


def _other(p, value, values):
    """Another value ``p`` takes under ``values`` than ``value``."""
    if p.kind == "bool":
        return not value
    if p.kind == "choice":
        return next(c for c in p.choices if c != value)
    if p.kind == "size":
        return (value[0] * 2, value[1] * 2)
    if p.kind == "path":
        return value + "elsewhere.png"
    lo, hi = p.bounds(values)
    hi = hi if hi is not None else value + 10
    return value + 1 if value + 1 <= hi else lo


SMALL = {"tgp": {"size": (64, 64)}, "ports": {"tgp_size": (64, 64), "n_ports": 5},
         "numberlink": {"size": (5, 5)}, "fairland": {}}


def _cases():
    """(generator, param, owners' values) for every declared condition: the
    others holding, this one broken."""
    for name in registry.names():
        decl = registry.declaration(name)
        by_name = {p.name: p for p in decl.params}
        for p in decl.params:
            for cond in p.conditions():
                owner = by_name[cond.param]
                choices = (owner.choices if owner.kind == "choice" else
                           (True, False) if owner.kind == "bool" else
                           range(int(owner.minimum), int(owner.maximum) + 1)
                           if owner.maximum is not None else
                           range(int(owner.minimum), int(owner.minimum) + 3))
                breaking = [c for c in choices if c not in cond.values]
                holding = {c.param: c.values[0] for c in p.conditions() if c is not cond}
                if breaking:
                    yield pytest.param(name, p.name, {**holding, cond.param: breaking[0]},
                                       id=f"{name}-{p.name}-{cond.param}")


def _make(decl, values, seed):
    return decl.generate(values, seed=seed)


@pytest.mark.parametrize(("generator", "param", "owners"), list(_cases()))
def test_every_declared_condition_is_true_of_its_engine(generator, param, owners, tmp_path):
    """Where one condition fails (the others holding), changing the setting
    gives the same map (so the Workbench is right to make none)."""
    decl = registry.declaration(generator)
    p = decl.param(param)
    values = {**SMALL[generator], **owners}
    if generator == "ports" and values.get("source") == "png":
        from PIL import Image                           # a small heightmap to read
        path = tmp_path / "h.png"
        Image.fromarray((np.add.outer(np.arange(65), np.arange(65)) * 5 % 256)
                        .astype(np.uint8), "L").save(path)
        values["png_path"] = str(path)
    try:
        full = decl.validate(values)
    except ParamError:          # the others cannot hold with it (custom terrain in r13671)
        full = decl.validate({k: v for k, v in values.items()
                              if k not in owners or k == list(owners)[-1]})
    assert not counts(p, full)
    seed = "7" if decl.seed_kind == "text" else 7
    a = _make(decl, full, seed)
    b = _make(decl, {**full, param: _other(p, full[param], full)}, seed)
    assert a.layers.keys() == b.layers.keys()
    for name in a.layers:
        np.testing.assert_array_equal(a.layers[name], b.layers[name], err_msg=name)


def test_a_condition_that_holds_changes_the_map():
    """The other side: the custom height under custom terrain, the sigma of a
    log-normal population, the fast mode's rounds do make another map."""
    for generator, values, name, value in (
            ("tgp", {"size": (64, 64), "terrain": 5}, "custom_terrain", 90),
            ("numberlink", {"size": (8, 8), "mode": "fast"}, "fast_rounds", 0),
            ("ports", {"tgp_size": (64, 64), "n_ports": 5}, "pop_sigma", 3.0)):
        decl = registry.declaration(generator)
        seed = "7" if decl.seed_kind == "text" else 7
        a, b = (decl.generate({**values, name: v}, seed=seed)
                for v in (decl.param(name).default, value))
        assert any(not np.array_equal(a.layers[k], b.layers[k]) for k in a.layers) or \
            repr(getattr(a.detail, "ports", a.detail)) != repr(getattr(b.detail, "ports", b.detail)), \
            (generator, name)


# == 7.18: r13671's Random() calls before TGP ======================================
def test_r13671_starts_tgp_where_the_game_does():
    """The reference's manifest records the game's offset (StartupEconomy's
    one Random()): its ``*_skip1`` cases are what the game of r13671 makes,
    and the default makes them without being told."""
    path = reference_dir() / "tgp" / "manifest.json"
    if not path.is_file():
        pytest.skip(f"no TGP reference at {path.parent}")
    manifest = json.loads(path.read_text())
    assert "StartupEconomy() uses exactly one Random()" in manifest["conventions"]["rng"]
    game = [c for c in manifest["cases"] if c["rng_calls_before_tgp"]]
    assert game and {c["rng_calls_before_tgp"] for c in game} == {1}
    assert TGP.validate({"openttd": "r13671"})["rng_skip"] == 1
    for case in game:
        r = TGP.generate({"openttd": "r13671", "size": (case["map_size_x"], case["map_size_y"]),
                          "smoothness": case["smoothness"], "terrain": case["terrain_type"],
                          "sea_level": case["sea_level"], "landscape": case["landscape"]},
                         seed=case["seed"])
        assert r.detail.random_calls == case["stats"]["random_calls"]
        assert list(r.detail.rng_state_after) == case["stats"]["rng_state_after"], case["id"]


def test_a_png_chosen_means_the_png_source_by_the_params_own_rule():
    """Ports' Heightmap PNG implies the PNG source (Param.implies), in the
    Workbench, without the window: one change, both values, undone as one."""
    from viewer.engine.params import implied

    wb = Workbench("ports")
    assert wb.values["source"] == "tgp"
    said = []
    wb.events.connect(ValuesChanged, lambda e: said.append(set(e.names)))
    wb.set_value("png_path", "island.png")
    assert wb.values["source"] == "png" and said == [{"png_path", "source"}]
    wb.undo()
    assert wb.values["source"] == "tgp" and wb.values["png_path"] == ""
    # an empty path implies nothing; a source given with the path wins
    assert implied(wb.generator.params, {"png_path": "  "}) == {}
    wb.set_values({"png_path": "island.png", "source": "tgp"})
    assert wb.values["source"] == "tgp"
