"""The fuzz suite's long profile: many hostile inputs per generator, with a
summary instead of a failing test.

    python tests/fuzz/long_profile.py --examples 10000 [--only ports] [--seed N]

For each generator it runs ``--examples`` command lines (in-process),
``--examples`` engine calls and, for the generators that read files, as
many hostile files (fairland: econfigs, ports: PNG heightmaps, numberlink:
puzzles; presets on their own line); ``sweep`` runs hostile sweeps (presets,
settings a version lacks) and ``map_ids`` pastes every generator's hostile
command lines as map IDs (opened or refused in one line, printing nothing,
reading no file but a shipped preset); then prints: tried, clean, crashes
(a broken promise: traceback, bad status, lost or temporary file, ...),
runs over 30 s, and the slowest input.  Crashes are listed with their
input, up to ``--show`` of each kind.  The CI profile is the same
strategies with a few hundred examples (tests/fuzz/test_*_fuzz.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))        # tests/: registered.py, which cli_cases reads
sys.path.insert(0, str(HERE.parents[1]))

from hypothesis import HealthCheck, given, settings  # noqa: E402

SLOW = 30.0


@dataclass
class Tally:
    tried: int = 0
    clean: int = 0
    crashes: list = field(default_factory=list)
    slow: int = 0
    slowest: tuple[float, str] = (0.0, "")

    def add(self, what: str, seconds: float, error: str | None) -> None:
        self.tried += 1
        if error is None:
            self.clean += 1
        else:
            self.crashes.append((what, error))
        if seconds > SLOW:
            self.slow += 1
        if seconds > self.slowest[0]:
            self.slowest = (seconds, what)


def _drive(strategy, body, examples: int, seed: int | None) -> None:
    """Run ``body(example)`` on ``examples`` draws of ``strategy``."""
    opts = dict(max_examples=examples, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
    if seed is None:
        opts["derandomize"] = True

    @settings(**opts)
    @given(example=strategy)
    def run(example):
        body(example)

    if seed is not None:
        run._hypothesis_internal_use_seed = seed  # noqa: SLF001 - a reproducible long run
    run()


def _timed(tally: Tally, what: str, fn) -> None:
    t0 = time.perf_counter()
    error = None
    try:
        fn()
    except Exception:  # noqa: BLE001 - counted and shown, not raised
        error = traceback.format_exc(limit=6)
    tally.add(what, time.perf_counter() - t0, error)


def profile(name: str, examples: int, seed: int | None, folder: Path) -> Tally:
    import cli_cases
    import reader_cases
    from api_cases import api_cases, run_api
    from hostile import check_clean, run_main

    tally = Tally()
    argv_of = {"fairland": cli_cases.fairland_argv, "tgp": cli_cases.tgp_argv,
               "ports": cli_cases.ports_argv, "numberlink": cli_cases.numberlink_argv,
               "sweep": cli_cases.sweep_argv}
    if name in argv_of:
        def cli_body(argv):
            def go():
                run = run_main(argv, folder)
                if run.status == 134 and name == "fairland" and "Assertion" in run.err:
                    run.status = 1
                check_clean(run, argv[0])
            _timed(tally, "cli " + " ".join(map(repr, argv)), go)

        _drive(argv_of[name](), cli_body, examples, seed)
    if name == "map_ids":       # every command line pasted as a map ID
        from hypothesis import strategies as st
        from test_cli_fuzz import check_pasted_map_id

        def id_body(argv):
            _timed(tally, "map ID " + " ".join(map(repr, argv)),
                   lambda: check_pasted_map_id(folder, argv))

        _drive(st.one_of(*(f() for f in argv_of.values())), id_body, examples, seed)
    if name in argv_of and name != "sweep":
        def api_body(case):
            _timed(tally, f"api {name} {case!r}", lambda: run_api(name, *case))

        _drive(api_cases(name), api_body, examples, seed)
    files = {"fairland": (reader_cases.econfig_files(), reader_cases.check_econfig_file),
             "ports": (reader_cases.png_files(), reader_cases.check_png_file),
             "numberlink": (reader_cases.puzzle_texts().map(lambda t: t.encode("utf-8",
                                                                                "replace")),
                            lambda f, d: reader_cases.check_puzzle_file(f, d, "fill-no-touch")),
             "presets": (reader_cases.preset_files(), reader_cases.check_preset_file),
             "sites": (reader_cases.site_texts().map(lambda t: t.encode("utf-8", "replace")),
                       reader_cases.check_site_file)}
    if name in files:
        strategy, check = files[name]

        def file_body(data):
            _timed(tally, f"file {data[:200]!r}", lambda: check(folder, data))

        _drive(strategy, file_body, examples, seed)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=1000,
                    help="examples per kind of input and generator (default 1000)")
    ap.add_argument("--only", action="append",
                    choices=("fairland", "tgp", "ports", "numberlink", "presets", "sites",
                             "sweep", "map_ids"))
    ap.add_argument("--seed", type=int, default=None,
                    help="random draws from this seed (default: derandomized, as in CI)")
    ap.add_argument("--show", type=int, default=3, help="crashes shown per generator")
    args = ap.parse_args(argv)
    warnings.simplefilter("ignore")
    from cli_cases import setup_inputs

    names = args.only or ["fairland", "tgp", "ports", "numberlink", "presets", "sites",
                          "sweep", "map_ids"]
    print(f"{'generator':<11} {'tried':>7} {'clean':>7} {'crashes':>7} {'>30 s':>6}  slowest")
    worst = 0
    with tempfile.TemporaryDirectory(prefix="fuzz-long-") as d:
        folder = Path(d)
        setup_inputs(folder)
        try:
            for name in names:
                t = profile(name, args.examples, args.seed, folder)
                worst = max(worst, len(t.crashes))
                print(f"{name:<11} {t.tried:>7} {t.clean:>7} {len(t.crashes):>7} {t.slow:>6}  "
                      f"{t.slowest[0]:.2f} s: {t.slowest[1][:100]}", flush=True)
                for what, error in t.crashes[: args.show]:
                    print(f"    CRASH {what[:300]}\n      " + error.replace("\n", "\n      "))
        finally:
            os.chmod(folder / "ro", 0o755)
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
