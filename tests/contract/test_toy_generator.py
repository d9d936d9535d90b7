"""The contract of the registry: a fifth generator declared in one module
of its own (``toy_generator.py``, ending in one ``register`` line) shows in
the window, the command line, presets, bundles and sweeps with no edit
anywhere else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from viewer import registry
from viewer.formats.png import read_png

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
WAIT = 30_000


@pytest.fixture
def toy():
    import toy_generator  # registers "toy" on its first import

    registry.register(toy_generator.DECLARATION, replace=True)
    yield toy_generator


def has_colour(img, rgb) -> bool:
    return bool(np.all(img[..., :3] == np.array(rgb[:3], np.uint8), axis=-1).any())


def test_the_toy_is_in_the_window_with_its_colours_rows_and_export(qtbot, toy, tmp_path):
    from viewer.ui.main_window import MainWindow

    w = MainWindow(generate=False)
    qtbot.addWidget(w)
    w.show()
    try:
        box = w.generator_box
        assert "Toy stripes" in [box.itemText(i) for i in range(box.count())]
        box.setCurrentIndex(box.findData("toy"))
        qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "toy"
                        and not w.busy(), timeout=WAIT)
        # its Params make the panel; moving one regenerates
        assert set(w.param_panel.widgets) == {"side", "period"}
        img = w.shown_image()
        assert has_colour(img, toy.EVEN) and has_colour(img, toy.ODD)
        assert [t for t, _ in w.legend.legend.entries] == ["even stripe", "odd stripe"]
        assert w.map_view.letters() == ["T"]
        rows = w.inspect(2, 1)
        assert rows["stripe"] == f"number {int(w.result.layers['stripe'][1, 2])}"
        w.param_panel.widgets["side"].editor.setValue(20)
        qtbot.waitUntil(lambda: w.result.params["side"] == 20 and not w.busy(), timeout=WAIT)
        assert w.shown_image().shape[1] == 20 * w.map_view.scale
        # its export is in the File menu and writes
        assert "Export stripes as text..." in w.menu_actions()
        w.file_actions.export("toy-text", tmp_path / "s.txt")
        lines = (tmp_path / "s.txt").read_text().splitlines()
        assert len(lines) == 20 and set("".join(lines)) == {".", "#"}
        # presets and bundles are generic
        w.file_actions.save_preset_file(tmp_path / "toy.toml")
        assert 'generator = "toy"' in (tmp_path / "toy.toml").read_text()
        side = w.file_actions.export_bundle(tmp_path / "b.npz")
        meta = json.loads(side.read_text())
        assert meta["generator"] == "toy" and meta["params"]["side"] == 20
        assert np.array_equal(np.load(tmp_path / "b.npz")["stripe"], w.result.layers["stripe"])
        # and a whole-map picture has the toy's colours and legend
        pic = w.file_actions.write_map_png(tmp_path / "m.png", scale=4)
        assert has_colour(pic, toy.ODD) and pic.shape[0] > 20 * 4
        # switching away removes its export
        w.set_generator("fairland")
        assert "Export stripes as text..." not in w.menu_actions()
    finally:
        w.shutdown()


def test_a_toy_preset_loads_back(toy, tmp_path):
    from viewer.formats.presets import Preset, load_preset, save_preset

    save_preset(tmp_path / "t.toml", Preset("toy", {"side": 9, "period": 2}, 5))
    back = load_preset(tmp_path / "t.toml")
    assert back.generator == "toy" and back.params == {"side": 9, "period": 2}
    (tmp_path / "bad.toml").write_text('generator = "toy"\n[params]\nside = 999\n')
    with pytest.raises(ValueError, match="Side must be at most 64"):
        load_preset(tmp_path / "bad.toml")


def _cli(*args, cwd):
    env = {**os.environ, "MAPGEN_VIEWER_PLUGINS": "toy_generator",
           "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "viewer", "toy", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_toy_has_a_command_line_from_its_params(tmp_path):
    helped = _cli("-h", cwd=tmp_path)
    assert helped.returncode == 0
    assert "--side K" in helped.stdout and "cells on each side, 2..64 (default 12)" in \
        helped.stdout and "toy-text" in helped.stdout
    done = _cli("--side", "16", "--seed", "4", "--png", "t.png", "--export", "toy-text=t.txt",
                "--bundle", "t.npz", "--metrics", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"stripes": 11}
    assert len((tmp_path / "t.txt").read_text().splitlines()) == 16
    assert has_colour(read_png(tmp_path / "t.png"), (0, 128, 128))
    assert json.loads((tmp_path / "t.json").read_text())["seed"] == 4
    bad = _cli("--side", "999", cwd=tmp_path)
    assert bad.returncode == 1 and bad.stderr.strip() == "toy: --side: Side must be at most 64, not 999 (2..64)"
    wrong = _cli("--export", "nope=x", cwd=tmp_path)
    assert wrong.returncode == 1 and "NAME one of toy-text" in wrong.stderr


def test_the_toy_declares_a_flag_of_its_own(tmp_path):
    """Its cli_extras add --count-file to the generic command line: in the
    help, checked before the run with the other outputs, written with them."""
    helped = _cli("-h", cwd=tmp_path)
    assert "--count-file FILE" in helped.stdout and "number of stripes" in helped.stdout
    done = _cli("--side", "16", "--period", "4", "--seed", "0", "--count-file", "n.txt",
                "--png", "t.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "n.txt").read_text() == "8\n"        # 31 diagonals, 4 wide: 0..7
    assert "8 stripes counted in n.txt" in done.stdout.splitlines()
    assert (tmp_path / "t.png").is_file()
    other = _cli("--side", "16", "--period", "2", "--seed", "0", "--count-file", "m.txt",
                 cwd=tmp_path)
    assert other.returncode == 0 and (tmp_path / "m.txt").read_text() == "16\n"
    bad = _cli("--count-file", "no/such/dir/n.txt", "--png", "u.png", cwd=tmp_path)
    assert bad.returncode == 1 and bad.stderr.startswith("toy: cannot write no/such/dir/n.txt")
    assert not (tmp_path / "u.png").exists()                # nothing written


def test_the_toy_sweeps(tmp_path):
    env = {**os.environ, "MAPGEN_VIEWER_PLUGINS": "toy_generator",
           "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)])}
    out = tmp_path / "s.csv"
    done = subprocess.run([sys.executable, "-m", "viewer", "sweep", "toy", "--seeds", "0..5",
                           "--vary", "period=2,3", "--jobs", "1", "--out", str(out)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert lines[0].split(",")[-1] == "stripes" and len(lines) == 1 + 12


def test_the_toys_trace_view_and_opener_are_in_the_window(qtbot, toy, tmp_path, monkeypatch):
    from viewer.ui import folders
    from viewer.ui.main_window import MainWindow

    w = MainWindow(generate=False)
    qtbot.addWidget(w)
    w.show()
    try:
        assert "Toy" not in [a.text() for a in w.docks_menu.actions()]
        w.set_generator("toy")
        qtbot.waitUntil(lambda: w.result is not None and w.result.generator == "toy"
                        and not w.busy(), timeout=WAIT)
        r = w.result
        # the trace: the timeline scrubs through its phases, a row a step
        assert w.timeline.n_steps == r.grid.height == 12
        assert [name for name, _ in w.timeline.phases()] == list(toy.PHASES)
        w.timeline.set_step(3)
        qtbot.waitUntil(lambda: w.state.step == 3 and not w.busy(), timeout=WAIT)
        assert np.array_equal(w.state.layers["stripe"][:3], r.layers["stripe"][:3])
        assert not w.state.layers["stripe"][3:].any()
        assert w.inspect(5, 2)["stripe"] == f"number {int(r.layers['stripe'][2, 5])}"
        assert w.inspect(5, 7)["stripe"] == "number 0"      # not painted yet
        w.timeline.set_step(w.timeline.n_steps)
        qtbot.waitUntil(lambda: w.state.final, timeout=WAIT)
        # the view: its dock says the stripes, its action is in the Edit menu
        assert "Toy" in [a.text() for a in w.docks_menu.actions()]
        assert w.gen_view.label.text() == f"{int(r.layers['stripe'].max()) + 1} stripes"
        w.menu_actions()["Count toy stripes"].trigger()
        assert w.message.text() == f"the toy counts {w.gen_view.label.text()}"
        # the opener: a file of its kind, from its File menu entry (the file
        # dialog answering with the file)
        w.file_actions.export("toy-text", tmp_path / "s.txt")
        w.set_generator("fairland", generate=False)
        assert "Toy" not in [a.text() for a in w.docks_menu.actions()]
        assert "Count toy stripes" not in w.menu_actions()
        asked = []
        monkeypatch.setattr(folders, "open_path", lambda _parent, title, _filt, *_a:
                            asked.append(title) or str(tmp_path / "s.txt"))
        w.menu_actions()["Open toy stripes..."].trigger()
        assert asked == ["Open toy stripes"]
        opened = w.result
        assert opened.generator == "toy" and w.generator.name == "toy"
        assert np.array_equal(opened.layers["stripe"] % 2, r.layers["stripe"] % 2)
        img = w.shown_image()
        assert has_colour(img, toy.EVEN) and has_colour(img, toy.ODD)
        assert w.message.text() == "opened s.txt: 12x12"
        assert w.param_panel.widgets["side"].value() == 12        # its values in the panel
        # a file that is not of its kind: one line, and the map stays
        (tmp_path / "bad.txt").write_text("#.x\n")
        assert not w.file_actions.open_file("toy", tmp_path / "bad.txt")
        assert w.result is opened and "not a square of # and ." in w.message.text()
    finally:
        w.shutdown()


GENERIC_TESTS = {
    "tests/fuzz/test_api_fuzz.py": ("test_api", "test_unknown_keys_are_refused_by_name"),
    "tests/ui/test_sweep_dock.py": ("test_vary_choices_come_from_the_generators_params",),
    "tests/sweep/test_metrics.py": ("test_a_rows_metrics_equal_a_single_run_of_the_same_case",),
    "tests/cli/test_dispatch.py":
        ("test_a_generator_runs_on_the_generic_command_line_with_declared_extras",),
}


def test_a_generator_registered_alone_gets_the_generic_tests(tmp_path):
    """A sixth generator (the toy under another name), registered by a
    plugin and nothing else, is under the fuzz, sweep and dispatch tests,
    as the toy is: the tests' generator lists come from the registry."""
    (tmp_path / "sixth_generator.py").write_text(
        "import dataclasses\n"
        "import toy_generator\n"
        "from viewer.registry import register\n"
        "register(dataclasses.replace(toy_generator.DECLARATION, name='sixth',\n"
        "                             title='A sixth generator'))\n")
    env = {**os.environ, "MAPGEN_VIEWER_PLUGINS": "sixth_generator",
           "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "tests" / "contract")])}
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                          "-p", "no:cacheprovider", *GENERIC_TESTS], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    ids = out.stdout.splitlines()
    assert out.returncode == 0, out.stdout + out.stderr
    for path, tests in GENERIC_TESTS.items():
        for test in tests:
            for name in ("toy", "sixth"):
                assert f"{path}::{test}[{name}]" in ids, (path, test, name)


def _installed_toy(tmp_path: Path) -> Path:
    """A folder holding the toy as an installed package would: a dist-info
    whose entry point names its declaration."""
    site = tmp_path / "site"
    info = site / "mapgen_toy-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mapgen-toy\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[mapgen_viewer.generators]\ntoy = toy_generator:DECLARATION\n")
    return site


def test_an_installed_package_s_generator_is_found_by_its_entry_point(tmp_path):
    """No MAPGEN_VIEWER_PLUGINS: the toy comes from its entry point alone,
    in the command line, its help and a sweep."""
    site = _installed_toy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "MAPGEN_VIEWER_PLUGINS"}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(HERE), str(ROOT)])
    run = lambda *a: subprocess.run([sys.executable, "-m", "viewer", *a], cwd=tmp_path,  # noqa: E731
                                    env=env, capture_output=True, text=True, timeout=120)
    helped = run("toy", "-h")
    assert helped.returncode == 0, helped.stderr
    assert "--side K" in helped.stdout
    done = run("toy", "--side", "16", "--seed", "4", "--metrics")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"stripes": 11}
    # without the dist-info, no toy
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT)])
    gone = run("toy", "-h")
    assert gone.returncode != 0


def test_an_entry_point_never_takes_a_built_in_name(tmp_path, monkeypatch, capsys):
    site = tmp_path / "site"
    info = site / "bad-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[mapgen_viewer.generators]\nfairland = toy_generator:DECLARATION\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(registry, "_entry_points_read", False)
    before = registry.declaration("fairland")
    assert "fairland" in registry.names()
    assert registry.declaration("fairland") is before
    assert "the name is taken" in capsys.readouterr().err
