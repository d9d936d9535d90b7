"""Every registered generator's declared exports (the toy's among them):
distinct names, a file name the dialog's filter offers, and a writer that
writes a quick map's file and says so in one line."""

from __future__ import annotations

import pytest
import registered

from viewer import registry
from viewer.formats.exports import Export


@pytest.mark.parametrize("name", registered.names())
def test_declared_exports_write_their_files(name, tmp_path):
    decl = registry.declaration(name)
    exports = decl.load("exports")
    assert all(isinstance(e, Export) for e in exports)
    assert len({e.name for e in exports}) == len(exports)
    result = None
    for e in exports:
        ext = e.filename.rpartition(".")[2] if "." in e.filename else ""
        assert "(*)" in e.filter or (ext and f"*.{ext}" in e.filter), (e.name, e.filter)
        if e.ask is not None:
            continue                      # (the window asks first; tested there)
        if result is None:
            result = decl.generate(registered.quick(name), seed=decl.default_seed)
        path = tmp_path / e.filename
        said = e.write(path, result, None)
        assert path.is_file() and path.stat().st_size > 0, e.name
        assert isinstance(said, str | None) and "\n" not in (said or ""), e.name
