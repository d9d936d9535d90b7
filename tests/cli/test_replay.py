"""``--bundle`` on every generator's command line, and ``python -m viewer
replay``: a bundle written by a command line is made again, layer for
layer; one cell changed in one layer is found and named; a bundle that
cannot be replayed is refused in one line."""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pytest

from viewer.cli import main

COMMANDS = {
    "fairland": ["fairland", "-q", "-R", "7", "--world", "48x24", "--bundle", "b.npz", "4", "20"],
    "tgp": ["tgp", "-q", "--size", "64x128", "--seed", "5", "--bundle", "b.npz"],
    "ports": ["ports", "-q", "--seed", "3", "--tgp-size", "64x64", "--ports", "6", "--grid", "8",
              "--min-distance", "4", "--bundle", "b.npz"],
    "numberlink": ["numberlink", "generate", "--size", "9x7", "--seed", "shared", "--count", "3",
                   "--out", "p.txt", "--bundle", "b.npz"],
}


def run(argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    rc = main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def change_one_cell(path, layer: str) -> int:
    """Change one cell of ``layer`` in the bundle's NPZ; returns its cells."""
    with np.load(path) as npz:
        layers = {k: npz[k] for k in npz.files}
    a = layers[layer].copy()
    flat = a.reshape(-1)
    flat[flat.size // 2] = (not flat[flat.size // 2]) if a.dtype == bool else \
        flat[flat.size // 2] + 1
    layers[layer] = a
    np.savez_compressed(path, **layers)
    return a.size


@pytest.mark.parametrize("generator", sorted(COMMANDS))
def test_a_bundle_from_each_command_line_replays_as_reproduced(generator, monkeypatch,
                                                               tmp_path):
    rc, _, err = run(COMMANDS[generator], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    meta = json.loads((tmp_path / "b.json").read_text())
    assert meta["generator"] == generator and meta["format"] == "mapgen-bundle/1"
    with np.load(tmp_path / "b.npz") as npz:
        names = list(npz.files)
    assert sorted(names) == sorted(meta["layers"])
    rc, out, err = run(["replay", "b.npz"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "")
    assert out == f"reproduced: {len(names)} layers identical\n"
    # one cell of one layer changed: not reproduced, that layer named with its cells
    layer = names[len(names) // 2]
    cells = change_one_cell(tmp_path / "b.npz", layer)
    rc, out, err = run(["replay", "b.json"], monkeypatch, tmp_path)    # by its sidecar too
    assert rc == 1 and err == ""
    assert out.splitlines() == [f"not reproduced: 1 of {len(names)} layers differ",
                                f"layer {layer}: 1 of {cells} cells differ"]


def test_the_bundle_is_the_windows(monkeypatch, tmp_path):
    """What tgp --bundle writes is what the window's Export bundle writes."""
    from viewer.engine.tgp.generator import TGP
    from viewer.formats.bundle import bundle_metadata

    rc, _, _ = run(COMMANDS["tgp"], monkeypatch, tmp_path)
    assert rc == 0
    result = TGP.generate({"size": (64, 128), "openttd": "15.2"}, seed=5)   # the CLI's default
    assert json.loads((tmp_path / "b.json").read_text()) == \
        json.loads(json.dumps(bundle_metadata(result)))


def test_the_numberlink_bundle_holds_the_last_grid(monkeypatch, tmp_path):
    from viewer.formats.numberlink import read_puzzle

    rc, _, _ = run(COMMANDS["numberlink"], monkeypatch, tmp_path)
    assert rc == 0
    last = (tmp_path / "p.txt").read_text().split("\n\n")[-1]
    (tmp_path / "last.txt").write_text(last)
    with np.load(tmp_path / "b.npz") as npz:
        assert np.array_equal(npz["puzzle"], read_puzzle(tmp_path / "last.txt").cells)
    assert json.loads((tmp_path / "b.json").read_text())["params"]["grid_number"] == 3


@pytest.mark.parametrize("argv,message", [
    (["numberlink", "generate", "--unique", "--count", "2", "--bundle", "b.npz"],
     "with --unique, --count 1"),
    (["numberlink", "generate", "--count", "1001", "--bundle", "b.npz"], "--count 1000"),
    (["tgp", "--size", "64x64", "--bundle", "no/such/b.npz"], "cannot write no/such/b.npz"),
    (["ports", "--tgp-size", "64x64", "--bundle", "x.json"], "the same file as"),
])
def test_a_bundle_that_cannot_be_written_is_refused_before_any_work(argv, message,
                                                                    monkeypatch, tmp_path):
    rc, out, err = run(argv, monkeypatch, tmp_path)
    assert rc == 1 and message in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_the_bundle_is_part_of_the_commands_all_or_nothing(monkeypatch, tmp_path):
    """The sidecar cannot be written (a folder is in its place): the PNG,
    the NPZ and the bundle are all left unwritten."""
    (tmp_path / "b.json").mkdir()
    rc, _, err = run(["tgp", "--size", "64x64", "--png", "m.png", "--bundle", "b.npz"],
                     monkeypatch, tmp_path)
    assert rc == 1 and "b.json" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json"]


def test_fairland_help_lists_bundle(monkeypatch, tmp_path):
    rc, out, _ = run(["fairland", "-h"], monkeypatch, tmp_path)
    assert rc == 0 and "--bundle FILE" in out


def test_a_ports_bundle_finds_its_heightmap_beside_it(monkeypatch, tmp_path):
    """A bundle made from a PNG heightmap names the file and its SHA-256:
    sent with the bundle, the heightmap is found beside it; a different file
    of that name is refused."""
    from PIL import Image

    src = tmp_path / "made"
    src.mkdir()
    rng = np.random.default_rng(1)
    grey = (rng.random((65, 65)) * 60).astype(np.uint8)
    grey[20:45, 20:45] += 100
    Image.fromarray(grey).save(src / "height.png")
    rc, _, err = run(["ports", "-q", "--png-heightmap", str(src / "height.png"), "--ports", "4",
                      "--grid", "8", "--min-distance", "4", "--seed", "2", "--bundle", "b.npz"],
                     monkeypatch, src)
    assert (rc, err) == (0, "")
    meta = json.loads((src / "b.json").read_text())
    assert meta["inputs"]["png_path"]["file"] == "height.png"
    sent = tmp_path / "sent"
    sent.mkdir()
    for name in ("b.npz", "b.json", "height.png"):
        (sent / name).write_bytes((src / name).read_bytes())
    (src / "height.png").unlink()
    rc, out, err = run(["replay", str(sent / "b.npz")], monkeypatch, tmp_path)
    assert (rc, err) == (0, ""), err
    assert out.startswith("reproduced: ")
    grey[0, 0] ^= 1
    Image.fromarray(grey).save(sent / "height.png")
    rc, out, err = run(["replay", str(sent / "b.npz")], monkeypatch, tmp_path)
    assert rc == 1 and out == "" and "height.png (png_path) is not the file" in err


def test_replay_imports_no_qt(tmp_path):
    """Replaying a TGP bundle needs TGP's engine, not the window."""
    from test_imports_per_command import heavy_imports

    from viewer.engine.tgp.generator import TGP
    from viewer.formats.bundle import write_bundle

    write_bundle(tmp_path / "b.npz", TGP.generate({"size": (64, 64)}, seed=1))
    assert heavy_imports(["replay", "b.npz"], tmp_path) <= {"numba"}
    assert heavy_imports(["replay", "-h"], tmp_path) == set()


def test_a_bundle_taken_at_a_timeline_step_replays_that_step(monkeypatch, tmp_path):
    from viewer.engine.fairland.generator import FAIRLAND
    from viewer.formats.bundle import write_bundle

    r = FAIRLAND.generate({"world": (48, 24), "nc": 4, "sc": 20, "ni": 4, "is": 10}, seed=3,
                          trace=True)
    step = r.trace.n_steps // 3
    write_bundle(tmp_path / "s.npz", r, r.trace.state_at(step), r.trace.markers_at(step), step)
    rc, out, err = run(["replay", "s.npz"], monkeypatch, tmp_path)
    assert (rc, err) == (0, "") and out.startswith("reproduced: ")
    # the same layers claimed for the finished map are not it
    meta = json.loads((tmp_path / "s.json").read_text())
    del meta["step"]
    (tmp_path / "s.json").write_text(json.dumps(meta))
    rc, out, _ = run(["replay", "s.npz"], monkeypatch, tmp_path)
    assert rc == 1 and out.startswith("not reproduced: ")


def test_replay_help_shows_its_help(monkeypatch, tmp_path):
    for flag in ("--help", "-h"):
        rc, out, err = run(["replay", flag], monkeypatch, tmp_path)
        assert rc == 0 and err == ""
        assert out.startswith("usage: replay") and "BUNDLE.npz" in out


@pytest.mark.parametrize("named", ["nope.npz", "nope.json"])
def test_replay_of_a_missing_bundle_names_the_file_asked_for(named, monkeypatch, tmp_path):
    rc, out, err = run(["replay", named], monkeypatch, tmp_path)
    assert rc == 1 and out == ""
    assert err == f"replay: {named}: no such file\n"


def _flip_inside_data(path, member: str) -> None:
    """Flip bytes inside one member's stored data until its inflated data
    comes up short (the archive keeps its length: damage, not truncation)."""
    import struct
    import zipfile
    import zlib

    data = bytearray(path.read_bytes())
    info = next(i for i in zipfile.ZipFile(path).infolist() if i.filename == member)
    name_len, extra_len = struct.unpack("<HH", data[info.header_offset + 26:
                                                    info.header_offset + 30])
    start = info.header_offset + 30 + name_len + extra_len
    for off in range(start + info.compress_size - 2, start + 2, -1):   # header kept
        d = bytearray(data)
        d[off] ^= 0x5A
        try:
            out = zlib.decompressobj(-15).decompress(bytes(d[start:start + info.compress_size]))
        except zlib.error:
            continue
        if len(out) < info.file_size:
            path.write_bytes(bytes(d))
            return
    raise AssertionError("no byte makes the member inflate short")


def test_a_damaged_member_is_reported_damaged_not_truncated(monkeypatch, tmp_path):
    rc, _out, _err = run(COMMANDS["tgp"], monkeypatch, tmp_path)
    assert rc == 0
    _flip_inside_data(tmp_path / "b.npz", "noise.npy")
    rc, out, err = run(["replay", "b.npz"], monkeypatch, tmp_path)
    assert rc == 1
    assert "'noise.npy' is damaged: its data inflates to" in err, err
    assert "truncated" not in err
