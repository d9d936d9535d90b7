"""Every shipped preset (and one the window saves) loads through the command
line, the window and a sweep; a sweep refuses what the generator refuses;
metrics that do not apply at the chosen stage are empty, not 0."""

from __future__ import annotations

import csv
import math

import pytest
from hostile import REPO, cli, only_line

from viewer.formats.presets import Preset, load_preset, save_preset, shipped_presets

PRESETS = shipped_presets()
TGP_PRESETS = [p for p in PRESETS if load_preset(p).generator == "tgp"]


def test_the_presets_are_the_repositorys():
    assert {p.name for p in PRESETS} == {p.name for p in (REPO / "resources" / "presets")
                                         .glob("*.toml")}
    assert any(p.name.startswith("tgp-") for p in PRESETS)      # r13671 ones
    assert any(p.name.startswith("tgp15-") for p in PRESETS)    # 15.2 ones


@pytest.mark.parametrize("path", TGP_PRESETS, ids=lambda p: p.name)
def test_a_shipped_preset_loads_on_the_command_line(tmp_path, path):
    """(fairland's command line is empserver's: it takes no preset)"""
    preset = load_preset(path)
    run = cli(["tgp", "--preset", str(path), "--size", "64x64", "--npz", "m.npz"], tmp_path)
    assert run.status == 0, run.err
    assert f"--openttd {preset.params['openttd']}" in run.out
    assert f"--seed {preset.seed}" in run.out


@pytest.mark.parametrize("path", PRESETS, ids=lambda p: p.name)
def test_a_shipped_preset_loads_in_the_window_and_saves_again(tmp_path, path):
    from viewer.workbench import Workbench

    preset = load_preset(path)
    wb = Workbench(preset.generator)
    wb.set_values(preset.params)
    values = wb.validated()
    saved = tmp_path / "again.toml"
    save_preset(saved, Preset(preset.generator, values, preset.seed, "again"))
    assert load_preset(saved).params == values
    if preset.generator == "tgp":       # and the window's preset on the command line
        run = cli(["tgp", "--preset", str(saved), "--size", "64x64", "-q"], tmp_path)
        assert run.status == 0, run.err


@pytest.mark.parametrize("path", PRESETS, ids=lambda p: p.name)
def test_a_shipped_preset_loads_in_a_sweep(tmp_path, path):
    preset = load_preset(path)
    small = {"tgp": ["--set", "size=64x64"], "fairland": ["--set", "ni=0"]}
    run = cli(["sweep", preset.generator, "--preset", str(path), "--seeds", "1",
               "--jobs", "1", "-q", "--out", "t.csv", *small.get(preset.generator, [])],
              tmp_path)
    assert run.status == 0, run.err
    row = next(csv.DictReader((tmp_path / "t.csv").open()))
    assert row["ok"] == "1", row["error"]
    from viewer import registry
    from viewer.sweep.spec import cell_value

    decl = registry.declaration(preset.generator)
    for name, value in preset.params.items():     # the preset's values, as it holds them
        if name not in ("size", "ni", "is", "id", "merge") and not (
                decl.refused_setting((name,), preset.params)):
            assert row[name] == str(cell_value(decl.param(name), value)), name


def test_a_tgp_flag_the_version_lacks_is_still_refused(tmp_path):
    path = REPO / "resources" / "presets" / "tgp-alpine.toml"
    run = cli(["tgp", "--preset", str(path), "--size", "64x64", "--rivers", "3"], tmp_path)
    assert run.status == 1
    assert only_line(run) == "tgp: --rivers: OpenTTD r13671 has no such setting (only 15.2)"


@pytest.mark.parametrize("argv,flag", [
    (["--set", "openttd=r13671", "--set", "rivers=3"], "rivers"),
    (["--set", "rng_skip=3"], "rng_skip"),
    (["--set", "openttd=r13671", "--vary", "variety=0,1"], "variety"),
    (["--vary", "openttd=15.2,r13671", "--set", "height_limit=20"], "height_limit"),
])
def test_a_sweep_refuses_a_setting_the_version_lacks(tmp_path, argv, flag):
    run = cli(["sweep", "tgp", "--seeds", "1", "--set", "size=64x64", "--out", "t.csv",
               "--jobs", "1", "-q", *argv], tmp_path)
    assert run.status == 1 and not (tmp_path / "t.csv").exists()
    assert only_line(run).startswith(f"sweep: {flag}: OpenTTD version ")
    assert "has no such setting" in run.err


def test_a_sweep_of_a_preset_for_another_generator_is_refused(tmp_path):
    path = REPO / "resources" / "presets" / "tgp-alpine.toml"
    run = cli(["sweep", "fairland", "--preset", str(path), "--seeds", "1", "--out", "t.csv"],
              tmp_path)
    assert run.status == 1
    assert only_line(run).endswith("tgp-alpine.toml is for tgp, not fairland")


@pytest.mark.parametrize("stop,empty", [
    ("water", ("river_tiles", "rivers_made", "lakes", "desert_share", "rainforest_share",
               "snow_tiles")),
    ("climate", ("river_tiles", "rivers_made", "lakes")),
    ("rivers", ()),
])
def test_metrics_not_made_at_the_stage_are_empty(tmp_path, stop, empty):
    run = cli(["sweep", "tgp", "--seeds", "1", "--set", "size=64x64", "--set",
               f"stop_after={stop}", "--set", "landscape=tropic", "--out", "t.csv",
               "--jobs", "1", "-q"], tmp_path)
    assert run.status == 0, run.err
    row = next(csv.DictReader((tmp_path / "t.csv").open()))
    for name in ("river_tiles", "rivers_made", "lakes", "desert_share", "rainforest_share",
                 "snow_tiles"):
        if name in empty:
            assert row[name] == "", name
        else:
            assert not math.isnan(float(row[name])), name


def test_every_shipped_preset_loads_in_the_window(qtbot, tmp_path):
    """File > Load preset in the window itself: each preset's values shown,
    its seed taken, and saved again as the window saves it."""
    from viewer import registry
    from viewer.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    try:
        for path in PRESETS:
            preset = load_preset(path)
            w.file_actions.load_preset_file(path)
            assert w.workbench.generator.name == preset.generator
            decl = registry.declaration(preset.generator)
            assert w.workbench.validated() == decl.validate(preset.params), path.name
            if preset.seed is not None:
                assert w.workbench.seed == preset.seed
            values = w.workbench.validated()
            shown = w.param_panel.values()            # what the panel shows, where it counts
            for p in decl.params:
                if p.name in shown and p.failed_condition(values) is None:
                    assert decl.validate({**values, p.name: shown[p.name]})[p.name] == \
                        values[p.name], (path.name, p.name, shown[p.name])
            saved = tmp_path / f"saved-{path.name}"
            w.file_actions.save_preset_file(saved)
            assert load_preset(saved).params == w.workbench.validated()
    finally:
        w.shutdown()


def test_a_preset_under_another_version_keeps_within_its_levels(tmp_path):
    """A 15.2 preset run as r13671: its alpinist terrain becomes r13671's
    highest, mountainous, as the window brings it in when the version is
    switched; a flag that gives alpinist is still refused."""
    path = str(REPO / "resources" / "presets" / "tgp15-alpinist.toml")
    run = cli(["tgp", "--preset", path, "--openttd", "r13671", "--size", "64x64"], tmp_path)
    assert run.status == 0, run.err
    assert "--openttd r13671" in run.out and "--terrain 3" in run.out
    run = cli(["sweep", "tgp", "--preset", path, "--set", "openttd=r13671", "--set",
               "size=64x64", "--seeds", "1", "--out", "t.csv", "--jobs", "1", "-q"], tmp_path)
    assert run.status == 0, run.err
    row = next(csv.DictReader((tmp_path / "t.csv").open()))
    assert (row["openttd"], row["terrain"], row["ok"]) == ("r13671", "3", "1")
    run = cli(["tgp", "--preset", path, "--openttd", "r13671", "--terrain", "4", "--size",
               "64x64"], tmp_path)
    assert run.status == 1 and only_line(run).startswith("tgp: --terrain: ")


def test_metrics_not_made_are_null_in_the_json(tmp_path):
    import json

    run = cli(["tgp", "--size", "64x64", "--seed", "1", "--stop-after", "water", "--metrics"],
              tmp_path)
    assert run.status == 0, run.err

    def no_constant(word):
        raise AssertionError(f"{word} is not JSON")

    figures = json.loads(run.out.splitlines()[-1], parse_constant=no_constant)
    assert figures["river_tiles"] is None and figures["snow_tiles"] is None
    assert isinstance(figures["water_share"], float)
