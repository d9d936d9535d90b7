"""Reading and replaying bundles: the checked reader against ``numpy.load``,
and a whole replay, on TGP maps of growing size.

    python bench/bench_bundle.py [--repeat N] [--sizes 256,1024,2048]

For each size: the bundle's bytes; the median time of ``open_bundle`` (the
reader that checks every member before inflating it, see
``viewer/formats/npz_reader.py``) beside ``numpy.load`` of the same NPZ
(which trusts it); and the time of ``replay`` (read, generate again,
compare every layer) beside the generation alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from viewer.engine.tgp.generator import TGP  # noqa: E402
from viewer.formats.bundle import open_bundle, write_bundle  # noqa: E402
from viewer.formats.replay import replay  # noqa: E402


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sizes", default="256,1024,2048")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        for side in (int(s) for s in args.sizes.split(",")):
            path = Path(d) / f"tgp{side}.npz"
            t0 = time.perf_counter()
            result = TGP.generate({"size": (side, side)}, seed=1)
            generate = time.perf_counter() - t0
            write_bundle(path, result)

            def numpy_load(path=path):
                with np.load(path, allow_pickle=False) as npz:
                    return {k: npz[k] for k in npz.files}

            ours = median_time(lambda path=path: open_bundle(path), args.repeat)
            theirs = median_time(numpy_load, args.repeat)
            bundle = open_bundle(path)
            t0 = time.perf_counter()
            done = replay(bundle)
            whole = time.perf_counter() - t0
            assert done.reproduced
            inflated = sum(a.nbytes for a in bundle.layers.values())
            print(f"tgp {side}x{side}: bundle {path.stat().st_size / 1e6:.1f} MB "
                  f"({inflated / 1e6:.1f} MB of layers); open_bundle {ours * 1e3:.0f} ms, "
                  f"numpy.load {theirs * 1e3:.0f} ms; replay {whole:.2f} s "
                  f"(generate {generate:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
