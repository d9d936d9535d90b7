"""``python bench/fuzz.py --examples N``: the fuzz suite's long profile
(see tests/fuzz/long_profile.py); per generator: tried, clean, crashes,
runs over 30 s and the slowest input."""

import runpy
import sys
from pathlib import Path

sys.argv[0] = str(Path(__file__).resolve().parents[1] / "tests" / "fuzz" / "long_profile.py")
runpy.run_path(sys.argv[0], run_name="__main__")
