"""The NPZ reader: numpy's own archive read back array for array; what is
not one refused with a line saying why."""

from __future__ import annotations

import io

import numpy as np
import pytest

from viewer.formats.npz_reader import NpzError, read_npz


def test_numpys_archive_reads_back():
    buf = io.BytesIO()
    a, b = np.arange(12, dtype=np.int16).reshape(3, 4), np.linspace(0, 1, 5)
    np.savez_compressed(buf, a=a, b=b)
    data = buf.getvalue()
    got = read_npz(io.BytesIO(data), len(data))
    assert set(got) == {"a", "b"}
    assert np.array_equal(got["a"], a) and got["a"].dtype == a.dtype
    assert np.array_equal(got["b"], b)


def test_a_text_file_is_not_an_archive():
    data = b"hello, world\n" * 10
    with pytest.raises(NpzError, match="not a zip"):
        read_npz(io.BytesIO(data), len(data))
