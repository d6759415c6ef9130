"""Helpers shared by the click benchmarks (not a benchmark itself: no ``bench_`` prefix)."""

from __future__ import annotations

import statistics


def report_clicks(label: str, times: list[float], budget: float = 0.1) -> int:
    """Print median, 95th percentile and maximum of click times (seconds); return 1 if p95 misses the budget."""
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(f"  {label:<44} median {statistics.median(ordered) * 1e3:6.1f} ms  p95 {p95 * 1e3:6.1f} ms  "
          f"max {ordered[-1] * 1e3:6.1f} ms  ({len(ordered)} clicks)")
    if p95 >= budget:
        print(f"FAIL {label}: p95 {p95 * 1e3:.1f} ms is not under {budget * 1e3:.0f} ms")
        return 1
    return 0
