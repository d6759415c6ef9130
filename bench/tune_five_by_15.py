"""Tune the restart schedule of the 5x15 best-first search (not run by ``make bench``).

Each candidate schedule (a ``_Plan`` of fifteen_kit/five_by_15/solver.py) solves the level-3 deals of a TUNING
set (seeds 30_000 + s, apart from both benchmark sets: the tail bench's 10_000 + s and issue 34's 20_000 + s)
and is summed up by positions expanded, which the machine's load does not change, and by CPU seconds per deal:
median, p90/p95, p99, max, and how many deals needed over 60,000 positions.  Choose on the tuning set, then
confirm once on the benchmark's deals (``--bench``; ``bench/bench_five_by_15.py --tail FIRST N`` compares with
the reference).

    .venv/bin/python bench/tune_five_by_15.py [--bench] [--deals N] [--jobs J] [NAME ...]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections import Counter

from fifteen_kit.five_by_15 import Position
from fifteen_kit.five_by_15.solver import _PLAN, _best_first, _Plan

CAP = 200_000  # positions per deal before giving up (counted as CAP)

PLANS: dict[str, _Plan] = {
    "today": _PLAN,  # 200 constant runs of 1,000 positions, measures (0, 1, 0, 2) cycled, noise 3; then Luby
    # issue 34's candidates (positions on tuning seeds 30,000-30,299: median / p99 / max)
    "luby1k-shuffle": _Plan(0, 3, 1_000, 0, (0, 1, 2, 3), -1),  # before issue 34: 5,207 / 85,679 / 106,930
    "luby500-n3": _Plan(0, 3, 500, 0, (0, 1, 2, 3), 3),  # 5,341 / 65,355 / 163,885
    "const2k-m0102-n3": _Plan(0, 3, 2_000, 1.0, (0, 1, 0, 2), 3),  # 4,596 / 46,648 / 62,780
    "const1k-m0102-n3": _Plan(0, 3, 1_000, 1.0, (0, 1, 0, 2), 3),  # 4,622 / 32,249 / 39,708 (chosen)
    "const700-m0102-n3": _Plan(0, 3, 700, 1.0, (0, 1, 0, 2), 3),  # 4,073 / 60,104 / 87,144
    "const1k-m0123-n3": _Plan(0, 3, 1_000, 1.0, (0, 1, 2, 3), 3),  # 4,396 / 56,453 / 85,616
    "f20k-luby1k-n3": _Plan(20_000, 3, 1_000, 0, (3,), 3),  # a complete first phase (on 200): 23,152 / 141,531
}


def _one(args: tuple[str, int]) -> tuple[str, int, str, float]:
    name, seed = args
    result = _best_first(Position.deal(seed, level=3), CAP, None, PLANS[name])
    return name, result.nodes, result.status, result.seconds  # CPU seconds


def _q(values: list[int] | list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=list(PLANS))
    parser.add_argument("--bench", action="store_true", help="the benchmark's deals (10_000 + s) instead")
    parser.add_argument("--deals", type=int, default=240)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    first = 10_000 if args.bench else 30_000
    with multiprocessing.Pool(args.jobs) as pool:
        for name in args.names:
            t0 = time.perf_counter()
            rows = pool.map(_one, [(name, first + s) for s in range(args.deals)], chunksize=4)
            nodes = [n for _, n, _, _ in rows]
            cpu = [t for *_, t in rows]
            rate = sum(nodes) / sum(cpu)
            unknown = sum(st == "unknown" for _, _, st, _ in rows)
            print(f"{name:<22} median {statistics.median(nodes):>7.0f}  p95 {_q(nodes, 95):>7}  "
                  f"p99 {_q(nodes, 99):>7}  max {max(nodes):>7}  >30k {sum(n > 30_000 for n in nodes):>3}  "
                  f">60k {sum(n > 60_000 for n in nodes):>3}  unknown {unknown}  "
                  f"CPU median {statistics.median(cpu):.3f} s p90 {_q(cpu, 90):.2f} p99 {_q(cpu, 99):.2f} "
                  f"max {max(cpu):.2f} >1s {sum(c > 1 for c in cpu)}  "
                  f"({rate:,.0f} positions per CPU s, {time.perf_counter() - t0:.0f} s wall)", flush=True)
            print("    over 30k:", Counter(st for _, n, st, _ in rows if n > 30_000),
                  "lost:", sorted(n for _, n, st, _ in rows if st == "lost"), flush=True)


if __name__ == "__main__":
    main()
