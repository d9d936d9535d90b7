"""Hostile files for every reader: puzzles, PNG heightmaps, presets, econfigs, openttd.cfgs
(see reader_cases for what each must do)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reader_cases import (
    check_econfig_file,
    check_openttd_cfg_file,
    check_png_file,
    check_preset_file,
    check_puzzle_file,
    check_site_file,
    econfig_files,
    openttd_cfg_files,
    png_files,
    preset_files,
    puzzle_texts,
    site_texts,
)

CI_EXAMPLES = {"puzzle": 200, "site": 200, "png": 150, "preset": 200, "econfig": 150,
               "openttd_cfg": 150}


def fuzz(name: str):
    return settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", CI_EXAMPLES[name])),
                    derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory(prefix="fuzz-files-") as d:
        yield Path(d)


@fuzz("puzzle")
@given(text=puzzle_texts(), encoding=st.sampled_from(["utf-8", "utf-8", "latin-1", "utf-16"]),
       rule=st.sampled_from(["fill-no-touch", "fill", "free"]))
def test_puzzle_files(folder, text, encoding, rule):
    check_puzzle_file(folder, text.encode(encoding, "replace"), rule)


@fuzz("site")
@given(text=site_texts(), encoding=st.sampled_from(["utf-8", "utf-8", "latin-1"]))
def test_puzzle_site_files_and_urls(folder, text, encoding):
    check_site_file(folder, text.encode(encoding, "replace"))


@fuzz("png")
@given(data=png_files())
def test_png_heightmaps(folder, data):
    check_png_file(folder, data)


@fuzz("preset")
@given(data=preset_files())
def test_presets(folder, data):
    check_preset_file(folder, data)


@fuzz("econfig")
@given(data=econfig_files())
def test_econfigs(folder, data):
    check_econfig_file(folder, data)


@fuzz("openttd_cfg")
@given(data=openttd_cfg_files())
def test_openttd_cfgs(folder, data):
    check_openttd_cfg_file(folder, data)


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "folder"])
def test_special_files_are_refused_unread(tmp_path, special):
    """A FIFO, a device or a folder is refused at once by every reader."""
    from viewer.engine.params import ParamError
    from viewer.engine.ports.sources import read_png_heightmap
    from viewer.formats.fairland_empire import read_econfig_world
    from viewer.formats.numberlink import NumberLinkFormatError, read_puzzle
    from viewer.formats.presets import PresetError, load_preset
    from viewer.formats.tgp_openttd_cfg import OpenttdCfgError, read_openttd_cfg

    if special == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    elif special == "folder":
        path = tmp_path
    else:
        path = Path(special)
    for read, error in ((read_png_heightmap, ParamError), (read_puzzle, NumberLinkFormatError),
                        (load_preset, PresetError), (read_econfig_world, ValueError),
                        (read_openttd_cfg, OpenttdCfgError)):
        with pytest.raises(error) as exc:
            read(path)
        assert str(path) in str(exc.value) or path.name in str(exc.value)
