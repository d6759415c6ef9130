"""Fifteens: board clicks (issue 21: every kind's p99 under 50 ms) and the speed of the solver and the players.

The thoughtful solver is timed on 2,000 deals from cold caches, interleaved with the previous solver
(``bench/previous_fifteens.py``, the kit's solver before issue 21) on the same deals, and every answer is
checked equal (status, winning line and node count).
"""

from __future__ import annotations

import time
from collections.abc import Callable

DEALS = range(100_000, 102_000)
TARGET_RATE = 2000
HALVES = 2  # the deals are timed in halves, ours and the previous solver's alternating


def main() -> int:
    """Time card clicks, removals and the solver's move on the board; solver and computer-player games per second."""
    from fifteen_kit.widgets import FifteensBoard
    from previous_fifteens import previous_solve
    from table import record
    from timing import CLICK_BUDGET, report_clicks, worst_p99

    from fifteen_kit.fifteens import PLAYERS, Position, play, solve
    from fifteen_kit.fifteens.solver import _clear_caches

    clicks: dict[str, list[float]] = {"select a card": [], "remove (engine + redraw)": [], "solver's move": []}
    cpu: dict[str, list[float]] = {kind: [] for kind in clicks}  # the thread's own CPU time in each click

    def timed(kind: str, click: Callable[[], object]) -> None:
        start, start_cpu = time.perf_counter(), time.thread_time()
        click()
        clicks[kind].append(time.perf_counter() - start)
        cpu[kind].append(time.thread_time() - start_cpu)

    for seed in range(10):
        board = FifteensBoard(seed=seed)
        board.reveal_box.value = True
        while board.position.legal_moves():
            timed("solver's move", board.solver_button.click)
            for place in board.position.legal_moves()[0]:
                timed("select a card", board.cards[place].click)
            timed("remove (engine + redraw)", board.remove_button.click)
    failed = sum(report_clicks(f"click: {k}", v) for k, v in clicks.items())
    if not failed:
        print(f"PASS every kind of click (99th percentile) under {CLICK_BUDGET * 1e3:.0f} ms")
    label, p99 = worst_p99(clicks)
    _, cpu_p99 = worst_p99(cpu)
    print(f"  CPU time of the clicks (this thread's own work): worst p99 {cpu_p99 * 1e3:.1f} ms")
    record("Fifteens", f"board click p99, worst of {len(clicks)} kinds ({label})",
           f"{p99 * 1e3:.1f} ms (CPU {cpu_p99 * 1e3:.1f} ms)", "",
           f"< {CLICK_BUDGET * 1e3:.0f} ms", p99 < CLICK_BUDGET)

    deals = [Position.deal(s) for s in DEALS]
    ours: list = []
    previous: list = []
    t_ours = t_previous = cpu_ours = cpu_previous = 0.0
    _clear_caches()  # measure from a cold start (the previous solver shares the kit's removal_ranks cache)
    step = len(deals) // HALVES
    for part in range(HALVES):
        chunk = deals[part * step:(part + 1) * step]
        t0, c0 = time.perf_counter(), time.process_time()
        ours += [solve(d) for d in chunk]
        t_ours += time.perf_counter() - t0
        cpu_ours += time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        previous += [previous_solve(d) for d in chunk]
        t_previous += time.perf_counter() - t0
        cpu_previous += time.process_time() - c0
    rate, previous_rate = len(deals) / t_ours, len(deals) / t_previous
    statuses = [r.status for r in ours]
    print(f"  thoughtful solver, one core: {len(deals)} deals in {t_ours:.2f} s = {rate:.0f} deals per second; "
          f"won {statuses.count('won')}, lost {statuses.count('lost')}, unknown {statuses.count('unknown')}")
    print(f"  previous solver, same deals: {t_previous:.2f} s = {previous_rate:.0f} deals per second "
          f"(ours {rate / previous_rate:.1f}x as fast)")
    print(f"  by CPU time (the process's own, without waits on a busy machine): ours {len(deals) / cpu_ours:.0f}, "
          f"previous {len(deals) / cpu_previous:.0f} deals per second")
    ok = rate >= TARGET_RATE
    print(("PASS" if ok else "FAIL")
          + f" thoughtful solver decides at least {TARGET_RATE:,} deals per second ({rate:.0f})")
    failed += not ok
    same = sum((a.status, a.line, a.nodes) == (b.status, b.line, b.nodes) for a, b in zip(ours, previous, strict=True))
    print(("PASS" if same == len(deals) else "FAIL")
          + f" same status, line and node count as the previous solver on {same:,} of {len(deals):,} deals")
    failed += same != len(deals)
    record("Fifteens", f"thoughtful solver, deals per second (one core, {len(deals):,} deals, cold caches)",
           f"{rate:,.0f}", f"previous solver {previous_rate:,.0f} (same answers on {same:,} deals)",
           f">= {TARGET_RATE:,}", ok)
    for name in PLAYERS:
        t0 = time.perf_counter()
        for s, d in enumerate(deals[:200]):
            play(d, name, s)
        print(f"  player {name:<8} {(time.perf_counter() - t0) / 200 * 1e3:6.2f} ms per game")
    import os

    from fifteen_kit.fifteens import study

    t0 = time.perf_counter()
    rows = study(games=10_000, seed=1)
    elapsed = time.perf_counter() - t0
    print(f"  study of 10,000 deals on {os.cpu_count()} cores: {elapsed:.0f} s")
    for r in rows:
        print(f"    {r.player:<11} {r.rate:7.2%}  95% Wilson interval {r.low:.2%} to {r.high:.2%}"
              + (f"  ({r.unknown} undecided)" if r.unknown else ""))
    return failed
