"""``ports`` on the command line: JSON and CSV hold the ports and the
parameters used, the PNG is a picture, errors are clear and exit 1."""

from __future__ import annotations

import csv
import io
import json
import sys

import numpy as np
import pytest
from PIL import Image

from viewer.cli.ports import run_ports
from viewer.formats.png import read_png


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = run_ports(list(argv))
    return rc, out.getvalue(), err.getvalue()


ARGS = ["--seed", "12", "--tgp-size", "128x128", "--ports", "15", "--grid", "8",
        "--min-distance", "6", "--latitude-curve", "0:0.5,30:1,90:0"]


def test_json_csv_and_png(monkeypatch, tmp_path):
    rc, out, err = run(ARGS + ["--json", "p.json", "--csv", "p.csv", "--png", "p.png"],
                       monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    doc = json.loads((tmp_path / "p.json").read_text())
    assert doc["seed"] == 12 and doc["params"]["n_ports"] == 15
    assert doc["params"]["tgp_size"] == [128, 128]
    assert doc["params"]["latitude_curve"] == [[0, 0.5], [30, 1], [90, 0]]
    assert doc["map"]["cells"] == [128, 128]
    assert len(doc["ports"]) + doc["short"] == 15
    for p in doc["ports"]:
        assert set(p) >= {"cell", "position", "latitude", "population", "class",
                          "desirability"}
        assert p["position"] == [p["cell"][0] + 0.5, p["cell"][1] + 0.5]
        assert f"cell {p['cell'][0]},{p['cell'][1]}" in out
    text = (tmp_path / "p.csv").read_text()
    assert text.startswith("id,cell_x,")             # the header first, as readers expect
    rows = list(csv.DictReader(text.splitlines()))
    assert all(r["command"].startswith("ports --seed 12 ") for r in rows)
    assert [int(r["id"]) for r in rows] == [p["id"] for p in doc["ports"]]
    assert [r["class"] for r in rows] == [p["class"] for p in doc["ports"]]
    assert [int(r["population"]) for r in rows] == [p["population"] for p in doc["ports"]]
    # the picture is the window's Export map of the same map (its default layer and scale)
    from viewer import registry
    from viewer.render.picture import picture

    decl = registry.declaration("ports")
    again = decl.generate(decl.validate(doc["params"]), seed=doc["seed"])
    img = read_png(tmp_path / "p.png")
    assert np.array_equal(img, picture(again, "height", export=True).rgba)
    assert img.shape[1] == 128 * 16                     # the export rule: 2048 pixels across


def test_the_csv_command_reproduces_the_ports(monkeypatch, tmp_path):
    rc, _, _ = run(ARGS + ["--csv", "a.csv", "-q"], monkeypatch, tmp_path)
    assert rc == 0
    first = next(csv.DictReader((tmp_path / "a.csv").read_text().splitlines()))
    command = first["command"].split()[1:]
    rc, out, _ = run(command + ["--csv", "b.csv", "-q"], monkeypatch, tmp_path)
    assert (rc, out) == (0, "")
    a = (tmp_path / "a.csv").read_text()
    b = (tmp_path / "b.csv").read_text()
    assert a == b


def test_png_heightmap_source(monkeypatch, tmp_path):
    grey = np.full((41, 41), 60, np.uint8)
    grey[:, :12] = 3
    Image.fromarray(grey).save(tmp_path / "h.png")
    rc, out, err = run(["--seed", "1", "--png-heightmap", "h.png", "--grid", "5",
                        "--json", "o.json"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    doc = json.loads((tmp_path / "o.json").read_text())
    assert doc["params"]["source"] == "png"
    assert doc["ports"] and all(p["cell"][0] == 11 for p in doc["ports"])


def test_errors_exit_1_with_a_message(monkeypatch, tmp_path):
    Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(tmp_path / "rgb.png")
    cases = [
        (["--png-heightmap", "rgb.png"], "must be greyscale"),
        (["--png-heightmap", "none.png"], "cannot read"),
        (["--seed", "-3"], "seed"),
        (["--ports", "many"], "whole number"),
        (["--tgp-size", "100x64"], "power of two"),
        (["--latitude-curve", "0:1"], "at least two"),
        (["--frobnicate"], "unrecognized"),
        (["--scale", "4"], "--scale needs --png"),
        (["--seed", "1", "--json", "no/such/dir/x.json"], "cannot write"),
    ]
    for argv, words in cases:
        rc, out, err = run(argv, monkeypatch, tmp_path)
        assert rc == 1, argv
        assert err.startswith("ports: ") and words in err, (argv, err)


def test_help(monkeypatch, tmp_path):
    rc, out, err = run(["--help"], monkeypatch, tmp_path)
    assert rc == 0 and "--latitude-curve" in out and "--png-heightmap" in out


PORTS_PROBE = """
import json, sys
from viewer import cli
from viewer.engine import jit
from viewer.engine.tgp import aot
code = cli.main(["ports", "--seed", "5", "--json", {path!r}])
print(json.dumps([code, sorted(m for m in aot.KERNEL_MODULES   # (imported, no longer pending:
                               if m in sys.modules and m not in jit._PENDING)]))  # numba's)
"""


def test_the_ports_command_makes_its_heightmap_with_tgp_s_compiled_kernels(tmp_path):
    """``ports`` on the command line runs its TerraGenesis heightmap from
    TGP's compiled module, as ``tgp`` does: no TGP kernel is handed to
    numba (which compiled them for 45 s on a fresh install)."""
    import subprocess

    from viewer.engine.tgp import aot

    if aot.load() is None:
        pytest.skip("TGP's compiled module is not built (scripts/setup, python -m "
                    "viewer.engine.tgp.aot)")
    out = subprocess.run([sys.executable, "-c", PORTS_PROBE.format(path=str(tmp_path / "p.json"))],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    code, compiled_by_numba = json.loads(out.stdout.strip().splitlines()[-1])
    assert code == 0 and (tmp_path / "p.json").exists()
    assert compiled_by_numba == [], f"TGP kernels handed to numba: {compiled_by_numba}"
