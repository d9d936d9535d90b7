"""TGP's shareable command line: the version always named, and only the
settings that version has."""

from __future__ import annotations

from viewer import registry
from viewer.formats.tgp_exports import command_line


def test_each_version_names_its_own_settings():
    decl = registry.declaration("tgp")
    modern = command_line(decl.validate({"openttd": "15.2", "variety": 2}), 9)
    old = command_line(decl.validate({"openttd": "r13671", "rng_skip": 2}), 9)
    assert modern.startswith("tgp --openttd 15.2 ") and "--variety 2" in modern
    assert "--rng-skip" not in modern
    assert old.startswith("tgp --openttd r13671 ") and "--rng-skip 2" in old
    assert "--variety" not in old and "--seed 9" in old
