"""The OpenTTD 15.2 console script of a TerraGenesis map: every line names a
setting the game has (its settings table) with a value within its bounds,
the values are the game's encoding of the map's settings (the tgp-rivers
cases' settings), and maps the game cannot make are refused in one line."""

from __future__ import annotations

import io
import json
import sys

import pytest
from refdata import require_reference

from viewer.cli import main
from viewer.engine.tgp.generator import TGP
from viewer.formats.tgp_console_script import (
    RANDOM_SEED,
    NotPlayable,
    console_script,
    exec_command,
    game_settings,
    personal_scripts_folder,
    refusal,
)

# Bounds the settings table leaves symbolic, from 15.2's genworld.h
# (TGEN_SMOOTHNESS_BEGIN 0 .. TGEN_SMOOTHNESS_END 4), town_type.h (TownLayout:
# TL_BEGIN 0 .. NUM_TLS 5), timer_game_common.h (years 0 .. 5000000) and
# industry_type.h (IndustryDensity: ID_FUND_ONLY 0 .. ID_CUSTOM 6, ID_END 7).
SYMBOLS = {"TGEN_SMOOTHNESS_BEGIN": 0, "TGEN_SMOOTHNESS_END - 1": 3, "TL_BEGIN": 0,
           "NUM_TLS - 1": 4, "CalendarTime::MIN_YEAR": 0, "CalendarTime::MAX_YEAR": 5000000,
           "ID_END - 1": 6, "MAX_TILE_HEIGHT": 255, "MAX_MAP_SIZE": 4096, "ET_BEGIN": 0,
           "ET_END - 1": 2, "TCGM_BEGIN": 0, "TCGM_END - 1": 1}


@pytest.fixture(scope="module")
def table():
    path = require_reference("tgp-rivers") / "openttd-15.2-settings.json"
    return json.loads(path.read_text())["settings"]


@pytest.fixture(scope="module")
def manifest():
    return json.loads((require_reference("tgp-rivers") / "manifest.json").read_text())


def _bound(v):
    return SYMBOLS[v] if isinstance(v, str) else v


def check_line_against_table(table, name: str, text: str) -> None:
    assert name in table, f"{name} is no setting of OpenTTD 15.2"
    desc = table[name]
    if desc["kind"].endswith("BOOL"):
        assert text in ("true", "false"), (name, text)
        return
    assert text.isdigit(), (name, text)
    value = int(text)
    lo, hi = _bound(desc.get("min", 0)), _bound(desc["max"])
    zero_special = "GuiZeroIsSpecial" in desc.get("flags", "")
    assert lo <= value <= hi or (zero_special and value == 0), (name, value, lo, hi)
    interval = int(desc.get("interval", 1))
    assert (value - lo) % interval == 0 or desc.get("interval") is None, (name, value)


def values_of(**given):
    return TGP.validate({"openttd": "15.2", **given})


def script_lines(values, seed):
    return console_script(values, seed).splitlines()


def test_every_line_is_a_setting_of_the_game_within_its_bounds(table):
    for given in ({}, {"size": (4096, 64), "terrain": 5, "custom_terrain": 255,
                       "sea_level": 4, "custom_sea_level": 90, "height_limit": 255,
                       "variety": 5, "smoothness": 3, "water_borders": 0,
                       "freeform_edges": False, "landscape": "toyland"},
                  {"size": (64, 4096), "height_limit": 15, "landscape": "arctic"}):
        lines = script_lines(values_of(**given), 12345)
        settings = [ln for ln in lines if ln.startswith("setting_newgame ")]
        for ln in settings:
            _, name, text = ln.split(" ")
            check_line_against_table(table, name, text)
        names = [ln.split(" ")[1] for ln in settings]
        assert len(set(names)) == len(names)
        assert lines[-1] == "newgame 12345"
        assert all(ln.startswith("#") for ln in lines[:lines.index(settings[0])])
        assert "" not in lines          # the console would take an empty line as a command


def test_every_terrain_setting_of_a_reference_case_is_set(manifest):
    """The settings the tgp-rivers harness gives the game are exactly those
    the script sets (besides land_generator and tree_placer, which it
    leaves at TerraGenesis and "improved", and the settings of the steps
    after the terrain, which it pins too)."""
    set_here = {n.split(".")[1] for n, _ in game_settings(values_of())}
    harness = set(manifest["cases"][0]["settings"]) - {"generation_seed", "size_x", "size_y",
                                                        "landscape_name"}
    assert harness <= set_here
    assert set_here - harness == {"land_generator", "tree_placer", "extra_tree_placement",
                                  "number_towns", "custom_town_number", "town_layout",
                                  "larger_towns", "initial_city_size", "starting_year",
                                  "construction_cost", "town_name", "industry_density",
                                  "custom_industry_number", "build_on_slopes",
                                  "max_bridge_height", "max_bridge_length",
                                  "max_tunnel_length", "industry_platform",
                                  "allow_town_level_crossings", "town_growth_rate",
                                  "town_cargogen_mode", "multiple_industry_per_town", "type",
                                  "oil_refinery_limit"}


def _our_values(s: dict) -> dict:
    """A reference case's settings as the TGP generator's values."""
    return values_of(size=(s["size_x"], s["size_y"]), landscape=s["landscape_name"],
                     terrain=s["terrain_type"], custom_terrain=s["custom_terrain_type"],
                     smoothness=s["tgen_smoothness"], variety=s["variety"],
                     sea_level=s["quantity_sea_lakes"], custom_sea_level=s["custom_sea_level"],
                     water_borders=s["water_borders"], freeform_edges=s["freeform_edges"],
                     height_limit=s["map_height_limit"]), {
        "rivers": s["amount_of_rivers"], "min_river_length": s["min_river_length"],
        "river_route_random": s["river_route_random"], "snow_coverage": s["snow_coverage"],
        "desert_coverage": s["desert_coverage"]}


def test_values_are_the_games_encoding_of_each_reference_case(manifest, table):
    for case in manifest["cases"]:
        s = case["settings"]
        base, climate = _our_values(s)
        values = {**base, **climate}
        if not case["derived"]["reachable_in_game"]:
            assert s["generation_seed"] == RANDOM_SEED
            assert refusal(values, s["generation_seed"]) is not None
            continue
        lines = script_lines(values, s["generation_seed"])
        got = {ln.split(" ")[1]: ln.split(" ")[2] for ln in lines if ln.startswith("setting_")}
        for full, text in got.items():
            check_line_against_table(table, full, text)
            short = full.split(".")[1]
            if short in s:
                want = s[short]
                want = ("true" if want else "false") if isinstance(want, bool) else str(want)
                assert text == want, (case["id"], full)
        assert got["game_creation.land_generator"] == "1"
        assert lines[-1] == f"newgame {s['generation_seed']}"


def test_choice_names_and_numbers_give_the_same_lines():
    named = dict(values_of(), rivers="lots", tree_placer="original")
    numbered = dict(values_of(), rivers=3, tree_placer=1)
    assert console_script(named, 5) == console_script(numbered, 5)
    got = dict(game_settings(named))
    assert got["game_creation.amount_of_rivers"] == "3"
    assert got["game_creation.tree_placer"] == "1"


@pytest.mark.parametrize("values, seed, words", [
    (values_of(), RANDOM_SEED, "random seed"),
    (values_of(height_limit=14), 1, "maximum map height 14"),
    (values_of(height_limit=1), 1, "maximum map height 1"),
    (TGP.validate({"openttd": "r13671"}), 1, "r13671"),
])
def test_maps_the_game_cannot_make_are_refused_in_one_line(values, seed, words):
    why = refusal(values, seed)
    assert why is not None and words in why and "\n" not in why
    with pytest.raises(NotPlayable, match=words):
        console_script(values, seed)


def test_seeds_the_game_takes_are_written_as_they_are():
    assert refusal(values_of(), 0) is None
    assert refusal(values_of(), RANDOM_SEED - 1) is None
    assert script_lines(values_of(), RANDOM_SEED - 1)[-1] == f"newgame {RANDOM_SEED - 1}"
    assert refusal(values_of(height_limit=15), 3) is None


def test_exec_command_names_the_script_as_the_game_finds_it(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = personal_scripts_folder()
    assert folder == str(tmp_path / "data" / "openttd" / "scripts")
    assert exec_command(f"{folder}/map.scr") == "exec scripts/map.scr"
    assert exec_command(tmp_path / "elsewhere" / "m.scr") == f"exec {tmp_path}/elsewhere/m.scr"
    assert exec_command(tmp_path / "with space.scr") == f'exec "{tmp_path}/with space.scr"'
    # an older install's ~/.openttd, when the XDG folder is not there
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "none"))
    (tmp_path / ".openttd").mkdir()
    assert personal_scripts_folder() == str(tmp_path / ".openttd" / "scripts")


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = main(["tgp", *argv])
    return rc, out.getvalue(), err.getvalue()


def test_command_line_writes_the_script_atomically(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x128", "--seed", "77", "--landscape", "arctic",
                        "--console-script", "m.scr"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    text = (tmp_path / "m.scr").read_text()
    assert text == console_script(TGP.validate({"openttd": "15.2", "size": (64, 128),
                                                "landscape": "arctic"}), 77,
                                  made_by=out.splitlines()[0])
    assert "setting_newgame game_creation.map_y 7" in text
    assert "setting_newgame game_creation.landscape 1" in text
    assert f"exec {tmp_path}/m.scr" in out


@pytest.mark.parametrize("argv, words", [
    (["--seed", "4294967295"], "random seed"),
    (["--seed", "1", "--height-limit", "9"], "maximum map height 9"),
    (["--openttd", "r13671", "--seed", "1"], "r13671"),
])
def test_command_line_refusals_write_nothing(argv, words, monkeypatch, tmp_path):
    (tmp_path / "keep.scr").write_text("old\n")
    rc, out, err = run(["--size", "64x64", *argv, "--console-script", "keep.scr",
                        "--npz", "n.npz"], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err.startswith("tgp: --console-script: ") and words in err
    assert err.count("\n") == 1
    assert (tmp_path / "keep.scr").read_text() == "old\n"
    assert not (tmp_path / "n.npz").exists()


def test_a_map_that_stops_early_says_the_game_goes_on(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--stop-after", "water",
                        "--console-script", "w.scr"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert "stops after the water pass" in out.splitlines()[-1]
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--console-script", "r.scr"],
                       monkeypatch, tmp_path)
    assert "stops after" not in out
    # the game makes the whole map either way: the scripts are the same
    assert (tmp_path / "w.scr").read_text().splitlines()[3:] == \
        (tmp_path / "r.scr").read_text().splitlines()[3:]


def test_the_settings_pinned_at_their_defaults_are_the_games_defaults(table):
    from viewer.engine.tgp.game_settings import SHAPING_DEFAULTS

    symbols = {"TCGM_BITCOUNT": 1, "ET_SMOOTH": 1, "true": True, "false": False}
    for name, value in SHAPING_DEFAULTS.items():
        default = table[name]["def"]
        assert symbols.get(default, default) == value, name
    lines = script_lines(values_of(), 7)
    assert "setting_newgame construction.max_bridge_length 64" in lines
    assert "setting_newgame economy.type 1" in lines


def test_a_map_stopped_after_a_later_stage_says_what_the_game_adds(monkeypatch, tmp_path):
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--stop-after", "towns",
                        "--console-script", "t.scr"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert out.splitlines()[-1].endswith("this map stops after towns; the game goes on with "
                                         "industries, objects, trees, startup, world before "
                                         "its first frame")
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--stop-after", "world",
                        "--console-script", "w.scr"], monkeypatch, tmp_path)
    assert rc == 0 and "stops after" not in out
    rc, out, err = run(["--size", "64x64", "--seed", "5", "--stop-after", "rivers",
                        "--console-script", "r.scr"], monkeypatch, tmp_path)
    assert rc == 0 and out.splitlines()[-1].endswith(
        "this map stops after rivers; the game goes on with clear, towns, industries, "
        "objects, trees, startup, world before its first frame")


def _values(freeform: bool) -> dict:
    return TGP.validate({"size": (64, 64), "freeform_edges": freeform})


@pytest.mark.parametrize("freeform", [True, False])
def test_the_script_says_where_to_run_it_and_holds_to_what_the_game_takes(freeform):
    """Inside a running game OpenTTD 15.2 refuses ``setting_newgame
    construction.freeform_edges false`` unless the loaded map's edges are
    water: such a script says to run it from the main menu; the lines are
    comments, then settings the game knows in the order written, then
    newgame, with no blank line (the console reads one as a command)."""
    lines = console_script(_values(freeform), 7).splitlines()
    comments = [ln for ln in lines if ln.startswith("#")]
    assert lines[:len(comments)] == comments and "" not in lines
    says = " ".join(comments)
    assert ("main menu, not in a game" in says) == (not freeform)
    assert "stay in your new-game settings" in says
    body = lines[len(comments):]
    assert body[-1] == "newgame 7"
    assert all(ln.startswith("setting_newgame ") and len(ln.split()) == 3 for ln in body[:-1])
    names = [ln.split()[1] for ln in body[:-1]]
    assert names == [n for n, _ in game_settings(_values(freeform))]
    assert names[:2] == ["game_creation.map_x", "game_creation.map_y"]
    edge = body[names.index("construction.freeform_edges")]
    assert edge.endswith("true" if freeform else "false")


def test_how_to_run_says_the_main_menu_and_that_the_settings_stay(tmp_path):
    from viewer.formats.tgp_console_script import how_to_run

    off = how_to_run(tmp_path / "m.scr", {"freeform_edges": False})
    on = how_to_run(tmp_path / "m.scr", {"freeform_edges": True})
    assert "at the main menu, not in a game" in off and "or in a game" in on
    assert "stay in your new-game settings" in on
