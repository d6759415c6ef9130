"""The exact optimal policy of every one of the 19 distinct six-target boards of the "15" dice game, both variants.

Target (issue 21): all 19 boards in both variants solved exactly in under 1 s in total, from cold tables.
Reference: a straightforward exact dynamic programme (``bench/reference_nasty15.py``: placed-dice masks, every
kind of roll and every set of valid dice), run on the same boards; its values must equal ours exactly.
Both are timed in CPU seconds (``time.process_time``), interleaved (ours, the reference, ours, ...) for ROUNDS
rounds; the table gives the minimum and the median of each.  "Cold" means every cache the kit's figure depends
on is cleared before each run (the tables, the plans, the cached policies and the roll outcomes of
``_group_outcomes``); the reference builds its own caches afresh on every call.
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

from reference_nasty15 import expected_score as reference_score
from table import record

#: Rounds of the interleaved comparison (each: our 38 solves from cold, then the reference's 38).
ROUNDS = 3


def _cold() -> None:
    from fifteen_kit.nasty15 import policy

    policy._TABLES[False] = policy._Table(False)
    policy._TABLES[True] = policy._Table(True)
    policy._cached.cache_clear()
    policy._plan.cache_clear()
    policy._group_outcomes.cache_clear()


def _ours(boards: tuple[tuple[int, ...], ...]) -> tuple[float, dict[tuple[tuple[int, ...], bool], Fraction]]:
    from fifteen_kit.nasty15.policy import OptimalPolicy

    _cold()
    start = time.process_time()
    values = {(b, g): OptimalPolicy(b, g).expected_score() for g in (False, True) for b in boards}
    return time.process_time() - start, values


def _reference(boards: tuple[tuple[int, ...], ...]) -> tuple[float, dict[tuple[tuple[int, ...], bool], Fraction]]:
    start = time.process_time()
    values = {(b, g): reference_score(b, g) for g in (False, True) for b in boards}
    return time.process_time() - start, values


def main() -> int:
    """Solve all 19 boards in both variants from cold caches, interleaved with the reference; return failed checks."""
    from fifteen_kit.nasty15.boards import six_target_multisets

    boards = six_target_multisets()
    ours, theirs = [], []
    for _ in range(ROUNDS):
        ours.append(_ours(boards))
        theirs.append(_reference(boards))
    values, reference = ours[0][1], theirs[0][1]
    cpu = sorted(t for t, _ in ours)
    cpu_ref = sorted(t for t, _ in theirs)
    elapsed, elapsed_ref = statistics.median(cpu), statistics.median(cpu_ref)
    for board in sorted(boards, key=lambda b: values[b, False]):
        normal, gambler = values[board, False], values[board, True]
        print(f"  {''.join(map(str, board))}  normal {float(normal):8.4f}  gambler {float(gambler):8.4f}  "
              f"(exact: {normal.denominator.bit_length()}-bit denominator)")
    same = reference == values and all(v == values for _, v in ours) and all(v == reference for _, v in theirs)
    print(f"  19 boards x 2 variants, cold caches, CPU: min {cpu[0]:.3f} s, median {elapsed:.3f} s "
          f"({elapsed / 38 * 1e3:.1f} ms per board); reference DP min {cpu_ref[0]:.2f} s, median {elapsed_ref:.2f} s "
          f"({elapsed_ref / elapsed:.0f}x slower, medians); {ROUNDS} interleaved rounds; values equal: {same}")
    record("dice", f"optimal policy, 19 boards x 2 variants, every cache cleared (CPU min / median of {ROUNDS}, "
           "interleaved)", f"{cpu[0]:.2f} s / {elapsed:.2f} s",
           f"{cpu_ref[0]:.1f} s / {elapsed_ref:.1f} s (straightforward exact DP; {elapsed_ref / elapsed:.0f}x)",
           "< 1 s", elapsed < 1.0 and same)
    failed = 0
    public = values[(4, 3, 3, 2, 2, 1), False]
    for ok, text in ((elapsed < 1.0, f"all 19 boards, both variants, exactly in under 1 s ({elapsed:.2f} s)"),
                     (same, "every value equals the reference DP's exactly"),
                     (round(float(public), 4) == 13.2299, f"public board 13.2299 ({float(public):.4f})")):
        print(("PASS " if ok else "FAIL ") + text)
        failed += not ok
    return failed
