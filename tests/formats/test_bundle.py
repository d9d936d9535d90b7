"""The bundle: written whole, read back to the same arrays numpy itself
reads (from our writer and from numpy's own, stored or deflated), and
compared layer by layer by the replay."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from viewer.engine.protocol import Marker
from viewer.formats.bundle import (
    BundleError,
    bundle_paths,
    json_depth,
    open_bundle,
    read_layers,
    write_bundle,
)
from viewer.formats.npz_reader import Limits, NpzError, read_npz
from viewer.formats.replay import compare_layers

DTYPES = st.sampled_from(["bool", "int8", "uint8", "<i2", ">i2", "<u4", "<i8", "<f4", ">f8"])


@settings(max_examples=60, deadline=None)
@given(arrays=st.lists(hnp.arrays(DTYPES, hnp.array_shapes(min_dims=0, max_dims=3,
                                                          max_side=9)),
                       min_size=1, max_size=4),
       compressed=st.booleans(), fortran=st.booleans())
def test_the_reader_reads_what_numpy_writes(arrays, compressed, fortran):
    named = {f"layer_{i}": (np.asfortranarray(a) if fortran else a)
             for i, a in enumerate(arrays)}
    buf = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buf, **named)
    data = buf.getvalue()
    got = read_npz(io.BytesIO(data), len(data))
    with np.load(io.BytesIO(data), allow_pickle=False) as npz:
        assert list(got) == list(npz.files)
        for name in npz.files:
            want = npz[name]
            assert got[name].dtype == want.dtype and got[name].shape == want.shape
            assert np.array_equal(got[name], want, equal_nan=want.dtype.kind == "f")


def test_a_bundle_round_trips_with_its_step_and_markers(tmp_path):
    from viewer.engine.tgp.generator import TGP

    r = TGP.generate({"size": (64, 64)}, seed=11)
    layers = {k: v[::-1].copy() for k, v in r.layers.items()}
    marks = [Marker("peak", "P", 3, 4)]
    side = write_bundle(tmp_path / "m.npz", r, layers, marks, step=5)
    b = open_bundle(tmp_path / "m.json")                   # by its sidecar
    assert b.path == tmp_path / "m.npz" and b.sidecar == side
    assert b.step == 5 and b.meta["markers"] == [{"kind": "peak", "label": "P", "x": 3, "y": 4}]
    assert b.generator == "tgp" and b.seed == 11 and b.params["size"] == [64, 64]
    for name, arr in layers.items():
        assert np.array_equal(b.layers[name], arr) and b.layers[name].dtype == arr.dtype
        assert b.meta["layers"][name]["dtype"] == str(arr.dtype)


def test_paths():
    assert bundle_paths("a/m.npz") == bundle_paths("a/m.json")
    assert [p.name for p in bundle_paths("m.npz")] == ["m.npz", "m.json"]


def test_depth_is_counted_outside_strings():
    assert json_depth(b'{"a": [1, {"b": "[[[[{{{{"}]}') == 3
    assert json_depth(b'"\\"[[[["') == 0
    assert json_depth(b"[" * 40 + b"]" * 40) == 40


def test_limits_are_the_callers(tmp_path):
    np.savez(tmp_path / "x.npz", a=np.zeros(100), b=np.zeros(3))
    assert set(read_layers(tmp_path / "x.npz")) == {"a", "b"}
    with pytest.raises(BundleError, match="2 members; a bundle holds at most 1"):
        read_layers(tmp_path / "x.npz", Limits(members=1))
    with pytest.raises(BundleError, match="800 bytes; an array may have at most 400"):
        read_layers(tmp_path / "x.npz", Limits(array_bytes=400))
    with pytest.raises(BundleError, match="more than 810 bytes in all"):
        read_layers(tmp_path / "x.npz", Limits(total_bytes=810))


def test_a_member_that_inflates_to_less_than_it_declares_is_refused():
    buf = io.BytesIO()
    np.savez(buf, a=np.arange(10))
    data = bytearray(buf.getvalue())
    # stored: the directory's sizes say 8 more bytes than the member holds
    cd = data.rindex(b"PK\x01\x02")
    for off in (20, 24):
        size = int.from_bytes(data[cd + off:cd + off + 4], "little")
        data[cd + off:cd + off + 4] = (size + 8).to_bytes(4, "little")
    with pytest.raises(NpzError, match="header declares|cut short|ends after|past the end"):
        read_npz(io.BytesIO(bytes(data)), len(data))


def test_compare_layers_counts_cells_and_says_why():
    a = np.arange(12, dtype=np.int16).reshape(3, 4)
    f = np.array([np.nan, 1.0])
    b = a.copy()
    b[1, 2] = 0
    same, diffs = compare_layers({"a": a, "f": f, "g": a, "h": a, "m": a},
                                 {"a": b, "f": f.copy(), "g": a.astype(np.int32),
                                  "h": a[:2]})
    assert same == ("f",)                               # NaN is NaN again
    assert [(d.name, d.line()) for d in diffs] == [
        ("a", "layer a: 1 of 12 cells differ"),
        ("g", "layer g: the same values, but int16 stored and int32 now"),
        ("h", "layer h: shape 3x4 stored, 2x4 now"),
        ("m", "layer m: the generator does not make it now")]


def test_a_sidecar_from_another_bundle_is_refused(tmp_path):
    from viewer.engine.tgp.generator import TGP

    write_bundle(tmp_path / "m.npz", TGP.generate({"openttd": "r13671", "size": (64, 64)},
                                                  seed=1))
    meta = json.loads((tmp_path / "m.json").read_text())
    meta["layers"].pop("water")
    (tmp_path / "m.json").write_text(json.dumps(meta))
    with pytest.raises(BundleError, match="holds a layer 'water' that m.json does not list"):
        open_bundle(tmp_path / "m.npz")
