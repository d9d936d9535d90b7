"""Hostile numbers and seeds on the command lines and the engine API: non-finite
numbers, strict JSON, seeds of every kind refused alike (or read as fairland.c
reads them), numbers longer than Python's digit limit; one clear line each."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest
from hostile import cli, one_line, REPO


@pytest.mark.parametrize("flag,label", [
    ("--pop-median", "Median population"), ("--pop-sigma", "Population sigma"),
    ("--radius", "Desirability radius"), ("--min-distance", "Minimum distance"),
    ("--latitude-north", "Latitude of the north edge"),
    ("--latitude-south", "Latitude of the south edge"), ("--roughness", "Local roughness"),
    ("--building-radius", "Town radius")])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN"])
def test_non_finite_numbers_refused_with_the_params_message(tmp_path, flag, label, value):
    run = cli(["ports", "--seed", "1", f"{flag}={value}", "--json", "p.json"], tmp_path)
    assert run.status == 1
    assert one_line(run).startswith(f"ports: {flag}: {label}: expected a finite number, not ")
    assert not (tmp_path / "p.json").exists()


def test_json_is_strict(tmp_path):
    run = cli(["ports", "--seed", "1", "--tgp-size", "64x64", "--json", "p.json", "-q"],
              tmp_path)
    assert run.status == 0

    def refuse(name):
        raise ValueError(name)

    json.loads((tmp_path / "p.json").read_text(), parse_constant=refuse)


def test_seed_that_is_not_utf8_seeds_with_its_bytes():
    from viewer.engine.numberlink.generator import NUMBERLINK

    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-m", "viewer", "numberlink", "generate",
                           b"--seed", b"\xff", "--size", "5x5"], capture_output=True, env=env,
                          timeout=120)
    assert proc.returncode == 0 and proc.stderr == b""
    from viewer.cli.numberlink import grid_puzzle  # noqa: F401 - same module the CLI uses
    from viewer.formats.numberlink import format_puzzle

    r = NUMBERLINK.generate({"size": (5, 5)}, seed=b"\xff")
    assert proc.stdout.decode() == format_puzzle(r.detail.puzzle)
    assert NUMBERLINK.check_seed("\udcff") == "\udcff"
    from viewer.engine.params import ParamError
    with pytest.raises(ParamError) as exc:
        NUMBERLINK.check_seed("\ud800")
    assert exc.value.param == "seed"


@pytest.mark.parametrize("seed", ["", None, math.nan, "seed", [1], -1, 2**32, 1.5, True])
@pytest.mark.parametrize("name", ["fairland", "tgp", "ports"])
def test_seeds_refused_alike(name, seed):
    from viewer import registry
    from viewer.engine.params import ParamError

    gen = registry.declaration(name).engine
    with pytest.raises(ParamError) as exc:
        gen.check_seed(seed)
    assert exc.value.param == "seed"
    small = {"fairland": {"world": (32, 16)}, "tgp": {"size": (64, 64)},
             "ports": {"tgp_size": (64, 64)}}[name]
    with pytest.raises(ParamError) as again:
        gen.generate(small, seed=seed)
    assert str(again.value) == str(exc.value)


def test_hex_and_float_seeds_taken_alike():
    from viewer import registry

    for name in ("fairland", "tgp", "ports"):
        gen = registry.declaration(name).engine
        assert gen.check_seed("0x10") == gen.check_seed(16.0) == 16


@pytest.mark.parametrize("values,param", [
    ({"sc": 10**30}, "sc"), ({"is": 2**63 - 1}, "is"), ({"nc": 2**40}, "ni"),
    ({"di": float("inf")}, "di"), ({"world": (float("inf"), 32)}, "world"),
    ({"world": "9" * 5000}, "world"), ({"merge": "sometimes"}, "merge")])
def test_fairland_validate_refuses_what_generate_cannot_take(values, param):
    from viewer.engine.fairland.generator import FAIRLAND
    from viewer.engine.params import ParamError

    with pytest.raises(ParamError) as exc:
        FAIRLAND.validate({"world": (32, 16), **values})
    assert exc.value.param == param


@pytest.mark.parametrize("name", ["fairland", "tgp", "ports", "numberlink"])
def test_non_string_keys_refused_by_name(name):
    from viewer import registry
    from viewer.engine.params import ParamError

    with pytest.raises(ParamError, match=r"unknown parameter\(s\): 5"):
        registry.declaration(name).engine.validate({5: 1})


# Other findings ------------------------------------------------------------------------


@pytest.mark.parametrize("argv,words", [
    (["fairland", "-R", "1", "5", "9" * 5000], "fairland: size of continents must be > 1"),
    (["sweep", "tgp", "--seeds", "9" * 5000 + "..1", "--out", "x.csv"], "--seeds: '999"),
    (["sweep", "tgp", "--seeds", "1," + "9" * 5000, "--out", "x.csv"], "is not a seed"),
    (["tgp", "--seed", "9" * 5000], "tgp: seed must be a whole number"),
    (["numberlink", "generate", "--count", "9" * 5000], "--count"),
])
def test_numbers_longer_than_pythons_digit_limit(tmp_path, argv, words):
    """Found by the fuzz suite: int() refuses more than 4300 digits."""
    run = cli(argv, tmp_path)
    assert run.status == 1 and words in one_line(run) and len(one_line(run)) < 200


def test_fairland_seed_of_5000_digits_saturates_as_strtoul(tmp_path):
    run = cli(["fairland", "-q", "-R", "9" * 5000, "--world", "32x16", "2", "20"], tmp_path)
    same = cli(["fairland", "-q", "-R", str(2**32 - 1), "--world", "32x16", "2", "20"],
               tmp_path)
    assert run.status == same.status == 0
