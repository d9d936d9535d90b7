"""A player's openttd.cfg read as OpenTTD 15.2 reads it (viewer.formats.tgp_openttd_cfg):
every ``openttd-firstframe`` case's ``.cfg`` gives the case's settings; the
ini rules the game follows; bad values refused in one line naming the file,
the line and the setting; ``tgp --openttd-cfg`` and ``--seed`` make the case's
map; the console script pins every setting read."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

import firstframe as ff
from viewer.cli import main
from viewer.engine.tgp import game_settings as gs
from viewer.engine.tgp.generator import TGP
from viewer.formats.tgp_openttd_cfg import OpenttdCfgError, default_path, read_openttd_cfg
from viewer.formats.tgp_console_script import console_script

LANDSCAPES = ("temperate", "arctic", "tropic", "toyland")


def _as_game_holds(name: str, value):
    if name == "game_creation.landscape" and isinstance(value, str):
        return LANDSCAPES.index(value)
    return value


@pytest.mark.parametrize("case_id", ff.case_ids() or ["none"])
def test_each_cases_cfg_gives_the_cases_settings(case_id):
    c = ff.case(case_id)
    cfg = read_openttd_cfg(ff.folder() / c["cfg"])
    want = {k: _as_game_holds(k, v) for k, v in c["settings"].items()
            if k != gs.LAND_GENERATOR}
    assert cfg.settings == want
    assert cfg.notes == []
    values = cfg.values()
    assert values["size"] == (1 << want["game_creation.map_x"], 1 << want["game_creation.map_y"])
    assert values["landscape"] == LANDSCAPES[want["game_creation.landscape"]]
    for name, value in want.items():
        s = gs.BY_GAME[name]
        assert gs.game_value(s, values) == (("true" if value else "false")
                                           if isinstance(value, bool) else str(value)), name
    # what the file leaves out is the game's default
    if "economy.town_layout" not in want:
        assert values["town_layout"] == "original" and values["number_towns"] == "normal"


@pytest.mark.parametrize("case_id", (ff.case_ids() or ["none"])[:6])
def test_console_script_pins_every_setting_the_cfg_sets(case_id):
    c = ff.case(case_id)
    values = read_openttd_cfg(ff.folder() / c["cfg"]).values()
    lines = console_script(values, c["seed"]).splitlines()
    got = {ln.split(" ")[1]: ln.split(" ")[2] for ln in lines if ln.startswith("setting_newgame")}
    assert lines[-1] == f"newgame {c['seed']}"
    for name, value in c["settings"].items():
        value = _as_game_holds(name, value)
        assert got[name] == (("true" if value else "false") if isinstance(value, bool)
                             else str(value)), name
    assert set(got) == {s.game for s in gs.SETTINGS} | {gs.LAND_GENERATOR} | \
        set(gs.SHAPING_DEFAULTS)
    for name, value in gs.SHAPING_DEFAULTS.items():        # pinned at the game's defaults
        assert got[name] == (("true" if value else "false") if isinstance(value, bool)
                             else str(value)), name


def test_openttd_cfg_and_seed_make_the_cases_map(monkeypatch, tmp_path):
    case_id = "ff-04"
    if case_id not in ff.case_ids():
        pytest.skip("reference case ff-04 absent")
    c = ff.case(case_id)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    npz = tmp_path / "m.npz"
    rc = main(["tgp", "--openttd-cfg", str(ff.folder() / c["cfg"]), "--seed", str(c["seed"]),
               "--stop-after", "clear", "--npz", str(npz), "-q"])
    assert rc == 0, err.getvalue()
    theirs = ff.grids(case_id, "clear")
    with np.load(npz) as z:
        assert np.array_equal(z["tile_type"], theirs["type"])
        assert np.array_equal(z["tile_height"], theirs["height"])
        for b in ("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"):
            assert z[b].dtype == theirs[b].dtype and np.array_equal(z[b], theirs[b]), b
        assert z["rng_state"].tolist() == ff.stage_record(case_id, "clear")["random_state"]
        assert "towns" not in z.files


def _cfg(tmp_path, text: str):
    path = tmp_path / "openttd.cfg"
    path.write_text(text)
    return path


def test_the_ini_rules_the_game_follows(tmp_path):
    cfg = read_openttd_cfg(_cfg(tmp_path, "\n".join([
        "; a comment", "# another", "[misc]", "savegame_format = none",
        "[game_creation]", 'landscape = "arctic"', "map_x\t7", "map_x = 9",
        "tree_placer =", "  starting_year   =  2001  ", "[construction]",
        "freeform_edges = off", "[game_creation]", "map_y = 10",
        "[patches]", "town_layout = 3", "map_y = 11", "[difficulty]", "number_towns = 4",
        "[network]", "server_advertise = false", ""])))
    assert cfg.settings == {"game_creation.landscape": 1, "game_creation.map_x": 7,
                            "game_creation.starting_year": 2001,
                            "construction.freeform_edges": False,
                            "economy.town_layout": 3, "game_creation.map_y": 11,
                            "difficulty.number_towns": 4}
    assert cfg.lines["game_creation.map_x"] == 7
    v = cfg.values()
    assert v["size"] == (128, 2048) and v["landscape"] == "arctic"
    assert v["tree_placer"] == "improved"          # no value: the default
    assert v["town_layout"] == "3x3 grid" and v["number_towns"] == "custom"
    assert v["freeform_edges"] is False and v["starting_year"] == 2001


@pytest.mark.parametrize("text, words", [
    ("[game_creation]\nmap_x = 13\n", "line 2: game_creation.map_x: 13 is out of bounds (6..12)"),
    ("[game_creation]\n\nlandscape = moon\n", "line 3: game_creation.landscape: 'moon' is not "
                                              "a number or one of temperate"),
    ("[construction]\nfreeform_edges = yes\n", "line 2: construction.freeform_edges: 'yes' is "
                                               "not a boolean"),
    ("[economy]\nlarger_towns = 4x\n", "line 2: economy.larger_towns: '4x' is not a number"),
    ("[economy]\ntown_layout = 5\n", "line 2: economy.town_layout: 5 is out of bounds (0..4)"),
    ("[game_creation]\ntown_name = german\n", "line 2: game_creation.town_name: Town names "
                                              "German: not yet"),
    ("[game_creation]\nland_generator = 0\n", "line 2: game_creation.land_generator: 0 is the "
                                              "original land generator"),
])
def test_a_bad_value_is_refused_in_one_line_naming_file_line_and_setting(tmp_path, text, words):
    with pytest.raises(OpenttdCfgError) as exc:
        read_openttd_cfg(_cfg(tmp_path, text)).values()
    message = str(exc.value)
    assert "\n" not in message and "openttd.cfg" in message and words in message


def test_unreadable_and_binary_files_are_refused(tmp_path):
    with pytest.raises(OpenttdCfgError, match="cannot read it"):
        read_openttd_cfg(tmp_path / "missing.cfg")
    path = tmp_path / "bin.cfg"
    path.write_bytes(b"\0\1\2[game_creation]")
    with pytest.raises(OpenttdCfgError, match="binary"):
        read_openttd_cfg(path)


def test_settings_kept_at_the_games_defaults_and_newgrfs_are_noted(tmp_path):
    cfg = read_openttd_cfg(_cfg(tmp_path, "[construction]\nmax_bridge_length = 10\n"
                                          "build_on_slopes = true\n[newgrf]\nfoo.grf\n"))
    assert len(cfg.notes) == 2
    assert "max_bridge_length = 10 (line 2)" in cfg.notes[0]
    assert "NewGRF" in cfg.notes[1]


def test_the_games_usual_place_is_offered_first(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / "xdg" / "openttd" / "openttd.cfg"
    old = tmp_path / ".openttd" / "openttd.cfg"
    old.parent.mkdir()
    old.write_text("[game_creation]\n")
    assert default_path() == old


def test_flags_given_win_over_the_cfg(tmp_path, monkeypatch):
    path = _cfg(tmp_path, "[game_creation]\nmap_x = 6\nmap_y = 6\nlandscape = arctic\n"
                          "[economy]\ntown_layout = 2\n")
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    rc = main(["tgp", "--openttd-cfg", str(path), "--seed", "9", "--landscape", "toyland",
               "--stop-after", "water"])
    assert rc == 0, err.getvalue()
    line = out.getvalue().splitlines()[0]
    assert "--size 64x64" in line and "--landscape toyland" in line
    assert "--town-layout '2x2 grid'" in line
    rc = main(["tgp", "--openttd-cfg", str(tmp_path / "nope.cfg")])
    assert rc == 1 and err.getvalue().splitlines()[-1].startswith("tgp: --openttd-cfg: ")


def test_the_game_settings_table_names_each_param_once_and_reads_back():
    values = TGP.validate({"size": (512, 128), "landscape": "tropic", "town_layout": "random",
                           "larger_towns": 0, "extra_tree_placement": "no growth",
                           "industry_density": "custom", "custom_industry_number": 40})
    world = gs.world_settings(values)
    assert world["economy.town_layout"] == 4 and world["game_creation.map_x"] == 9
    assert world["construction.extra_tree_placement"] == 3
    back = TGP.validate(gs.to_values(world))
    assert {k: back[k] for k in gs.param_names()} == {k: values[k] for k in gs.param_names()}
    assert json.dumps(world)   # numbers and booleans only


def test_the_tables_choices_are_the_params():
    from viewer.engine.tgp.generator import PARAMS

    by_name = {p.name: p for p in PARAMS}
    for param, choices in gs.CHOICES.items():
        assert by_name[param].choices == choices, param
    assert {s.param for s in gs.SETTINGS if s.codec == "choice"} == set(gs.CHOICES)


def test_the_new_settings_travel_in_map_ids_and_presets(tmp_path):
    from viewer import registry
    from viewer.formats.presets import Preset, load_preset, save_preset
    from viewer.workbench.map_id import map_id, parse_map_id

    decl = registry.declaration("tgp")
    values = TGP.validate({"size": (64, 64), "stop_after": "clear",
                           "extra_tree_placement": "no growth", "number_towns": "custom",
                           "custom_town_number": 17, "town_layout": "3x3 grid",
                           "larger_towns": 0, "initial_city_size": 5, "starting_year": 2030,
                           "construction_cost": "high", "industry_density": "funding only"})
    text = map_id(decl, values, 99)
    assert "--town-layout '3x3 grid'" in text and "--custom-town-number 17" in text
    back = parse_map_id(text)
    assert back.values == values and back.seed == 99
    path = tmp_path / "p.toml"
    save_preset(path, Preset("tgp", values, 99, "towns"))
    again = load_preset(path)
    assert TGP.validate(TGP.complete_stored(again.params)) == values
