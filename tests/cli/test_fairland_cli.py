"""``python -m viewer fairland``: a drop-in for empserver's fairland."""

from __future__ import annotations

import io
import subprocess
import sys

import numpy as np
import pytest

from viewer import cli
from viewer.cli import fairland as fairland_cli
from viewer.formats.fairland_empire import sect_table


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = cli.main(["fairland", *argv])
    return rc, out.getvalue(), err.getvalue()


BAD_ARGUMENTS = [
    ([], "fairland: missing arguments\nTry -h for help.\n"),
    (["5"], "fairland: missing arguments\nTry -h for help.\n"),
    (["1"] * 9, "fairland: too many arguments\nTry -h for help.\n"),
    (["0", "30"], "fairland: number of continents must be > 0\n"),
    (["5", "1"], "fairland: size of continents must be > 1\n"),
    (["5", "30", "-5"], "fairland: invalid option -- '5'\nTry -h for help.\n"),
    (["5", "30", "--", "-5"], "fairland: number of islands must be >= 0\n"),
    (["5", "30", "7"],
     "fairland: number of islands must be a multiple of the number of continents\n"),
    (["5", "30", "5", "0"], "fairland: size of islands must be > 0\n"),
    (["5", "30", "5", "15", "101"], "fairland: spike percentage must be between 0 and 100\n"),
    (["5", "30", "5", "15", "10", "101"],
     "fairland: mountain percentage must be between 0 and 100\n"),
    (["5", "30", "5", "15", "10", "0", "--", "-1"],
     "fairland: distance between continents must be >= 0\n"),
    (["5", "30", "5", "15", "10", "0", "25"],
     "fairland: distance between continents too large\n"),
    (["5", "30", "5", "15", "10", "0", "2", "--", "-1"],
     "fairland: distance from islands to continents must be >= 0\n"),
    (["5", "30", "5", "15", "10", "0", "2", "25"],
     "fairland: distance from islands to continents too large\n"),
    (["-x", "5", "30"], "fairland: invalid option -- 'x'\nTry -h for help.\n"),
    (["-R"], "fairland: option requires an argument -- 'R'\nTry -h for help.\n"),
    (["--bogus", "5", "30"], "fairland: unrecognized option '--bogus'\nTry -h for help.\n"),
]


@pytest.mark.parametrize("argv,message", BAD_ARGUMENTS)
def test_bad_arguments_give_fairlands_message(argv, message, monkeypatch, tmp_path):
    rc, out, err = run(["-R", "1", *argv], monkeypatch, tmp_path)
    assert (rc, out, err) == (1, "", message)
    assert not (tmp_path / "newcap_script").exists()


@pytest.mark.parametrize("world,why", [("63x32", "must be even"), ("64x31", "must be even"),
                                       ("6x4", "too small"), ("64x2", "too small"),
                                       ("64by32", "WxH"), ("4096x64", "too large")])
def test_worlds_the_original_cannot_handle_are_refused(world, why, monkeypatch, tmp_path):
    rc, out, err = run(["--world", world, "-R", "1", "5", "30"], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err.startswith("fairland: ") and why in err


def test_world_not_big_enough_for_all_continents(monkeypatch, tmp_path):
    rc, out, err = run(["--world", "8x4", "-R", "1", "17", "2"], monkeypatch, tmp_path)
    assert rc == 1
    assert err == "fairland: world not big enough for all the continents\n"
    assert out.endswith("placing capitals...\n")


def test_options_may_follow_the_numbers(monkeypatch, tmp_path):
    a = run(["-R", "1", "-q", "5", "30"], monkeypatch, tmp_path)
    script_a = (tmp_path / "newcap_script").read_text()
    b = run(["5", "30", "-q", "-R1"], monkeypatch, tmp_path)
    assert a == b == (0, "", "")
    assert (tmp_path / "newcap_script").read_text() == script_a


@pytest.mark.parametrize("seed,same_as", [("4294967297", "1"), ("-1", "4294967295"),
                                          ("abc", "0"), ("  7xyz", "7")])
def test_seed_is_parsed_like_strtoul(seed, same_as, monkeypatch, tmp_path):
    _, out_a, _ = run(["-R", seed, "3", "20"], monkeypatch, tmp_path)
    _, out_b, _ = run(["-R", same_as, "3", "20"], monkeypatch, tmp_path)
    assert f"seed is {same_as}\n" in out_a
    assert out_a == out_b


def test_numbers_are_parsed_like_atoi(monkeypatch, tmp_path):
    _, a, _ = run(["-R", "3", "5x", "30abc"], monkeypatch, tmp_path)
    _, b, _ = run(["-R", "3", "5", "30"], monkeypatch, tmp_path)
    assert a == b and "5 continents\ncontinent size: 30\n" in a


def test_world_size_from_econfig(monkeypatch, tmp_path):
    (tmp_path / "econfig").write_text('# comment\nWORLD_X 32\nWORLD_Y 16\ndata "data"\n')
    rc, out, _ = run(["-e", "econfig", "-R", "2", "2", "20", "4", "8", "30", "20", "2", "1"],
                     monkeypatch, tmp_path)
    assert rc == 0 and "World dimensions: 32x16\n" in out
    rc2, out2, _ = run(["--world", "32x16", "-R", "2", "2", "20", "4", "8", "30", "20", "2",
                        "1"], monkeypatch, tmp_path)
    assert out2 == out


def test_unreadable_econfig_is_a_clear_error(monkeypatch, tmp_path):
    rc, out, err = run(["-e", "missing/econfig", "5", "30"], monkeypatch, tmp_path)
    assert rc == 1 and "can't read config file missing/econfig" in err


def test_unwritable_script_fails_like_fairland(monkeypatch, tmp_path):
    rc, out, err = run(["-R", "1", "-s", "no/such/dir/script", "5", "30"], monkeypatch, tmp_path)
    assert rc == 1
    assert err == "fairland: unable to write to no/such/dir/script (No such file or directory)\n"
    assert out.endswith("writing to sectors file...\n")


def test_quiet_prints_nothing_but_writes_files(monkeypatch, tmp_path):
    rc, out, err = run(["-q", "-R", "1", "--xdump", "x", "5", "30"], monkeypatch, tmp_path)
    assert (rc, out, err) == (0, "", "")
    assert (tmp_path / "newcap_script").read_text().startswith("add 1 1 1 p\nnewcap 1 ")
    table = sect_table((tmp_path / "x").read_text())
    assert len(table.splitlines()) == 64 * 32 // 2 + 3


def test_help_and_version(monkeypatch, tmp_path):
    rc, out, err = run(["-h"], monkeypatch, tmp_path)
    assert rc == 0 and out.startswith("Usage: fairland [OPTION]... NC SC") and err == ""
    rc, out, _ = run(["-v"], monkeypatch, tmp_path)
    assert rc == 0 and "fairland" in out


def test_png_of_a_layer(monkeypatch, tmp_path):
    from PIL import Image

    rc, _, err = run(["-q", "-R", "1", "--png", "own.png", "--layer", "own", "5", "30"],
                     monkeypatch, tmp_path)
    assert rc == 0, err
    img = np.asarray(Image.open(tmp_path / "own.png").convert("RGB"))
    assert img.shape[0] > 32 and img.shape[1] > 64
    assert len(np.unique(img.reshape(-1, 3), axis=0)) >= 6   # sea + 5 continents at least


def test_unknown_layer_is_refused(monkeypatch, tmp_path):
    rc, _, err = run(["-q", "-R", "1", "--png", "x.png", "--layer", "nope", "5", "30"],
                     monkeypatch, tmp_path)
    assert rc == 1 and "unknown layer 'nope'" in err
    assert not (tmp_path / "x.png").exists()


def test_command_line_round_trip():
    values = {"nc": 8, "sc": 30, "ni": 8, "is": 20, "sp": 50, "pm": 10, "di": 2, "id": 1,
              "merge": True}
    from viewer.formats.fairland_exports import command_line

    line = command_line(values, 1)
    assert line == "fairland -R 1 -i 8 30 8 20 50 10 2 1"
    args = fairland_cli.parse_fairland_argv(line.split()[1:])     # and back to the same world
    assert args.seed == 1
    assert fairland_cli.fairland_values(args.numbers, (64, 32), args.merge) == {
        "world": (64, 32), **values}


def test_module_entry_point_runs_as_a_program(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "viewer", "fairland", "-R", "1", "-q",
                           "-s", str(tmp_path / "s"), "5", "30"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "s").read_text().count("newcap") == 5


def test_help_and_defaults_come_from_the_generators_params(monkeypatch, tmp_path):
    from viewer.engine.fairland.generator import PARAMS

    rc, out, _ = run(["-h"], monkeypatch, tmp_path)
    assert rc == 0
    for p in PARAMS:
        if p.positional is not None and p.positional >= 4:
            cname = p.help.partition(":")[0]
            assert f"  {cname} " in out and f"(default {p.default})" in out, p.name
    values = fairland_cli.fairland_values(["5", "30"], (64, 32), False)
    assert {k: values[k] for k in ("sp", "pm", "di", "id")} == \
        {p.name: p.default for p in PARAMS if p.name in ("sp", "pm", "di", "id")}
    assert (values["ni"], values["is"]) == (5, 15)  # fairland's rules: NC and SC/2


def test_ndebug_is_a_flag(monkeypatch, tmp_path):
    rc, out, err = run(["--ndebug=yes", "5", "30"], monkeypatch, tmp_path)
    assert rc == 1 and "doesn't allow an argument" in err
    a = run(["-q", "-R", "1", "5", "30"], monkeypatch, tmp_path)
    b = run(["-q", "-R", "1", "--nd", "5", "30"], monkeypatch, tmp_path)
    assert a == b == (0, "", "")


def test_fairlands_bounds_are_the_params_bounds():
    """fairland's checks (its own messages) refuse exactly what the Params'
    bounds exclude, so the window's widgets and the command line agree."""
    from viewer.engine.fairland.generator import FAIRLAND, PARAMS
    from viewer.engine.params import ParamError

    base = {"world": (64, 32), "nc": 5, "sc": 30, "ni": 5, "is": 15, "sp": 10, "pm": 0,
            "di": 2, "id": 1}
    for p in PARAMS:
        if p.positional is None:
            continue
        for bound, step in ((p.minimum, -1), (p.maximum, 1)):
            if bound is None:
                continue
            FAIRLAND.validate({**base, p.name: bound})
            with pytest.raises(ParamError) as err:
                FAIRLAND.validate({**base, p.name: bound + step})
            assert err.value.param == p.name
