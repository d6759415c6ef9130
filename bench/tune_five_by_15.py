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
    "today": _PLAN,  # the chosen plan (e10-m0102-n2-r1500 below); "reference": bench/reference_five_by_15.py
    # with 500 restarts: 0.131 / 0.31 / 0.88 / 3.81 / 4 (97,446 / 374,556); with 60: p99 10.08, 5 undecided
    "before-e10": _Plan(0, 3, 1_000, 0, (0, 1, 0, 2), 3, 200),  # 200 constant runs of 1,000, noise 3; then Luby
    # issue 34's candidates (positions on tuning seeds 30,000-30,299: median / p99 / max)
    "luby1k-shuffle": _Plan(0, 3, 1_000, 0, (0, 1, 2, 3), -1),  # before issue 34: 5,207 / 85,679 / 106,930
    "luby500-n3": _Plan(0, 3, 500, 0, (0, 1, 2, 3), 3),  # 5,341 / 65,355 / 163,885
    "const2k-m0102-n3": _Plan(0, 3, 2_000, 1.0, (0, 1, 0, 2), 3),  # 4,596 / 46,648 / 62,780
    "const1k-m0102-n3": _Plan(0, 3, 1_000, 1.0, (0, 1, 0, 2), 3),  # 4,622 / 32,249 / 39,708 (chosen)
    "const700-m0102-n3": _Plan(0, 3, 700, 1.0, (0, 1, 0, 2), 3),  # 4,073 / 60,104 / 87,144
    "const1k-m0123-n3": _Plan(0, 3, 1_000, 1.0, (0, 1, 2, 3), 3),  # 4,396 / 56,453 / 85,616
    "f20k-luby1k-n3": _Plan(20_000, 3, 1_000, 0, (3,), 3),  # a complete first phase (on 200): 23,152 / 141,531
    # rounds 2-3 on tuning seeds 30,000-30,499, CPU s per deal: median / p90 / p99 / max / over 1 s
    # (positions: p99 / max).  Before: "before-e10" 0.039 / 0.16 / 0.81 / 1.53 / 2 (73,967 / 145,942); with
    # measure 0 run as a plain stack (_Deep, same positions): 0.029 / 0.13 / 0.62 / 1.27 / 1.
    # (plans with no figures were not run.)  The reference's design in the kit (first 20k of measure 1, noisy
    # measure-1 restarts) did worse:
    "f20k-m1-n5": _Plan(20_000, 1, 1_000, 0, (1,), 5, 200),  # 0.137 / 0.37 / 1.34 / 2.29 / 9 (1 unknown)
    "f20k-m1-n4": _Plan(20_000, 1, 1_000, 0, (1,), 4, 200),
    "f20k-m0102-n3": _Plan(20_000, 1, 1_000, 0, (0, 1, 0, 2), 3, 200),
    "f0-m1-n5": _Plan(0, 1, 1_000, 0, (1,), 5, 200),  # 0.045 / 0.33 / 1.33 / 2.44 / 9 (1 unknown)
    "f10k-m1-n5": _Plan(10_000, 1, 1_000, 0, (1,), 5, 200),
    "f20k-m1-n5-r2k": _Plan(20_000, 1, 2_000, 0, (1,), 5, 200),
    "f20k-m1-n5-r500": _Plan(20_000, 1, 500, 0, (1,), 5, 400),
    # noise 0-3 eighths (old code): 0.042 / 0.15 / 0.44 / 1.59 / 2 (39,708 / 145,942)
    "m0102-n2": _Plan(0, 3, 1_000, 0, (0, 1, 0, 2), 2, 200),
    # noise 0-15 eighths (old code): 0.042 / 0.16 / 0.56 / 1.55 / 1 (43,639 / 132,837)
    "m0102-n4": _Plan(0, 3, 1_000, 0, (0, 1, 0, 2), 4, 200),
    # (old code): 0.036 / 0.18 / 0.44 / 1.31 / 1 (42,423 / 127,143)
    "m0102-r1500": _Plan(0, 3, 1_500, 0, (0, 1, 0, 2), 3, 134),
    # (old code): 0.041 / 0.20 / 0.81 / 2.38 / 2 (68,604 / 200,000: 1 unknown)
    "m0102-r800": _Plan(0, 3, 800, 0, (0, 1, 0, 2), 3, 250),
    "m010203-n3": _Plan(0, 3, 1_000, 0, (0, 1, 0, 2, 0, 3), 3, 200),
    "m0202-n3": _Plan(0, 3, 1_000, 0, (0, 2), 3, 200),  # (old code): 0.041 / 0.16 / 0.62 / 1.68 / 2 (56,532 / 145,942)
    "m012-n3": _Plan(0, 3, 1_000, 0, (0, 1, 2), 3, 200),
    "m0-shuffle": _Plan(0, 3, 1_000, 0, (0,), 3, 200),  # (old code): 0.047 / 0.21 / 0.59 / 0.80 / 0 (46,617 / 61,727)
    # round 3: runs 1-10 as before (lesson 06's race and the hint keep their results), then the winner above
    # chosen: 0.031 / 0.14 / 0.37 / 0.46 / 0 (42,280 / 55,296)
    "e10-m0102-n2-r1500": _Plan(0, 3, 1_500, 0, (0, 1, 0, 2), 2, 134, 10, 1_000, 3),
    # (with _Deep from here): 0.023 / 0.11 / 0.32 / 0.41 / 0 (48,902 / 65,139)
    "m0-r1500": _Plan(0, 3, 1_500, 0, (0,), 3, 134),
    "m0-r2000": _Plan(0, 3, 2_000, 0, (0,), 3, 100),  # 0.028 / 0.14 / 0.33 / 0.61 / 0 (48,903 / 86,639)
    "m0102-n2-r1500": _Plan(0, 3, 1_500, 0, (0, 1, 0, 2), 2, 134),  # 0.029 / 0.14 / 0.36 / 0.49 / 0 (45,583 / 60,296)
    "m001002-n2": _Plan(0, 3, 1_000, 0, (0, 0, 1, 0, 0, 2), 2, 200),  # 0.028 / 0.13 / 0.32 / 0.78 / 0 (43,448 / 99,700)
    "m0001-n2": _Plan(0, 3, 1_000, 0, (0, 1, 0, 0), 2, 200),  # 0.031 / 0.11 / 0.37 / 0.81 / 0 (50,622 / 99,700)
}


def _one(args: tuple[str, int]) -> tuple[str, int, str, float]:
    name, seed = args
    deal = Position.deal(seed, level=3)
    if name == "reference":  # bench/reference_five_by_15.py, 10 s CPU
        import reference_five_by_15

        c0 = time.process_time()
        status, _, nodes = reference_five_by_15.solve(deal.packed, deal.run_length, seconds=10.0)
        return name, nodes, status, time.process_time() - c0
    result = _best_first(deal, CAP, None, PLANS[name])
    return name, result.nodes, result.status, result.seconds  # CPU seconds


def _q(values: list[int] | list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*", default=list(PLANS), help="plans, or 'reference'")
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
