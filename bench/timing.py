"""Helpers shared by the click benchmarks (not a benchmark itself: no ``bench_`` prefix)."""

from __future__ import annotations

import statistics

#: Issue 21's click budget: the 99th percentile of every kind of board action under 50 ms.
CLICK_BUDGET = 0.05


def percentile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted times, nearest rank below (``ordered`` must not be empty)."""
    return ordered[int(q * (len(ordered) - 1))]


def report_clicks(label: str, times: list[float], budget: float = CLICK_BUDGET) -> int:
    """Print median, p95, p99 and maximum of click times (seconds); return 1 if p99 misses the budget (seconds)."""
    ordered = sorted(times)
    p95, p99 = percentile(ordered, 0.95), percentile(ordered, 0.99)
    print(f"  {label:<44} median {statistics.median(ordered) * 1e3:6.1f} ms  p95 {p95 * 1e3:6.1f} ms  "
          f"p99 {p99 * 1e3:6.1f} ms  max {ordered[-1] * 1e3:6.1f} ms  ({len(ordered)} clicks)")
    if p99 >= budget:
        print(f"FAIL {label}: p99 {p99 * 1e3:.1f} ms is not under {budget * 1e3:.0f} ms")
        return 1
    return 0


def worst_p99(clicks: dict[str, list[float]]) -> tuple[str, float]:
    """The kind of click with the largest p99 and that p99 (seconds), for a headline row."""
    return max(((label, percentile(sorted(times), 0.99)) for label, times in clicks.items()), key=lambda lp: lp[1])
