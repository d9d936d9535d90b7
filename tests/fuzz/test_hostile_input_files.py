"""Hostile input files: huge PNG headers refused before decoding, bad presets
as preset errors, econfigs that are pipes, devices or garbage; one clear line
each, never a traceback."""

from __future__ import annotations

import os
import time

import pytest
from hostile import cli, fake_png, one_line


@pytest.mark.parametrize("side", [10000, 20000, 2**31 - 1])
def test_huge_png_header_refused_before_decoding(tmp_path, side, recwarn):
    fake_png(tmp_path / "big.png", side, side)
    run = cli(["ports", "--png-heightmap", "big.png", "--seed", "1"], tmp_path)
    assert run.status == 1
    assert one_line(run) == (f"ports: --png-heightmap: heightmap PNG big.png: too large: {side}x{side} pixels, "
                             f"at most 4097x4097 (16785409 pixels)")
    assert len(run.err.splitlines()) == 1
    assert not [w for w in recwarn if "Decompression" in str(w.message)]


@pytest.mark.parametrize("data,words", [
    (bytes(range(256)), "not UTF-8"),
    ("generator = \"tgp\"\ntitle = \"Café\"\n".encode("latin-1"), "not UTF-8"),
    (b"generator = \"tgp\"\n[params]\nsize = [inf, 64]\n", "Map size"),
    (b"generator = \"tgp\"\n[params]\nsize = [64.5, 64]\n", "Map size"),
    (b"generator = \"fairland\"\nseed = [1]\n", "seed"),
    (b"generator = \"fairland\"\nseed = 4294967296\n", "seed"),
    (b"generator = \"fairland\"\nseed = true\n", "seed"),
    (b"generator = \"ports\"\n[params]\npop_median = nan\n", "Median population"),
    (b"generator = \"ports\"\n[params]\nradius = inf\n", "Desirability radius"),
    (b"generator = \"fairland\"\n[params]\nsc = 1e30\n", "Continent size"),
    (b"generator = \"fairland\"\n[params]\nmerge = 7\n", "Islands may merge"),
    (b"a = " + b"[" * 3000 + b"]" * 3000, "p.toml"),
    (b"generator = \"tgp\"\nseed = " + b"9" * 5000 + b"\n", "not valid TOML"),
])
def test_bad_presets_are_preset_errors(tmp_path, data, words):
    from viewer.formats.presets import PresetError, load_preset

    (tmp_path / "p.toml").write_bytes(data)
    with pytest.raises(PresetError) as exc:
        load_preset(tmp_path / "p.toml")
    assert words in str(exc.value) and "p.toml" in str(exc.value)


def test_a_preset_that_loads_generates(tmp_path):
    from viewer import registry
    from viewer.formats.presets import load_preset, save_preset

    (tmp_path / "p.toml").write_text('generator = "fairland"\nseed = 7\n[params]\n'
                                     'world = "64x32"\nnc = 5\nsc = 10\n')
    p = load_preset(tmp_path / "p.toml")
    save_preset(tmp_path / "q.toml", p)
    gen = registry.declaration(p.generator).engine
    assert gen.generate(p.params, seed=load_preset(tmp_path / "q.toml").seed).seed == 7


def test_econfig_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    t0 = time.perf_counter()
    run = cli(["fairland", "-e", "fifo", "5", "30"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and one_line(run) == ("fairland: fifo: not a regular file (a pipe "
                                                 "or a device?)")


def test_econfig_device_is_refused(tmp_path):
    run = cli(["fairland", "-e", "/dev/zero", "5", "30"], tmp_path)
    assert run.status == 1 and "/dev/zero: not a regular file" in one_line(run)


@pytest.mark.parametrize("data,words", [
    (bytes(range(256)) * 4, "NUL bytes"),
    (b"%%% garbage %%%\nabout nothing\n", "econfig:1: not a config line 'KEY VALUE'"),
    (b"WORLD_X 64\n!!!\n", "econfig:2: not a config line"),
    (b"WORLD_X " + b"9" * 100 + b"\n", "WORLD_X must be a number"),
    (b"#" * (2**20 + 10), "too large for a config file"),
])
def test_garbage_econfig_is_refused(tmp_path, data, words):
    (tmp_path / "econfig").write_bytes(data)
    run = cli(["fairland", "-e", "econfig", "5", "30"], tmp_path)
    assert run.status == 1 and words in one_line(run)


def test_empty_and_comment_econfig_mean_the_defaults(tmp_path):
    from viewer.formats.fairland_empire import read_econfig_world

    (tmp_path / "e1").write_text("")
    (tmp_path / "e2").write_text("# nothing set\n\n")
    assert read_econfig_world(tmp_path / "e1") == read_econfig_world(tmp_path / "e2") == (64, 32)


# Other findings ------------------------------------------------------------------------


