"""Fifteens: board clicks (budget well under 0.1 s) and the speed of the solver and the computer players."""

from __future__ import annotations

import time


def main() -> int:
    """Time card clicks, removals and the solver's move on the board; solver and computer-player games per second."""
    from fifteen_kit.widgets import FifteensBoard
    from timing import report_clicks

    from fifteen_kit.fifteens import PLAYERS, Position, play, solve

    clicks: dict[str, list[float]] = {"select a card": [], "remove (engine + redraw)": [], "solver's move": []}
    for seed in range(10):
        board = FifteensBoard(seed=seed)
        board.reveal_box.value = True
        while board.position.legal_moves():
            t0 = time.perf_counter()
            board.solver_button.click()
            clicks["solver's move"].append(time.perf_counter() - t0)
            for place in board.position.legal_moves()[0]:
                t0 = time.perf_counter()
                board.cards[place].click()
                clicks["select a card"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            board.remove_button.click()
            clicks["remove (engine + redraw)"].append(time.perf_counter() - t0)
    failed = sum(report_clicks(f"click: {k}", v) for k, v in clicks.items())
    from fifteen_kit.fifteens.solver import _removal_ranks

    deals = [Position.deal(s) for s in range(100_000, 102_000)]
    _removal_ranks.cache_clear()  # measure from a cold start
    t0 = time.perf_counter()
    statuses = [solve(d).status for d in deals]
    t_solve = time.perf_counter() - t0
    rate = len(deals) / t_solve
    print(f"  thoughtful solver, one core: {len(deals)} deals in {t_solve:.2f} s = {rate:.0f} deals per second; "
          f"won {statuses.count('won')}, lost {statuses.count('lost')}, unknown {statuses.count('unknown')}")
    ok = rate >= 500
    print(("PASS" if ok else "FAIL") + f" thoughtful solver decides at least 500 deals per second ({rate:.0f})")
    failed += not ok
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
    if not failed:
        print("PASS every kind of click (95th percentile) under 100 ms")
    return failed
