"""Benchmark: deciding uniqueness of the public Number Link puzzles (issue 12,
deliverable 4).

Run: ``python bench/bench_numberlink_unique.py [--repeat N] [--rules fill,free]
[--only ID,ID] [--time-limit S]``.

Each puzzle of ``../shared/reference/numberlink/puzzles`` (or
``$MAPGEN_REFERENCE/numberlink/puzzles``) is decided under each rule (up to
two solutions), N times; printed per puzzle: size, rule, the answer, the
manifest's answer, the best and the median time, and the bar: 5 s for grids
up to 25x25 (625 squares), 30 s for bigger ones (36x36).  An answer that
disagrees with the manifest, or a "several" whose two solutions do not check,
is an error whatever the time.  The machine is shared: read the best of N.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_numberlink import puzzles_dir  # noqa: E402  (beside this file)

from viewer.engine.numberlink.puzzle import RULE_KEYS, RULES, check_solution  # noqa: E402
from viewer.engine.numberlink.solver import solve  # noqa: E402
from viewer.formats.numberlink import read_puzzle  # noqa: E402


def bar_seconds(width: int, height: int) -> float:
    """Issue 12: 25x25 in at most 5 s, 36x36 in at most 30 s."""
    return 5.0 if width * height <= 25 * 25 else 30.0


def manifest_answer(entry: dict, rule: str) -> str:
    known = entry["unique"][RULE_KEYS[rule]]
    if known is True:
        return "unique"
    if known is False:
        return "several"
    return "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default="fill,free",
                    help=f"comma-separated, of: {', '.join(RULES)}")
    ap.add_argument("--only", default="", help="comma-separated puzzle ids")
    ap.add_argument("--time-limit", type=float, default=120.0,
                    help="seconds per decision before it counts as undecided")
    args = ap.parse_args()
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    for rule in rules:
        if rule not in RULES:
            ap.error(f"unknown rule {rule!r}")
    folder = puzzles_dir()
    if not (folder / "manifest.json").is_file():
        print(f"public puzzles not found at {folder}: set MAPGEN_REFERENCE")
        return 2
    manifest = json.loads((folder / "manifest.json").read_text())
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    entries = sorted((e for e in manifest["puzzles"] if not only or e["id"] in only),
                     key=lambda e: (e["width"] * e["height"], e["id"]))
    print(f"{'puzzle':<22} {'size':>7} {'rule':<13} {'answer':<8} {'manifest':<8} "
          f"{'best s':>7} {'median s':>8} {'bar s':>5}  ok")
    all_ok = True
    for entry in entries:
        puzzle = read_puzzle(folder / entry["puzzle"])
        w, h = entry["width"], entry["height"]
        bar = bar_seconds(w, h)
        for rule in rules:
            times, answers, problems = [], set(), []
            for _ in range(args.repeat):
                t = time.perf_counter()
                result = solve(puzzle, rule, 2, time_limit=args.time_limit)
                times.append(time.perf_counter() - t)
                answers.add(result.status)
                for sol in result.solutions:
                    problems += check_solution(puzzle, sol, rule)
                if result.status == "several" and \
                        result.solutions[0].same_routes(result.solutions[1]):
                    problems.append("the two solutions are the same")
            answer = "/".join(sorted(answers))
            expected = manifest_answer(entry, rule)
            agrees = expected == "unknown" or answers == {expected}
            decided = answers <= {"unique", "several", "none"}
            best = min(times)
            ok = agrees and decided and not problems and best <= bar
            all_ok &= ok
            note = "" if ok else "  <- " + ", ".join(
                x for x, bad in (("disagrees with the manifest", not agrees),
                                 ("undecided", not decided),
                                 ("invalid solution", bool(problems)),
                                 ("over the bar", best > bar)) if bad)
            print(f"{entry['id']:<22} {w:>3}x{h:<3} {rule:<13} {answer:<8} {expected:<8} "
                  f"{best:>7.2f} {statistics.median(times):>8.2f} {bar:>5.0f}  "
                  f"{'yes' if ok else 'NO'}{note}", flush=True)
    print(f"every answer right and within its bar (best of {args.repeat}): "
          f"{'yes' if all_ok else 'NO'}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
